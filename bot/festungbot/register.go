package festungbot

import "github.com/brettspiel/brettspiel/bot"

// Name is the level's name in bot's registry.
const Name = "festung-best"

// The level joins the module's registry of bots (bot.Named) when this package
// is linked in. It is listed last, as the strongest: in the Festungsspiel it
// is the best decision rule measured (see the package doc); in the other
// games it plays as bot.Greedy.
func init() {
	bot.Register(bot.Level{
		Name:         Name,
		Strength:     50,
		Games:        []string{"festung"},
		Description:  "takes from the lowest open fortress, the best decision rule measured (Festungsspiel; elsewhere as greedy)",
		Descriptions: map[string]string{"de": "nimmt aus der niedrigsten offenen Festung, die beste gemessene Entscheidungsregel (Festungsspiel; sonst wie der gierige Bot)"},
		New:          func() bot.Bot { return Bot{} },
	})
}
