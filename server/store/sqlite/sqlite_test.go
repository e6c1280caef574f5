package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/brettspiel/brettspiel/server/store"
)

// A change its row's version refuses is left out of the batch it came
// in, wholly, and the other changes of the batch are committed.
func TestBatchLeavesOutARefusedChange(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for _, id := range []string{"g1", "g2"} {
		if err := s.Write(ctx, store.Change{Kind: store.Create, Game: id, Meta: []byte(`{}`), Snapshot: []byte(`{}`), Rev: 1}); err != nil {
			t.Fatal(err)
		}
	}
	step := []store.StoredStep{{Rev: 2, Index: 0, Actor: 0, Notation: "6-5"}}
	batch := []*write{
		{c: store.Change{Kind: store.Steps, Game: "g1", From: 0, Rev: 2, Steps: step}},
		{c: store.Change{Kind: store.Steps, Game: "g2", From: 3, Rev: 2, Steps: step}},
		{c: store.Change{Kind: store.Snap, Game: "g2", From: 0, Rev: 1, Meta: []byte(`{}`), Snapshot: []byte(`{"a":1}`)}},
	}
	for _, w := range batch {
		w.err = make(chan error, 1)
	}
	s.commit(batch)
	for i, want := range []error{nil, store.ErrConflict, nil} {
		if err := <-batch[i].err; !errors.Is(err, want) || (want == nil && err != nil) {
			t.Errorf("change %d: %v, want %v", i, err, want)
		}
	}
	g1, ok, err := s.Game(ctx, "g1")
	if err != nil || !ok || g1.Ver != 1 || g1.Rev != 2 || len(g1.Steps) != 1 {
		t.Errorf("g1: %+v %v %v, want version 1, revision 2, one step", g1, ok, err)
	}
	g2, ok, err := s.Game(ctx, "g2")
	if err != nil || !ok || g2.Ver != 1 || g2.Rev != 1 || len(g2.Steps) != 0 || string(g2.Snapshot) != `{"a":1}` {
		t.Errorf("g2: %+v %v %v, want version 1, the new snapshot, no step", g2, ok, err)
	}
}
