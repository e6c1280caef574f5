//go:build !js

package session_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/session"
	"pgregory.net/rapid"
)

// The commitment is what its doc says, byte for byte: a known answer,
// computed without this module by the doc's Python and shell lines (salt
// 00 01 … 1f), and the hash of the documented bytes made here by hand.
func TestCommitIsTheDocumentedHash(t *testing.T) {
	salt := make([]byte, session.SaltSize)
	for i := range salt {
		salt[i] = byte(i)
	}
	for _, c := range []struct {
		seed session.Seed
		want string
	}{
		{0, "ca8b238b5b7f86926d6a63cc5d4b4ad096082c67b09dd4e2db8c7bce57c10d5d"},
		{7, "ea2cb3ecce47c12689b7e1b8608405cc442f4dd04266d682a56906166f79476e"},
		{1<<63 - 1, "2e40e04694d9df81315f0e0a73ec0cc6ae50a712db252edbbefe375517ca915f"},
		{1<<64 - 1, "db50cd8d55c118441eba9a43cb3387b23c6ec06b86827aef884752f949f3675a"},
	} {
		b := append([]byte("brettspiel dice 1\n"), salt...)
		b = binary.BigEndian.AppendUint64(b, uint64(c.seed))
		sum := sha256.Sum256(b)
		if got, hand := session.Commit(c.seed, salt), hex.EncodeToString(sum[:]); got != hand || got != c.want {
			t.Errorf("Commit(%d) = %s; by hand %s, known %s", c.seed, got, hand, c.want)
		}
	}
	a, err := session.NewSalt()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := session.NewSalt()
	if len(a) != session.SaltSize || string(a) == string(b) {
		t.Errorf("NewSalt gave %x and %x", a, b)
	}
}

// diceGame is a game of the catalogue: a variant's preset and a seat count.
type diceGame struct {
	variant, preset string
	players         int
}

// diceGames are every preset of every variant at every seat count it
// allows.
func diceGames() []diceGame {
	var out []diceGame
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				out = append(out, diceGame{v.Name, p.Name, n})
			}
		}
	}
	return out
}

