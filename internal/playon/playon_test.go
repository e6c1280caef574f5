package playon

import (
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// giveUp is a game whose moves of payload 9 concede; only Concedes is
// called.
type giveUp struct{ brettspiel.Game }

func (giveUp) Concedes(m brettspiel.Move) bool { return m.Payload() == 9 }

// plain is a game without concessions.
type plain struct{ brettspiel.Game }

func moves(payloads ...uint64) []brettspiel.Move {
	var ms []brettspiel.Move
	for _, p := range payloads {
		ms = append(ms, kit.NewMove(0, p))
	}
	return ms
}

func TestMovesLeavesOutConcessions(t *testing.T) {
	got := Moves(giveUp{}, moves(1, 9, 2), nil)
	if want := moves(1, 2); !slices.Equal(got, want) {
		t.Fatalf("Moves = %v, want %v", got, want)
	}
}

func TestMovesKeepsLegalWhenEveryMoveConcedes(t *testing.T) {
	legal := moves(9, 9)
	if got := Moves(giveUp{}, legal, nil); &got[0] != &legal[0] || len(got) != 2 {
		t.Fatalf("Moves = %v, want legal itself", got)
	}
}

func TestMovesKeepsLegalWithoutConcessions(t *testing.T) {
	legal := moves(9, 1)
	if got := Moves(plain{}, legal, nil); &got[0] != &legal[0] || len(got) != 2 {
		t.Fatalf("Moves = %v, want legal itself", got)
	}
}

func TestMovesReusesBuf(t *testing.T) {
	buf := make([]brettspiel.Move, 0, 8)
	got := Moves(giveUp{}, moves(9, 3), buf)
	if len(got) != 1 || &got[:1][0] != &buf[:1][0] {
		t.Fatalf("Moves = %v, not in buf", got)
	}
}
