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
		Strongest:    "a learned net, the best 16 plays two plies deep, 50 ms a move (Toccateglio, Verkehren)",
	}
	for _, l := range Levels() {
		bot.Register(bot.Level{
			Name:        "net-" + l.String(),
			Strength:    40 + int(l),
			Description: desc[l],
			Games:       []string{"toccateglio", "verkehren"},
			New:         func() bot.Bot { return Bot{Level: l, Fallback: bot.Greedy{}} },
		})
	}
}
