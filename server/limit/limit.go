// Package limit keeps the game server's limits per client address (calls
// a second, connections, games made), and finds a request's client address
// behind the proxies the operator trusts.
package limit

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Options are the limits of one address.
type Options struct {
	// Rate is the calls a second of an address's connections and requests,
	// Burst how many at once; Conns bounds its connections at once.
	Rate         float64
	Burst, Conns int
	// Games is the games an address may make a second, GamesBurst at once.
	Games      float64
	GamesBurst int
}

// Addresses keeps the buckets and counts of each client address; one that
// holds nothing and whose buckets are full may be forgotten.
type Addresses struct {
	opt Options
	mu  sync.Mutex
	m   map[string]*address
}

type address struct {
	calls, games *rate.Limiter
	conns        int
}

// New returns the state of the addresses under o.
func New(o Options) *Addresses { return &Addresses{opt: o, m: map[string]*address{}} }

// get returns the address's state (a.mu held).
func (a *Addresses) get(ip string) *address {
	x := a.m[ip]
	if x == nil {
		if len(a.m) >= 100000 {
			a.forget()
		}
		x = &address{calls: rate.NewLimiter(rate.Limit(a.opt.Rate), a.opt.Burst),
			games: rate.NewLimiter(rate.Limit(a.opt.Games), a.opt.GamesBurst)}
		a.m[ip] = x
	}
	return x
}

// forget drops the addresses that hold nothing, buckets full (a.mu held).
func (a *Addresses) forget() {
	now := time.Now()
	for ip, x := range a.m {
		if x.conns == 0 && x.calls.TokensAt(now) >= float64(a.opt.Burst) &&
			x.games.TokensAt(now) >= float64(a.opt.GamesBurst) {
			delete(a.m, ip)
		}
	}
}

// Allow takes a call of the address's bucket: false when it is empty.
func (a *Addresses) Allow(ip string) bool { return a.Calls(ip).Allow() }

// Calls returns the address's bucket of calls.
func (a *Addresses) Calls(ip string) *rate.Limiter {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(ip).calls
}

// Connect counts a connection of the address: false beyond its bound.
func (a *Addresses) Connect(ip string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	x := a.get(ip)
	if x.conns >= a.opt.Conns {
		return false
	}
	x.conns++
	return true
}

// Disconnect counts a connection of the address ended.
func (a *Addresses) Disconnect(ip string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if x := a.m[ip]; x != nil && x.conns > 0 {
		x.conns--
	}
}

// Make takes a game of the address's bucket of games: false when it made
// too many of late. The games it made wait for their players a few minutes
// at most (hub.Options.Waiting), so the bucket bounds those waiting too.
func (a *Addresses) Make(ip string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(ip).games.Allow()
}

// Proxies are the proxies trusted to name their client in X-Forwarded-For.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of addresses and prefixes
// ("127.0.0.1,10.0.0.0/8,::1").
func ParseProxies(s string) (Proxies, error) {
	var ps Proxies
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if !strings.Contains(f, "/") {
			var a netip.Addr
			a, err = netip.ParseAddr(f)
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		if err != nil {
			return nil, err
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

func (ps Proxies) trusts(a netip.Addr) bool {
	return slices.ContainsFunc(ps, func(p netip.Prefix) bool { return p.Contains(a.Unmap()) })
}

// ClientIP returns the address of a request's client: its peer's, unless
// the peer is a trusted proxy; then the last address of X-Forwarded-For
// that is not a trusted proxy (those before it are the client's words).
func (ps Proxies) ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !ps.trusts(peer) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a header not as a proxy writes it: the peer is all we know
		}
		if !ps.trusts(a) {
			return a.Unmap().String()
		}
		peer = a
	}
	return peer.Unmap().String()
}
