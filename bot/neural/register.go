package neural

import "github.com/brettspiel/brettspiel/bot"

// The levels join the module's registry of bots (bot.Named) as
// "net-beginner" … "net-strongest" when this package is linked in. In a game
// without a net (the Festungsspiel) they play as bot.Greedy.
func init() {
	desc := [...]string{
		Beginner:     "a learned net at one ply, blurred by a large error (Toccateglio, Verkehren)",
		Casual:       "a learned net at one ply, blurred by a smaller error (Toccateglio, Verkehren)",
		Intermediate: "a learned net at one ply, slightly blurred (Toccateglio, Verkehren)",
		Advanced:     "a learned net over every play, one ply (Toccateglio, Verkehren)",
		Expert:       "a learned net, the best 4 plays two plies deep over every throw (Toccateglio, Verkehren)",
		Strongest:    "a learned net, the best 16 plays two plies deep and in Toccateglio the best 4, when close, three plies deep, 50 ms a move (Toccateglio, Verkehren)",
	}
	de := [...]string{
		Beginner:     "ein gelerntes Netz, einen Halbzug tief, stark verrauscht (Toccateglio, Verkehren)",
		Casual:       "ein gelerntes Netz, einen Halbzug tief, weniger verrauscht (Toccateglio, Verkehren)",
		Intermediate: "ein gelerntes Netz, einen Halbzug tief, leicht verrauscht (Toccateglio, Verkehren)",
		Advanced:     "ein gelerntes Netz über alle Züge, einen Halbzug tief (Toccateglio, Verkehren)",
		Expert:       "ein gelerntes Netz: die 4 besten Züge zwei Halbzüge tief über jeden Wurf (Toccateglio, Verkehren)",
		Strongest:    "ein gelerntes Netz: die 16 besten Züge zwei Halbzüge tief, im Toccateglio die 4 besten, wenn sie knapp beieinander liegen, drei Halbzüge tief, 50 ms je Zug (Toccateglio, Verkehren)",
	}
	for _, l := range Levels() {
		bot.Register(bot.Level{
			Name:         "net-" + l.String(),
			Strength:     40 + int(l),
			Description:  desc[l],
			Descriptions: map[string]string{"de": de[l]},
			Games:        []string{"toccateglio", "verkehren"},
			New:          func() bot.Bot { return Bot{Level: l, Fallback: bot.Greedy{}} },
		})
	}
}
