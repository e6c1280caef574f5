package kit_test

// Einbahn is a fourth game, written against packages brettspiel and kit
// alone, to show what a game must write itself: a one-die race. Each of two
// players brings Stones stones from his hand (place 0) along his own track
// of Track points and off beyond it; a turn is a throw of one die and the
// move of one stone by its number. Who bears off all his stones first wins.
// The players' tracks are apart, so nobody hits. Seat 0 begins.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

const einbahnName = "einbahn"

type einbahnOptions struct{ Stones, Track int }

var einbahnPresets = []kit.Preset[einbahnOptions]{
	{Name: "Standard", Source: "this test", Summary: "3 stones, 12 points", Options: einbahnOptions{3, 12}},
	{Name: "Short", Source: "this test", Summary: "2 stones, 6 points", Options: einbahnOptions{2, 6}},
}

func (o einbahnOptions) String() string { return fmt.Sprintf("stones=%d track=%d", o.Stones, o.Track) }

// parseEinbahnOptions reads "stones=N track=N" over base.
func parseEinbahnOptions(base einbahnOptions, terms []string) (einbahnOptions, error) {
	input := strings.Join(terms, " ")
	settings, err := kit.ParseSettings(kit.OpParseOptions, input, kit.LowerAll(terms), []string{"stones", "track"})
	if err != nil {
		return einbahnOptions{}, err
	}
	o := base
	for _, s := range settings {
		n, err := s.Int(kit.OpParseOptions, input)
		if err != nil {
			return einbahnOptions{}, err
		}
		if s.Key == "stones" {
			o.Stones = n
		} else {
			o.Track = n
		}
	}
	if o.Stones < 1 || o.Stones > 15 || o.Track < 6 || o.Track > 24 {
		return einbahnOptions{}, &brettspiel.Error{Op: kit.OpCheckOptions, Input: o.String(), Err: brettspiel.ErrBadOptions, Reason: "stones are 1…15, the track 6…24 points"}
	}
	return o, nil
}

type einbahn struct {
	opts   einbahnOptions
	stones [2][]int // each seat's places, sorted; Track+1 is off
	seat   int      // the seat to throw or to move
	die    int      // the number to play; 0 while the throw is due
	winner int      // −1 while the game goes on
	events []brettspiel.Event
}

// throws is the die's table: six outcomes of weight 1.
var throws = func() *kit.Chance {
	outs := make([]brettspiel.Outcome, 6)
	for n := range outs {
		outs[n] = brettspiel.Outcome{Move: kit.NewMove(brettspiel.Chance, uint64(n+1)), Weight: 1}
	}
	return kit.NewChance(outs)
}()

func newEinbahn(o einbahnOptions) *einbahn {
	g := &einbahn{opts: o, winner: -1}
	for s := range g.stones {
		g.stones[s] = make([]int, o.Stones)
	}
	return g
}

func (g *einbahn) off() int        { return g.opts.Track + 1 }
func (g *einbahn) NumPlayers() int { return 2 }
func (g *einbahn) Variant() string { return einbahnName }

func (g *einbahn) ToMove() brettspiel.Player {
	switch {
	case g.winner >= 0:
		return brettspiel.Terminal
	case g.die == 0:
		return brettspiel.Chance
	}
	return brettspiel.Player(g.seat)
}

func (g *einbahn) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }

// AppendLegalMoves lists a move per distinct place of a stone not yet off,
// ascending: stones on one place make one move.
func (g *einbahn) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.ToMove() {
	case brettspiel.Terminal:
		return dst
	case brettspiel.Chance:
		for i := range throws.Len() {
			dst = append(dst, throws.Outcome(i).Move)
		}
		return dst
	}
	for i, p := range g.stones[g.seat] {
		if p != g.off() && (i == 0 || g.stones[g.seat][i-1] != p) {
			dst = append(dst, kit.NewMove(brettspiel.Player(g.seat), uint64(p)))
		}
	}
	return dst
}

