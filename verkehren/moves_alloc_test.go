package verkehren

import (
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TestV_D2_GenerationDoesNotAllocate lists the plays at the play nodes of
// random games under every preset, doublets with hundreds of plays under
// Fiske's V-B1 included (the 5,000 positions under Fiske hold some with
// more than 512), into a buffer with room: no call allocates.
func TestV_D2_GenerationDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, p := range Presets() {
		mixed, doublets := benchPositionsOf(t, p.Options, 5000)
		most := 0
		dst := make([]brettspiel.Move, 0, 4096)
		for _, g := range append(mixed, doublets...) {
			if n := testing.AllocsPerRun(1, func() { dst = g.AppendLegalMoves(dst[:0]) }); n != 0 {
				t.Fatalf("%s: %v allocations listing the plays of\n%s", p.Name, n, g)
			}
			most = max(most, len(dst))
		}
		t.Logf("%s: at most %d plays", p.Name, most)
	}
}
