package catalog

import (
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// german holds the catalogue's texts in German: a game's description by its
// Name, a preset's description and source by the game's Name and the
// preset's Name. Each English text of the catalogue has one here; the tests
// hold the two lists together.
var german = struct {
	variants map[string]string
	presets  map[[2]string][2]string // {variant, preset} → {description, source}
	titles   map[[2]string]string    // {variant, preset} → title, where it is not the name
}{
	variants: map[string]string{
		toccateglio.Variant: "ein Verwandter des Backgammon aus dem 18. und 19. Jahrhundert: Treffer zählen als Marken und werden nie ausgeführt; die Hucke besetzt man mit zwei Steinen zugleich; eine Partie geht bis 12 Marken",
		"verkehren":         "beide setzen ihre Steine auf der Seite des anderen ein und ziehen in derselben Richtung herum; geschlagene Steine verlassen das Brett und kommen neu herein; wer eingesperrt ist, ist Junker",
		festung.Variant:     "ein Festungsspiel für 2 bis 6 Spieler mit drei Würfeln: Marken werden auf einen Plan von Werken gesetzt und nach den Würfen genommen und gelegt; der fünfte Pasch erobert die Mitte",
	},
	presets: map[[2]string][2]string{
		{festung.Variant, "Standard"}: {
			"je 25 Marken Vorrat; Spieler 1 würfelt zuerst; zu fünft bleibt das Feld W4.VI leer",
			"das Regelheft eines Nürnberger Festungsspiels, um 1760"},
		{toccateglio.Variant, "Toccateglispiel"}: {
			"15 Steine auf Feld 1; der höhere Wurf fängt an; eine leere Hucke des Gegners lässt durch; kein einzelner Stein in das zweite Viertel des Gegners, solange er seine Force hat; kein genaues Abtragen, solange er auf seinem Anfangsfeld steht; ein Marsch, mit einem Pasch gewonnen, gewinnt die Partie (Satz)",
			"Lexikontext nach den Spielbüchern von 1769 bis 1830"},
		{toccateglio.Variant, "Tokkadille 1853"}: {
			"15 Steine auf Feld 1; der niedrigere Wurf fängt an und spielt diesen Wurf; die Hucke des Gegners ist gesperrt; mit Gewalt nehmen darf man die Hucke nur, solange man sie hält",
			"Alvensleben, Encyclopädie der Spiele (1853)"},
		{toccateglio.Variant, "Tokkadille 1853, 16 stones"}: {
			"wie Tokkadille 1853, aber mit je 16 Steinen",
			"Alvensleben, Encyclopädie der Spiele (1853)"},
		{toccateglio.Variant, "Toccadille"}: {
			"die Steine kommen aus der Hand ins Spiel; nach jedem Pasch wird noch einmal geworfen; hat der Verlierer 1 bis 3 Marken, zählt es dreifach, bei 4 bis 6 doppelt; die Hucke des Gegners ist gesperrt",
			"ein späterer Lexikontext zur Toccadille"},
		{"verkehren", "VK"}: {
			"kein Band auf den Feldern 2 bis 11 der Gegenseite; kein Band außerhalb des Hauses, ehe fünf Steine es verlassen haben",
			"Das Verkehren im Bretspiel (VK)"},
		{"verkehren", "VK band limit 5"}: {
			"die Regeln von VK mit der zweiten Eröffnung, die der Text nennt: nie mehr als 5 Bände zugleich",
			"Das Verkehren im Bretspiel (VK)"},
		{"verkehren", "Cotton"}: {
			"kein Band auf den Feldern 2 bis 12, die Hucke mitgezählt",
			"Cotton (1725), so wie Ludiis Verquere ihn liest"},
		{"verkehren", "Fiske"}: {
			"kein Band auf den Feldern 2 bis 11, bis ein Stein Feld 12 erreicht hat",
			"die schwedischen Brettspiele (Fiske 1905)"},
	},
	titles: map[[2]string]string{
		{toccateglio.Variant, "Tokkadille 1853, 16 stones"}: "Tokkadille 1853, 16 Steine",
		{"verkehren", "VK band limit 5"}:                    "VK, höchstens 5 Bände",
	},
}

// VariantsIn lists the games of the catalogue as [Variants] does, with the
// descriptions of the games and of their presets and the presets' sources
// in the language of a tag ("de", "de-AT", "de_CH": German; any other:
// English, as package words and bot.Level.DescriptionIn read tags), and
// the presets' titles for a menu in it. Names are the same in every
// language: they are what the functions of this package take. A text
// without a translation stays English.
func VariantsIn(tag string) []Variant {
	vs := Variants()
	if !isGerman(tag) {
		return vs
	}
	for i := range vs {
		v := &vs[i]
		if d, ok := german.variants[v.Name]; ok {
			v.Description = d
		}
		for j := range v.Presets {
			p := &v.Presets[j]
			key := [2]string{v.Name, p.Name}
			if t, ok := german.presets[key]; ok {
				p.Description, p.Source = t[0], t[1]
			}
			if t, ok := german.titles[key]; ok {
				p.Title = t
			}
		}
	}
	return vs
}

// isGerman reports whether a language tag names German: "de" alone or
// followed by a region.
func isGerman(tag string) bool {
	return len(tag) >= 2 && (tag[0]|0x20) == 'd' && (tag[1]|0x20) == 'e' && (len(tag) == 2 || tag[2] == '-' || tag[2] == '_')
}
