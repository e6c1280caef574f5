package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// drawBoard draws the position for people: the board in board points with
// the Hucke marked, the dice, each player's stones and score, and who is to
// do what, seats named as people count them. A game the program cannot draw
// itself is drawn by its String.
func drawBoard(l words.Lang, g brettspiel.Game) string {
	switch g := g.(type) {
	case *festung.Game:
		return drawPlan(l, g)
	case *toccateglio.Game, *verkehren.Game:
		if s, ok := drawRace(l, g); ok {
			return s
		}
	}
	return g.String()
}

// stoneMark is the letter of each seat's stones on a race board.
var stoneMark = [2]string{"X", "O"}

// raceName names a seat of a race game with its stones, "Player 2 (O)".
func raceName(l words.Lang, p int) string {
	if p == 0 || p == 1 {
		return seatName(l, brettspiel.Player(p)) + " (" + stoneMark[p] + ")"
	}
	return seatName(l, brettspiel.Player(p))
}

// drawRace draws a race board from the game's JSON form, which both race
// games share.
func drawRace(l words.Lang, g brettspiel.Game) (string, bool) {
	data, err := json.Marshal(g)
	if err != nil {
		return "", false
	}
	var rj kit.RaceJSON
	if err := json.Unmarshal(data, &rj); err != nil || len(rj.Points) != 24 || len(rj.Sides) != 2 {
		return "", false
	}
	t := textIn(l)
	var b strings.Builder
	huckes := map[int]int{} // seat → point
	row := func(points []int) {
		for _, p := range points {
			label := strconv.Itoa(p)
			if h := rj.Points[p-1].Hucke; h >= 0 {
				label = "H" + label
				huckes[h] = p
			}
			fmt.Fprintf(&b, "%4s", label)
		}
		b.WriteByte('\n')
		for _, p := range points {
			pt := rj.Points[p-1]
			cell := "."
			if pt.Count > 0 && pt.Owner >= 0 && pt.Owner < 2 {
				cell = strconv.Itoa(pt.Count) + stoneMark[pt.Owner]
			}
			fmt.Fprintf(&b, "%4s", cell)
		}
		b.WriteByte('\n')
	}
	top := []int{13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
	bottom := []int{12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	row(top)
	row(bottom)
	if len(huckes) > 0 {
		var hs []string
		for p := 0; p < 2; p++ {
			if pt, ok := huckes[p]; ok {
				hs = append(hs, t.huckeAt(pt, raceName(l, p)))
			}
		}
		b.WriteString(t.huckeLegend(strings.Join(hs, ", ")) + "\n")
	}
	b.WriteString(t.direction(directions(l, rj)) + "\n")
	tg, _ := g.(*toccateglio.Game)
	vg, _ := g.(*verkehren.Game)
	for p, side := range rj.Sides {
		b.WriteString(t.side(raceName(l, p), side.Waiting, t.waiting[rj.Waiting], side.BorneOff, side.Pips))
		if tg != nil {
			b.WriteString(t.score(tg.Marks()[p], tg.Strokes()[p]))
		}
		if vg != nil && vg.Junker(brettspiel.Player(p)) {
			b.WriteString(t.junker(vg.OpenEntries(brettspiel.Player(p))))
		}
		b.WriteByte('\n')
	}
	if tg != nil {
		b.WriteString(t.partie(min(tg.Partien()+1, tg.Options().Partien), tg.Options().Partien) + "\n")
	}
	if len(rj.Dice) > 0 && rj.Phase != "over" {
		b.WriteString(t.dice(diceFaces(rj.Dice)) + "\n")
	}
	if tg != nil && atSchule(tg) {
		b.WriteString(t.toSchule(raceName(l, rj.Seat)))
		return b.String(), true
	}
	b.WriteString(raceStatus(l, rj))
	return b.String(), true
}

// directions says which way each player's stones run over the board's
// points: "Player 1 (X) 1→24, Player 2 (O) 13→24 then 1→12".
func directions(l words.Lang, rj kit.RaceJSON) string {
	var ds []string
	for p := 0; p < 2; p++ {
		at := map[int]int{} // point of the own track → board point
		for _, pt := range rj.Points {
			if len(pt.Track) == 2 {
				at[pt.Track[p]] = pt.Point
			}
		}
		d := fmt.Sprintf("%d→%d", at[1], at[24])
		if diff := at[13] - at[12]; diff != 1 && diff != -1 {
			d = textIn(l).twoLegs(at[1], at[12], at[13], at[24])
		}
		ds = append(ds, raceName(l, p)+" "+d)
	}
	return strings.Join(ds, ", ")
}

// raceStatus says whose turn it is and to do what.
func raceStatus(l words.Lang, rj kit.RaceJSON) string {
	t, who := textIn(l), raceName(l, rj.Seat)
	switch rj.Phase {
	case "draw-first", "draw-second":
		return t.drawStart
	case "throw":
		return t.toThrow(who)
	case "play":
		return t.toPlay(who)
	case "decide":
		return t.toDecide(who)
	case "over":
		return t.over
	}
	return rj.Phase
}

// diceFaces draws dice as faces, "[6] [1]".
func diceFaces(d []int) string {
	parts := make([]string, len(d))
	for i, n := range d {
		parts[i] = "[" + strconv.Itoa(n) + "]"
	}
	return strings.Join(parts, " ")
}

// throwText writes the numbers of a throw as the game's notation does:
// "6-2" in the race games, "5/1-6" (the large die, then the two small ones)
// in the Festungsspiel.
func throwText(d []int) string {
	if len(d) == 3 {
		return strconv.Itoa(d[0]) + "/" + strconv.Itoa(d[1]) + "-" + strconv.Itoa(d[2])
	}
	return diceText(d)
}

// drawPlan draws the Festungsspiel's plan as lines of fields, x for a
// marker and . for an empty field, the seats with their balances, and the
// throw being decided.
func drawPlan(l words.Lang, g *festung.Game) string {
	var b strings.Builder
	mark := func(id festung.FieldID) byte {
		if g.Marker(id) {
			return 'x'
		}
		return '.'
	}
	o, t := g.Options(), textIn(l)
	b.WriteString(t.planTitle(o.Players, g.Turns()) + "\n")
	b.WriteString(t.outerWorks + "\n")
	for f := 1; f <= 4; f++ {
		for tw := 0; tw < 2; tw++ {
			if festung.OuterWorkID(f, 1, tw) == festung.NoField {
				continue
			}
			label := t.ofFortress(f)
			if tw == 1 {
				label += "'"
			}
			fmt.Fprintf(&b, "%-18s", label)
			for n, w := range [...]int{2, 3, 4, 3, 3, 3} {
				fmt.Fprintf(&b, "%*c", w, mark(festung.OuterWorkID(f, n+1, tw)))
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString(t.twinNote + "\n")
	b.WriteString(t.linesLabel)
	for k := 1; k <= 4; k++ {
		fmt.Fprintf(&b, "  %d:", k)
		for _, id := range festung.LineFields(k) {
			f, _ := festung.FieldOf(id)
			fmt.Fprintf(&b, " %d%c", f.Number, mark(id))
		}
	}
	b.WriteString("\n" + t.schanzen)
	for n := 1; n <= 12; n++ {
		f, _ := festung.FieldOf(festung.SchanzeID(n))
		fmt.Fprintf(&b, " %s%c", strings.TrimPrefix(f.Name, "S."), mark(festung.SchanzeID(n)))
	}
	b.WriteString("\n" + t.batteries)
	for n := 9; n <= 12; n++ {
		fmt.Fprintf(&b, " %d%c", n, mark(festung.BatteryID(n)))
	}
	b.WriteString("\n" + t.seatsHeader + "\n")
	for p := 0; p < o.Players; p++ {
		pl := brettspiel.Player(p)
		fort := "-"
		if k := g.Pasches(pl); k > 0 {
			fort = "F" + strconv.Itoa(k)
		}
		b.WriteString(t.seatRow(seatName(l, pl), g.Balance(pl), g.Bought(pl), g.Pasches(pl), fort) + "\n")
	}
	switch p := g.ToMove(); {
	case p == brettspiel.Terminal:
		b.WriteString(t.over)
	case p == brettspiel.Chance:
		b.WriteString(t.toThrow(seatName(l, g.Turn())))
	default:
		b.WriteString(t.decideField(diceFaces(g.Dice()), throwText(g.Dice()), seatName(l, p)))
	}
	return b.String()
}

// fieldChoice says what a decision of the Festungsspiel does, "take the
// marker from outer work IV' of fortress 3"; "" for any other move.
func fieldChoice(l words.Lang, g brettspiel.Game, m brettspiel.Move) string {
	if _, ok := g.(*festung.Game); !ok {
		return ""
	}
	f, ok := festung.FieldByName(g.MoveString(m))
	if !ok || f.Kind != festung.OuterWork {
		return ""
	}
	_, number, _ := strings.Cut(f.Name, ".")
	return textIn(l).takeMarker(number, f.Fortress)
}
