package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/words"
)

// The command review lists the whole game as gnubg's analysis does: every
// step numbered, each decision with the play made, its mark and its cost,
// each throw with its luck where it is marked, then a compact line of
// Player 1's equity over the steps. Its words are here, in English and
// German, and it joins the lists that help prints before help itself.

// The marks' bounds are the game's analysis.Scale (analysis.ScaleOf), the
// one place they are set for every frontend; the report marks each step by
// them (Decision.Mark, Throw.Mark).

// decisionLevel returns the rank of a decision's mark: 0 none, 1
// doubtful, 2 bad, 3 very bad.
func decisionLevel(m analysis.Mark) int {
	return map[analysis.Mark]int{analysis.Doubtful: 1, analysis.Bad: 2, analysis.VeryBad: 3}[m]
}

// luckLevel returns the rank of a throw's mark: +2 very lucky, +1 lucky, 0
// none, −1 unlucky, −2 very unlucky.
func luckLevel(m analysis.Mark) int {
	return map[analysis.Mark]int{analysis.VeryLucky: 2, analysis.Lucky: 1, analysis.Unlucky: -1, analysis.VeryUnlucky: -2}[m]
}

// reviewText is what the command review says, in one language.
type reviewText struct {
	entry [2]string
	arg   func(arg string, steps int) string
	// stepTitle heads one step shown by review N: the board before it
	// follows
	stepTitle func(step int) string
	// title heads the list with the marks' bounds
	title func(steps int, unit string, sc analysis.Scale) string
	marks [4]string // "", doubtful, bad, very bad, with gnubg's signs
	luck  [5]string // very unlucky … very lucky, by luckLevel+2
	// draw, throw and play are a step's text; cost a decision's loss
	draw     func(notation string) string
	throw    func(notation, who string) string
	noChoice string
	solved   string                   // a race the bear-off tables solve: its loss is exact
	better   func(play string) string // under a marked decision
	cost     func(loss float64) string
	luckOf   func(luck float64) string
	// lineTitle says what the line draws: Player 1's equity, or his
	// balance (the Festungsspiel's markers won so far)
	lineTitle  func(who, unit string, balance bool, lo, hi float64, per int) string
	festungSay func(who string, luck float64, throws int) string
}

var reviewEnglish = reviewText{
	entry: [2]string{"review [STEP]", "the game step by step: marks, costs, luck; STEP: its position"},
	arg: func(arg string, steps int) string {
		return fmt.Sprintf("review takes no argument or a step's number, 1…%d; not %q", steps, arg)
	},
	stepTitle: func(step int) string { return fmt.Sprintf("the position before step %d:", step) },
	title: func(steps int, unit string, sc analysis.Scale) string {
		return fmt.Sprintf("move list of %d steps, in %s; a decision marked ?! doubtful over %.2f,\n? bad over %.2f, ?? very bad over %.2f; a throw lucky or unlucky beyond %.2f\n(very so beyond %.2f):",
			steps, unit, sc.Doubtful, sc.Bad, sc.VeryBad, sc.Lucky, sc.VeryLucky)
	},
	marks:    [4]string{"", "?! doubtful", "? bad", "?? very bad"},
	luck:     [5]string{"very unlucky", "unlucky", "", "lucky", "very lucky"},
	draw:     func(n string) string { return "the draw for the start: " + n },
	throw:    func(n, who string) string { return "throw " + n + " for " + who },
	noChoice: "no choice",
	solved:   "race solved: exact",
	better:   func(play string) string { return "better: " + play },
	cost:     func(loss float64) string { return fmt.Sprintf("cost %.3f", loss) },
	luckOf:   func(luck float64) string { return fmt.Sprintf("%+.3f", luck) },
	lineTitle: func(who, unit string, balance bool, lo, hi float64, per int) string {
		what := "equity"
		if balance {
			what = "balance (won so far)"
		}
		each := "one column a step"
		if per > 1 {
			each = fmt.Sprintf("one column for %d steps", per)
		}
		return fmt.Sprintf("%s's %s after each step, in %s,\nfrom %+.2f (▁) to %+.2f (█); %s:", who, what, unit, lo, hi, each)
	},
	festungSay: func(who string, luck float64, throws int) string {
		more := "more"
		if luck < 0 {
			more = "fewer"
		}
		return fmt.Sprintf("%s's luck, %+.0f markers: his %d throws brought %.0f markers %s\nthan the average throw would have brought in their place.", who, luck, throws, math.Abs(luck), more)
	},
}

