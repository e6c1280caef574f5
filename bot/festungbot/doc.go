// Package festungbot holds the Festungsspiel's strongest level, registered in
// bot's registry as "festung-best": [Bot] takes the marker from the lowest
// open fortress when the large die leaves a choice (rule F-A2), the one
// decision the game's rules leave a player.
//
// # Why the lowest fortress
//
// The choice changes only which outer-works field numbered as the large die
// is emptied. Everything else — steps B and C, the payments, the Pasches and
// so the game's length and its winner — follows from the dice alone. The
// outer works of each number 1…5 (six fields: two of fortress 1, one of
// fortress 2, two of fortress 3, one of fortress 4) form a small Markov chain
// over the players' Pasch counts, the thrower and the fields' occupancy,
// which is solved exactly (examples/festung-policy). A marker taken from
// fortress 1 is refilled only when a thrower finds every open field of that
// number empty and must put one there; a marker left in fortress 2, 3 or 4
// stays within reach of players with Pasches only, and goes to the winner of
// the fifth Pasch.
//
// Expected gain in markers a game, exactly, of one seat taking from the lowest
// fortress over a seat choosing at random, the others choosing at random
// (mean over the seats):
//
//	players             2      3      4      5      6
//	lowest first    +2.60  +2.09  +1.60  +1.26  +1.01
//	highest first   −1.73  −1.33  −1.02  −0.81  −0.67
//	best response   +2.60  +2.09  +1.60  +1.26  +1.01
//
// The best response to random opponents (found by policy iteration in the
// same chain) beats the lowest fortress by less than 0.0004 markers a game;
// against opponents who also take from the lowest fortress it is exactly the
// lowest fortress, for every seat count. Seeded games through the rules,
// paired on the same dice, agree (see doc/research.md, "The Festungsspiel's
// levels").
//
// # What a choice costs
//
// The same chain, solved for every seat taking from the lowest fortress,
// values each choice of a decision exactly: [ChoiceValues] gives the
// markers the thrower is expected to gain from the outer works numbered as
// the large die, and [Bot.Rank] ranks the choices by them, so that a hint
// (bot.Hint) and the analysis of a game (package analysis) say what a
// choice other than the lowest fortress costs in expected markers.
package festungbot
