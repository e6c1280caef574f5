package main

import (
	"strings"
	"testing"
)

// analyze judges the game so far: a line per seat with its error rate, luck
// and rating, the worst decisions and the throws' luck; "analyze 2" judges
// two plies deep; another argument is refused; help lists the command.
func TestAnalyzeCommand(t *testing.T) {
	for _, game := range []string{"toccateglio", "verkehren", "festung"} {
		t.Run(game, func(t *testing.T) {
			input := strings.Join([]string{"analyze", "1", "1", "1", "1", "analyze", "analyze 2", "analyze deep", "help", "quit"}, "\n") + "\n"
			// the Festungsspiel asks for few decisions: people on both seats
			// keep the game going through the commands
			opponent, seat1 := "random", "Player 2 (bot): "
			if game == "festung" {
				opponent, seat1 = "human", "Player 2 (person): "
			}
			out := playWith(t, input, "-i", "-game", game, "-seed", "5", "-opponent", opponent, "-throw", "auto")
			first := strings.Index(out, "review of ")
			if first < 0 {
				t.Fatalf("no analysis:\n%s", out)
			}
			for _, want := range []string{
				seat1,
				" decision",
				"luck ",
				"the luckiest throw: step ",
				"the unluckiest throw: ",
				`analyze takes no argument, or 2 for a deeper look; not "deep"`,
				"analyze [2]", // help
			} {
				if !strings.Contains(out[first:], want) {
					t.Errorf("output lacks %q:\n%s", want, out[first:])
				}
			}
			if game != "festung" && !strings.Contains(out, ", a deeper look, in ") {
				t.Errorf("no analysis at two plies:\n%s", out[first:])
			}
			if strings.Count(out, "review of ") != 3 {
				t.Errorf("%d analyses, want 3:\n%s", strings.Count(out, "review of "), out)
			}
		})
	}
}
