package toccateglio

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TestWriteFuzzSeeds writes the seed corpora under testdata/fuzz from seeded
// games of every variant, when TOCCATEGLIO_WRITE_SEEDS is set. The files are
// kept in the repository; go test reads them as the seeds of the fuzz
// targets.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("TOCCATEGLIO_WRITE_SEEDS") == "" {
		t.Skip("set TOCCATEGLIO_WRITE_SEEDS to write the seed corpora")
	}
	write := func(target, name string, v any) {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		body := "go test fuzz v1\n"
		switch x := v.(type) {
		case string:
			body += fmt.Sprintf("string(%q)\n", x)
		case []byte:
			body += fmt.Sprintf("[]byte(%q)\n", x)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		step := 0
		var moves []string
		walk(t, o, uint64(100+i), carefulPolicy, func(g *Game) {
			if step%37 == 0 || g.ToMove() == brettspiel.Terminal || g.phase == phaseDecide {
				name := fmt.Sprintf("v%d-step%03d", i, step)
				write("FuzzUnmarshalText", name, []byte(g.ID()))
				data, _ := json.Marshal(g)
				write("FuzzUnmarshalJSON", name, data)
			}
			if g.phase == phaseMove || g.phase == phaseDecide {
				for _, m := range g.LegalMoves() {
					moves = append(moves, g.MoveString(m))
				}
			}
			step++
		})
		for k := 0; k < len(moves); k += max(1, len(moves)/6) {
			write("FuzzParseMove", fmt.Sprintf("v%d-%03d", i, k), moves[k])
		}
		if i < 4 {
			_, text := recordText(t, v.o, uint64(200+i))
			lines := strings.SplitAfter(text, "\n")
			write("FuzzLoadRecord", fmt.Sprintf("v%d-whole", i), text)
			write("FuzzLoadRecord", fmt.Sprintf("v%d-part", i), strings.Join(lines[:min(len(lines), 12)], ""))
		}
	}
}