func (g *einbahn) ChanceOutcomes() []brettspiel.Outcome { return throws.OutcomesAt(g.ToMove()) }

// SampleChance draws a throw by one lookup (kit.ChanceSampler).
func (g *einbahn) SampleChance(r *rand.Rand) brettspiel.Move { return throws.SampleAt(g.ToMove(), r) }

func (g *einbahn) Apply(m brettspiel.Move) error {
	if err := kit.CheckMove(g.ToMove(), m, g.LegalMoves(), g.MoveString); err != nil {
		return err
	}
	g.events = g.events[:0]
	if m.Actor() == brettspiel.Chance {
		g.die = int(m.Payload())
		g.events = append(g.events, g.event(brettspiel.EventThrow, brettspiel.NoPlace, brettspiel.NoPlace, 0))
		g.events[0].Dice = []int{g.die}
		return nil
	}
	from := int(m.Payload())
	to := min(from+g.die, g.off())
	kind := brettspiel.EventMove
	if to == g.off() {
		kind = brettspiel.EventBearOff
	}
	mine := g.stones[g.seat]
	mine[slices.Index(mine, from)] = to
	slices.Sort(mine)
	g.events = append(g.events, g.event(kind, from, to, g.die))
	if mine[0] == g.off() {
		g.winner = g.seat
		g.events = append(g.events, g.event(brettspiel.EventEnd, brettspiel.NoPlace, brettspiel.NoPlace, 0))
	}
	g.seat, g.die = 1-g.seat, 0
	return nil
}

func (g *einbahn) event(kind brettspiel.EventKind, from, to, n int) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Player: brettspiel.Player(g.seat), Other: brettspiel.Nobody,
		From: from, To: to, TrackFrom: from, TrackTo: to, Number: n}
}

func (g *einbahn) Events() []brettspiel.Event { return slices.Clone(g.events) }

func (g *einbahn) Returns() []int {
	if g.winner < 0 {
		return []int{0, 0}
	}
	r := []int{-1, -1}
	r[g.winner] = 1
	return r
}

func (g *einbahn) Clone() brettspiel.Game {
	c := *g
	c.stones = [2][]int{slices.Clone(g.stones[0]), slices.Clone(g.stones[1])}
	c.events = slices.Clone(g.events)
	return &c
}

// MoveString writes a throw as its number and a move as "from/to", with
// "off" for the place beyond the track.
func (g *einbahn) MoveString(m brettspiel.Move) string {
	if m.Actor() == brettspiel.Chance {
		return strconv.FormatUint(m.Payload(), 10)
	}
	to := "off"
	if t := int(m.Payload()) + g.die; t <= g.opts.Track {
		to = strconv.Itoa(t)
	}
	return fmt.Sprintf("%d/%s", m.Payload(), to)
}

func (g *einbahn) ParseMove(s string) (brettspiel.Move, error) {
	for _, m := range g.LegalMoves() {
		if g.MoveString(m) == s {
			return m, nil
		}
	}
	return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: s, Err: brettspiel.ErrIllegalMove, Reason: "no legal move is written so"}
}

func (g *einbahn) String() string { return fmt.Sprintf("%v seat %d die %d", g.stones, g.seat, g.die) }

// The position ID's payload: stones, track, seat, die, winner+1, then
// every seat's places.
func (g *einbahn) ID() string {
	p := []byte{byte(g.opts.Stones), byte(g.opts.Track), byte(g.seat), byte(g.die), byte(g.winner + 1)}
	for _, st := range g.stones {
		for _, x := range st {
			p = append(p, byte(x))
		}
	}
	return kit.EncodeID(einbahnName, 1, p)
}

