package neural

import (
	"testing"

	"github.com/brettspiel/brettspiel/bot"
)

func TestLevelsAreRegistered(t *testing.T) {
	for _, l := range Levels() {
		b, err := bot.Named("net-" + l.String())
		if err != nil {
			t.Fatal(err)
		}
		nb, ok := b.(Bot)
		if !ok || nb.Level != l {
			t.Errorf("net-%v is %#v", l, b)
		}
		if _, ok := nb.Fallback.(bot.Greedy); !ok {
			t.Errorf("net-%v falls back to %#v, want greedy", l, nb.Fallback)
		}
	}
	names := bot.Names()
	if names[len(names)-1] != "net-strongest" {
		t.Errorf("the strongest bot is %q", names[len(names)-1])
	}
}
