package session

import (
	"encoding/hex"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// Dice that nobody can foresee. A game of owned seats ([Config.Owned])
// throws its dice, and lets its bots draw, from a seed that no answer,
// delta, record or log carries while it runs: from crypto/rand, unless the
// caller gives one. What every seat and watcher gets from the start is a
// commitment to the seed: the SHA-256 of a random salt and the seed
// ([Commit]). When the game ends — its last step, a seat running out of
// time, its closing, or [Game.Reveal] — the seed and the salt are revealed
// in the same change, and anyone can check with [VerifyDice] (or the
// method verifyDice) that the commitment is theirs and that every throw of
// the record followed from the seed. A revealed game plays no further step:
// its dice are known.
//
// A game whose seats are not owned shows its seed, as ever: it is a game of
// one screen, its replays and tests want it. A game made without a seed
// gets a fresh one (from crypto/rand where the build has it, else from
// math/rand/v2's generator, which the runtime seeds at random).

// SeedOf returns a pointer to the seed n, for [Config.Seed].
func SeedOf(n uint64) *Seed {
	s := Seed(n)
	return &s
}

// secretDice says the game's dice come from a seed that is kept secret
// while it runs (an owned game's).
func (g *Game) secretDice() bool { return g.salt != nil }

// proof is what a game of secret dice shows of them: the commitment, and
// once revealed the seed and the salt (nil and "" before).
func (g *Game) proof() (commitment string, seed *Seed, salt string) {
	if g.commitment == "" {
		g.commitment = Commit(Seed(g.seed), g.salt)
	}
	commitment = g.commitment
	if g.revealed {
		seed, salt = SeedOf(g.seed), hex.EncodeToString(g.salt)
	}
	return commitment, seed, salt
}

// revealAtEnd reveals the secret dice of g (locked) once it is over: its
// last step played, or a seat out of time.
func (g *Game) revealAtEnd() {
	if !g.secretDice() || g.revealed {
		return
	}
	if g.cur.ToMove() == brettspiel.Terminal || g.clock != nil && g.clock.out >= 0 {
		g.reveal()
	}
}

// reveal makes the seed and the salt of g (locked) public.
func (g *Game) reveal() {
	if g.secretDice() {
		g.revealed = true
	}
}

// Reveal makes the seed and the salt of a game of secret dice public, told
// to its watchers as a change, and ends its play: every later step, undo
// or takeback is refused with an error wrapping brettspiel.ErrGameOver,
// since its dice are known. A server calls it when it archives a game that
// did not end; a game's end and its closing reveal them without it. A game
// whose seed is not secret, or revealed already, is left as it is.
func (g *Game) Reveal() {
	defer g.lock()()
	if !g.secretDice() || g.revealed {
		return
	}
	g.reveal()
	g.notify()
}

// Revealed reports whether the game's seed is public: a game of secret
// dice once it is over, or any game whose seats are not owned.
func (g *Game) Revealed() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.secretDice() || g.revealed
}

// sealed refuses a change of the history of a game whose secret dice are
// revealed (g locked).
func (g *Game) sealed(op string) error {
	if g.agreed {
		return bad(op, "", brettspiel.ErrGameOver, "the players agreed to end the game")
	}
	if g.secretDice() && g.revealed {
		return bad(op, "", brettspiel.ErrGameOver, "the game's dice were revealed: it is over")
	}
	return nil
}

// appendProof appends the keys of the dice of a game: its commitment, and
// the seed and the salt where known, each after a comma; nothing for what
// is empty.
func appendProof(b []byte, commitment string, seed *Seed, salt string) []byte {
	if commitment != "" {
		b = jsonw.KeyString(b, `,"commitment":`, commitment)
	}
	if seed != nil {
		b = append(b, `,"seed":"`...)
		b = append(strconv.AppendUint(b, uint64(*seed), 10), '"')
	}
	if salt != "" {
		b = jsonw.KeyString(b, `,"salt":`, salt)
	}
	return b
}
