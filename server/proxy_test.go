package server

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// from is an HTTP client whose connections start at the loopback address
// ip (127.0.0.2, …), trusting any certificate: a visitor at an address of
// its own.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext,
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
}

// dialFrom opens a page's WebSocket to base from the address ip, with
// the header X-Forwarded-For xff when given: nil, or the refusal.
func dialFrom(ctx context.Context, base, ip, xff string) (*websocket.Conn, error) {
	h := http.Header{"Origin": {base}}
	if xff != "" {
		h.Set("X-Forwarded-For", xff)
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", &websocket.DialOptions{HTTPClient: from(ip), HTTPHeader: h})
	return c, err
}

// freePort returns a port of loopback free a moment ago.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startCaddy runs caddy with the site block site, its state in a
// temporary folder, until the test ends, and returns once proxy, the
// site's address, answers the lobby.
func startCaddy(t *testing.T, caddy, site, proxy string) string {
	t.Helper()
	dir := t.TempDir()
	conf := filepath.Join(dir, "Caddyfile")
	os.WriteFile(conf, fmt.Appendf(nil, `{
	admin off
	skip_install_trust
	storage file_system %s
}
%s
`, filepath.Join(dir, "data"), site), 0o600)
	cmd := exec.Command(caddy, "run", "--config", conf, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// caddy answers once it has made its certificate
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		resp, err := from("127.0.0.1").Get(proxy + "/api/lobby")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return proxy
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("caddy does not serve: %v\n%s", err, log.String())
		}
	}
}

// Behind Caddy as a TLS proxy, with Caddy trusted, the server counts each
// visitor at his own address (X-Forwarded-For), WebSocket included: two
// connections from one address are its bound, a third is refused, and
// another address connects. Reached directly, a client's own
// X-Forwarded-For counts for nothing.
func TestBehindCaddyTheClientsAddressCounts(t *testing.T) {
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Skip("no caddy (Debian's package caddy): .ci/run installs it where it can")
	}
	bin := buildServer(t)
	srv := startServer(t, bin, os.Stderr, "-db", filepath.Join(t.TempDir(), "games.db"),
		"-trusted-proxies", "127.0.0.1", "-max-conns-per-addr", "2")
	defer func() { srv.cmd.Process.Kill(); srv.cmd.Wait() }()
	port := freePort(t)
	proxy := startCaddy(t, caddy, fmt.Sprintf(`https://127.0.0.1:%d {
	tls internal
	reverse_proxy %s
}`, port, strings.TrimPrefix(srv.base, "http://")), fmt.Sprintf("https://127.0.0.1:%d", port))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// a game made and watched through the proxy, over TLS
	var c client.Created
	if err := client.Post(ctx, srv.base, "/api/games", hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "greedy"}}, &c); err != nil {
		t.Fatal(err)
	}
	var held []*websocket.Conn
	defer func() {
		for _, c := range held {
			c.CloseNow()
		}
	}()
	for i, tc := range []struct {
		ip, xff string
		ok      bool
	}{
		{"127.0.0.2", "", true},
		{"127.0.0.2", "", true},
		{"127.0.0.2", "198.51.100.7", false}, // its own header is not believed through Caddy either
		{"127.0.0.3", "", true},
	} {
		ws, err := dialFrom(ctx, proxy, tc.ip, tc.xff)
		if tc.ok != (err == nil) {
			t.Fatalf("connection %d through caddy from %s: %v, want ok %v", i, tc.ip, err, tc.ok)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "429") {
				t.Fatalf("connection %d refused with %v, want 429", i, err)
			}
			continue
		}
		held = append(held, ws)
		if err := ws.Write(ctx, websocket.MessageText, []byte(`{"id":1,"method":"hello","args":{"game":"`+c.Game+`"}}`)); err != nil {
			t.Fatal(err)
		}
		if _, b, err := ws.Read(ctx); err != nil || !strings.Contains(string(b), `"result"`) {
			t.Fatalf("hello through caddy: %s %v", b, err)
		}
	}
	// directly, from an address that is not the trusted proxy: the header
	// is the client's own words, and ignored
	for i, xff := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
		ws, err := dialFrom(ctx, srv.base, "127.0.0.5", xff)
		if i < 2 && err != nil {
			t.Fatalf("direct connection %d: %v", i, err)
		}
		if i == 2 {
			if err == nil || !strings.Contains(err.Error(), "429") {
				t.Fatalf("a third direct connection from one address naming another: %v, want 429", err)
			}
			break
		}
		held = append(held, ws)
	}
}

