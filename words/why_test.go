package words

import "testing"

// Every kind of reason is said in both languages, with its numbers and
// points; several are a sentence each; a kind the package does not know,
// and none, say nothing.
func TestWhy(t *testing.T) {
	for _, c := range []struct {
		r      Reason
		en, de string
	}{
		{Reason{Kind: ReasonHit, Points: []int{7}, Better: 1},
			"The better play hits on 7; yours hits nothing.",
			"Der bessere Zug schlägt auf 7; deiner schlägt nichts."},
		{Reason{Kind: ReasonHit, Points: []int{6, 12}, Played: 1, Better: 2},
			"The better play hits 2 stones (on 6 and 12), yours 1.",
			"Der bessere Zug schlägt 2 Steine (auf 6 und 12), deiner 1."},
		{Reason{Kind: ReasonJanBroken, Quarter: 2, Played: 2},
			"Your play opens the second quarter, a closed Jan the better play keeps, and gives the opponent 2 marks.",
			"Dein Zug öffnet das zweite Viertel, einen geschlossenen Jan, den der bessere Zug hält, und gibt dem Gegner 2 Marken."},
		{Reason{Kind: ReasonJanBroken, Quarter: 4},
			"Your play opens the fourth quarter, a closed Jan the better play keeps.",
			"Dein Zug öffnet das vierte Viertel, einen geschlossenen Jan, den der bessere Zug hält."},
		{Reason{Kind: ReasonJan, Quarter: 1, Better: 2},
			"The better play closes the first quarter (a Jan, 2 marks); yours does not.",
			"Der bessere Zug schließt das erste Viertel (ein Jan, 2 Marken); deiner nicht."},
		{Reason{Kind: ReasonJan, Quarter: 1},
			"The better play closes the first quarter (a Jan); yours does not.",
			"Der bessere Zug schließt das erste Viertel (ein Jan); deiner nicht."},
		{Reason{Kind: ReasonMarks, Better: 2},
			"The better play marks 2, yours 0.",
			"Der bessere Zug markiert 2, deiner 0."},
		{Reason{Kind: ReasonHuckeLeft, Point: 13},
			"Your play gives up your Hucke on 13, which the better play keeps.",
			"Dein Zug gibt deine Hucke auf 13 auf, die der bessere Zug hält."},
		{Reason{Kind: ReasonHucke, Point: 12},
			"The better play takes your Hucke on 12; yours does not.",
			"Der bessere Zug nimmt deine Hucke auf 12; deiner nicht."},
		{Reason{Kind: ReasonBlot, Point: 5, Played: 11},
			"Your play leaves a blot on 5 that 11 throws of 36 hit; the better play leaves none in reach.",
			"Dein Zug lässt auf 5 einen Bloßen stehen, den 11 von 36 Würfen treffen; der bessere Zug keinen in Reichweite."},
		{Reason{Kind: ReasonBlot, Point: 5, Played: 11, Better: 2},
			"Your play leaves a blot on 5 that 11 throws of 36 hit; the better play leaves none that more than 2 hit.",
			"Dein Zug lässt auf 5 einen Bloßen stehen, den 11 von 36 Würfen treffen; der bessere Zug keinen, den mehr als 2 treffen."},
		{Reason{Kind: ReasonEntry, Played: 3, Better: 1},
			"The better play leaves the opponent 1 open point to enter on, yours 3.",
			"Der bessere Zug lässt dem Gegner 1 offenen Punkt zum Einsetzen, deiner 3."},
		{Reason{Kind: ReasonPointBroken, Point: 20},
			"Your play breaks your point on 20, which the better play keeps.",
			"Dein Zug löst dein Band auf 20 auf, das der bessere Zug hält."},
		{Reason{Kind: ReasonPointNotMade, Point: 4},
			"The better play makes a point on 4; yours does not.",
			"Der bessere Zug macht ein Band auf 4; deiner nicht."},
		{Reason{Kind: ReasonBehind, Point: 1, BetterPoint: 3},
			"Your play leaves a stone behind on 1; after the better play your last stone stands on 3.",
			"Dein Zug lässt einen Stein auf 1 zurück; nach dem besseren Zug steht dein letzter auf 3."},
		{Reason{Kind: ReasonFortress, Point: 2, BetterPoint: 1, Played: 1},
			"Your choice takes from fortress 2 and leaves the marker of fortress 1, which 1 opponent may take; taking from fortress 1 leaves one that no opponent may take.",
			"Deine Wahl nimmt aus Festung 2 und lässt die Marke der Festung 1, die 1 Gegner nehmen kann; aus Festung 1 bliebe eine, die kein Gegner nehmen kann."},
		{Reason{Kind: ReasonFortress, Point: 3, BetterPoint: 1, Played: 4, Better: 2},
			"Your choice takes from fortress 3 and leaves the marker of fortress 1, which 4 opponents may take; taking from fortress 1 leaves one that 2 opponents may take.",
			"Deine Wahl nimmt aus Festung 3 und lässt die Marke der Festung 1, die 4 Gegner nehmen können; aus Festung 1 bliebe eine, die 2 Gegner nehmen können."},
	} {
		if got := English.Why([]Reason{c.r}); got != c.en {
			t.Errorf("%s:\n got %q\nwant %q", c.r.Kind, got, c.en)
		}
		if got := German.Why([]Reason{c.r}); got != c.de {
			t.Errorf("%s:\n got %q\nwant %q", c.r.Kind, got, c.de)
		}
	}
	two := []Reason{{Kind: "no such kind"}, {Kind: ReasonHucke, Point: 12}, {Kind: ReasonPointNotMade, Point: 4}}
	if got, want := English.Why(two), "The better play takes your Hucke on 12; yours does not. The better play makes a point on 4; yours does not."; got != want {
		t.Errorf("two reasons:\n got %q\nwant %q", got, want)
	}
	if got := German.Why(nil) + English.Why([]Reason{{Kind: "no such kind"}}); got != "" {
		t.Errorf("no reason: %q", got)
	}
}
