// Package bots names the bots of the bot package for the example programs'
// command lines.
package bots

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
)

// Names lists the names Named knows: the bot package's, weakest first, then
// the net's levels, "net" being the net at one ply. The nets play Toccateglio
// and Verkehren; in another game a net bot plays as greedy.
func Names() []string {
	names := []string{"random", "greedy", "search", "expectimax", "net"}
	for _, l := range neural.Levels() {
		names = append(names, "net-"+l.String())
	}
	return names
}

// Named returns the bot of a name (see Names) with its default budget.
func Named(name string) (bot.Bot, error) {
	switch name {
	case "random":
		return bot.Random{}, nil
	case "greedy":
		return bot.Greedy{}, nil
	case "search":
		return bot.Searcher{}, nil
	case "expectimax":
		return bot.Expectimax{}, nil
	case "net":
		return neural.Bot{Level: neural.Advanced, Fallback: bot.Greedy{}}, nil
	}
	if l, ok := strings.CutPrefix(name, "net-"); ok {
		if level, err := neural.LevelNamed(l); err == nil {
			return neural.Bot{Level: level, Fallback: bot.Greedy{}}, nil
		}
	}
	return nil, fmt.Errorf("unknown bot %q (have %s)", name, strings.Join(Names(), ", "))
}