var reviewGerman = reviewText{
	entry: [2]string{"durchsicht [N]", "das Spiel Schritt für Schritt: Zeichen, Verluste, Glück; N: ein Schritt"},
	arg: func(arg string, steps int) string {
		return fmt.Sprintf("durchsicht nimmt nichts oder die Nummer eines Schritts, 1…%d; nicht %q", steps, arg)
	},
	stepTitle: func(step int) string { return fmt.Sprintf("die Stellung vor Schritt %d:", step) },
	title: func(steps int, unit string, sc analysis.Scale) string {
		if in, ok := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]; ok {
			unit = in
		}
		return fmt.Sprintf("Zugliste von %s, in %s; Zeichen einer Entscheidung:\n?! zweifelhaft über %s, ? schlecht über %s, ?? sehr schlecht über %s;\nein Wurf glücklich oder unglücklich ab %s (sehr ab %s):",
			count(steps, "Schritt", "Schritten"), unit, comma(fmt.Sprintf("%.2f", sc.Doubtful)), comma(fmt.Sprintf("%.2f", sc.Bad)),
			comma(fmt.Sprintf("%.2f", sc.VeryBad)), comma(fmt.Sprintf("%.2f", sc.Lucky)), comma(fmt.Sprintf("%.2f", sc.VeryLucky)))
	},
	marks:    [4]string{"", "?! zweifelhaft", "? schlecht", "?? sehr schlecht"},
	luck:     [5]string{"sehr unglücklich", "unglücklich", "", "glücklich", "sehr glücklich"},
	draw:     func(n string) string { return "Auslosung des Anfangs: " + n },
	throw:    func(n, who string) string { return "Wurf " + n + " für " + who },
	noChoice: "keine Wahl",
	solved:   "Rennen gelöst: genau",
	better:   func(play string) string { return "besser: " + play },
	cost:     func(loss float64) string { return "Verlust " + comma(fmt.Sprintf("%.3f", loss)) },
	luckOf:   func(luck float64) string { return comma(fmt.Sprintf("%+.3f", luck)) },
	lineTitle: func(who, unit string, balance bool, lo, hi float64, per int) string {
		what := "Stand"
		if balance {
			what = "Bestand (bisher gewonnen)"
		}
		each := "eine Spalte je Schritt"
		if per > 1 {
			each = fmt.Sprintf("eine Spalte für %d Schritte", per)
		}
		if in, ok := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]; ok {
			unit = in
		}
		return fmt.Sprintf("%s von %s nach jedem Schritt, in %s,\nvon %s (▁) bis %s (█); %s:", what, who, unit,
			comma(fmt.Sprintf("%+.2f", lo)), comma(fmt.Sprintf("%+.2f", hi)), each)
	},
	festungSay: func(who string, luck float64, throws int) string {
		more := "mehr"
		if luck < 0 {
			more = "weniger"
		}
		return fmt.Sprintf("Glück von %s, %s Marken: seine %d Würfe brachten %.0f Marken %s,\nals der durchschnittliche Wurf an ihrer Stelle gebracht hätte.", who,
			fmt.Sprintf("%+.0f", luck), throws, math.Abs(luck), more)
	},
}

// reviewIn returns the command's words in l.
func reviewIn(l words.Lang) *reviewText {
	if l == words.German {
		return &reviewGerman
	}
	return &reviewEnglish
}

// The command review joins the lists that help prints, before help itself.
func init() {
	for _, c := range []struct {
		t *text
		r *reviewText
	}{{&english, &reviewEnglish}, {&german, &reviewGerman}} {
		at := slices.IndexFunc(c.t.commands, func(x [2]string) bool { return x[0] == "help" || x[0] == "hilfe" })
		if at < 0 {
			at = len(c.t.commands)
		}
		c.t.commands = slices.Insert(c.t.commands, at, c.r.entry)
	}
	german.synonyms["durchsicht"] = "review"
}

// sparkWidth is the most columns the line of the equity takes.
const sparkWidth = 72

// review prints the move list of the game so far and the line of Player
// 1's equity over its steps; with a step's number, the position before
// that step, the step as the list gives it, the better play and why.
func (s *session) review(arg string) error {
	r := reviewIn(s.c.lang)
	arg = strings.TrimSpace(arg)
	step, err := 0, error(nil)
	if arg != "" {
		if step, err = strconv.Atoi(arg); err != nil || step < 1 || step > s.h.Len() {
			return errors.New(r.arg(arg, s.h.Len()))
		}
	}
	rep, err := analysis.Options{Lang: s.c.lang}.Game(s.h)
	if err != nil {
		return err
	}
	u, sc := unit(s.c.lang, s.variant.Name), rep.Scale
	if step > 0 {
		return s.reviewStep(r, rep, step)
	}
	s.say("%s", r.title(len(rep.Steps), u, sc))
	g := s.h.Start()
	values := []float64{rep.Before[0]}
	for _, st := range rep.Steps {
		e, ok := s.h.Entry(st.Index)
		if !ok {
			break
		}
		before := g.Clone()
		if g.Apply(e.Move) != nil {
			break
		}
		s.say("%s", fitLine(fmt.Sprintf("%4d  ", st.Index+1), s.stepLine(r, before, st)))
		if d := st.Decision; d != nil && d.Mark != "" {
			s.say("%s", fitLine("        ", r.better(s.inBoardPoints(before, d.BestNotation))))
		}
		values = append(values, st.Equities[0])
	}
	for _, l := range sparkLines(r, seatName(s.c.lang, 0), u, rep.Judge == "exact", values) {
		s.say("%s", l)
	}
	if rep.Judge == "exact" {
		for _, p := range rep.Players {
			if p.Throws > 0 {
				s.say("%s", r.festungSay(seatName(s.c.lang, brettspiel.Player(p.Seat)), p.Luck, p.Throws))
			}
		}
	}
	return nil
}

