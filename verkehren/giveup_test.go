package verkehren

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// TestV_W2_ConcedeByAgreement: with a Band on his own side a player may give
// up only with the other's consent (V-W2). GiveUpMove says so and returns
// the move "concede by agreement", which is no legal move; applied, the
// game ends as a single game lost by him, and the move survives the record,
// the position ID and the JSON with its events. Without a Band there the
// give-up is the legal "concede", no agreement needed.
func TestV_W2_ConcedeByAgreement(t *testing.T) {
	band := map[int]int{1: 10, 3: 1, 5: 1, 13: 2, 17: 1}
	g := at(t, VK(), 3, 1, band, map[int]int{22: 1})
	m, agreed, err := g.GiveUpMove(0)
	if err != nil || !agreed || g.MoveString(m) != "concede by agreement" {
		t.Fatalf("GiveUpMove with a Band on 13: %s, %v, %v", g.MoveString(m), agreed, err)
	}
	if slices.Contains(g.LegalMoves(), m) || !g.Concedes(m) {
		t.Errorf("the agreed concession is a legal move, or not a concession")
	}
	refused(t, g, "concede", brettspiel.ErrIllegalMove, "V-W2")
	if parsed, err := g.ParseMove("Concede by agreement"); err != nil || parsed != m {
		t.Errorf("ParseMove: %v, %v", parsed, err)
	}
	info, err := g.Describe(m)
	if err != nil || info.Kind != brettspiel.MoveConcede {
		t.Errorf("Describe: %+v, %v", info, err)
	}
	if _, _, err := g.GiveUpMove(1); !errors.Is(err, brettspiel.ErrNotYourTurn) {
		t.Errorf("the other seat: %v, want ErrNotYourTurn", err)
	}
	play(t, g, "concede by agreement")
	if g.Ending() != Conceded || winnerOf(g) != 1 || !reflect.DeepEqual(g.Returns(), []int{-1, 1}) {
		t.Errorf("after the agreed concession: %v, winner %v, %v", g.Ending(), winnerOf(g), g.Returns())
	}
	if e := eventsOf(g, EventConcede); len(e) != 1 || e[0].Rule != "V-W2" || e[0].Note != "by agreement" || e[0].Player != 0 {
		t.Errorf("events %v", g.Events())
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(data, &back); err != nil || back.ID() != g.ID() || !reflect.DeepEqual(back.Events(), g.Events()) {
		t.Errorf("JSON round trip: %v", err)
	}
	if _, _, err := g.GiveUpMove(0); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("after the end: %v, want ErrGameOver", err)
	}

	free := at(t, VK(), 3, 1, map[int]int{1: 10, 3: 1, 5: 1, 13: 1, 15: 1, 17: 1}, map[int]int{22: 1})
	m, agreed, err = free.GiveUpMove(0)
	if err != nil || agreed || !slices.Contains(free.LegalMoves(), m) || free.MoveString(m) != "concede" {
		t.Errorf("no Band on 13–24: GiveUpMove = %s, %v, %v; want the legal concede", free.MoveString(m), agreed, err)
	}
	refused(t, free, "concede by agreement", brettspiel.ErrIllegalMove, "V-W2")

	thrown := at(t, VK(), 0, 0, band, map[int]int{22: 1})
	if _, _, err := thrown.GiveUpMove(0); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("before the throw: %v, want ErrChanceNode", err)
	}
}

// TestV_W2_AgreedConcessionRecords: whole games that end by agreement at a
// random play with a Band on the own side write and load as records.
func TestV_W2_AgreedConcessionRecords(t *testing.T) {
	ended := 0
	for i, h := range harnessOptions {
		for seed := range uint64(6) {
			g, _ := New(h.opts)
			start, _ := New(h.opts)
			rec := NewRecord(h.opts)
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			for steps := 0; g.ToMove() != brettspiel.Terminal && steps < 20000; steps++ {
				legal := g.LegalMoves()
				m := noConcede(g, legal, r)
				if p := g.ToMove(); p >= 0 {
					if gm, agreed, err := g.GiveUpMove(p); err == nil && agreed && r.IntN(40) == 0 {
						m = gm
						ended++
					}
				}
				if err := rec.Append(g, m); err != nil {
					t.Fatal(err)
				}
			}
			back, err := brettspiel.ParseRecord(strings.NewReader(gametest.RecordText(t, rec, start)))
			if err != nil {
				t.Fatal(err)
			}
			loaded, err := LoadRecord(back)
			if err != nil {
				t.Fatalf("%s: %v", h.name, err)
			}
			if loaded.ID() != g.ID() {
				t.Errorf("%s: the record loads as\n%s\nnot\n%s", h.name, loaded, g)
			}
		}
	}
	if ended < 10 {
		t.Errorf("%d games ended by agreement: too few to test", ended)
	}
}
