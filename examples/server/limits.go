package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, at most burst saved.
type bucket struct {
	mu     sync.Mutex
	tokens float64
	last   time.Time
	rate   float64
	burst  float64
}

func newBucket(rate, burst float64) *bucket {
	return &bucket{tokens: burst, last: time.Now(), rate: rate, burst: burst}
}

// allow takes a token, and says false when none is left. A nil bucket
// limits nothing (a connection relayed from another process, which
// limits it).
func (b *bucket) allow() bool {
	if b == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// addresses keeps per client address its bucket of calls and its count of
// connections; addresses without connections whose buckets are full are
// forgotten, so that the map stays bounded by the clients active.
type addresses struct {
	mu    sync.Mutex
	m     map[string]*address
	rate  float64
	burst float64
	max   int // connections per address
}

type address struct {
	b     *bucket
	conns int
}

func newAddresses(rate, burst float64, max int) *addresses {
	return &addresses{m: map[string]*address{}, rate: rate, burst: burst, max: max}
}

func (a *addresses) get(ip string) *address {
	x := a.m[ip]
	if x == nil {
		if len(a.m) > 100000 {
			a.forget()
		}
		x = &address{b: newBucket(a.rate, a.burst)}
		a.m[ip] = x
	}
	return x
}

// forget drops the addresses that hold no connection.
func (a *addresses) forget() {
	for ip, x := range a.m {
		if x.conns == 0 {
			delete(a.m, ip)
		}
	}
}

// allow takes a token of the address's bucket.
func (a *addresses) allow(ip string) bool {
	a.mu.Lock()
	x := a.get(ip)
	a.mu.Unlock()
	return x.b.allow()
}

// bucket returns the address's bucket, shared by its connections.
func (a *addresses) bucket(ip string) *bucket {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(ip).b
}

// connect counts a connection of the address, false beyond its bound.
func (a *addresses) connect(ip string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	x := a.get(ip)
	if x.conns >= a.max {
		return false
	}
	x.conns++
	return true
}

func (a *addresses) disconnect(ip string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if x := a.m[ip]; x != nil && x.conns > 0 {
		x.conns--
	}
}

// clientIP is the address of the peer (a proxy's address when behind one:
// the server trusts no header that a client can write).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
