package words

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/rules"
)

// byNoRule are the codes of refusals that no rule of a game needs to make:
// the stone is not there, the step leads nowhere, the move is no play, the
// notation marks a hit that is none.
var byNoRule = []brettspiel.RefusalCode{brettspiel.RefuseNoStone, brettspiel.RefuseNoSuchStep, brettspiel.RefuseNotListed, "no-hit"}

// TestEveryCodeHasWords says every code, refused at a step and as a whole,
// in both languages.
func TestEveryCodeHasWords(t *testing.T) {
	step := &brettspiel.Refusal{Player: 1, Steps: []brettspiel.Step{{From: 13, To: 15}}, At: 0, Dice: []int{4, 1}, Need: 2, Count: 5}
	field := &brettspiel.Refusal{Player: 0, Steps: []brettspiel.Step{{Field: 30, Die: 5}}, At: 0, Dice: []int{5, 2, 1}, Need: 5}
	play := &brettspiel.Refusal{Player: 0, At: -1, Dice: []int{6, 2}, Need: 6, Count: 2}
	seen := map[string]brettspiel.RefusalCode{}
	for _, code := range Codes() {
		for i, r0 := range []*brettspiel.Refusal{step, field, play} {
			r := r0.Clone()
			r.Code = code
			err := &brettspiel.Error{Op: "apply", Err: brettspiel.ErrIllegalMove, Refusal: r}
			en, de := English.Refusal(err), German.Refusal(err)
			for _, s := range []string{en, de} {
				if s == "" || !strings.HasSuffix(s, ".") || strings.ContainsAny(s, "{}") || strings.Contains(s, "nicht erlaubt.") && !strings.HasPrefix(s, "Dieser Zug") ||
					strings.Contains(s, "that is not allowed") || s[0] < 'A' || s[0] > 'Z' {
					t.Errorf("%s %+v: %q", code, r, s)
				}
			}
			if en == de {
				t.Errorf("%s: the same in both languages: %q", code, en)
			}
			if i != 1 {
				if other, ok := seen[en]; ok && other != code {
					t.Errorf("%s and %s say the same: %q", code, other, en)
				}
				seen[en] = code
			}
		}
	}
	refused := func(code brettspiel.RefusalCode, at int, dice []int, need int, steps ...brettspiel.Step) error {
		return &brettspiel.Error{Err: brettspiel.ErrIllegalMove, Refusal: &brettspiel.Refusal{Code: code, Steps: steps, At: at, Dice: dice, Need: need}}
	}
	for _, c := range []struct {
		err    error
		en, de string
	}{
		{refused(brettspiel.RefuseNoNumber, 0, []int{4, 1}, 2, brettspiel.Step{From: 13, To: 15}),
			"You have 4 and 1 to play; 13 to 15 needs a 2.", "Du hast 4 und 1 zu spielen; der Zug von 13 nach 15 braucht eine 2."},
		{refused(brettspiel.RefuseNoNumber, 1, []int{3, 3}, 5, brettspiel.Step{From: 1, To: 4}, brettspiel.Step{From: 0, To: 5}),
			"You have 3 and 3 to play; entering on 5 needs a 5.", "Du hast 3 und 3 zu spielen; das Einsetzen auf 5 braucht eine 5."},
		{refused(brettspiel.RefuseNoNumber, 0, []int{2}, 6, brettspiel.Step{From: 19, To: 25}),
			"You have 2 to play; bearing off from 19 needs a 6.", "Du hast 2 zu spielen; das Herausnehmen von 19 braucht eine 6."},
		{refused(brettspiel.RefuseBlocked, 0, nil, 0, brettspiel.Step{From: 3, To: 7}),
			"You cannot move from 3 to 7: your opponent holds 7.", "Du kannst nicht von 3 nach 7 ziehen: der Gegner hält 7."},
		{refused(brettspiel.RefuseNoStone, 0, nil, 0, brettspiel.Step{From: 0, To: 3}),
			"You cannot enter a stone on 3: you have no stone waiting to come in.", "Du kannst keinen Stein auf 3 einsetzen: du hast keinen wartenden Stein."},
		{refused(brettspiel.RefuseMoreNumbers, -1, []int{6, 2}, 0),
			"This play is not allowed: you must play more numbers when you can.", "Dieser Zug ist nicht erlaubt: du musst mehr Zahlen spielen, wenn es geht."},
		{refused(festung.RefuseNothingToTake, 0, []int{5, 2, 1}, 5, brettspiel.Step{Field: 30, Die: 5}),
			"You cannot take from W3.VI': that fortress has no marker to give you.", "Du kannst nicht von W3.VI' nehmen: diese Festung hat keine Marke für dich."},
		{withCount(refused(festung.RefuseNothingToTake, 0, []int{1, 2, 3}, 1, brettspiel.Step{Field: int(festung.OuterWorkID(3, 1, 0)), Die: 1}), 1),
			"You cannot take from W3.I: those works are not open to you yet: each Pasch opens the next fortress.",
			"Du kannst nicht von W3.I nehmen: diese Werke sind dir noch nicht offen: jeder Pasch öffnet die nächste Festung."},
		{nil, "", ""},
		{errors.New("other"), "", ""},
		{&brettspiel.Error{Err: brettspiel.ErrGameOver}, "The game is over.", "Das Spiel ist aus."},
		{&brettspiel.Error{Err: brettspiel.ErrChanceNode}, "The dice are to be thrown first.", "Zuerst wird gewürfelt."},
		{&brettspiel.Error{Err: brettspiel.ErrNotYourTurn}, "It is not your turn.", "Du bist nicht am Zug."},
		{&brettspiel.Error{Err: brettspiel.ErrBadNotation}, "That is not a move.", "Das ist kein Zug."},
		{&brettspiel.Error{Op: kit.OpParseRecord, Input: "line 3: hello", Err: brettspiel.ErrBadNotation},
			"That is not a game record (line 3).", "Das ist keine gespeicherte Partie (Zeile 3)."},
		{&brettspiel.Error{Op: kit.OpDecodeID, Input: "toccateglio:zz", Err: brettspiel.ErrBadNotation},
			"That is not a position ID.", "Das ist keine Stellungs-ID."},
		{fmt.Errorf("loading: %w", &brettspiel.StepError{Step: "9/1", Index: 7, Line: 5, Err: &brettspiel.Error{Op: kit.OpApply, Err: brettspiel.ErrBadNotation}}),
			"Line 5 of the record: That is not a move.", "Zeile 5 der Partie: Das ist kein Zug."},
		{&brettspiel.Error{Err: brettspiel.ErrIllegalMove}, "That move is not allowed.", "Dieser Zug ist nicht erlaubt."},
		{&brettspiel.Error{Err: brettspiel.ErrBadOptions}, "", ""},
	} {
		if en, de := English.Refusal(c.err), German.Refusal(c.err); en != c.en || de != c.de {
			t.Errorf("Refusal(%v) = %q, %q", c.err, en, de)
		}
	}
}

