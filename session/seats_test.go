package session

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"
)

// ownedGame starts an owned game of a variant at a table and claims every
// person's seat; it returns the handle and the secrets per seat.
func ownedGame(t *testing.T, tab *Table, args string, players int) (int, []string) {
	t.Helper()
	var s StateJSON
	call(t, tab, "newGame", json.RawMessage(args), &s)
	if !s.Owned || len(s.Claimed) != players {
		t.Fatalf("newGame(%s): owned %v claimed %v", args, s.Owned, s.Claimed)
	}
	secrets := make([]string, players)
	for i := range secrets {
		if s.Seats[i] != Person {
			continue
		}
		var c ClaimJSON
		call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": i}, &c)
		secrets[i] = c.Secret
	}
	return s.Handle, secrets
}

// snapshotOf is what a call may not change: the whole state with its log.
func snapshotOf(t *testing.T, tab *Table, h int) string {
	t.Helper()
	return string(tab.Call("state", []byte(fmt.Sprintf(`{"handle":%d,"chance":true}`, h))))
}

func TestClaimGivesEachSeatItsOwnSecret(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"festung","players":3,"owned":true}`, 3)
	seen := map[string]bool{}
	for i, s := range secrets {
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(b)*8 < 128 {
			t.Errorf("seat %d: secret %q: %d bits, %v", i, s, len(b)*8, err)
		}
		if seen[s] {
			t.Errorf("seat %d: secret %q given twice", i, s)
		}
		seen[s] = true
	}
	g, _ := tab.Game(h)
	for i, s := range secrets {
		if seat, ok := g.SeatOf(s); !ok || seat != i {
			t.Errorf("SeatOf(seat %d's secret) = %d, %v", i, seat, ok)
		}
	}
	if _, ok := g.SeatOf("x" + secrets[0]); ok {
		t.Error("a wrong secret is a seat's")
	}
	var s StateJSON
	call(t, tab, "state", map[string]any{"handle": h}, &s)
	if fmt.Sprint(s.Claimed) != "[true true true]" {
		t.Errorf("claimed %v", s.Claimed)
	}
	for _, c := range []struct{ args, name string }{
		{fmt.Sprintf(`{"handle":%d,"seat":1}`, h), "ErrSeatTaken"},
		{fmt.Sprintf(`{"handle":%d,"seat":3}`, h), "ErrBadCall"},
		{fmt.Sprintf(`{"handle":%d}`, h), "ErrBadCall"},
		{fmt.Sprintf(`{"handle":%d,"seat":0}`, h+1000), "ErrUnknownHandle"},
	} {
		if e := fail(t, tab, "claim", c.args); e.Name != c.name {
			t.Errorf("claim(%s): %s %s, want %s", c.args, e.Name, e.Message, c.name)
		}
	}
	// a bot's seat and a game of one screen have nothing to claim
	var b StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "owned": true, "seats": []string{"person", "greedy"}}, &b)
	if e := fail(t, tab, "claim", fmt.Sprintf(`{"handle":%d,"seat":1}`, b.Handle)); e.Name != "ErrBadCall" {
		t.Errorf("claim of a bot's seat: %s", e.Name)
	}
	b = StateJSON{}
	call(t, tab, "newGame", map[string]any{"variant": "verkehren"}, &b)
	if e := fail(t, tab, "claim", fmt.Sprintf(`{"handle":%d,"seat":0}`, b.Handle)); e.Name != "ErrBadCall" {
		t.Errorf("claim in a game of one screen: %s", e.Name)
	}
	if b.Owned || b.Claimed != nil {
		t.Errorf("a game of one screen says owned %v claimed %v", b.Owned, b.Claimed)
	}
}

// A wrong, missing or another seat's secret, a watcher acting, a forged
// handle: each is refused with its name, and the game is as it was.
func TestOwnedSeatsRefuseWhoMayNotAct(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"verkehren","seed":4,"owned":true}`, 2)
	var s StateJSON
	var st struct{ Player int }
	for st.Player = -1; st.Player < 0; json.Unmarshal(s.State, &st) {
		call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[1]}, &s)
	}
	mover, other := secrets[st.Player], secrets[1-st.Player]
	var legal LegalJSON
	call(t, tab, "legal", map[string]any{"handle": h}, &legal)
	move := legal.Legal[0].Notation
	before := snapshotOf(t, tab, h)
	for _, c := range []struct {
		method, args, name string
	}{
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q}`, h, move), "ErrNoSecret"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":""}`, h, move), "ErrNoSecret"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, h, move), "ErrBadSecret"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q}`, h, move, other), "ErrNotYourSeat"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q}`, h+7, move, mover), "ErrUnknownHandle"},
		{"botMove", fmt.Sprintf(`{"handle":%d,"bot":"greedy","secret":%q}`, h, other), "ErrNotYourSeat"},
		{"botMove", fmt.Sprintf(`{"handle":%d,"bot":"greedy"}`, h), "ErrNoSecret"},
		{"advance", fmt.Sprintf(`{"handle":%d}`, h), "ErrNoSecret"},
		{"throw", fmt.Sprintf(`{"handle":%d,"secret":"nope"}`, h), "ErrBadSecret"},
		{"throwManual", fmt.Sprintf(`{"handle":%d,"dice":[6,6],"secret":%q}`, h, mover), "ErrBadCall"},
		{"throwManual", fmt.Sprintf(`{"handle":%d,"dice":[6,6]}`, h), "ErrNoSecret"},
		{"undo", fmt.Sprintf(`{"handle":%d}`, h), "ErrNoSecret"},
		{"undo", fmt.Sprintf(`{"handle":%d,"secret":%q}`, h, mover), "ErrNeedsConsent"},
		{"redo", fmt.Sprintf(`{"handle":%d,"secret":%q}`, h, other), "ErrNeedsConsent"},
		{"takeback", fmt.Sprintf(`{"handle":%d}`, h), "ErrNoSecret"},
		{"takeback", fmt.Sprintf(`{"handle":%d,"seat":%d,"secret":%q}`, h, 1-st.Player, mover), "ErrNotYourSeat"},
		{"answerTakeback", fmt.Sprintf(`{"handle":%d,"accept":true,"secret":%q}`, h, other), "ErrNothingTo"},
		{"close", fmt.Sprintf(`{"handle":%d}`, h), "ErrNoSecret"},
		{"close", fmt.Sprintf(`{"handle":%d,"secret":"%sx"}`, h, mover), "ErrBadSecret"},
		{"close", fmt.Sprintf(`{"handle":%d,"secret":%q}`, h+99, mover), "ErrUnknownHandle"},
	} {
		if e := fail(t, tab, c.method, c.args); e.Name != c.name {
			t.Errorf("%s(%s): %s (%s), want %s", c.method, c.args, e.Name, e.Message, c.name)
		}
		if after := snapshotOf(t, tab, h); after != before {
			t.Fatalf("%s(%s) changed the game", c.method, c.args)
		}
	}
	// the reads need no secret
	for _, m := range []string{"state", "legal", "saveRecord", "positionID", "hint"} {
		call(t, tab, m, map[string]any{"handle": h}, nil)
	}
	call(t, tab, "nextSteps", map[string]any{"handle": h, "steps": []any{}}, nil)
	// the seat to move plays; then the other seat throws and cannot undo
	call(t, tab, "apply", map[string]any{"handle": h, "notation": move, "secret": mover}, &s)
	call(t, tab, "close", map[string]any{"handle": h, "secret": other}, nil)
	if tab.Len() != 0 {
		t.Error("close with a seat's secret left the game")
	}
}

