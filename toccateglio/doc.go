// Package toccateglio implements the Toccateglio family of board games —
// Toccateglispiel, Tokkadille (Alvensleben 1853) and Toccadille — to section 2
// of the module's rules contract (RULES.md), behind the [brettspiel.Game]
// interface.
//
// # The game
//
// Two players move fifteen stones each (sixteen in one form of Tokkadille) in
// opposite directions round a board of 24 points, from their own point 1 to
// their point 24 and off. Points are given in each player's own track: Q1 =
// 1–6 (where the stones start), Q2 = 7–12 with the own Hucke on 12, Q3 = 13–18
// with the opponent's Hucke on 13, Q4 = 19–24 (home, for bearing off).
//
//   - A throw of two dice is played by two stones, one die each, or by one stone
//     moving both dice, its intermediate point a legal landing point. A doublet
//     gives two moves of its number, not four.
//   - No stone lands on a point holding an opponent stone, or on the opponent's
//     Hucke. The own Hucke is taken by two stones at once and never holds a
//     single stone; the last two leave together. A player may take his Hucke "by
//     force": two stones that would reach the opponent's empty Hucke go one
//     point less each, onto his own.
//   - Hits are not carried out but marked. Right after the throw, before the
//     move, the mover marks one point for every own point and every route of the
//     throw (each die alone, both dice combined through an open point) that
//     reaches a single opponent stone; two with a doublet. Striking at the
//     opponent's empty Hucke with two stones at once, the own Hucke held, is
//     worth 2 (4 with a doublet).
//   - The opponent marks 1 for every number that cannot be played, and 2 when
//     the mover opens a closed quarter (a "Jan": six points of two or more
//     stones) that some play would have kept. The mover marks 2 for every closed
//     quarter after his move, and 2 for the Marsch: bearing off all stones
//     first. Then the stones go back to the setup and the Marsch winner throws.
//   - The first to 12 marks wins the Partie, worth 4, 3, 2 or 1 strokes by how
//     few marks the loser has. Unless the match is over the winner chooses to go
//     on from the position with his marks above 12 (the Rest) or to start
//     afresh. A match has Options.Partien Partien; the returns are each player's
//     strokes minus the opponent's.
//
// # Presets and options
//
// [Options] holds every rule in which the sources differ; its zero value is
// the Toccateglispiel preset. [Toccateglispiel], [Tokkadille1853] and
// [Toccadille] return the presets, [Presets] lists them for a menu with what
// distinguishes them:
//
//	option                   Toccateglispiel  Tokkadille 1853   Toccadille
//	Stones                   15               15 or 16          15
//	EnterFromHand (T-S4)     no               no                yes
//	LowerBegins (T-S3)       no               yes               no
//	ThrowAgainAfterDoublet   no               no                yes
//	ClosedOpponentHucke      no (borrow pass) yes               yes
//	SinglesInForce (T-D8)    no (rule holds)  yes               yes
//	HuckeForce (T-H3)        without Hucke    with Hucke        without Hucke
//	ExactBearOffAlways(T-B2) no (rule holds)  yes               yes
//	NoSatz (T-B3)            no (Satz holds)  yes               yes
//	Multipliers (T-W2)       TS               TS                TD
//
// In no preset, for a user's own rules: HigherDie (T-D6: the higher number
// when only one can be played), SingleDieHitsOnly (T-M4b: Ludii's reading,
// no hits by the dice combined), HuckeForce = ForceNever. Common to all:
// FirstPlayer skips the draw for the start, Partien (default 1) sets the match
// length, TurnCap (default 5000 turns a Partie) ends a game that should never
// run so long, with the strokes won so far and an EventEnd noted "turn cap".
//
// # Moves and notation
//
// One move is a whole turn or a chance outcome:
//
//	6-5         a throw, higher die first (5-6 is accepted too); a chance
//	            node lists the 21 distinct throws, weighted 1 (doublets) or 2
//	1/7 1/6     a play: steps from/to in the mover's track, ascending
//	1/5 5/10    one stone moving both dice (ParseMove accepts 1/10 too)
//	in/3        a stone entered from the hand on point 3 (Toccadille)
//	20/off      a stone borne off
//	8/12 10/12  the Hucke taken by force with 5-3 (each stone one point short)
//	pass        nothing can be played
//	go-on       the winner of a Partie keeps his Rest and plays on
//	afresh      the winner starts the next Partie afresh
//
// The legal moves are sorted by Move value, which is the order of the
// notation (steps compared numerically, the pass first). Plays that leave the
// same position are one move, written with the smallest notation. ParseMove
// accepts a play's steps in any order and by any route to the same position.
//
// # Events
//
// [Game.Events] reports everything the last Apply did. Marks are events of kind
// brettspiel.EventMark with Player the scorer, Other the opponent, Amount the
// marks, Rule the rule (T-M1 single hit, T-M2 doublet hit, T-M3 Hucke hit,
// T-D7 unplayable number, T-J1/T-J3 closed quarter, T-J2 Jan opened, T-B3
// Marsch); hits carry From, To (in the scorer's track) and Number (the die or
// the dice combined). Moves are EventMove, EventEnter and EventBearOff; the
// end of a Partie is EventEnd with Rule T-W2 and Amount the strokes, the end of
// the match EventEnd with Rule T-W4. The package adds [EventBegin],
// [EventSetup] and [EventSatz].
//
// # Decisions where the sources are silent
//
//   - Chance nodes list the 21 distinct throws with weights 1 and 2 (of 36),
//     also in the draw for the start: only the totals matter there, and the
//     distribution is that of the 36 ordered throws.
//   - The force play (T-H3) is an extra play, never compulsory: when nothing
//     else can be played it is listed beside the pass. It counts as playing
//     both numbers; nothing is marked for it. A play is recognised as the force
//     play by its steps; no ordinary play can leave the same position.
//   - A play that bears off the last stone with the first number counts as
//     using both: the second number is not unplayable (T-D7).
//   - The events of a play name the dice in the order the steps could be
//     played, the lower die tried first for the first step.
//   - T-S4: Toccadille's sentence that no Band may stand on the own entering
//     side except on the Hucke points cannot hold with fifteen stones entering
//     on six points; it is not applied. While stones are in hand every number
//     must enter a stone; a number that cannot enter is unplayable.
//   - T-W1: a Partie won at any step ends the turn there: later steps are not
//     marked. After a win by the hit marks and "go-on", the same throw is played
//     without marking its hits again.
//   - TurnCap counts the plays and passes of the whole match (throws and the
//     winner's decisions are not counted).
//   - With FirstPlayer set under LowerBegins, the named player begins with an
//     ordinary throw of his own.
//   - [Position] and [FromPosition] load a state between turns: a player to
//     throw, or to play a given throw whose hit marks are taken as already
//     counted. The draw for the start and the winner's decision are not
//     loadable. A position that cannot arise is refused with
//     brettspiel.ErrBadPosition naming the problem: a wrong number of stones, a
//     single stone on a Hucke, a stone on the opponent's Hucke, both players on
//     one point, stones borne off while others are outside Q4 or in hand,
//     stones in hand where none are entered or beside stones beyond Q1, all
//     stones borne off, marks outside 0…11, strokes that no Partien can give.
//
// Left out: T-W5 ("Schule": marks forgotten by a player are taken by the
// opponent) — the engine marks everything itself; and, as RULES.md says (T-X),
// touch-move, faulty dice, TS's bearing off "des Zuhaltens wegen" and its
// garbled sentence on passing an open point.
//
// Where RULES.md departs from a source it is followed: Ludii's reading of the
// Jan (points 6–12), its multiplier ("double if fewer than 6") and its
// single-die hits are not the default; the English paraphrase of AL (one die to
// start) is not used.
//
// # Concurrency
//
// A Game is not safe for concurrent use. Clones ([Game.Clone]) are independent
// and may be used by different goroutines. The package has no mutable global
// state; Options and Presets are plain values.
package toccateglio