// TestRefusalsInPlay walks random games of every preset and seat count
// with the conformance harness and, at every seat's turn, tries steps,
// notations and moves that are not legal. Every refusal of an illegal move
// must carry its code and, unless no rule is needed for it, the IDs of
// existing rules as data, and must be said in both languages in the
// board's terms.
func TestRefusalsInPlay(t *testing.T) {
	codes := map[brettspiel.RefusalCode]int{}
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				newGame := func() brettspiel.Game {
					g, err := catalog.New(v.Name, p.Name, n)
					if err != nil {
						t.Fatal(err)
					}
					return g
				}
				r := rand.New(rand.NewPCG(uint64(n), 11))
				turns := 0
				cfg := conformance.Config{Games: 3, DeepGames: -1, Seed: uint64(n), MaxSteps: 400,
					Observe: func(g brettspiel.Game, _ []brettspiel.Event) {
						if g.ToMove() < 0 || turns >= 300 {
							return
						}
						turns++
						for _, err := range tryIllegal(g.Clone(), r) {
							checkRefusal(t, v.Name, g, err, codes)
						}
					}}
				if err := conformance.Check(newGame, cfg); err != nil && !strings.Contains(err.Error(), "has not ended") {
					t.Fatalf("%s %s %d: %v", v.Name, p.Name, n, err)
				}
			}
		}
	}
	known := map[brettspiel.RefusalCode]bool{}
	for _, c := range Codes() {
		known[c] = true
	}
	for c := range codes {
		if !known[c] {
			t.Errorf("code %q is not in Codes()", c)
		}
	}
	if testing.Verbose() {
		t.Logf("codes seen: %v", codes)
	}
}

// tryIllegal tries on g (a copy, a seat to move) single steps, texts and
// moves that are likely not legal, and returns the errors.
func tryIllegal(g brettspiel.Game, r *rand.Rand) []error {
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	legal := g.LegalMoves()
	p := g.ToMove()
	if st, ok := g.(brettspiel.Stepper); ok {
		next, _, _ := st.NextSteps(nil)
		for range 4 {
			var s brettspiel.Step
			if g.Variant() == "festung" {
				s = brettspiel.Step{Field: 1 + r.IntN(80), Die: r.IntN(7)}
			} else {
				from := r.IntN(25)
				s = brettspiel.Step{From: from, To: from + 1 + r.IntN(min(25-from, 8))}
			}
			_, _, err := st.NextSteps([]brettspiel.Step{s})
			add(err)
			if len(next) > 0 {
				first := next[r.IntN(len(next))]
				_, _, err := st.NextSteps([]brettspiel.Step{first, s})
				add(err)
			}
		}
	}
	for range 3 {
		var text string
		if g.Variant() == "festung" {
			text = "W" + strconv.Itoa(1+r.IntN(4)) + "." + []string{"I", "II", "III", "IV", "V", "VI"}[r.IntN(6)]
		} else {
			from := r.IntN(24) + 1
			text = strconv.Itoa(from) + "/" + strconv.Itoa(min(from+1+r.IntN(7), 24))
		}
		_, err := g.ParseMove(text)
		add(err)
	}
	_, err := g.ParseMove("pass")
	add(err)
	for range 3 {
		m := legal[r.IntN(len(legal))]
		bad := kit.NewMove(p, m.Payload()^1<<uint(r.IntN(24)))
		if !slices.Contains(legal, bad) {
			add(g.Apply(bad))
		}
	}
	return errs
}