// A takeback between two people is asked by one seat and granted by the
// other; a refusal or a step played drops it; nobody undoes alone.
func TestOwnedTakebackIsAskedAndGranted(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"toccateglio","seed":8,"owned":true}`, 2)
	var s StateJSON
	// play until both seats have moved, then seat a is to move again
	moves := 0
	for i := 0; moves < 3; i++ {
		if i > 20 {
			t.Fatal("no three moves in 20 steps")
		}
		var st struct {
			Turn   string
			Player int
		}
		json.Unmarshal(s.State, &st)
		if s.State == nil || st.Turn == "chance" {
			call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[0]}, &s)
			continue
		}
		var legal LegalJSON
		call(t, tab, "legal", map[string]any{"handle": h}, &legal)
		call(t, tab, "apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": secrets[st.Player]}, &s)
		moves++
	}
	g, _ := tab.Game(h)
	last := g.Log(0)
	asker := last[len(last)-1].Actor // decided last
	granter := 1 - asker
	length := s.Length
	call(t, tab, "takeback", map[string]any{"handle": h, "secret": secrets[asker]}, &s)
	if s.Length != length || s.Takeback == nil || s.Takeback.Seat != asker || len(s.Takeback.Granted) != 0 || s.Takeback.Steps < 1 {
		t.Fatalf("after the ask: length %d (was %d), takeback %+v", s.Length, length, s.Takeback)
	}
	if e := fail(t, tab, "answerTakeback", fmt.Sprintf(`{"handle":%d,"accept":true,"secret":%q}`, h, secrets[asker])); e.Name != "ErrNotYourSeat" {
		t.Errorf("the asker grants his own takeback: %s", e.Name)
	}
	// declined: nothing taken back, the ask is gone
	s = StateJSON{}
	call(t, tab, "answerTakeback", map[string]any{"handle": h, "accept": false, "secret": secrets[granter]}, &s)
	if s.Length != length || s.Takeback != nil {
		t.Fatalf("declined: length %d, takeback %+v", s.Length, s.Takeback)
	}
	// asked again and granted: the asker's last decision is taken back
	call(t, tab, "takeback", map[string]any{"handle": h, "secret": secrets[asker]}, &s)
	steps := s.Takeback.Steps
	s = StateJSON{}
	call(t, tab, "answerTakeback", map[string]any{"handle": h, "accept": true, "secret": secrets[granter]}, &s)
	if s.Length != length-steps || s.Takeback != nil {
		t.Fatalf("granted: length %d, want %d; takeback %+v", s.Length, length-steps, s.Takeback)
	}
	var st struct{ Player int }
	json.Unmarshal(s.State, &st)
	if st.Player != asker {
		t.Errorf("after the takeback seat %d is to move, want %d", st.Player, asker)
	}
	// a step played drops an ask
	call(t, tab, "takeback", map[string]any{"handle": h, "secret": secrets[granter]}, &s)
	if s.Takeback == nil {
		t.Fatal("no ask")
	}
	var legal LegalJSON
	call(t, tab, "legal", map[string]any{"handle": h}, &legal)
	s = StateJSON{}
	call(t, tab, "apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": secrets[asker]}, &s)
	if s.Takeback != nil {
		t.Errorf("a step played kept the ask %+v", s.Takeback)
	}
	if e := fail(t, tab, "answerTakeback", fmt.Sprintf(`{"handle":%d,"accept":true,"secret":%q}`, h, secrets[asker])); e.Name != "ErrNothingTo" {
		t.Errorf("grant of a dropped ask: %s", e.Name)
	}
}

// One person against a bot holds the only person's seat: he undoes, redoes
// and takes back alone, as on one screen, and the bot's seat is played by
// its own bot only.
func TestOwnedSeatAgainstABotUndoesAlone(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 2, "owned": true, "seats": []string{"person", "greedy"}}, &s)
	h := s.Handle
	var c ClaimJSON
	call(t, tab, "claim", map[string]any{"handle": h, "seat": 0}, &c)
	for i := 0; ; i++ {
		call(t, tab, "advance", map[string]any{"handle": h, "secret": c.Secret}, &s)
		var st struct{ Turn string }
		json.Unmarshal(s.State, &st)
		if st.Turn == "over" || i > 3 {
			break
		}
		var legal LegalJSON
		call(t, tab, "legal", map[string]any{"handle": h}, &legal)
		call(t, tab, "apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": c.Secret}, &s)
		if e := fail(t, tab, "botMove", fmt.Sprintf(`{"handle":%d,"bot":"random","secret":%q}`, h, c.Secret)); e.Name != "ErrNotYourTurn" {
			t.Errorf("botMove at a throw: %s %s", e.Name, e.Message)
		}
		call(t, tab, "throw", map[string]any{"handle": h, "secret": c.Secret}, &s)
		// at the bot's turn another bot may not play it
		if e := fail(t, tab, "botMove", fmt.Sprintf(`{"handle":%d,"bot":"random","secret":%q}`, h, c.Secret)); e.Name != "ErrBadCall" && e.Name != "ErrNotYourTurn" {
			t.Errorf("botMove random at greedy's seat: %s %s", e.Name, e.Message)
		}
	}
	n := s.Length
	call(t, tab, "undo", map[string]any{"handle": h, "secret": c.Secret}, &s)
	call(t, tab, "redo", map[string]any{"handle": h, "secret": c.Secret}, &s)
	s = StateJSON{}
	call(t, tab, "takeback", map[string]any{"handle": h, "secret": c.Secret}, &s)
	if s.Length >= n || s.Takeback != nil {
		t.Errorf("takeback alone: length %d of %d, ask %+v", s.Length, n, s.Takeback)
	}
}
