package limit

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"
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
		{"[::ffff:192.0.2.7]:80", nil, "192.0.2.7"},
		{"[fe80::1%eth0]:80", nil, "fe80::1%eth0"},
		{"@", nil, "invalid IP"}, // a peer of no address (a Unix socket)
	} {
		r := &http.Request{RemoteAddr: c.remote, Header: http.Header{}}
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := ps.Client(r).String(); got != c.want {
			t.Errorf("%s %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
	if got := Proxies(nil).Client(&http.Request{RemoteAddr: "127.0.0.1:9", Header: http.Header{"X-Forwarded-For": {"198.51.100.1"}}}); got.String() != "127.0.0.1" {
		t.Errorf("no proxies trusted: %s", got)
	}
	if _, err := ParseProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad prefix was taken")
	}
}

func newAddresses(t *testing.T, o Options, l *slog.Logger) *Addresses {
	t.Helper()
	a, err := New(o, l)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A client is keyed by its network: IPv4 by the address (or V4Bits),
// IPv6 by its /64 (or V6Bits), an IPv4 address mapped into IPv6 as IPv4,
// the zone dropped.
func TestNetOfAnAddress(t *testing.T) {
	def := newAddresses(t, Options{}, nil)
	cut := newAddresses(t, Options{V4Bits: 24, V6Bits: 48}, nil)
	for _, c := range []struct {
		a          *Addresses
		addr, want string
	}{
		{def, "192.0.2.7", "192.0.2.7/32"},
		{def, "::ffff:192.0.2.7", "192.0.2.7/32"},
		{def, "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{def, "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
		{def, "fe80::1%eth0", "fe80::/64"},
		{def, "::1", "::/64"},
		{cut, "192.0.2.7", "192.0.2.0/24"},
		{cut, "::ffff:192.0.2.200", "192.0.2.0/24"},
		{cut, "2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"},
	} {
		if got := c.a.Net(netip.MustParseAddr(c.addr)).String(); got != c.want {
			t.Errorf("V4Bits %d, V6Bits %d: %s is in %s, want %s", c.a.opt.V4Bits, c.a.opt.V6Bits, c.addr, got, c.want)
		}
	}
	if n := def.Net(netip.Addr{}); n != (Net{}) || n.String() != "unknown" {
		t.Errorf("no address: %v", n)
	}
	if def.Net(netip.MustParseAddr("fe80::1%eth0")) != def.Net(netip.MustParseAddr("fe80::2%eth1")) {
		t.Error("the zone split a network")
	}
	if def.Net(netip.MustParseAddr("::ffff:192.0.2.7")) != def.Net(netip.MustParseAddr("192.0.2.7")) {
		t.Error("an IPv4 address mapped into IPv6 is another network")
	}
	for _, o := range []Options{{V4Bits: 33}, {V6Bits: 129}, {V4Bits: -1}, {V6Bits: -64}, {Max: -1}, {Rate: -1}} {
		if _, err := New(o, nil); err == nil || !strings.HasPrefix(err.Error(), "limit: ") {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// The addresses of one network share its quotas; another network has its own.
func TestQuotasAreANetworks(t *testing.T) {
	a := newAddresses(t, Options{Rate: 10, Burst: 10, Conns: 2, Games: 0.001, GamesBurst: 5}, nil)
	ps, _ := ParseProxies("::1")
	from := func(xff string) Net {
		return a.NetOf(&http.Request{RemoteAddr: "[::1]:80", Header: http.Header{"X-Forwarded-For": {xff}}}, ps)
	}
	for i := range 5 {
		if !a.Make(from(fmt.Sprintf("2001:db8:0:7::%x", i+1))) {
			t.Fatalf("game %d refused", i)
		}
	}
	if a.Make(from("2001:db8:0:7:ffff::9")) {
		t.Fatal("another address of the /64 made more games than its burst")
	}
	if !a.Make(from("2001:db8:0:8::1")) {
		t.Fatal("another network was refused")
	}
	n := from("2001:db8:0:7::1")
	if !a.Connect(n) || !a.Connect(from("2001:db8:0:7::2")) || a.Connect(from("2001:db8:0:7::3")) {
		t.Fatal("the connections of a network are not bounded at 2")
	}
	a.Disconnect(n)
	if !a.Connect(n) {
		t.Fatal("a connection ended gave no place back")
	}
}

// The table keeps at most Max networks without a connection, however many
// come; a network with a connection open is never forgotten; Clean
// forgets those whose buckets are full again, and keeps the others.
func TestTheTableIsBoundedAndCleaned(t *testing.T) {
	const max = 640 // 10 a shard
	a := newAddresses(t, Options{Rate: 10, Burst: 10, Conns: 2, Games: 0.001, GamesBurst: 5, Max: max}, nil)
	v4 := func(i int) Net { return a.Net(netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)})) }
	held := v4(0)
	if !a.Connect(held) || !a.Connect(held) {
		t.Fatal("connections refused")
	}
	for i := 2; i < 100000; i++ {
		a.Allow(v4(i))
		if i%10000 == 0 {
			if all, idle := a.size(); idle > max || all > max+1 {
				t.Fatalf("after %d networks the table keeps %d (%d without a connection); its bound is %d", i, all, idle, max)
			}
		}
	}
	if a.Connect(held) {
		t.Fatal("the network with connections open was forgotten: a third connection was taken")
	}
	a.Disconnect(held)
	drained := v4(1)
	for a.Make(drained) {
	}
	forgotten := a.clean(time.Now().Add(2 * time.Second)) // the calls' buckets full again
	all, _ := a.size()
	if all != 2 || forgotten == 0 {
		t.Fatalf("Clean forgot %d networks and kept %d; want the held one and the drained one kept", forgotten, all)
	}
	if a.Make(drained) {
		t.Fatal("Clean forgot a network whose bucket of games was not full")
	}
	if !a.Connect(held) || a.Connect(held) {
		t.Fatal("Clean lost the count of a network's connections")
	}
}

// A refusal is logged by the network's prefix alone (nothing of the
// address beyond it, of its zone or of the request), at most once a minute.
func TestRefusalsLogThePrefixOnly(t *testing.T) {
	var buf bytes.Buffer
	// the time left out, so that the line is known whole
	noTime := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	l := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: noTime}))
	a := newAddresses(t, Options{Rate: 1, Burst: 1, Conns: 1, Games: 0.001, GamesBurst: 1}, l)
	ps, _ := ParseProxies("127.0.0.1")
	secret := "secret-0123456789abcdef"
	r := &http.Request{RemoteAddr: "127.0.0.1:80", URL: nil, Header: http.Header{
		"X-Forwarded-For": {secret + ", 2001:db8:aa:bb:1234:5678:9abc:def0%eth0"}}}
	n := a.NetOf(r, ps)
	for range 3 {
		a.Make(n)
		a.Allow(n)
	}
	got := buf.String()
	if got != "level=WARN msg=\"a network at its bound\" net=2001:db8:aa:bb::/64 bound=\"games made\"\n" {
		t.Fatalf("the log: %q", got)
	}
	for _, leak := range []string{"1234", "def0", "eth0", "secret", "127.0.0.1"} {
		if strings.Contains(got, leak) {
			t.Errorf("the log carries %q: %q", leak, got)
		}
	}
}
