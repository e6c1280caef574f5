// Package bearoff holds the bear-off tables of the two race games,
// Toccateglio and Verkehren. Where every stone of both sides stands on its
// own last six points (19–24 of its track) nothing can meet any more: no
// hit, no mark but the Marsch's, no blocked point. What is left is a race
// to bear off, and it can be solved, as gnubg solves backgammon's.
//
// # What the tables hold
//
// The tables depend only on how a throw is played while bearing off
// ([Rules]): a doublet played once as two moves (the Toccateglio family,
// T-D1) or four times (Verkehren, V-D1), and whether its thrower throws
// again (Toccadille). Bearing off itself is the same in both games (T-B1,
// V-F1): a die bears off a stone its number of pips from the end, moves a
// stone on, or bears off the farthest stone when none stands as far as its
// number; every number is played that can be, and a play that bears the
// last stone off counts as playing them all. Toccateglispiel's T-B2 never
// applies in a race (the opponent's start point is empty), nor does any
// rule of the Hucke.
//
//   - The two-sided table ([Tables.Exact]) holds, for every pair of
//     positions of 1 to [ExactStones] (6) stones, the side on roll's exact
//     chance of bearing off first ([Odds].Win), both sides playing every
//     throw to win the race most often; and, for the Toccateglispiel's Satz
//     (T-B3), the parts of the race's end in which the winner's last throw
//     is a doublet, among plays that win the race equally often the ones
//     that make the mover's Satz most likely less the other's. 924 positions
//     a side, 853,776 pairs; three float64 each, 20.5 MB.
//   - The one-sided tables ([Tables.Turns], [Tables.MeanTurns]) hold, for
//     every position of up to [MaxStones] (15) stones, the distribution of
//     the number of turns its side needs to bear off, every throw played to
//     make that number least on average (gnubg's one-sided database), and
//     its part ending on a doublet. 54,264 positions; 4–6 MB of float32.
//     [Tables.Estimate] values a race of more stones from them, each side's
//     turns taken as independent of the other's.
//
// The tables are not shipped: each is built the first time it is asked
// for and kept for the life of the program (sync.Once; a Tables is safe
// for concurrent use). On one core of a 2-core machine the two-sided table
// takes 0.34–0.39 s a kind of rules and the one-sided one 0.25–0.38 s
// (BenchmarkBuild; 21 MB and 41–53 MB allocated while building). A
// WebAssembly program grows by the code alone. [Tables.WriteTo] writes
// both tables to a file of a documented layout for programs in other
// languages (25 MB, most of it the two-sided table's float64s); the command
// examples/bearoff builds, shows and writes them.
//
// # What a value means
//
// [Odds] are chances of the race, not of the game. What they are worth
// follows each game's contract, which package bot/neural applies:
//
//   - Verkehren: a race ends in a single game (V-W1), 1 point; no double
//     game can arise any more with six stones or fewer a side (V-W3). The
//     equity of the side on roll is 2·Win − 1, exactly.
//   - The Toccateglio family: the race is a Marsch; its winner marks 2
//     (T-B3). Where those marks reach 12 the Partie is won by the multiplier
//     of T-W2 at the loser's marks; in the Toccateglispiel a Marsch won with
//     a doublet as the last throw wins the Partie outright (the Satz);
//     otherwise the next Marsch starts from the setup at the new marks
//     (T-B4). So the equity at marks a (on roll) and b is
//     (Win−WinDoublet)·V(a wins) + WinDoublet·V(a wins by Satz) +
//     (1−Win−LoseDoublet)·V(b wins) + LoseDoublet·V(b wins by Satz), each V
//     the Partie's strokes when it ends there and the value of the next
//     Marsch when it does not. At marks where both sides' Marsch ends the
//     Partie (10 or more each) this is exact; elsewhere the race is exact
//     and the Marsch after it is judged as the contact game is. With fewer
//     than 12 stones a side no Jan (T-J1) can be closed, so no other marks
//     arise in a race.
//
// # Positions
//
// A [Position] counts one side's stones by their distance from the end:
// Position[0] on point 24 of the side's own track … Position[5] on point 19.
// [PositionOf] reads it from a board.Side. Positions are indexed by the
// combinatorial number system, so the positions of up to six stones are
// the first 924 of the 54,264, and both tables share one index.
package bearoff
