package festung

import (
	"errors"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TestFromPositionCountsMarkersWithoutWrapping: balances near the largest
// allowed add up past 32 bits. A sum that wrapped on a platform with 32-bit
// ints would make three huge balances look conserved there.
func TestFromPositionCountsMarkersWithoutWrapping(t *testing.T) {
	o := Options{Players: 3, Stock: maxStock, TurnCap: maxTurnCap}
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	p.Throws = maxTurnCap - 1
	p.Thrower = brettspiel.Player(p.Throws % 3)
	// Balances whose sum is players × stock − markers + 2³², each within
	// the room the turn cap leaves.
	sum := int64(3*maxStock-len(p.Markers)) + 1<<32
	b := sum / 3
	p.Balances = []int{int(b), int(b), int(sum - 2*b)}
	room := int64(maxBalance - maxGainPerThrow*(maxTurnCap-p.Throws))
	for _, bal := range p.Balances {
		if int64(bal) > room {
			t.Fatalf("balance %d is beyond the room %d: the test needs balances FromPosition would otherwise take", bal, room)
		}
	}
	_, err = FromPosition(o, p)
	if !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Fatalf("FromPosition with balances adding up to 2³² more than conserved: %v, want ErrBadPosition", err)
	}
}
