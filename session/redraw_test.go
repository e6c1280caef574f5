package session

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TestTakebackDoesNotShowTheNextThrow plays as a mover who looks at the
// throw after his move, asks a takeback, has it granted and plays the same
// move again: the throw that follows is drawn anew, so it is the one he
// saw no more often than chance makes it (with the throws fixed by the
// seed and the step alone it was the same every time). After the game the
// proof with its redraws checks, and without them names a throw.
func TestTakebackDoesNotShowTheNextThrow(t *testing.T) {
	for _, variant := range []string{"toccateglio", "verkehren"} {
		same, trials := 0, 0
		for seed := 11; trials < 40; seed++ {
			n, s := takebacksAfterSeeing(t, variant, seed, 40-trials)
			trials, same = trials+n, same+s
		}
		t.Logf("%s: the throw seen met again after %d of %d takebacks", variant, same, trials)
		// two dice fall alike by chance about once in twenty
		if same > 10 {
			t.Errorf("%s: after %d takebacks the mover met the throw he had seen %d times", variant, trials, same)
		}
	}
}

// takebacksAfterSeeing plays one owned game of variant with the takebacks
// of TestTakebackDoesNotShowTheNextThrow, at most most of them, and
// checks its proof; it returns the takebacks made and how often the throw
// after one was the throw seen before it.
func takebacksAfterSeeing(t *testing.T, variant string, seed, most int) (trials, same int) {
	{
		tab := NewTable(Options{})
		h, secrets := ownedGame(t, tab, fmt.Sprintf(`{"variant":%q,"seed":%d,"owned":true}`, variant, seed), 2)
		g := mustGame(t, tab, h)
	play:
		for trials < most {
			now := g.Position()
			switch p := now.ToMove(); {
			case p == brettspiel.Terminal:
				break play
			case p == brettspiel.Chance:
				call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[0]}, nil)
			default:
				legal := now.LegalMoves()
				m := now.MoveString(legal[len(legal)/2])
				if c, ok := now.(interface{ Concedes(brettspiel.Move) bool }); ok && c.Concedes(legal[len(legal)/2]) {
					m = now.MoveString(legal[0])
				}
				call(t, tab, "apply", map[string]any{"handle": h, "notation": m, "secret": secrets[p]}, nil)
				if g.Position().ToMove() != brettspiel.Chance {
					continue
				}
				var s StateJSON
				call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[0]}, &s)
				seen := s.Move
				if g.Position().ToMove() == brettspiel.Terminal {
					break play // the throw won: its dice are revealed
				}
				call(t, tab, "takeback", map[string]any{"handle": h, "secret": secrets[p]}, nil)
				call(t, tab, "answerTakeback", map[string]any{"handle": h, "accept": true, "secret": secrets[1-p]}, nil)
				call(t, tab, "apply", map[string]any{"handle": h, "notation": m, "secret": secrets[p]}, nil)
				call(t, tab, "throw", map[string]any{"handle": h, "secret": secrets[0]}, &s)
				trials++
				if s.Move == seen {
					same++
				}
			}
		}
		info := g.Info()
		if len(info.Redraws) != trials || info.Practice {
			t.Errorf("%s: %d redraws (want %d), practice %v", variant, len(info.Redraws), trials, info.Practice)
		}
		record, err := g.Record()
		if err != nil {
			t.Fatal(err)
		}
		g.Reveal()
		info = g.Info()
		proof := DiceProof{Commitment: info.Commitment, Seed: *info.Seed, Salt: info.Salt, Redraws: info.Redraws, Length: g.Len()}
		if c, err := VerifyDice(record, proof); err != nil || !c.OK {
			t.Errorf("%s: the proof with its redraws: %+v, %v", variant, c, err)
		}
		pyRedraws(t, record, proof, true)
		proof.Redraws = nil
		if c, err := VerifyDice(record, proof); trials > 0 && (err != nil || c.OK || c.Bad == nil) {
			t.Errorf("%s: the proof without its redraws holds: %+v, %v", variant, c, err)
		}
		pyRedraws(t, record, proof, trials == 0)
	}
	return trials, same
}

// TestUndoOverASeenThrowIsPractice: a person alone against a bot undoes at
// will, and the throws stay the seed's; once he went back over a throw he
// had seen, the game is marked practice, and a snapshot keeps the mark.
func TestUndoOverASeenThrowIsPractice(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 4, "owned": true, "seats": []string{"person", "greedy"}}, &s)
	h := s.Handle
	var c ClaimJSON
	call(t, tab, "claim", map[string]any{"handle": h, "seat": 0}, &c)
	g := mustGame(t, tab, h)
	for g.Position().ToMove() != 0 {
		call(t, tab, "advance", map[string]any{"handle": h, "secret": c.Secret}, nil)
		if g.Position().ToMove() == brettspiel.Chance {
			call(t, tab, "throw", map[string]any{"handle": h, "secret": c.Secret}, nil)
		}
	}
	if g.Info().Practice {
		t.Fatal("practice before any undo")
	}
	call(t, tab, "undo", map[string]any{"handle": h, "secret": c.Secret}, &s) // the throw he is to play
	if !s.Practice {
		t.Errorf("an undo of a seen throw is not practice")
	}
	data, _, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	back, err := NewTable(Options{}).Restore(1, data)
	if err != nil || !back.Info().Practice {
		t.Errorf("restored: practice lost (%v)", err)
	}
	var head snapshotHead
	if err := json.Unmarshal(firstLine(data), &head); err == nil && !head.Practice {
		t.Errorf("the snapshot's head lacks practice")
	}
}

func firstLine(b []byte) []byte {
	for i, c := range b {
		if c == '\n' {
			return b[:i]
		}
	}
	return b
}

// pyRedraws runs the standalone verifier (doc/verify_dice.py) on a record
// and its proof, redraws included, and wants its yes or no; without
// python3 it checks nothing (its own tests say so).
func pyRedraws(t *testing.T, record string, p DiceProof, ok bool) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		return
	}
	file := filepath.Join(t.TempDir(), "record.txt")
	if err := os.WriteFile(file, []byte(record), 0o600); err != nil {
		t.Fatal(err)
	}
	redraws := make([]string, len(p.Redraws))
	for i, m := range p.Redraws {
		redraws[i] = strconv.Itoa(m)
	}
	cmd := exec.Command(python, filepath.Join("..", "doc", "verify_dice.py"), "--commitment", p.Commitment,
		"--seed", strconv.FormatUint(uint64(p.Seed), 10), "--salt", p.Salt, "--length", strconv.Itoa(p.Length),
		"--redraws", strings.Join(redraws, ","), file)
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	if got := err == nil; got != ok {
		t.Errorf("the standalone verifier with redraws %v: %v, want ok %v\n%s", p.Redraws, err, ok, out)
	}
}
