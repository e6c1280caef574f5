// Package conformance is the test harness every game of the module runs
// through: random games to the end, checking after every step the invariants
// that the Game interface promises.
//
// [Check] plays a number of seeded random games and returns the first violation
// found (nil if none); [Run] does the same under a testing.TB. [Machine] is the
// same set of checks as a rapid state machine, and [PlayWhole] plays one whole
// game with every choice drawn by rapid, so that failures shrink.
//
// The checks, per step:
//   - the actor to move is a seat, Chance or Terminal; the seat count is 2…6;
//   - the legal moves are non-empty before the end, empty at the end, sorted
//     ascending, unique, all of the actor to move; AppendLegalMoves appends the
//     same list and keeps what dst held;
//   - chance outcomes match the legal moves one to one, weights positive; no
//     outcomes at a player's node;
//   - every legal move prints to a distinct notation that parses back to it;
//   - Returns has one entry per seat;
//   - illegal moves (no move, another actor's move, a throw at a player's node, a
//     player's move at a chance node, moves near the legal ones that are not
//     legal, anything at the end) are refused with the right sentinel error and
//     leave the state deeply unchanged; ParseMove of garbage returns an error;
//   - applying a move to a clone leaves the original unchanged, and applying the
//     same move to the original then gives a state equal to the clone's (with
//     equal events): clones share no memory and Apply is deterministic;
//   - at the end of a deep game, its record in notation replays on a new game
//     to an equal state;
//   - the caller's invariant (stones or markers conserved, …) holds;
//   - the game ends within MaxSteps.
//
// The deep checks (illegal moves, clone equality, notation) compare whole states
// by reflection and cost far more than a step; Config.DeepGames says in how many
// games they run at every step. The other games run the cheap checks only.
package conformance
