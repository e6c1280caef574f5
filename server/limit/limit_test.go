package limit

import (
	"net/http"
	"testing"
)

func TestClientIP(t *testing.T) {
	ps, err := ParseProxies("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		remote string
		xff    []string
		want   string
	}{
		{"192.0.2.7:1234", nil, "192.0.2.7"},
		{"192.0.2.7:1234", []string{"198.51.100.1"}, "192.0.2.7"}, // not a proxy: its header is not read
		{"127.0.0.1:80", []string{"198.51.100.1"}, "198.51.100.1"},
		{"127.0.0.1:80", []string{"203.0.113.9, 198.51.100.1"}, "198.51.100.1"}, // the client's own words before
		{"127.0.0.1:80", []string{"198.51.100.1, 10.1.2.3"}, "198.51.100.1"},    // two proxies
		{"127.0.0.1:80", []string{"198.51.100.1", "10.1.2.3"}, "198.51.100.1"},  // in two headers
		{"127.0.0.1:80", []string{"10.1.2.3"}, "10.1.2.3"},                      // only proxies: the first of them
		{"127.0.0.1:80", []string{"junk"}, "127.0.0.1"},
		{"127.0.0.1:80", nil, "127.0.0.1"},
		{"[::ffff:127.0.0.1]:80", []string{"2001:db8::1"}, "2001:db8::1"},
	} {
		r := &http.Request{RemoteAddr: c.remote, Header: http.Header{}}
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := ps.ClientIP(r); got != c.want {
			t.Errorf("%s %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
	if got := Proxies(nil).ClientIP(&http.Request{RemoteAddr: "127.0.0.1:9", Header: http.Header{"X-Forwarded-For": {"198.51.100.1"}}}); got != "127.0.0.1" {
		t.Errorf("no proxies trusted: %s", got)
	}
	if _, err := ParseProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad prefix was taken")
	}
}

func TestMakeIsBoundedPerAddress(t *testing.T) {
	a := New(Options{Rate: 10, Burst: 10, Conns: 2, Games: 0.001, GamesBurst: 5})
	for i := range 5 {
		if !a.Make("a") {
			t.Fatalf("game %d refused", i)
		}
	}
	if a.Make("a") {
		t.Fatal("more games than the burst were made at once")
	}
	if !a.Make("b") {
		t.Fatal("another address was refused")
	}
	if !a.Connect("a") || !a.Connect("a") || a.Connect("a") {
		t.Fatal("connections are not bounded at 2")
	}
	a.Disconnect("a")
	if !a.Connect("a") {
		t.Fatal("a connection ended gave no place back")
	}
}
