//go:build !js

package session

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// Dice that can be checked. Whoever knows a game's seed knows every throw
// to come ([Rand]), so a game of several people may throw from a seed they
// do not know. That asks them to trust whoever throws, unless the seed is
// fixed before the first throw and shown after the last: at the start
// every player gets a commitment to the seed ([Commit]), a hash of it with
// a random salt, which tells nothing of the seed; when the game is over
// the seed and the salt are revealed ([DiceProof]), and anyone checks with
// [VerifyDice] that they make the commitment and that every throw of the
// game's record is the one the seed gives. The seed cannot then have been
// changed once the commitment was given, nor a throw made other than from
// it.

// SaltSize is the size in bytes of the salt of a commitment ([Commit],
// [NewSalt]); in JSON it is written in hex, 64 digits. A seed has 64
// bits, few enough to be found from its hash by trying them all; with 256
// bits of salt beside it, it is not.
const SaltSize = 32

// commitPrefix is hashed before the salt and the seed: it names what the
// hash commits to and the form's version, so that a commitment of this
// form is never the hash of anything else.
const commitPrefix = "brettspiel dice 1\n"

// Commit returns the commitment to a game's seed: the SHA-256, as 64
// lowercase hex digits, of the bytes of the string "brettspiel dice 1\n"
// (18 bytes, the line feed included), then the salt, then the seed as 8
// bytes big-endian. A person recomputes it without this module, in Python
// with the salt in hex and the seed a number:
//
//	hashlib.sha256(b"brettspiel dice 1\n" + bytes.fromhex(salt) + seed.to_bytes(8, "big")).hexdigest()
//
// or in a shell:
//
//	{ printf 'brettspiel dice 1\n'; printf %s "$salt" | xxd -r -p; printf %016x "$seed" | xxd -r -p; } | sha256sum
//
// A game's salt is [SaltSize] bytes from [NewSalt], kept secret with the
// seed until the game is over; Commit hashes whatever salt it is given,
// and [VerifyDice] takes only salts of SaltSize bytes.
func Commit(seed Seed, salt []byte) string {
	sum := commitSum(seed, salt)
	return hex.EncodeToString(sum[:])
}

func commitSum(seed Seed, salt []byte) [sha256.Size]byte {
	b := make([]byte, 0, len(commitPrefix)+len(salt)+8)
	b = append(b, commitPrefix...)
	b = append(b, salt...)
	b = binary.BigEndian.AppendUint64(b, uint64(seed))
	return sha256.Sum256(b)
}

// NewSalt returns a new salt for [Commit]: [SaltSize] bytes from
// crypto/rand. Its error is crypto/rand's, which Go 1.24 and later never
// return.
func NewSalt() ([]byte, error) {
	b := make([]byte, SaltSize)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return b, nil
}

// DiceProof is what a game of secret dice reveals once it is over: the
// commitment its players were given at the start ([Commit]), and the seed
// and the salt that make it. In JSON the salt is in hex (2×[SaltSize]
// digits) and the seed, as everywhere, a number or a string of digits.
//
// Length, when not 0, is the number of steps the game played, as its
// players saw it (the length of its last state): a record of another
// number of steps fails the check. Without it a record cut short checks
// as far as it goes, and only [DiceCheck.Over] tells it from a whole one.
type DiceProof struct {
	Commitment string `json:"commitment"`
	Seed       Seed   `json:"seed"`
	Salt       string `json:"salt"`
	Length     int    `json:"length,omitempty"`
	// Redraws are the game's redraws ([Info.Redraws]): the lengths its
	// granted takebacks went back to, whose throws were drawn anew.
	Redraws []int `json:"redraws,omitempty"`
}

