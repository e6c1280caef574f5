// Package bot holds opponents for any [brettspiel.Game]: a random player, a
// greedy one that takes the best immediate outcome, an expectimax look-ahead
// and a Monte Carlo searcher.
// They share one small interface, [Bot], and plug into [brettspiel.PlayOut]
// through [Policy], so a frontend offers any of them for any variant.
//
// Bots judge positions through [Evaluate]: a game that implements [Evaluator]
// supplies its own estimate (marks, hits, markers); any other game is judged by
// its Returns. A game in which a move gives the game up implements [Conceder],
// and the bots never concede while they have another move. A game whose
// rules settle some decisions for a fair player implements kit.RuleMover
// (Toccateglio's Schule: declare what is due, claim every error whole,
// T-W5g): every bot plays the rule's move there, and the searches step
// through those decisions by it, judging the positions between plays as
// without them.
//
// A bot given an empty list of moves has nothing to choose and returns
// [brettspiel.NoMove]. The searching bots ([Expectimax], [Searcher]) bound a
// decision by their budget of work and, for a frontend that must stay
// responsive, by a time per decision (their Time field) or by a context
// (ChooseContext and RankContext; not in a js/wasm build, which leaves them
// out to stay small): when it is done they play the best move found so far.
//
// The levels a frontend offers are registered by name: [Named] and [Names]
// read the registry, [Register] adds a level in one line of an init
// function (random, greedy, search and expectimax are this package's).
//
// Bots keep no state between calls and draw their randomness from the caller's
// *rand.Rand, so a seeded game is repeatable; one Bot value may serve several
// goroutines, each with its own source.
package bot
