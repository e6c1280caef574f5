// Command bearoff builds the bear-off tables of the race games (package
// bot/bearoff), says how long they took and how large they are, values a
// race, and writes the tables to a file for programs in other languages.
//
//	go run ./examples/bearoff                          # every kind of rules
//	go run ./examples/bearoff -rules verkehren "21:1 22:1 24:2" "21:1 22:1"
//	go run ./examples/bearoff -rules toccateglio -o toccateglio.bearoff
//
// A position is its points in the side's own track with their stones,
// "19:2 24:1"; the first is the side on roll.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel/bot/bearoff"
)

var kinds = map[string]bearoff.Rules{
	"toccateglio": bearoff.Toccateglio,
	"toccadille":  bearoff.Toccadille,
	"verkehren":   bearoff.Verkehren,
}

func main() {
	name := flag.String("rules", "", "toccateglio (also Tokkadille 1853), toccadille or verkehren; empty: all three")
	out := flag.String("o", "", "write the tables of -rules to this file")
	flag.Parse()
	if err := run(*name, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "bearoff:", err)
		os.Exit(1)
	}
}

func run(name, out string, args []string) error {
	names := []string{"toccateglio", "toccadille", "verkehren"}
	if name != "" {
		if _, ok := kinds[name]; !ok {
			return fmt.Errorf("no rules %q: toccateglio, toccadille or verkehren", name)
		}
		names = []string{name}
	}
	if (out != "" || len(args) > 0) && name == "" {
		return fmt.Errorf("-o and a race need -rules")
	}
	if len(args) != 0 && len(args) != 2 {
		return fmt.Errorf("a race is two positions, the side on roll first")
	}
	for _, n := range names {
		t, err := bearoff.For(kinds[n])
		if err != nil {
			return err
		}
		start := time.Now()
		one := bearoff.Position{5: 1}
		t.Exact(one, one)
		two := time.Since(start)
		start = time.Now()
		t.MeanTurns(one)
		fmt.Printf("%-12s two-sided table %v, one-sided %v; 15 stones on 19 take %.3f turns\n",
			n, two.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), t.MeanTurns(bearoff.Position{5: 15}))
		if len(args) == 2 {
			if err := show(t, args[0], args[1]); err != nil {
				return err
			}
		}
		if out != "" {
			f, err := os.Create(out)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(f)
			size, err := t.WriteTo(w)
			if err == nil {
				err = w.Flush()
			}
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			fmt.Printf("wrote %s: %d bytes\n", out, size)
		}
	}
	return nil
}

// show prints the odds of a race.
func show(t *bearoff.Tables, a, b string) error {
	x, err := parse(a)
	if err != nil {
		return err
	}
	y, err := parse(b)
	if err != nil {
		return err
	}
	if o, ok := t.Exact(x, y); ok {
		fmt.Printf("%v against %v, exactly: wins %.4f (with a doublet last %.4f), loses with a doublet last %.4f\n", x, y, o.Win, o.WinDoublet, o.LoseDoublet)
		return nil
	}
	o, ok := t.Estimate(x, y)
	if !ok {
		return fmt.Errorf("no race: %v against %v", x, y)
	}
	fmt.Printf("%v against %v, estimated from the one-sided tables: wins %.4f (with a doublet last %.4f), loses with a doublet last %.4f\n", x, y, o.Win, o.WinDoublet, o.LoseDoublet)
	return nil
}

// parse reads "19:2 24:1" into a position.
func parse(s string) (bearoff.Position, error) {
	var p bearoff.Position
	n := 0
	for _, f := range strings.Fields(s) {
		pt, c, ok := strings.Cut(f, ":")
		point, err1 := strconv.Atoi(pt)
		count, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || point < 19 || point > 24 || count < 0 {
			return p, fmt.Errorf("%q: want point:stones, a point 19…24", f)
		}
		n += count
		if n > bearoff.MaxStones {
			return p, fmt.Errorf("%q: more than %d stones", s, bearoff.MaxStones)
		}
		p[24-point] += uint8(count)
	}
	return p, nil
}
