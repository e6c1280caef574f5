package session

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
)

// stepUntil plays an owned game (throws, and the first legal move that is
// no concession) until ok holds of the seat to move and the position; it
// returns the seat.
func stepUntil(t *testing.T, tab *Table, h int, secrets []string, ok func(p int, now brettspiel.Game) bool) int {
	t.Helper()
	g, _ := tab.Game(h)
	for i := 0; i < 3000; i++ {
		now := g.Position()
		p := now.ToMove()
		switch {
		case p == brettspiel.Terminal:
			t.Fatal("the game ended before the position wanted")
		case p == brettspiel.Chance:
			call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[0]}, nil)
			continue
		case ok(int(p), now):
			return int(p)
		}
		legal := now.LegalMoves()
		m := legal[0]
		if c, isVK := now.(interface{ Concedes(brettspiel.Move) bool }); isVK && c.Concedes(m) && len(legal) > 1 {
			m = legal[1]
		}
		call(t, tab, "apply", map[string]any{"handle": h, "notation": now.MoveString(m), "secret": secrets[p]}, nil)
	}
	t.Fatal("the position wanted was not reached in 3000 steps")
	return -1
}

func anyDecision(int, brettspiel.Game) bool { return true }

// nextDelta reads the watcher's next change within a second.
func nextDelta(t *testing.T, w *Watcher) *Delta {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	d, err := w.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGiveUpTheTocateglioPartie: a seat of an owned game gives the Partie
// up at its own play (T-W6): the step is played at once, without the
// other's consent, the answer and a watcher say how it ended, and the
// seat not to move cannot.
func TestGiveUpTheToccateglioPartie(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"toccateglio","seed":5,"owned":true}`, 2)
	p := stepUntil(t, tab, h, secrets, anyDecision)
	g, _ := tab.Game(h)
	w, err := g.Watch(g.watch.rev)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	nextDelta(t, w) // the catch-up
	if e := fail(t, tab, "giveUp", fmt.Sprintf(`{"handle":%d,"secret":%q}`, h, secrets[1-p])); e.Name != "ErrNotYourTurn" {
		t.Errorf("the seat not to move gives up: %s", e.Name)
	}
	if e := fail(t, tab, "giveUp", fmt.Sprintf(`{"handle":%d}`, h)); e.Name != "ErrNoSecret" {
		t.Errorf("a watcher gives up: %s", e.Name)
	}
	var s StateJSON
	call(t, tab, "giveUp", map[string]any{"handle": h, "secret": secrets[p], "lang": "de"}, &s)
	if s.Move != "give up" || s.Played != 1 || s.GiveUp != nil {
		t.Errorf("giveUp answers move %q, played %d, ask %+v", s.Move, s.Played, s.GiveUp)
	}
	if !strings.Contains(s.Ending, "Spieler "+fmt.Sprint(2-p)+" gewinnt") {
		t.Errorf("ending %q", s.Ending)
	}
	d := nextDelta(t, w)
	if len(d.Log) != 1 || d.Log[0].Notation != "give up" || d.ToMove != int(brettspiel.Terminal) || d.Ending == "" || d.Seed == nil {
		t.Errorf("the watcher's change: log %+v, toMove %d, ending %q, seed %v", d.Log, d.ToMove, d.Ending, d.Seed)
	}
}

// TestConcedeByAgreement: in Verkehren with a Band on his own side a
// player gives up only with the other's consent (V-W2): his giveUp is an
// ask that the other declines or grants; granted, the game ends as a
// single game lost by him.
func TestConcedeByAgreement(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"verkehren","seed":3,"owned":true}`, 2)
	band := func(p int, now brettspiel.Game) bool {
		_, agreed, err := now.(brettspiel.GiveUpper).GiveUpMove(brettspiel.Player(p))
		return err == nil && agreed
	}
	p := stepUntil(t, tab, h, secrets, band)
	var s StateJSON
	call(t, tab, "giveUp", map[string]any{"handle": h, "secret": secrets[p]}, &s)
	length := s.Length
	if s.GiveUp == nil || s.GiveUp.Seat != p || len(s.GiveUp.Granted) != 0 || s.Played != 0 || s.Ending != "" {
		t.Fatalf("after the ask: %+v, played %d, ending %q", s.GiveUp, s.Played, s.Ending)
	}
	if e := fail(t, tab, "answerGiveUp", fmt.Sprintf(`{"handle":%d,"accept":true,"secret":%q}`, h, secrets[p])); e.Name != "ErrNotYourSeat" {
		t.Errorf("the asker agrees with himself: %s", e.Name)
	}
	s = StateJSON{}
	call(t, tab, "answerGiveUp", map[string]any{"handle": h, "accept": false, "secret": secrets[1-p]}, &s)
	if s.GiveUp != nil || s.Length != length || s.Ending != "" {
		t.Fatalf("declined: ask %+v, length %d, ending %q", s.GiveUp, s.Length, s.Ending)
	}
	if e := fail(t, tab, "answerGiveUp", fmt.Sprintf(`{"handle":%d,"accept":true,"secret":%q}`, h, secrets[1-p])); e.Name != "ErrNothingTo" {
		t.Errorf("agreeing to a declined ask: %s", e.Name)
	}
	call(t, tab, "giveUp", map[string]any{"handle": h, "secret": secrets[p]}, &s)
	snap, _, err := mustGame(t, tab, h).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	s = StateJSON{}
	call(t, tab, "answerGiveUp", map[string]any{"handle": h, "accept": true, "secret": secrets[1-p]}, &s)
	if s.Length != length+1 || s.GiveUp != nil || !strings.Contains(s.Ending, "gave it up") {
		t.Fatalf("agreed: length %d, ask %+v, ending %q", s.Length, s.GiveUp, s.Ending)
	}
	g := mustGame(t, tab, h)
	if log := g.Log(length); len(log) != 1 || log[0].Notation != "concede by agreement" {
		t.Errorf("the step played: %+v", log)
	}
	if r := g.Position().Returns(); r[p] != -1 || r[1-p] != 1 {
		t.Errorf("returns %v, want a single game lost by seat %d", r, p)
	}

	// the ask survives a snapshot, and is granted there
	back := 900
	if _, err := NewTable(Options{}).Restore(back, snap); err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Restore(back, snap); err != nil {
		t.Fatal(err)
	}
	s = StateJSON{}
	call(t, tab, "state", map[string]any{"handle": back}, &s)
	if s.GiveUp == nil || s.GiveUp.Seat != p {
		t.Fatalf("restored: ask %+v", s.GiveUp)
	}
	call(t, tab, "answerGiveUp", map[string]any{"handle": back, "accept": true, "secret": secrets[1-p]}, &s)
	if s.Ending == "" {
		t.Error("the restored ask, granted, did not end the game")
	}
}

