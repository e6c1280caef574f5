package verkehren

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/brettspiel/brettspiel/kit"
)

// bothJunker is the position of a game in which both players are shut out
// (each in his own track): player 0 has five stones off the board and the
// entry points 1, 2 and 4 open; player 1 three off and 1 and 2 open. Each
// has a Band on the other's entry points (player 0 on 16, player 1 on 18),
// and neither has six off the board, so no double game of V-W3 holds.
func bothJunker(turn brettspiel.Player) Position {
	return Position{Stones: [2][26]int{
		{0: 5, 1: 6, 3: 1, 5: 1, 16: 2},
		{0: 3, 1: 7, 3: 1, 5: 1, 6: 1, 18: 2},
	}, Turn: turn}
}

// drawn fails t unless g ended drawn by V-W4, with the end event of the
// rule.
func drawn(t *testing.T, g *Game) {
	t.Helper()
	if g.ToMove() != brettspiel.Terminal || g.Ending() != DrawnBothJunker || winnerOf(g) != brettspiel.Nobody {
		t.Fatalf("to move %v, ending %v, winner %v; want a game drawn by V-W4\n%s", g.ToMove(), g.Ending(), winnerOf(g), g)
	}
	if r := g.Returns(); !reflect.DeepEqual(r, []int{0, 0}) {
		t.Errorf("returns %v, want [0 0]", r)
	}
	if v0, v1 := g.Evaluate(0), g.Evaluate(1); v0 != 0 || v1 != 0 {
		t.Errorf("Evaluate %v, %v, want 0 for a draw", v0, v1)
	}
	end := eventsOf(g, brettspiel.EventEnd)
	if len(end) != 1 || end[0].Rule != "V-W4" || end[0].Player != brettspiel.Nobody || end[0].Other != brettspiel.Nobody || end[0].Amount != 0 {
		t.Errorf("end events %v, want one naming V-W4, with no winner and no points", end)
	}
	if !strings.Contains(g.String(), "drawn") {
		t.Errorf("the board does not say the game is drawn:\n%s", g)
	}
}

func TestV_W4_BothJunkerDraw(t *testing.T) {
	for turn := brettspiel.Player(0); turn < 2; turn++ {
		start, err := FromPosition(VK(), bothJunker(turn))
		if err != nil {
			t.Fatal(err)
		}
		if !start.Junker(0) || !start.Junker(1) || start.OpenEntries(0) != 3 || start.OpenEntries(1) != 2 {
			t.Fatalf("the position is not the one of the rule: junker %v %v, open %d %d",
				start.Junker(0), start.Junker(1), start.OpenEntries(0), start.OpenEntries(1))
		}
		// whatever the throw, the Junker to move passes, and the game ends
		// after that whole turn
		for _, w := range dice.Distinct2() {
			g := start.clone()
			throwDice(t, g, w.Throw.String())
			if g.ToMove() != turn {
				t.Fatalf("after the throw %v is to move, want %v", g.ToMove(), turn)
			}
			if got := plays(g); !reflect.DeepEqual(got, []string{"pass"}) && !reflect.DeepEqual(got, []string{"pass", "concede"}) {
				t.Fatalf("%s: the Junker's plays are %q", w.Throw, got)
			}
			play(t, g, "pass")
			drawn(t, g)
			if g.Turns() != start.Turns()+1 || len(g.LegalMoves()) != 0 {
				t.Errorf("turns %d, legal moves %d", g.Turns(), len(g.LegalMoves()))
			}
			if err := g.Apply(kit.NewMove(brettspiel.Chance, 0)); !errors.Is(err, brettspiel.ErrIllegalMove) && !errors.Is(err, brettspiel.ErrGameOver) {
				t.Errorf("a move after the end: %v", err)
			}
		}
	}
}