// With a certificate and its key the server speaks HTTPS itself.
func TestServesTLS(t *testing.T) {
	dir := t.TempDir()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)
	srv := startServer(t, buildServer(t), os.Stderr, "-db", filepath.Join(dir, "games.db"), "-tls-cert", certFile, "-tls-key", keyFile)
	defer func() { srv.cmd.Process.Kill(); srv.cmd.Wait() }()
	if !strings.HasPrefix(srv.base, "https://") {
		t.Fatalf("the server says it serves %s", srv.base)
	}
	resp, err := from("127.0.0.1").Get(srv.base + "/api/lobby")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.TLS == nil {
		t.Fatalf("the lobby over HTTPS: %s, TLS %v", resp.Status, resp.TLS != nil)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, err := dialFrom(ctx, srv.base, "127.0.0.1", "")
	if err != nil {
		t.Fatalf("a WebSocket over TLS: %v", err)
	}
	ws.CloseNow()
}

// serving counts the connections a server process serves, from its
// goroutines (its -pprof address): a connection has one reading it.
func serving(t *testing.T, pprof string) int {
	t.Helper()
	resp, err := from("127.0.0.1").Get(pprof + "goroutine?debug=2")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return strings.Count(string(b), "ws.(*conn).serve(")
}

// Behind Caddy routing by game as the server's README says (the game of
// the page's query copied into a header, which Caddy hashes), the two
// connections of each game reach one of two processes on PostgreSQL,
// whichever process made the game.
func TestBehindCaddyAGamesConnectionsReachOneProcessOnPostgres(t *testing.T) {
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Skip("no caddy (Debian's package caddy): .ci/run installs it where it can")
	}
	_, dsn := pgDatabase(t)
	bin := buildServer(t)
	var hosts, pprofs [2]string
	for i := range 2 {
		pprof := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		p := startServer(t, bin, os.Stderr, "-postgres", dsn, "-pprof", pprof)
		defer func() { p.cmd.Process.Kill(); p.cmd.Wait() }()
		hosts[i], pprofs[i] = strings.TrimPrefix(p.base, "http://"), "http://"+pprof+"/debug/pprof/"
	}
	port := freePort(t)
	proxy := startCaddy(t, caddy, fmt.Sprintf(`http://127.0.0.1:%d {
	request_header X-Game {query.game}
	reverse_proxy %s %s {
		lb_policy header X-Game
	}
}`, port, hosts[0], hosts[1]), fmt.Sprintf("http://127.0.0.1:%d", port))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	used := [2]bool{}
	for g := range 8 {
		var c client.Created
		if err := client.Post(ctx, proxy, "/api/games", hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}}, &c); err != nil {
			t.Fatal(err)
		}
		var j client.Joined
		if err := client.Post(ctx, proxy, "/api/join?game="+url.QueryEscape(c.Game), map[string]any{"game": c.Game, "invite": c.Invites[0].Token}, &j); err != nil {
			t.Fatal(err)
		}
		before := [2]int{serving(t, pprofs[0]), serving(t, pprofs[1])}
		for _, secret := range []string{c.Secret, j.Secret} {
			cn, err := client.DialGame(ctx, proxy, "", c.Game)
			if err != nil {
				t.Fatal(err)
			}
			defer cn.Close()
			if _, err := cn.Hello(ctx, c.Game, secret, 0); err != nil {
				t.Fatal(err)
			}
		}
		added := [2]int{serving(t, pprofs[0]) - before[0], serving(t, pprofs[1]) - before[1]}
		if added != [2]int{2, 0} && added != [2]int{0, 2} {
			t.Fatalf("game %d: its two connections reached the processes %v, want both one", g, added)
		}
		used[added[1]/2] = true
	}
	t.Logf("eight games, the processes used: %v", used)
}