var digits = func() func(string) []string {
	return func(s string) []string {
		var out []string
		cur := ""
		for _, c := range s + " " {
			if c >= '0' && c <= '9' {
				cur += string(c)
			} else if cur != "" {
				out = append(out, cur)
				cur = ""
			}
		}
		return out
	}
}()

func checkRefusal(t *testing.T, variant string, g brettspiel.Game, err error, codes map[brettspiel.RefusalCode]int) {
	t.Helper()
	if !errors.Is(err, brettspiel.ErrIllegalMove) {
		return
	}
	var e *brettspiel.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: %v is no *brettspiel.Error", variant, err)
		return
	}
	r := e.Refusal
	if r == nil {
		t.Errorf("%s: %v carries no refusal", variant, err)
		return
	}
	codes[r.Code]++
	if len(e.Rules) == 0 && !slices.Contains(byNoRule, r.Code) {
		t.Errorf("%s: %v (code %s) names no rule as data", variant, err, r.Code)
	}
	for _, id := range e.Rules {
		if _, ok := rules.Lookup(id); !ok {
			t.Errorf("%s: %v names the unknown rule %s", variant, err, id)
		}
	}
	if r.Player != g.ToMove() {
		t.Errorf("%s: %v: refusal of %v, %v to move", variant, err, r.Player, g.ToMove())
	}
	// the doublet rules only for a doublet
	if dg, ok := g.(interface{ Dice() []int }); ok && (slices.Contains(e.Rules, "V-D1") || slices.Contains(e.Rules, "T-D1")) {
		if d := dg.Dice(); len(d) != 2 || d[0] != d[1] {
			t.Errorf("%s: %v names the doublet rule for the throw %v", variant, err, d)
		}
	}
	// the words: every number is one of the refusal's, in the board's terms
	ok := map[string]bool{strconv.Itoa(r.Need): true, strconv.Itoa(r.Count): true}
	for _, d := range r.Dice {
		ok[strconv.Itoa(d)] = true
	}
	for _, s := range r.Steps {
		if s.Field == 0 {
			ok[strconv.Itoa(s.From)], ok[strconv.Itoa(s.To)] = true, true
		}
	}
	for _, l := range Langs() {
		s := l.Refusal(err)
		if s == "" || strings.ContainsAny(s, "{}→/") {
			t.Errorf("%s: %v: %q", variant, err, s)
		}
		rest := s
		if variant == "festung" {
			for _, st := range r.Steps {
				rest = strings.ReplaceAll(rest, l.field(st.Field), "")
			}
		}
		for _, n := range digits(rest) {
			if !ok[n] {
				t.Errorf("%s: %v: %q names %s, no number of the refusal in the board's terms", variant, err, s, n)
			}
		}
	}
}

var _ = fmt.Sprint

// TestCodesListsEveryDeclaredCode reads the module's sources for every
// RefusalCode constant declared (the shared ones and each game's) and
// checks that Codes, and so the words, cover them all.
func TestCodesListsEveryDeclaredCode(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range Codes() {
		listed[string(c)] = true
	}
	n := 0
	for _, dir := range []string{"..", "../toccateglio", "../verkehren", "../festung"} {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			for _, f := range pkg.Files {
				ast.Inspect(f, func(x ast.Node) bool {
					vs, ok := x.(*ast.ValueSpec)
					if !ok || vs.Type == nil || !strings.HasSuffix(types.ExprString(vs.Type), "RefusalCode") {
						return true
					}
					for _, v := range vs.Values {
						if lit, ok := v.(*ast.BasicLit); ok {
							code, _ := strconv.Unquote(lit.Value)
							n++
							if !listed[code] {
								t.Errorf("%s: the code %q has no words (not in Codes)", fset.Position(lit.Pos()), code)
							}
						}
					}
					return true
				})
			}
		}
	}
	if n != len(Codes()) {
		t.Errorf("%d codes declared, %d listed", n, len(Codes()))
	}
}

// withCount sets the Count of err's refusal: the fortresses open to the
// thrower.
func withCount(err error, n int) error {
	brettspiel.RefusalOf(err).Count = n
	return err
}