// DiceCheck is the outcome of [VerifyDice], the result of "verifyDice".
type DiceCheck struct {
	// OK: the commitment is the seed's and the salt's, every throw of the
	// record is the one the seed gives, and the record has the proof's
	// Length of steps when it gives one. A record that stops before the
	// game's end is OK too (Over false): a game revealed before its end has
	// such a record.
	OK bool `json:"ok"`
	// Commitment: the commitment is Commit(seed, salt).
	Commitment bool `json:"commitment"`
	// Throws is the number of the record's throws that followed the seed:
	// all its throws when none is bad, else those before the first bad one.
	Throws int `json:"throws"`
	// Steps is the number of the record's steps read: all its steps when
	// no throw is bad, else those before the first bad one (Bad.Index).
	Steps int `json:"steps"`
	// Over says that the record plays to the game's end (after its last
	// step nobody is to move), so that Throws are all the throws the game
	// had. It is false for a record that stops before the end: one cut
	// short, or that of a game revealed before it (a seat out of time, the
	// game closed, [Game.Reveal]); false too when a throw is bad.
	Over bool `json:"over"`
	// Bad is the first throw that is not the seed's; nil when there is
	// none. The check ends there: the steps after it are not played.
	Bad *BadThrow `json:"bad,omitempty"`
	// Reason says why the check failed, for programmers; "" when OK.
	Reason string `json:"reason,omitempty"`
}

// BadThrow is a throw of a record that is not the one the seed gives.
type BadThrow struct {
	// Index is the step's index among the record's steps, 0 for the first:
	// the n of Rand(seed, n, Dice), and the index of the step in the log
	// of the game that wrote the record.
	Index int `json:"index"`
	// Line is the line of the record the step is on, for a person who
	// reads the record.
	Line int `json:"line"`
	// Thrown is the step as the record has it; Expected is the throw the
	// seed gives there, in the game's notation.
	Thrown   string `json:"thrown"`
	Expected string `json:"expected"`
}

// VerifyDice checks a game of secret dice once its seed and salt are
// revealed: that the proof's commitment is Commit(seed, salt), and that
// every throw of the record (its text form, brettspiel.ParseRecord) is the
// one the seed gives, as [Game.Throw] throws it: at the step of index n,
// brettspiel.SampleChance of the position before it from Rand(seed, n,
// Dice). The steps are counted from the record's start, its rules' or its
// "start:" position's, as the game that wrote it counts them. The record
// is replayed through its rules up to the first throw that is not the
// seed's, which ends the check and is named (DiceCheck.Bad): the steps
// after it are not played, so a record whose later steps no longer play
// once a throw was changed still names that throw.
//
// The check says how far the record went: the throws it checked
// (DiceCheck.Throws), the steps it read (Steps) and whether they reach the
// game's end (Over). A record cut short checks as far as it goes, so a
// check that passes with Over false covers only part of a game, unless the
// game was revealed before its end; the proof's Length, the steps the
// players saw the game play, makes a record of another length fail.
//
// A proof that does not hold is a check that fails, with the reason: a
// salt that is not [SaltSize] bytes in hex, a commitment that is not 64
// hex digits or not the seed's and salt's, a record of other than the
// proof's Length of steps. A record that cannot be read,
// or whose steps before its first bad throw do not play by its rules, says
// nothing about the dice: then the error is the record's, as
// [LoadRecord]'s would be (wrapping brettspiel.ErrBadNotation,
// ErrIllegalMove, …; a *brettspiel.StepError names the step's line), and
// the check is the zero DiceCheck.
func VerifyDice(record string, p DiceProof) (DiceCheck, error) {
	if len(p.Redraws) > maxRedraws {
		return DiceCheck{Reason: "more redraws than a game has"}, nil
	}
	c, err := replayThrows(record, uint64(p.Seed), p.Redraws)
	if err != nil {
		return DiceCheck{}, err
	}
	var why []string
	if reason := p.refuted(); reason != "" {
		why = append(why, reason)
	} else {
		c.Commitment = true
	}
	switch b := c.Bad; {
	case b != nil:
		why = append(why, "step "+strconv.Itoa(b.Index)+" (line "+strconv.Itoa(b.Line)+") throws "+quote.Quote(b.Thrown)+" where the seed throws "+b.Expected)
	case p.Length < 0:
		why = append(why, "the proof's length is negative")
	case p.Length > 0 && c.Steps < p.Length:
		why = append(why, "the record has "+strconv.Itoa(c.Steps)+" steps where the game played "+strconv.Itoa(p.Length)+": it is cut short")
	case p.Length > 0 && c.Steps > p.Length:
		why = append(why, "the record has "+strconv.Itoa(c.Steps)+" steps where the game played "+strconv.Itoa(p.Length))
	}
	c.OK = len(why) == 0
	c.Reason = strings.Join(why, "; ")
	return c, nil
}

