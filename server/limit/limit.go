package limit

import (
	"cmp"
	"container/list"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
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
	// Max bounds the networks kept without a connection open (0: 100,000,
	// some 36 MB); beyond it the one used least lately is forgotten.
	Max int
}

// check resolves the defaults, and refuses what is no limit.
func (o *Options) check() error {
	o.V4Bits, o.V6Bits, o.Max = cmp.Or(o.V4Bits, 32), cmp.Or(o.V6Bits, 64), cmp.Or(o.Max, 100000)
	switch {
	case o.V4Bits < 1 || o.V4Bits > 32:
		return fmt.Errorf("limit: an IPv4 network's prefix of %d bits; it has 1 to 32", o.V4Bits)
	case o.V6Bits < 1 || o.V6Bits > 128:
		return fmt.Errorf("limit: an IPv6 network's prefix of %d bits; it has 1 to 128", o.V6Bits)
	case o.Max < 0:
		return fmt.Errorf("limit: a bound of %d networks", o.Max)
	case o.Rate < 0 || o.Games < 0 || o.Burst < 0 || o.GamesBurst < 0 || o.Conns < 0:
		return errors.New("limit: a negative rate, burst or bound")
	}
	return nil
}

// shards divide the table of networks, each under its own lock: a call
// waits only for those of the networks of its shard.
const shards = 64

// Addresses keeps the buckets and counts of each client network.
type Addresses struct {
	opt    Options
	seed   maphash.Seed
	shards [shards]shard
	log    *slog.Logger
	logs   *rate.Limiter // the lines of refusals logged, over all networks
}

// shard holds some networks: those without a connection open in idle,
// used least lately first, at most max of them.
type shard struct {
	mu   sync.Mutex
	m    map[netip.Prefix]*entry
	idle list.List
	max  int
}

type entry struct {
	net          Net
	calls, games *rate.Limiter
	conns        int
	el           *list.Element // in idle; nil while a connection is open
	logged       time.Time     // its last refusal logged
}

// New returns the state of the networks under o; a refusal of a network
// is logged to l (nil logs nothing), the network's prefix (the attribute
// "net") and nothing more.
func New(o Options, l *slog.Logger) (*Addresses, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	a := &Addresses{opt: o, seed: maphash.MakeSeed(), log: l, logs: rate.NewLimiter(1, 20)}
	for i := range a.shards {
		a.shards[i] = shard{m: map[netip.Prefix]*entry{}, max: max(1, (o.Max+shards-1)/shards)}
	}
	return a, nil
}

func (a *Addresses) shard(n Net) *shard {
	b := n.p.Addr().As16()
	return &a.shards[maphash.Bytes(a.seed, b[:])%shards]
}

// get returns the network's entry, made if new, as used now (s.mu held).
func (a *Addresses) get(s *shard, n Net) *entry {
	if x := s.m[n.p]; x != nil {
		if x.el != nil {
			s.idle.MoveToBack(x.el)
		}
		return x
	}
	if s.idle.Len() >= s.max {
		// the bound is on memory: a network forgotten with buckets not
		// yet full starts anew, and only a client of more networks than
		// the table keeps can make that happen to its own
		old := s.idle.Remove(s.idle.Front()).(*entry)
		delete(s.m, old.net.p)
	}
	x := &entry{net: n, calls: rate.NewLimiter(rate.Limit(a.opt.Rate), a.opt.Burst),
		games: rate.NewLimiter(rate.Limit(a.opt.Games), a.opt.GamesBurst)}
	x.el = s.idle.PushBack(x)
	s.m[n.p] = x
	return x
}

// Allow takes a call of the network's bucket: false when it is empty.
func (a *Addresses) Allow(n Net) bool {
	if a.Calls(n).Allow() {
		return true
	}
	a.Refused(n, "calls")
	return false
}

// Calls returns the network's bucket of calls. A connection keeps its
// network's bucket while it is open (Connect to Disconnect): the entry
// is not forgotten meanwhile.
func (a *Addresses) Calls(n Net) *rate.Limiter {
	s := a.shard(n)
	s.mu.Lock()
	defer s.mu.Unlock()
	return a.get(s, n).calls
}

// Connect counts a connection of the network: false beyond its bound.
func (a *Addresses) Connect(n Net) bool {
	s := a.shard(n)
	s.mu.Lock()
	x := a.get(s, n)
	ok := x.conns < a.opt.Conns
	if ok {
		if x.conns++; x.el != nil {
			s.idle.Remove(x.el)
			x.el = nil
		}
	}
	s.mu.Unlock()
	if !ok {
		a.Refused(n, "connections")
	}
	return ok
}

// Disconnect counts a connection of the network ended.
func (a *Addresses) Disconnect(n Net) {
	s := a.shard(n)
	s.mu.Lock()
	defer s.mu.Unlock()
	if x := s.m[n.p]; x != nil && x.conns > 0 {
		if x.conns--; x.conns == 0 {
			x.el = s.idle.PushBack(x)
		}
	}
}

// Make takes a game of the network's bucket of games: false when it made
// too many of late.
func (a *Addresses) Make(n Net) bool {
	s := a.shard(n)
	s.mu.Lock()
	ok := a.get(s, n).games.Allow()
	s.mu.Unlock()
	if !ok {
		a.Refused(n, "games made")
	}
	return ok
}

// Refused logs that the network was refused for reaching its bound of
// what: once a minute at most for a network, once a second for all.
func (a *Addresses) Refused(n Net, what string) {
	if a.log == nil {
		return
	}
	now := time.Now()
	s := a.shard(n)
	s.mu.Lock()
	x := s.m[n.p]
	due := x == nil || now.Sub(x.logged) >= time.Minute
	if due && x != nil {
		x.logged = now
	}
	s.mu.Unlock()
	if due && a.logs.AllowN(now, 1) {
		a.log.Warn("a network at its bound", "net", n.String(), "bound", what)
	}
}

// Clean forgets the networks without a connection whose buckets are full
// again, one shard at a time, and says how many.
func (a *Addresses) Clean() int { return a.clean(time.Now()) }

func (a *Addresses) clean(now time.Time) int {
	n := 0
	for i := range a.shards {
		s := &a.shards[i]
		s.mu.Lock()
		for e := s.idle.Front(); e != nil; {
			x, next := e.Value.(*entry), e.Next()
			if x.calls.TokensAt(now) >= float64(a.opt.Burst) && x.games.TokensAt(now) >= float64(a.opt.GamesBurst) {
				s.idle.Remove(e)
				delete(s.m, x.net.p)
				n++
			}
			e = next
		}
		s.mu.Unlock()
	}
	return n
}

// size returns the networks kept, and those of them without a connection.
func (a *Addresses) size() (all, idle int) {
	for i := range a.shards {
		s := &a.shards[i]
		s.mu.Lock()
		all, idle = all+len(s.m), idle+s.idle.Len()
		s.mu.Unlock()
	}
	return all, idle
}