// reviewStep shows step n of rep: the position before it, its line of the
// move list, the better play and the reasons for it.
func (s *session) reviewStep(r *reviewText, rep *analysis.Report, n int) error {
	if n > len(rep.Steps) {
		return errors.New(r.arg(strconv.Itoa(n), len(rep.Steps)))
	}
	st := rep.Steps[n-1]
	before, ok := s.h.Before(st.Index)
	if !ok {
		return errors.New(r.arg(strconv.Itoa(n), len(rep.Steps)))
	}
	s.say("%s\n%s", r.stepTitle(n), drawBoard(s.c.lang, before))
	s.say("%s", fitLine(fmt.Sprintf("%4d  ", n), s.stepLine(r, before, st)))
	if d := st.Decision; d != nil && d.Counted && d.Loss >= 0.0005 {
		s.say("%s", fitLine("        ", r.better(s.inBoardPoints(before, d.BestNotation))))
		for _, l := range wrap(d.Why, 70) {
			s.say("        %s", l)
		}
	}
	return nil
}

// stepLine is one step of the move list, without its number.
func (s *session) stepLine(r *reviewText, before brettspiel.Game, st analysis.Step) string {
	switch {
	case st.Throw != nil && st.Throw.Mover < 0:
		return r.draw(st.Notation)
	case st.Throw != nil:
		line := r.throw(st.Notation, seatName(s.c.lang, brettspiel.Player(st.Throw.Mover)))
		if m := luckLevel(st.Throw.Mark); m != 0 {
			line += "  " + r.luck[m+2] + " " + r.luckOf(st.Throw.Luck)
		}
		return line
	}
	line := seatName(s.c.lang, brettspiel.Player(st.Actor)) + ": " + s.inBoardPoints(before, st.Notation)
	d := st.Decision
	switch {
	case d == nil:
	case !d.Counted:
		line += "  (" + r.noChoice + ")"
	case d.Loss >= 0.0005:
		line += "  "
		if m := decisionLevel(d.Mark); m > 0 {
			line += r.marks[m] + ", "
		}
		line += r.cost(d.Loss)
	}
	return line + r.solvedNote(d)
}

// solvedNote says, after a decision's line, that the bear-off tables
// judged it (a race they solve, so its cost is exact), or nothing.
func (r *reviewText) solvedNote(d *analysis.Decision) string {
	if d != nil && (d.Judge == "race-exact" || d.Judge == "race-tabled") {
		return "  (" + r.solved + ")"
	}
	return ""
}

// fitLine joins a step's number and its text, wrapping the text at its
// widest gap where the line would be wider than 80 columns.
func fitLine(num, text string) string {
	if utf8.RuneCountInString(num+text) <= 80 {
		return num + text
	}
	pad := strings.Repeat(" ", utf8.RuneCountInString(num)+2)
	if i := strings.LastIndex(text, "  "); i > 0 {
		return fitLine(num, text[:i]) + "\n" + fitLine(pad, text[i+2:])
	}
	if i := strings.LastIndex(text[:min(len(text), 70)], " "); i > 0 {
		return num + text[:i] + "\n" + fitLine(pad, text[i+1:])
	}
	return num + text
}

// sparkLines draws values as a line of block characters, at most
// sparkWidth columns (each column the last step of its share where there
// are more steps), with the line that says what it shows above it.
func sparkLines(r *reviewText, who, unit string, balance bool, values []float64) []string {
	if len(values) == 0 {
		return nil
	}
	per := (len(values) + sparkWidth - 1) / sparkWidth
	var cols []float64
	for i := per - 1; i < len(values)+per-1; i += per {
		cols = append(cols, values[min(i, len(values)-1)])
	}
	lo, hi := slices.Min(values), slices.Max(values)
	blocks := []rune("▁▂▃▄▅▆▇█")
	var b strings.Builder
	b.WriteString("  ")
	for _, v := range cols {
		k := 3
		if hi-lo > 1e-9 {
			k = int(math.Round((v - lo) / (hi - lo) * float64(len(blocks)-1)))
		}
		b.WriteRune(blocks[k])
	}
	return append(strings.Split(r.lineTitle(who, unit, balance, lo, hi, per), "\n"), b.String())
}