// refuted says why the proof's commitment is not Commit(seed, salt), ""
// when it is.
func (p DiceProof) refuted() string {
	commitment, err := hex.DecodeString(p.Commitment)
	if err != nil || len(commitment) != sha256.Size {
		return "the commitment is not " + strconv.Itoa(2*sha256.Size) + " hex digits"
	}
	salt, err := hex.DecodeString(p.Salt)
	if err != nil || len(salt) != SaltSize {
		return "the salt is not " + strconv.Itoa(SaltSize) + " bytes in hex (" + strconv.Itoa(2*SaltSize) + " digits)"
	}
	if sum := commitSum(p.Seed, salt); !bytes.Equal(sum[:], commitment) {
		return "the commitment is not that of the seed and the salt"
	}
	return ""
}

// replayThrows replays a record, comparing each throw with the seed's: it
// returns the check's Throws, Steps, Over and Bad, or the record's error
// when it cannot be read or a step before its first bad throw does not
// play.
func replayThrows(record string, seed uint64, redraws []int) (DiceCheck, error) {
	rr := brettspiel.NewRecordReader(strings.NewReader(record))
	head, err := rr.Header()
	if err != nil {
		return DiceCheck{}, err
	}
	g, err := catalog.LoadRecord(head) // the start: the head has no steps
	if err != nil {
		return DiceCheck{}, err
	}
	// the bounds of every replay of a record (brettspiel.Record.Replay)
	maxSteps, check := brettspiel.MaxRecordSteps, func() error { return nil }
	if l, ok := g.(kit.RecordLimiter); ok {
		own, c := l.RecordLimits()
		if own > 0 {
			maxSteps = min(maxSteps, own)
		}
		if c != nil {
			check = c
		}
	}
	var c DiceCheck
	for i := 0; ; i++ {
		step, line, err := rr.Next()
		if err == io.EOF {
			c.Steps, c.Over = i, g.ToMove() == brettspiel.Terminal
			return c, nil
		}
		if err != nil {
			return DiceCheck{}, err
		}
		if i == maxSteps {
			return DiceCheck{}, bad(opVerifyDice, "line "+strconv.Itoa(line), brettspiel.ErrBadNotation,
				"more than "+strconv.Itoa(maxSteps)+" steps; no game under the record's rules has so many")
		}
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			want, err := brettspiel.SampleChance(g, DiceRand(seed, i, redraws))
			if err != nil {
				return DiceCheck{}, &brettspiel.StepError{Step: step, Index: i + 1, Line: line, Err: err}
			}
			if got, err := g.ParseMove(step); err != nil || got != want {
				c.Steps, c.Bad = i, &BadThrow{Index: i, Line: line, Thrown: step, Expected: g.MoveString(want)}
				return c, nil
			}
			m = want
			c.Throws++
		} else if m, err = g.ParseMove(step); err != nil {
			return DiceCheck{}, &brettspiel.StepError{Step: step, Index: i + 1, Line: line, Err: err}
		}
		if err = g.Apply(m); err == nil {
			err = check()
		}
		if err != nil {
			return DiceCheck{}, &brettspiel.StepError{Step: step, Index: i + 1, Line: line, Err: err}
		}
	}
}

// opVerifyDice names VerifyDice in its errors.
const opVerifyDice = "verify dice"

// verifyDiceArgs are the arguments of "verifyDice": the record and the
// proof, each required but the game's length.
type verifyDiceArgs struct {
	Text       *string `json:"text"`
	Commitment *string `json:"commitment"`
	Seed       *Seed   `json:"seed"`
	Salt       *string `json:"salt"`
	Length     int     `json:"length"`
	Redraws    []int   `json:"redraws"`
}

func verifyDiceCall(_ context.Context, _ *Table, name string, args []byte) ([]byte, error) {
	var in verifyDiceArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	switch {
	case in.Text == nil:
		return nil, missing(name, "text")
	case in.Commitment == nil:
		return nil, missing(name, "commitment")
	case in.Seed == nil:
		return nil, missing(name, "seed")
	case in.Salt == nil:
		return nil, missing(name, "salt")
	case in.Length < 0:
		return nil, bad(name, strconv.Itoa(in.Length), ErrBadCall, "length is the number of steps the game played, 0 or more (0: not checked)")
	}
	c, err := VerifyDice(*in.Text, DiceProof{Commitment: *in.Commitment, Seed: *in.Seed, Salt: *in.Salt, Length: in.Length, Redraws: in.Redraws})
	if err != nil {
		return nil, err
	}
	return marshal(c)
}
