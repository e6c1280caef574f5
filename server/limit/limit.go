package limit

import (
	"cmp"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Options are the limits of one network.
type Options struct {
	// Rate is the calls a second of a network's connections and requests,
	// Burst how many at once; Conns bounds its connections at once.
	Rate         float64
	Burst, Conns int
	// Games is the games a network may make a second, GamesBurst at once.
	Games      float64
	GamesBurst int
	// V4Bits and V6Bits are the prefix lengths of a network (0: 32 and
	// 64): the addresses counted as one client.
	V4Bits, V6Bits int
}

// check resolves the defaults, and refuses what is no limit.
func (o *Options) check() error {
	o.V4Bits, o.V6Bits = cmp.Or(o.V4Bits, 32), cmp.Or(o.V6Bits, 64)
	switch {
	case o.V4Bits < 1 || o.V4Bits > 32:
		return fmt.Errorf("limit: an IPv4 network's prefix of %d bits; it has 1 to 32", o.V4Bits)
	case o.V6Bits < 1 || o.V6Bits > 128:
		return fmt.Errorf("limit: an IPv6 network's prefix of %d bits; it has 1 to 128", o.V6Bits)
	case o.Rate < 0 || o.Games < 0 || o.Burst < 0 || o.GamesBurst < 0 || o.Conns < 0:
		return errors.New("limit: a negative rate, burst or bound")
	}
	return nil
}

// Addresses keeps the buckets and counts of each client network; one that
// holds nothing and whose buckets are full may be forgotten.
type Addresses struct {
	opt Options
	mu  sync.Mutex
	m   map[netip.Prefix]*address
}

type address struct {
	calls, games *rate.Limiter
	conns        int
}

// New returns the state of the networks under o.
func New(o Options) (*Addresses, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	return &Addresses{opt: o, m: map[netip.Prefix]*address{}}, nil
}

// get returns the network's state (a.mu held).
func (a *Addresses) get(n Net) *address {
	x := a.m[n.p]
	if x == nil {
		if len(a.m) >= 100000 {
			a.forget()
		}
		x = &address{calls: rate.NewLimiter(rate.Limit(a.opt.Rate), a.opt.Burst),
			games: rate.NewLimiter(rate.Limit(a.opt.Games), a.opt.GamesBurst)}
		a.m[n.p] = x
	}
	return x
}

// forget drops the networks that hold nothing, buckets full (a.mu held).
func (a *Addresses) forget() {
	now := time.Now()
	for p, x := range a.m {
		if x.conns == 0 && x.calls.TokensAt(now) >= float64(a.opt.Burst) &&
			x.games.TokensAt(now) >= float64(a.opt.GamesBurst) {
			delete(a.m, p)
		}
	}
}

// Allow takes a call of the network's bucket: false when it is empty.
func (a *Addresses) Allow(n Net) bool { return a.Calls(n).Allow() }

// Calls returns the network's bucket of calls.
func (a *Addresses) Calls(n Net) *rate.Limiter {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(n).calls
}

// Connect counts a connection of the network: false beyond its bound.
func (a *Addresses) Connect(n Net) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	x := a.get(n)
	if x.conns >= a.opt.Conns {
		return false
	}
	x.conns++
	return true
}

// Disconnect counts a connection of the network ended.
func (a *Addresses) Disconnect(n Net) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if x := a.m[n.p]; x != nil && x.conns > 0 {
		x.conns--
	}
}

// Make takes a game of the network's bucket of games: false when it made
// too many of late. The games it made wait for their players a few minutes
// at most (hub.Options.Waiting), so the bucket bounds those waiting too.
func (a *Addresses) Make(n Net) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(n).games.Allow()
}
