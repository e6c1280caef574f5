package main

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A restarter returns the start of a new game, a copy of one game at its
// start; each call may reuse the game it returned before, which must no
// longer be played.
type restarter func() brettspiel.Game

// newRestarter returns the restarter of copies of fresh. A game of this
// module is copied into one game again and again (its CopyFrom), which keeps
// the game's buffer of events: a clone's is allocated anew, and grows again,
// in every game, and those allocations, with the garbage collection they
// call for, took a fifth of a random Toccateglio run. Other games are
// cloned.
func newRestarter(fresh brettspiel.Game) restarter {
	switch f := fresh.(type) {
	case *toccateglio.Game:
		g := new(toccateglio.Game)
		return func() brettspiel.Game { g.CopyFrom(f); return g }
	case *verkehren.Game:
		g := new(verkehren.Game)
		return func() brettspiel.Game { g.CopyFrom(f); return g }
	case *festung.Game:
		g := new(festung.Game)
		return func() brettspiel.Game { g.CopyFrom(f); return g }
	}
	return fresh.Clone
}