// playedRecord plays a whole game of g from seed with a bot at every seat
// and returns its record.
func playedRecord(t *rapid.T, g diceGame, seed session.Seed, bots []string) string {
	seats := make([]string, g.players)
	for i := range seats {
		seats[i] = rapid.SampledFrom(bots).Draw(t, "seat")
	}
	game, err := session.New(session.Config{Variant: g.variant, Preset: g.preset, Players: g.players, Seed: &seed, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	for {
		steps, err := game.Advance(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) == 0 {
			break
		}
	}
	if p := game.Position().ToMove(); p != brettspiel.Terminal {
		t.Fatalf("the bots stopped with %v to move", p)
	}
	text, err := game.Record()
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// throwsOf replays a record and returns, for each of its throws, its
// step's index and the other throws the position allowed, in the game's
// notation.
func throwsOf(t *rapid.T, text string) (index []int, others [][]string) {
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	steps := rec.Steps
	rec.Steps = nil
	g, err := catalog.LoadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range steps {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if g.ToMove() == brettspiel.Chance {
			var o []string
			for _, c := range g.ChanceOutcomes() {
				if c.Move != m {
					o = append(o, g.MoveString(c.Move))
				}
			}
			index, others = append(index, i), append(others, o)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return index, others
}

// withStep returns a record's text with the step of index i written as s
// instead, and the line the step is on.
func withStep(t *rapid.T, text string, i int, s string) (string, int) {
	lines := strings.Split(text, "\n")
	n, head := 0, true
	for k, l := range lines {
		l = strings.TrimSpace(l)
		if head || l == "" || strings.HasPrefix(l, "#") {
			head = head && l != ""
			continue
		}
		steps := strings.Split(l, ";")
		if i < n+len(steps) {
			for j := range steps {
				steps[j] = strings.TrimSpace(steps[j])
			}
			steps[i-n] = s
			lines[k] = strings.Join(steps, " ; ")
			return strings.Join(lines, "\n"), k + 1
		}
		n += len(steps)
	}
	t.Fatalf("the record has no step %d", i)
	return "", 0
}

// startOf is the game a record's head starts, for Record.WriteTo.
func startOf(t *rapid.T, rec *brettspiel.Record) brettspiel.Game {
	head := *rec
	head.Steps = nil
	g, err := catalog.LoadRecord(&head)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// verified is VerifyDice that fails the test on an error: the records
// here are all whole games.
func verified(t *rapid.T, text string, p session.DiceProof) session.DiceCheck {
	c, err := session.VerifyDice(text, p)
	if err != nil {
		t.Fatalf("VerifyDice: %v", err)
	}
	return c
}

// checkDiceProof plays a whole game of g from a random seed with bots, and
// checks that its record and the proof made from its seed and a random salt
// verify; that the record with one throw changed to another fails at
// exactly that throw; and that a wrong seed, salt or commitment, or one
// that is not hex, fails.
func checkDiceProof(t *rapid.T, g diceGame, bots []string) {
	seed := session.Seed(rapid.Uint64().Draw(t, "seed"))
	salt := rapid.SliceOfN(rapid.Byte(), session.SaltSize, session.SaltSize).Draw(t, "salt")
	text := playedRecord(t, g, seed, bots)
	index, others := throwsOf(t, text)
	p := session.DiceProof{Commitment: session.Commit(seed, salt), Seed: seed, Salt: hex.EncodeToString(salt)}

	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	steps := len(rec.Steps)
	if c := verified(t, text, p); !c.OK || !c.Commitment || c.Throws != len(index) || c.Steps != steps || !c.Over || c.Bad != nil || c.Reason != "" {
		t.Fatalf("the game's own record: %+v; want OK and over with %d throws in %d steps", c, len(index), steps)
	}

	// the game's length: the whole record passes, one cut short passes only
	// without it, and says so
	whole := p
	whole.Length = steps
	if c := verified(t, text, whole); !c.OK || !c.Over || c.Steps != steps {
		t.Fatalf("the game's own record with its length %d: %+v", steps, c)
	}
	m := rapid.IntRange(0, steps-1).Draw(t, "cut")
	var cut strings.Builder
	rec.Steps = rec.Steps[:m]
	if _, err := rec.WriteTo(&cut, startOf(t, rec)); err != nil {
		t.Fatal(err)
	}
	throwsBefore := 0
	for _, i := range index {
		if i < m {
			throwsBefore++
		}
	}
	if c := verified(t, cut.String(), p); !c.OK || c.Over || c.Steps != m || c.Throws != throwsBefore {
		t.Fatalf("the record cut after %d steps (%d throws), without the length: %+v", m, throwsBefore, c)
	}
	if c := verified(t, cut.String(), whole); c.OK || c.Over || c.Steps != m || c.Throws != throwsBefore || c.Bad != nil || !strings.Contains(c.Reason, "cut short") {
		t.Fatalf("the record cut after %d steps, with the length %d: %+v", m, steps, c)
	}
	for _, l := range []int{steps - 1, steps + 1, -1} {
		other := p
		other.Length = l
		if c := verified(t, text, other); c.OK || c.Reason == "" || !c.Over || c.Steps != steps {
			t.Fatalf("the game's own record with the length %d: %+v", l, c)
		}
	}

	// one throw changed: the first bad one is that one, whatever follows
	k := rapid.IntRange(0, len(index)-1).Draw(t, "throw")
	if len(others[k]) > 0 {
		changed, line := withStep(t, text, index[k], rapid.SampledFrom(others[k]).Draw(t, "other"))
		c := verified(t, changed, p)
		thrown := strings.Split(strings.Split(changed, "\n")[line-1], " ; ")
		if c.OK || !c.Commitment || c.Throws != k || c.Steps != index[k] || c.Over || c.Bad == nil || c.Bad.Index != index[k] || c.Bad.Line != line ||
			!slices.Contains(thrown, c.Bad.Thrown) || c.Bad.Expected == c.Bad.Thrown || c.Reason == "" {
			t.Fatalf("throw %d (step %d, line %d) changed: %+v (bad %+v)", k, index[k], line, c, c.Bad)
		}
	}

	// a proof that does not hold: the throws are checked all the same
	other := session.Seed(rapid.Uint64().Filter(func(s uint64) bool { return s != uint64(seed) }).Draw(t, "other seed"))
	wrongSalt := append([]byte(nil), salt...)
	wrongSalt[rapid.IntRange(0, session.SaltSize-1).Draw(t, "byte")] ^= 1 << rapid.IntRange(0, 7).Draw(t, "bit")
	for _, w := range []struct {
		what   string
		p      session.DiceProof
		throws bool // the throws follow the proof's seed
	}{
		{"another seed", session.DiceProof{Commitment: p.Commitment, Seed: other, Salt: p.Salt}, false},
		{"the other seed's commitment", session.DiceProof{Commitment: session.Commit(other, salt), Seed: other, Salt: p.Salt}, false},
		{"another salt", session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: hex.EncodeToString(wrongSalt)}, true},
		{"another commitment", session.DiceProof{Commitment: session.Commit(seed, wrongSalt), Seed: seed, Salt: p.Salt}, true},
		{"a short salt", session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: p.Salt[2:]}, true},
		{"a salt not hex", session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: "zz" + p.Salt[2:]}, true},
		{"a short commitment", session.DiceProof{Commitment: p.Commitment[:63], Seed: seed, Salt: p.Salt}, true},
		{"no commitment", session.DiceProof{Seed: seed, Salt: p.Salt}, true},
	} {
		c := verified(t, text, w.p)
		switch {
		case c.Commitment && w.what != "the other seed's commitment", c.OK, c.Reason == "":
			t.Fatalf("%s: %+v", w.what, c)
		case w.throws && (c.Bad != nil || c.Throws != len(index)):
			t.Fatalf("%s: the throws follow the seed, but %+v (bad %+v)", w.what, c, c.Bad)
		case !w.throws && c.Bad == nil:
			t.Fatalf("%s: all %d throws are the other seed's too? %+v", w.what, len(index), c)
		}
	}
}

// Every throw of a game of secret dice can be checked after it: a game of
// each preset of each variant at each seat count, played by bots from a
// random seed, verifies against the commitment to its seed, and a throw
// changed in its record is named as the first bad one (checkDiceProof).
// Every game of the catalogue is played once, from random data; then as
// many random games as rapid draws with BRETTSPIEL_LONG=1, where the
// greedy bot sits at some seats too (the package's time under -race
// allows the first part only).
func TestDiceFollowTheSeed(t *testing.T) {
	data := rand.Uint64()
	defer func() {
		if t.Failed() {
			t.Logf("the data of the games of the catalogue came from %d", data)
		}
	}()
	r := rand.New(rand.NewPCG(data, 0))
	for _, g := range diceGames() {
		t.Run(fmt.Sprintf("%s/%s/%d", g.variant, g.preset, g.players), func(t *testing.T) {
			in := make([]byte, 8<<10)
			for i := range in {
				in[i] = byte(r.Uint32())
			}
			ran := false
			rapid.MakeFuzz(func(t *rapid.T) {
				checkDiceProof(t, g, []string{"random"})
				ran = true
			})(t, in)
			if !ran {
				t.Fatal("the random data ran out")
			}
		})
	}
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		return
	}
	games := diceGames()
	rapid.Check(t, func(t *rapid.T) {
		checkDiceProof(t, rapid.SampledFrom(games).Draw(t, "game"), []string{"random", "greedy"})
	})
}

// A record that starts at a position ID counts its steps from there, as
// the game loaded from the ID does; a record that cannot be read, or whose
// steps do not play before a bad throw, is an error, not a failed check.
func TestVerifyDiceReadsRecords(t *testing.T) {
	salt := make([]byte, session.SaltSize)
	proof := func(seed session.Seed) session.DiceProof {
		return session.DiceProof{Commitment: session.Commit(seed, salt), Seed: seed, Salt: hex.EncodeToString(salt)}
	}
	for _, variant := range []string{"toccateglio", "verkehren", "festung"} {
		g, err := session.New(session.Config{Variant: variant, Seed: session.SeedOf(3), Seats: []string{"random", "random"}})
		if err != nil {
			t.Fatal(err)
		}
		g.Advance(context.Background(), 25)
		id, _ := g.PositionID()
		g, err = session.LoadID(id, session.Config{Seed: session.SeedOf(11), Seats: []string{"random", "random"}})
		if err != nil {
			t.Fatal(err)
		}
		g.Advance(context.Background(), 0)
		text, _ := g.Record()
		if !strings.Contains(text, "\nstart: ") {
			t.Fatalf("%s: a record from a position ID without its start:\n%.200s", variant, text)
		}
		if c, err := session.VerifyDice(text, proof(11)); err != nil || !c.OK || c.Throws == 0 {
			t.Errorf("%s from a position ID: %+v, %v", variant, c, err)
		}
	}

	g, _ := session.New(session.Config{Variant: "verkehren", Seed: session.SeedOf(5), Seats: []string{"random", "random"}})
	g.Advance(context.Background(), 0)
	text, _ := g.Record()
	lines := strings.Split(text, "\n")
	play := strings.Index(text, " ; 1/") + len(" ; ") // the first play, after the throws of the start
	for _, c := range []struct {
		what, text string
		want       error
	}{
		{"no record", "", brettspiel.ErrBadNotation},
		{"an unknown game", strings.Replace(text, "game: verkehren", "game: chess", 1), brettspiel.ErrBadOptions},
		{"a play that cannot be", text[:play] + "24/1" + text[strings.Index(text[play:], "\n")+play:], brettspiel.ErrBadNotation},
		{"a step after the end", text + "6-6\n", brettspiel.ErrGameOver},
		{"a line too long", strings.Join(lines[:4], "\n") + "\n" + strings.Repeat("x", brettspiel.MaxRecordLine+1), brettspiel.ErrBadNotation},
	} {
		got, err := session.VerifyDice(c.text, proof(5))
		if !errors.Is(err, c.want) || got != (session.DiceCheck{}) {
			t.Errorf("%s: %+v, %v; want an error wrapping %v", c.what, got, err, c.want)
		}
		var step *brettspiel.StepError
		if c.what == "a play that cannot be" && (!errors.As(err, &step) || step.Line != 5 || step.Step != "24/1") {
			t.Errorf("%s: %v; want the step and its line", c.what, err)
		}
	}
	// the first bad throw comes before the bad step: it is named
	bad := strings.Replace(text, "\n"+lines[4], "\n"+lines[4]+"\n6-6 ; 24/1", 1)
	if c, err := session.VerifyDice(bad, proof(5)); err != nil || c.OK || c.Bad == nil || c.Bad.Thrown != "6-6" {
		t.Errorf("a throw inserted: %+v, %v", c, err)
	}
}

// verifyDice answers with VerifyDice's check as JSON, takes the seed as a
// number or a string of digits, and refuses arguments wrong in themselves
// with ErrBadCall and a record that cannot be read with the record's error.
func TestVerifyDiceCall(t *testing.T) {
	tab := session.NewTable(session.Options{})
	seed := session.Seed(1<<60 + 3) // more than a JavaScript number holds
	g, _ := session.New(session.Config{Variant: "toccateglio", Seed: &seed, Seats: []string{"random", "random"}})
	g.Advance(context.Background(), 0)
	text, _ := g.Record()
	salt, _ := session.NewSalt()
	p := session.DiceProof{Commitment: session.Commit(seed, salt), Seed: seed, Salt: hex.EncodeToString(salt)}
	changed := strings.Replace(text, "\n\n", "\n\n6-6 ; 5-5 ; ", 1) // a throw for the start that is not the seed's
	args := func(text string, p session.DiceProof) string {
		length := ""
		if p.Length != 0 {
			length = fmt.Sprintf(`,"length":%d`, p.Length)
		}
		return fmt.Sprintf(`{"text":%q,"commitment":%q,"seed":"%d","salt":%q%s}`, text, p.Commitment, uint64(p.Seed), p.Salt, length)
	}
	withLength := func(n int) session.DiceProof {
		q := p
		q.Length = n
		return q
	}
	for _, c := range []struct {
		what, args string
		text       string
		p          session.DiceProof
	}{
		{"the game's record", args(text, p), text, p},
		{"the seed as a number", fmt.Sprintf(`{"seed":%d,"salt":%q,"commitment":%q,"text":%q}`, uint64(seed), p.Salt, p.Commitment, text), text, p},
		{"a changed throw", args(changed, p), changed, p},
		{"the game's length", args(text, withLength(g.Len())), text, withLength(g.Len())},
		{"a length the record has not", args(text, withLength(g.Len()+1)), text, withLength(g.Len() + 1)},
		{"another salt", args(text, session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: strings.Repeat("ab", session.SaltSize)}),
			text, session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: strings.Repeat("ab", session.SaltSize)}},
		{"a salt not hex", args(text, session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: "salt"}),
			text, session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: "salt"}},
	} {
		want, err := session.VerifyDice(c.text, c.p)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		if got := tab.Call("verifyDice", []byte(c.args)); string(got) != string(wantJSON) {
			t.Errorf("%s: %s; VerifyDice %s", c.what, got, wantJSON)
		}
		if (c.what == "the game's record" || c.what == "the seed as a number" || c.what == "the game's length") != want.OK {
			t.Errorf("%s: %+v", c.what, want)
		}
	}
	for _, c := range []struct{ what, args, want string }{
		{"no text", `{"commitment":"","seed":1,"salt":""}`, "ErrBadCall"},
		{"no commitment", `{"text":"","seed":1,"salt":""}`, "ErrBadCall"},
		{"no seed", `{"text":"","commitment":"","salt":""}`, "ErrBadCall"},
		{"no salt", `{"text":"","commitment":"","seed":1}`, "ErrBadCall"},
		{"an unknown key", `{"text":"","commitment":"","seed":1,"salt":"","handle":1}`, "ErrBadCall"},
		{"a key in another case", `{"Text":"","commitment":"","seed":1,"salt":""}`, "ErrBadCall"},
		{"a key twice", `{"text":"","text":"","commitment":"","seed":1,"salt":""}`, "ErrBadCall"},
		{"a negative seed", `{"text":"","commitment":"","seed":-1,"salt":""}`, "ErrBadCall"},
		{"a seed too large", `{"text":"","commitment":"","seed":"18446744073709551616","salt":""}`, "ErrBadCall"},
		{"a seed not whole", `{"text":"","commitment":"","seed":1.5,"salt":""}`, "ErrBadCall"},
		{"a salt as bytes", `{"text":"","commitment":"","seed":1,"salt":[1,2]}`, "ErrBadCall"},
		{"a text not a string", `{"text":7,"commitment":"","seed":1,"salt":""}`, "ErrBadCall"},
		{"a negative length", `{"text":"","commitment":"","seed":1,"salt":"","length":-1}`, "ErrBadCall"},
		{"a length not whole", `{"text":"","commitment":"","seed":1,"salt":"","length":1.5}`, "ErrBadCall"},
		{"a length as a string", `{"text":"","commitment":"","seed":1,"salt":"","length":"5"}`, "ErrBadCall"},
		{"no object", `[]`, "ErrBadCall"},
		{"no record", `{"text":"","commitment":"","seed":1,"salt":""}`, "ErrBadNotation"},
		{"a record of no game", `{"text":"game: chess\n\n","commitment":"","seed":1,"salt":""}`, "ErrBadOptions"},
	} {
		var e struct{ Error *session.ErrorJSON }
		out := tab.Call("verifyDice", []byte(c.args))
		if json.Unmarshal(out, &e); e.Error == nil || e.Error.Name != c.want {
			t.Errorf("%s: %s; want %s", c.what, out, c.want)
		}
	}
}

