// Package bots names the bots of the bot package for the example programs'
// command lines.
package bots

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/bot"
)

// Names lists the names Named knows, weakest first.
func Names() []string { return []string{"random", "greedy", "search", "expectimax"} }

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
	}
	return nil, fmt.Errorf("unknown bot %q (have %s)", name, strings.Join(Names(), ", "))
}