func TestV_W4_OnlyOneJunkerPlaysOn(t *testing.T) {
	// player 1's three stones are on the board: only player 0 is Junker
	pos := bothJunker(0)
	pos.Stones[1][bar], pos.Stones[1][20] = 0, 3
	g, err := FromPosition(VK(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Junker(0) || g.Junker(1) {
		t.Fatalf("junker %v %v", g.Junker(0), g.Junker(1))
	}
	throwDice(t, g, "6-5")
	play(t, g, "pass")
	if g.Ending() != NotEnded || g.ToMove() != brettspiel.Chance || g.Turn() != 1 {
		t.Fatalf("one Junker ended the game: %v\n%s", g.Ending(), g)
	}
	// player 1 plays on
	throwDice(t, g, "2-1")
	if got := plays(g); len(got) < 2 || got[0] == "pass" {
		t.Fatalf("player 1 cannot play: %q", got)
	}
	play(t, g, plays(g)[0])
	if g.Ending() != NotEnded {
		t.Fatalf("ended after player 1's play: %v", g.Ending())
	}
	// the other way round: player 1 shut out, player 0 not
	pos = bothJunker(0)
	pos.Stones[0][bar], pos.Stones[0][20] = 0, 5
	h, err := FromPosition(VK(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if h.Junker(0) || !h.Junker(1) {
		t.Fatalf("junker %v %v", h.Junker(0), h.Junker(1))
	}
	throwDice(t, h, "2-1")
	play(t, h, plays(h)[0])
	if h.Ending() != NotEnded || h.ToMove() != brettspiel.Chance || h.Turn() != 1 {
		t.Fatalf("one Junker ended the game: %v\n%s", h.Ending(), h)
	}
}

// shutOut builds, under the band limit 5 with Fiske's V-B1, a position in
// which player 0 shuts himself out by entering: four Bände, four stones off
// the board, blots on his entry points 2, 4 and 5, his house closed by a
// stone of player 1 and his 6 by a Band of player 1. Entering on 2 makes the
// fifth Band: his blots on 4 and 5 then take no second stone. Player 1 is Junker
// (player 0's Bände close his entry points 1–3), with a blot on player 0's 3
// when hit is true.
func shutOut(t *testing.T, hit bool) *Game {
	t.Helper()
	me := map[int]int{0: 4, 2: 1, 4: 1, 5: 1, 13: 2, 14: 2, 15: 2, 20: 2}
	opp := map[int]int{0: 4, o(1): 1, o(6): 2, 24: 4, 23: 4}
	if hit {
		opp[0], opp[o(3)] = 5, 1
		opp[23] = 2
	}
	opts := Options{Bands: BandsFiske, Opening: BandLimit}
	g := at(t, opts, 0, 0, me, opp)
	if g.Junker(0) || !g.Junker(1) || g.Ending() != NotEnded {
		t.Fatalf("junker %v %v, ending %v\n%s", g.Junker(0), g.Junker(1), g.Ending(), g)
	}
	return g
}

func TestV_W4_ShutOutByOwnEntry(t *testing.T) {
	// player 0 enters on 2 and has made his fifth Band: three stones off the
	// board and only 2 and 3 open: both players are Junker after his turn
	g := shutOut(t, false)
	throwDice(t, g, "2-1")
	if got := plays(g); !reflect.DeepEqual(got, []string{"bar/2"}) {
		t.Fatalf("plays %q, want only bar/2 (the house is closed)", got)
	}
	play(t, g, "bar/2")
	if !g.Junker(0) || !g.Junker(1) {
		t.Fatalf("junker %v %v\n%s", g.Junker(0), g.Junker(1), g)
	}
	drawn(t, g)
	// with another throw he stays free to enter, and the game goes on
	h := shutOut(t, false)
	throwDice(t, h, "3-1")
	play(t, h, "bar/3")
	if h.Ending() != NotEnded {
		t.Errorf("the game ended: %v\n%s", h.Ending(), h)
	}
}

func TestV_W4_DoubleGameComesFirst(t *testing.T) {
	// entering on 3 hits player 1's blot (V-E3): he has six off the board and
	// is Junker, V-W3 (b); entering on 2 shuts player 0 out as well. The
	// double game of V-W3 holds, so the game is not drawn.
	g := shutOut(t, true)
	throwDice(t, g, "3-2")
	play(t, g, "bar/2 bar/3*")
	if !g.Junker(0) || !g.Junker(1) {
		t.Fatalf("junker %v %v\n%s", g.Junker(0), g.Junker(1), g)
	}
	if g.Ending() != DoubleSixOff || winnerOf(g) != 0 || !reflect.DeepEqual(g.Returns(), []int{2, -2}) {
		t.Fatalf("ending %v winner %v returns %v, want V-W3 (b) for player 0\n%s", g.Ending(), winnerOf(g), g.Returns(), g)
	}
	if e := eventsOf(g, brettspiel.EventEnd); len(e) != 1 || e[0].Rule != "V-W3" {
		t.Errorf("end events %v", e)
	}
	// both Junker and a double game is no drawn ending in a position ID
	s := g.state()
	s.winner, s.ending = brettspiel.Nobody, DrawnBothJunker
	if _, err := s.build("test"); !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "double game") {
		t.Errorf("a drawn ending where V-W3 holds: %v", err)
	}
}

// bandLimitOptions are the rules with the band-limit opening (V-O1), under
// each reading of V-B1: near the limit an own blot takes no second stone, and
// under Fiske's reading a player may shut himself out by entering.
var bandLimitOptions = []Options{
	VKBandLimit(),
	{Opening: BandLimit, BandLimit: 6},
	{Bands: BandsFiske, Opening: BandLimit},
	{Bands: BandsCotton, Opening: BandLimit},
}

// nearBandLimit draws a position with both sides at or one below the band
// limit, stones off the board and blots on the entry points. Not every drawn
// position is legal (FromPosition says which).
func nearBandLimit(t *rapid.T) (Options, Position) {
	opts := rapid.SampledFrom(bandLimitOptions).Draw(t, "options")
	var pos Position
	// taken reports whether a point of player p's track holds any stone.
	taken := func(p, i int) bool { return pos.Stones[p][i] > 0 || pos.Stones[1-p][oppPoint[i]] > 0 }
	free := func(p, lo, hi int) []int {
		var out []int
		for i := lo; i <= hi; i++ {
			if !taken(p, i) {
				out = append(out, i)
			}
		}
		return out
	}
	lowBand := 13 // the lowest point a Band may stand on before a stone has reached 12
	switch opts.Bands {
	case BandsVK:
		lowBand = 12
	case BandsFiske:
		lowBand = 2
	}
	for p := range 2 {
		left := 15
		off := rapid.IntRange(1, 5).Draw(t, "off the board")
		pos.Stones[p][bar], left = off, left-off
		nb := rapid.IntRange(opts.limit()-1, opts.limit()).Draw(t, "bands")
		for i := 0; i < nb && left >= 2; i++ {
			lo := lowBand
			if i == 0 && lo < 12 {
				lo = 12 // Fiske: the first Band has reached 12, so the others may stand lower
			}
			pts := free(p, lo, 24)
			if len(pts) == 0 {
				break
			}
			pt := rapid.SampledFrom(pts).Draw(t, "band point")
			n := min(left, rapid.IntRange(2, 3).Draw(t, "band stones"))
			pos.Stones[p][pt], left = n, left-n
		}
		// blots, most of them on the entry points, the rest on the house
		for blots := rapid.IntRange(0, min(left, 6)).Draw(t, "blots"); blots > 0; blots-- {
			hi := 6
			if rapid.Bool().Draw(t, "blot outside the entry points") {
				hi = 24
			}
			pts := free(p, 2, hi)
			if len(pts) == 0 {
				break
			}
			pos.Stones[p][rapid.SampledFrom(pts).Draw(t, "blot point")]++
			left--
		}
		pos.Stones[p][house] += left
	}
	pos.Turn = brettspiel.Player(rapid.IntRange(0, 1).Draw(t, "turn"))
	return opts, pos
}

// TestV_W4_GamesNearTheBandLimitEnd plays random games from positions near
// the band limit, where both players are often shut out at once: every game
// ends before the turn cap.
func TestV_W4_GamesNearTheBandLimitEnd(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		opts, pos := nearBandLimit(rt)
		g, err := FromPosition(opts, pos)
		if err != nil {
			return // the drawn stones make no legal position
		}
		start := g.clone()
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 4))
		if err := brettspiel.PlayOut(g, r, noConcede, 0); err != nil {
			rt.Fatal(err)
		}
		if g.Ending() == TurnCapped {
			rt.Fatalf("the game from\n%s\nreached the turn cap:\n%s", start, g)
		}
	})
}

