// Package stepsearch takes a play of a race game apart into single steps and
// puts it together again from them, for the Stepper and Describer of the
// variants. A variant describes its turn as a graph: the states within a turn
// (the stones, the numbers left), the single steps its single-step rules allow
// from each, and which states end one of the legal whole-turn moves. The
// search is a depth-first walk over that graph, with the states from which a
// legal move can still be reached remembered, so it is exact whenever the
// graph is: a sequence of steps is accepted exactly when it ends in the state
// of a legal move.
package stepsearch

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/order"
)

// Edge is one single step allowed from a state, with the state it leads to.
type Edge[S comparable] struct {
	Step brettspiel.Step
	To   S
}

// Model is a variant's turn as a graph of states S.
type Model[S comparable] interface {
	// Edges appends to dst the single steps the rules allow from s.
	Edges(s S, dst []Edge[S]) []Edge[S]
	// Complete returns the legal move whose play ends in s, or NoMove.
	Complete(s S) brettspiel.Move
}

// Search walks the graph of one turn. It remembers what it has found, so it
// serves one state of the game only.
type Search[S comparable] struct {
	m      Model[S]
	viable map[S]bool
}

// New returns a search over m.
func New[S comparable](m Model[S]) *Search[S] {
	return &Search[S]{m: m, viable: make(map[S]bool)}
}

// Viable reports whether some legal move can be reached from s.
func (x *Search[S]) Viable(s S) bool {
	if v, ok := x.viable[s]; ok {
		return v
	}
	v := x.m.Complete(s) != brettspiel.NoMove
	if !v {
		for _, e := range x.m.Edges(s, nil) {
			if x.Viable(e.To) {
				v = true
				break
			}
		}
	}
	x.viable[s] = v
	return v
}

// Result is what Next finds.
type Result[S comparable] struct {
	Next     []brettspiel.Step // the steps that may come next, sorted by From, To, Die
	Complete brettspiel.Move   // the move the steps made determine, or NoMove
	// Bad is the index of the first step made that leads to no legal move,
	// or -1; At are then the states it was tried from.
	Bad int
	At  []S
}

// Next follows the steps made from start. A step given without its die may
// stand for several edges (a stone borne off by either number): all of them
// are followed, and the steps that may come next are those of any.
func (x *Search[S]) Next(start S, made []brettspiel.Step) Result[S] {
	frontier := []S{start}
	var edges []Edge[S]
	for i, in := range made {
		var nf []S
		for _, s := range frontier {
			edges = x.m.Edges(s, edges[:0])
			for _, e := range edges {
				if e.Step.Matches(in) && x.Viable(e.To) && !slices.Contains(nf, e.To) {
					nf = append(nf, e.To)
				}
			}
		}
		if len(nf) == 0 {
			return Result[S]{Bad: i, At: frontier}
		}
		frontier = nf
	}
	r := Result[S]{Bad: -1}
	ambiguous := false
	for _, s := range frontier {
		edges = x.m.Edges(s, edges[:0])
		for _, e := range edges {
			if !x.Viable(e.To) {
				continue
			}
			dup := slices.ContainsFunc(r.Next, func(t brettspiel.Step) bool {
				return t.From == e.Step.From && t.To == e.Step.To && t.Die == e.Step.Die && t.Field == e.Step.Field
			})
			if !dup {
				r.Next = append(r.Next, e.Step)
			}
		}
		if c := x.m.Complete(s); c != brettspiel.NoMove {
			ambiguous = ambiguous || r.Complete != brettspiel.NoMove && r.Complete != c
			r.Complete = c
		}
	}
	if ambiguous {
		r.Complete = brettspiel.NoMove // two moves: the steps do not determine one
	}
	order.Stable(r.Next, func(a, b brettspiel.Step) int {
		return cmp.Or(cmp.Compare(a.Field, b.Field), cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Die, b.Die))
	})
	return r
}

// Path returns the steps of one way from start to the end of the legal move
// target, preferring at each depth the step of hint there (the move's own
// notation); nil when there is none.
func (x *Search[S]) Path(start S, target brettspiel.Move, hint []brettspiel.Step) []brettspiel.Step {
	var path []brettspiel.Step
	failed := make(map[S]bool)
	var walk func(s S) bool
	walk = func(s S) bool {
		if x.m.Complete(s) == target {
			return true
		}
		if failed[s] {
			return false
		}
		edges := x.m.Edges(s, nil)
		// the hinted step first, the others after it in their order: with
		// a hint, a first pass over the steps that match it and a second
		// over the rest
		hinted, passes := brettspiel.Step{}, 1
		if i := len(path); i < len(hint) {
			hinted, passes = hint[i], 2
		}
		for pass := range passes {
			for _, e := range edges {
				if passes == 2 && e.Step.Matches(hinted) != (pass == 0) || !x.Viable(e.To) {
					continue
				}
				path = append(path, e.Step)
				if walk(e.To) {
					return true
				}
				path = path[:len(path)-1]
			}
		}
		failed[s] = true
		return false
	}
	if !walk(start) {
		return nil
	}
	return path
}

// Edges returns the single steps the rules allow from s, legal moves ahead
// or not.
func (x *Search[S]) Edges(s S) []Edge[S] { return x.m.Edges(s, nil) }

// Ends returns up to limit sequences of steps from s that
// cannot be made longer, whether or not they end in a legal move, each after
// the steps of prefix. A variant reads why the first of them is not legal from
// its notation's checks, to say why a step that the single-step rules allow
// leads to no legal move.
func (x *Search[S]) Ends(s S, prefix []brettspiel.Step, limit int) [][]brettspiel.Step {
	var out [][]brettspiel.Step
	path := slices.Clone(prefix)
	var walk func(s S)
	walk = func(s S) {
		if len(out) >= limit {
			return
		}
		edges := x.m.Edges(s, nil)
		if len(edges) == 0 {
			out = append(out, slices.Clone(path))
			return
		}
		for _, e := range edges {
			path = append(path, e.Step)
			walk(e.To)
			path = path[:len(path)-1]
		}
	}
	walk(s)
	return out
}

// Notation writes steps in a race game's notation: "from/to" in the mover's
// track, separated by spaces, with bar (or hand) and off named as the variant
// names them.
func Notation(steps []brettspiel.Step, waiting string) string {
	b := make([]byte, 0, 8*len(steps))
	for i, st := range steps {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendPlace(b, st.TrackFrom, waiting)
		b = append(b, '/')
		b = appendPlace(b, st.TrackTo, waiting)
	}
	return string(b)
}

func appendPlace(b []byte, p int, waiting string) []byte {
	switch p {
	case brettspiel.Bar:
		return append(b, waiting...)
	case brettspiel.Off:
		return append(b, "off"...)
	}
	return strconv.AppendInt(b, int64(p), 10)
}

// maxInputSteps is the most steps Input renders: no play has more than four,
// and an error for a long list need not repeat all of it.
const maxInputSteps = 8

// Input renders the steps given to NextSteps for the Input of an error,
// e.g. "1→7, 7→9", at most maxInputSteps of them.
func Input(made []brettspiel.Step) string {
	b := make([]byte, 0, 16*min(len(made), maxInputSteps))
	for i, s := range made {
		if i == maxInputSteps {
			b = append(b, ", … ("...)
			b = strconv.AppendInt(b, int64(len(made)), 10)
			b = append(b, " steps)"...)
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, s.String()...)
	}
	return string(b)
}