// A game of secret dice: its players are told the commitment at the start,
// the seed and the salt once it is over, and anyone checks its record
// with them. Here the record is checked as the game wrote it; cut short
// after three steps, which passes as far as it goes but not to the end,
// and fails against the game's length; and with the throw of its third
// step changed from 6-2 to 6-3: the play after it no longer fits, but the
// check ends at that throw and names it.
func ExampleVerifyDice() {
	seed := session.Seed(7) // a server draws it from crypto/rand and keeps it
	salt, err := session.NewSalt()
	if err != nil {
		panic(err)
	}
	commitment := session.Commit(seed, salt) // told to the players at the start

	g, _ := session.New(session.Config{Variant: "verkehren", Seed: &seed, Seats: []string{"random", "random"}})
	g.Advance(context.Background(), 0)
	record, _ := g.Record()

	proof := session.DiceProof{Commitment: commitment, Seed: seed, Salt: hex.EncodeToString(salt)}
	c, _ := session.VerifyDice(record, proof)
	fmt.Println(c.OK, c.Throws, "throws in", c.Steps, "steps, to the end:", c.Over)

	// cut short: it checks as far as it goes, and with the game's length
	// (the players saw it) it fails
	cut := record[:strings.Index(record, "\n4-1 ; 5-4 ; 6-2 ;")+len("\n4-1 ; 5-4 ; 6-2")]
	c, _ = session.VerifyDice(cut, proof)
	fmt.Println(c.OK, c.Throws, "throws in", c.Steps, "steps, to the end:", c.Over)
	proof.Length = g.Len()
	c, _ = session.VerifyDice(cut, proof)
	fmt.Println(c.OK, c.Reason)

	changed := strings.Replace(record, "\n4-1 ; 5-4 ; 6-2 ;", "\n4-1 ; 5-4 ; 6-3 ;", 1)
	c, _ = session.VerifyDice(changed, proof)
	fmt.Println(c.OK, c.Commitment, c.Throws)
	fmt.Printf("%+v\n", *c.Bad)
	fmt.Println(c.Reason)
	// Output:
	// true 246 throws in 490 steps, to the end: true
	// true 3 throws in 3 steps, to the end: false
	// false the record has 3 steps where the game played 490: it is cut short
	// false true 2
	// {Index:2 Line:5 Thrown:6-3 Expected:6-2}
	// step 2 (line 5) throws "6-3" where the seed throws 6-2
}