// drawnGame is the position of TestV_W4_BothJunkerDraw after player 0's
// pass: over, drawn by V-W4.
func drawnGame(t *testing.T, opts Options) *Game {
	t.Helper()
	g, err := FromPosition(opts, bothJunker(0))
	if err != nil {
		t.Fatal(err)
	}
	throwDice(t, g, "6-5")
	play(t, g, "pass")
	drawn(t, g)
	return g
}

func TestV_W4_DrawInTheFormats(t *testing.T) {
	g := drawnGame(t, VK())
	// position ID: the ending has its own code, and loads as it was
	back, err := roundTripID(g)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, g) {
		t.Errorf("the ID %s loads as\n%s", g.ID(), back)
	}
	// JSON: "ending" says drawn-both-junker, no winner, returns 0 0, valid
	// under the schema
	sch := schematest.Compile(t, JSONSchema())
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(sch, data); err != nil {
		t.Errorf("the schema refuses %s: %v", data, err)
	}
	for _, want := range []string{`"ending":"drawn-both-junker"`, `"returns":[0,0]`, `"turn":"over"`, `"junker":[true,true]`, `"rule":"V-W4"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the JSON lacks %s:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), `"winner"`) {
		t.Errorf("a drawn game has a winner in its JSON:\n%s", data)
	}
	if jb, err := roundTripJSON(g); err != nil || !reflect.DeepEqual(jb, g) {
		t.Errorf("JSON round trip: %v\n%s", err, jb)
	}

	// what the state must show for the ending: both Junker, nobody won
	edit := func(f func(m map[string]any)) []byte {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		f(doc)
		delete(doc, "id") // the ID check comes after the state's own
		out, _ := json.Marshal(doc)
		return out
	}
	for _, c := range []struct {
		name string
		doc  []byte
		want string
	}{
		{"a winner", edit(func(m map[string]any) { m["winner"] = 0 }), "winner"},
		{"one Junker", edit(func(m map[string]any) {
			tr := m["sides"].([]any)[1].(map[string]any)["track"].([]any)
			tr[0], tr[20] = 0.0, 3.0
		}), "both players Junker"},
	} {
		h, _ := New(VK())
		before := *h
		err := h.UnmarshalJSON(c.doc)
		wantError(t, c.name, err, brettspiel.ErrBadPosition, c.want)
		if !reflect.DeepEqual(*h, before) {
			t.Errorf("%s: a failed UnmarshalJSON changed the game", c.name)
		}
	}
	s := g.state()
	s.winner = 1
	if _, err := s.build("test"); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("a drawn game with a winner builds: %v", err)
	}
	s = g.state()
	s.turns = VK().turnCap() + 1
	if _, err := s.build("test"); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("a drawn game after more turns than the cap builds: %v", err)
	}
	s = g.state()
	s.ending = DrawnBothJunker + 1
	if _, err := s.build("test"); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("an unknown ending builds: %v", err)
	}
}

// TestV_W4_PreviousIDsStillLoad loads IDs written before the ending existed:
// the position of TestV_W4_BothJunkerDraw under a turn cap of 3 after 2
// turns, at the throw, at the play, and after the pass that reached the cap.
// Such a game then ended by the turn cap, and its ID still loads as that;
// played on from the earlier IDs, it ends drawn.
func TestV_W4_PreviousIDsStillLoad(t *testing.T) {
	for _, c := range []struct {
		id     string
		ending Ending
	}{
		{"verkehren:1:AAAAAAADAgAAAAACBQDfn4mABvfPlIAYp8A", NotEnded},
		{"verkehren:1:AAAAAAADAwAGBQACBQDfn4mABvfPlIAYxk4", NotEnded},
		{"verkehren:1:AAAAAAADBAAAAAADBQbfn4mABvfPlIAYCIM", TurnCapped},
	} {
		g, err := ParseID(c.id)
		if err != nil {
			t.Errorf("%s: %v", c.id, err)
			continue
		}
		if g.ID() != c.id || g.Ending() != c.ending || !g.Junker(0) || !g.Junker(1) {
			t.Errorf("%s loads as %s, ending %v\n%s", c.id, g.ID(), g.Ending(), g)
		}
		if c.ending != NotEnded {
			continue
		}
		r := rand.New(rand.NewPCG(1, 2))
		if err := brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		drawn(t, g)
		if g.Turns() != 3 {
			t.Errorf("%s: ended after %d turns, want 3", c.id, g.Turns())
		}
	}
}

// TestV_E2_OwnStoneClosesOnlyWhereTheBandRuleForbids: an own stone on an
// entry point 2–6 closes it to entering exactly when the band rule in force
// (V-B1, by its option) forbids a second own stone there. Player 0 has one
// stone off the board and a blot on his 3; nothing of player 1 stands on
// his points 1–6, and the house holds 10 stones, so the opening rule (V-O1)
// allows Bände.
func TestV_E2_OwnStoneClosesOnlyWhereTheBandRuleForbids(t *testing.T) {
	opp := map[int]int{22: 7, 23: 8} // on player 0's 10 and 11
	before12 := map[int]int{0: 1, 1: 10, 3: 1, 7: 1, 8: 1, 9: 1}
	reached := map[int]int{0: 1, 1: 10, 3: 1, 7: 1, 8: 1, 12: 1} // a stone on the Hucke
	borneOff := map[int]int{0: 1, 1: 10, 3: 1, 7: 1, 8: 1}       // one stone borne off
	fiskeLimit := Options{Bands: BandsFiske, Opening: BandLimit}
	cases := []struct {
		name string
		opts Options
		me   map[int]int
		open bool // a stone may enter on the own blot on 3
	}{
		{"VK", VK(), reached, false},
		{"VK band limit", VKBandLimit(), reached, false},
		{"Cotton", Cotton(), reached, false},
		{"Fiske before a stone reached 12", Fiske(), before12, false},
		{"Fiske with a stone on 12", Fiske(), reached, true},
		{"Fiske with a stone borne off", Fiske(), borneOff, true},
		{"Fiske band limit with a stone on 12", fiskeLimit, reached, true},
	}
	for _, c := range cases {
		g := at(t, c.opts, 3, 3, c.me, opp)
		if got := g.OpenEntries(0); got != map[bool]int{true: 6, false: 5}[c.open] {
			t.Errorf("%s: %d open entry points", c.name, got)
		}
		if c.open {
			play(t, g, "bar/3 1/4 1/4 1/4") // a Band on 3 and one on 4, as the rule allows
			if g.Count(0, 3) != 2 || g.Count(0, 4) != 3 {
				t.Errorf("%s: the Band on the entry point\n%s", c.name, g)
			}
			continue
		}
		refused(t, g, "bar/3 1/4 1/7 1/10", brettspiel.ErrIllegalMove, "V-B1")
		for _, s := range plays(g) {
			if strings.HasPrefix(s, "bar/3") {
				t.Errorf("%s: entered on the own blot on 3: %s", c.name, s)
			}
		}
	}
	// the house takes any number of own stones; one opponent stone closes
	// it, and two close any entry point, whatever the band rule
	for _, opts := range []Options{VK(), Cotton(), Fiske()} {
		g := at(t, opts, 1, 1, map[int]int{0: 2, 1: 10, 13: 3}, map[int]int{22: 7, 23: 8})
		play(t, g, "bar/1 bar/1 13/14 14/15")
		if g.Count(0, 1) != 12 {
			t.Errorf("%v: entering on the own house\n%s", opts, g)
		}
		h := at(t, opts, 2, 1, map[int]int{0: 2, 13: 13}, map[int]int{o(1): 1, o(2): 2, 23: 12})
		if got := plays(h); !reflect.DeepEqual(got, []string{"pass"}) && !reflect.DeepEqual(got, []string{"pass", "concede"}) {
			t.Errorf("%v: entering on 1 and 2: %q", opts, got)
		}
	}
}