func mustGame(t *testing.T, tab *Table, h int) *Game {
	t.Helper()
	g, err := tab.Game(h)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestFestungEndsByAgreement: the Festungsspiel has no giving up in its
// rules; its game between people ends when every seat agrees, nobody
// winning: the dice are revealed, no step follows, and a snapshot keeps
// the end.
func TestFestungEndsByAgreement(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"festung","players":3,"owned":true}`, 3)
	stepUntil(t, tab, h, secrets, anyDecision)
	var s StateJSON
	call(t, tab, "giveUp", map[string]any{"handle": h, "secret": secrets[2]}, &s)
	if s.GiveUp == nil || s.GiveUp.Seat != 2 {
		t.Fatalf("the ask: %+v", s.GiveUp)
	}
	call(t, tab, "answerGiveUp", map[string]any{"handle": h, "accept": true, "secret": secrets[0]}, &s)
	if s.GiveUp == nil || len(s.GiveUp.Granted) != 1 || s.Ending != "" {
		t.Fatalf("agreed by one of two: %+v, ending %q", s.GiveUp, s.Ending)
	}
	s = StateJSON{}
	call(t, tab, "answerGiveUp", map[string]any{"handle": h, "accept": true, "secret": secrets[1], "lang": "en"}, &s)
	if s.GiveUp != nil || !strings.Contains(s.Ending, "agreed to end") || s.Seed == nil {
		t.Fatalf("agreed by all: ask %+v, ending %q, seed %v", s.GiveUp, s.Ending, s.Seed)
	}
	now := mustGame(t, tab, h).Position()
	p := now.ToMove()
	m := now.MoveString(now.LegalMoves()[0])
	if e := fail(t, tab, "apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q}`, h, m, secrets[p])); e.Name != "ErrGameOver" {
		t.Errorf("a move after the end by agreement: %s", e.Name)
	}
	snap, _, err := mustGame(t, tab, h).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	back := 901
	if _, err := tab.Restore(back, snap); err != nil {
		t.Fatal(err)
	}
	call(t, tab, "state", map[string]any{"handle": back, "lang": "en"}, &s)
	if !strings.Contains(s.Ending, "agreed to end") {
		t.Errorf("restored: ending %q", s.Ending)
	}
}

// TestGiveUpWithoutOwners: in a game of one screen giveUp gives up at once
// for the seat given, or the seat to move.
func TestGiveUpWithoutOwners(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 1}, &s)
	g := mustGame(t, tab, s.Handle)
	for g.Position().ToMove() < 0 {
		call(t, tab, "throw", map[string]any{"handle": s.Handle}, nil)
	}
	call(t, tab, "giveUp", map[string]any{"handle": s.Handle}, &s)
	if s.Move != "give up" || s.Ending == "" {
		t.Errorf("move %q, ending %q", s.Move, s.Ending)
	}
}