func parseEinbahnID(id string) (*einbahn, error) {
	p, err := kit.DecodeID(einbahnName, 1, id)
	if err != nil {
		return nil, err
	}
	bad := &brettspiel.Error{Op: kit.OpDecodeID, Input: id, Err: brettspiel.ErrBadPosition, Reason: "no position of the game"}
	if len(p) < 5 {
		return nil, bad
	}
	o, err := parseEinbahnOptions(einbahnOptions{int(p[0]), int(p[1])}, nil)
	if err != nil || len(p) != 5+2*o.Stones || p[2] > 1 || p[3] > 6 || p[4] > 2 {
		return nil, bad
	}
	g := newEinbahn(o)
	g.seat, g.die, g.winner = int(p[2]), int(p[3]), int(p[4])-1
	for s := range g.stones {
		for i := range g.stones[s] {
			g.stones[s][i] = int(p[5+s*o.Stones+i])
		}
		if !slices.IsSorted(g.stones[s]) || g.stones[s][o.Stones-1] > g.off() || (g.winner == s) != (g.stones[s][0] == g.off()) {
			return nil, bad
		}
	}
	if g.winner >= 0 && g.die != 0 {
		return nil, bad
	}
	return g, nil
}

func (g *einbahn) UnmarshalText(text []byte) error { return kit.UnmarshalID(g, text, parseEinbahnID) }

// The JSON form: the shared envelope and the places of the stones.
type einbahnJSON struct {
	kit.StateJSON
	Stones [2][]int `json:"stones"`
}

func (g *einbahn) MarshalJSON() ([]byte, error) {
	s := einbahnJSON{StateJSON: kit.NewStateJSON(g, einbahnName, g.ID()), Stones: g.stones}
	return json.Marshal(s)
}

func (s *einbahnJSON) game() (*einbahn, error) {
	if err := s.Check(einbahnName, 2); err != nil {
		return nil, err
	}
	g, err := parseEinbahnID(s.ID)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(s.Stones[0], g.stones[0]) || !slices.Equal(s.Stones[1], g.stones[1]) {
		return nil, &brettspiel.Error{Op: kit.OpDecodeJSON, Err: brettspiel.ErrBadPosition, Reason: "the stones disagree with the id"}
	}
	if err := s.CheckEvents(einbahnEvents); err != nil {
		return nil, err
	}
	if len(s.Events) > 0 {
		g.events = slices.Clone(s.Events)
	}
	return g, nil
}

// einbahnEvents bounds the events of one Apply: a throw, or a move with
// the end it may bring.
var einbahnEvents = kit.EventLimits{
	Kinds:     []brettspiel.EventKind{brettspiel.EventThrow, brettspiel.EventMove, brettspiel.EventBearOff, brettspiel.EventEnd},
	MaxEvents: 2, MinPlace: 0, MaxPlace: 25, MaxNumber: 6, MaxDice: 1, DiceSides: 6,
}

func (g *einbahn) UnmarshalJSON(data []byte) error {
	return kit.UnmarshalState(data, g, (*einbahnJSON).game)
}

// RecordLimits: every turn moves a stone at least one point.
func (g *einbahn) RecordLimits() (int, func() error) {
	return 2 * 2 * g.opts.Stones * (g.opts.Track + 1), nil
}

var einbahnRecords = kit.Records[*einbahn]{
	Variant: einbahnName,
	ParseID: parseEinbahnID,
	New: func(rec *brettspiel.Record) (*einbahn, error) {
		base, err := kit.RecordPreset(rec, einbahnName, einbahnPresets)
		if err == nil && rec.Preset == "" {
			base = einbahnPresets[0].Options
		}
		if err != nil {
			return nil, err
		}
		o, err := parseEinbahnOptions(base, rec.Options)
		if err != nil {
			return nil, err
		}
		return newEinbahn(o), nil
	},
}

var _ interface {
	brettspiel.Game
	kit.RecordLimiter
} = (*einbahn)(nil)

// playEinbahn plays a seeded game of g to its end.
func playEinbahn(g *einbahn, seed uint64) error {
	return brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 1)), brettspiel.RandomPolicy, 0)
}
