package limit

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// Net is a client's network, the key of its limits: its address cut to
// the prefix of Options.V4Bits or V6Bits. Its String is that prefix
// alone ("2001:db8:1:2::/64", "192.0.2.7/32"): no bit of the address
// beyond it, no zone, port or word of the request, so that it may be
// logged. The zero Net is that of a peer whose address is unknown.
type Net struct{ p netip.Prefix }

// String returns the network's prefix, or "unknown" for the zero Net.
func (n Net) String() string {
	if !n.p.IsValid() {
		return "unknown"
	}
	return n.p.String()
}

// Prefix returns the network's prefix (invalid for the zero Net).
func (n Net) Prefix() netip.Prefix { return n.p }

// Net returns the network of a client address: an IPv4 address, or one
// mapped into IPv6, cut to V4Bits, an IPv6 address to V6Bits; its zone
// (fe80::1%eth0) is dropped. An invalid address is the zero Net.
func (a *Addresses) Net(ip netip.Addr) Net {
	ip = ip.Unmap().WithZone("")
	bits := a.opt.V6Bits
	if ip.Is4() {
		bits = a.opt.V4Bits
	}
	p, err := ip.Prefix(bits)
	if err != nil || !p.IsValid() {
		return Net{}
	}
	return Net{p}
}

// NetOf returns the network of a request's client (Proxies.Client).
func (a *Addresses) NetOf(r *http.Request, ps Proxies) Net { return a.Net(ps.Client(r)) }

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

// Client returns the address of a request's client: its peer's, unless
// the peer is a trusted proxy; then the last address of X-Forwarded-For
// that is not a trusted proxy (those before it are the client's words).
// A peer whose address does not parse gives the zero Addr.
func (ps Proxies) Client(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	if !ps.trusts(peer) {
		return peer.Unmap()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a header not as a proxy writes it: the peer is all we know
		}
		if !ps.trusts(a) {
			return a.Unmap()
		}
		peer = a
	}
	return peer.Unmap()
}
