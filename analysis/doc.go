// Package analysis judges a game step by step, as gnubg analyses a match:
// for every decision the equity of the play made and of the best play, for
// every throw the luck it brought, and per seat an error rate, the total luck
// and a rating; and it rolls a position, or each move of a decision, out
// over many games (Rollout, RolloutMoves), as gnubg's rollouts do.
//
//	rep, err := analysis.Game(h)        // a brettspiel.History, e.g. a session's
//	rep, err := analysis.Record(text)   // a record in its text form
//
// A Report holds one Step a step played (the undone steps of a history are
// left out) and one PlayerReport a seat; it is JSON with the keys its tags
// name. Every equity is from the view of the seat it is about, in the unit
// of the game's Returns: strokes of the Partie in Toccateglio, points in
// Verkehren, markers in the Festungsspiel.
//
// # What is measured
//
// A decision is judged by the equity of the position after each legal move,
// for the seat that chose: Best is the best of them, Played the one of the
// move made, Loss their difference. A decision counts in the error rate when
// it had a choice: two or more moves that do not concede, or a concession
// made while another move was left.
//
// A throw's luck is the thrower's equity after it (his best play made, as
// the judge sees it) minus the mean of that equity over every throw he could
// have thrown, by the weights of the dice: over all the throws of one
// position the luck averages to zero. The draw for the start is nobody's
// throw and has no luck.
//
// Per seat: Decisions (those that count), Loss (their sum), ErrorRate (Loss
// per decision), Throws and Luck (the sum of his throws' luck), and Rating,
// the error rate graded on the game's scale (Grades, Rate).
//
// # Why a play lost
//
// Where the play made differs from the best, a Decision names what differs
// between the two, as a tutor says it: Reasons, typed (words.Reason: a
// kind and its numbers), and Why, their sentences in Options.Lang
// (words.Lang.Why). Why, the function, computes them from the position
// before and the two plays — the positions after each and the events each
// reports, never their notation — the most important first and at most
// MaxReasons of them: a hit missed (Verkehren) with its points; a Jan
// broken or not closed (Toccateglio) and the marks it costs or brings;
// other marks (the Marsch); the Hucke given up or not taken; a blot left in
// the opponent's direct reach, with how many of his 36 throws hit it (by
// the dice as D-4 counts them, the points he may not stop on left out —
// the same count the rules give, a throw at a time); the open entry points
// left to an opponent on the bar (Verkehren); a point broken or not made;
// the last stone left behind; and in the Festungsspiel the fortress taken
// from, when the marker the choice leaves is open to more opponents. The
// reasons say what differs, not how much each difference weighs: the
// judge's Loss is the cost.
//
// # The judge
//
// Toccateglio and Verkehren are judged by the learned nets of package
// bot/neural (Evaluator.Equity): exact at the end, the net at the next
// throw, and the bear-off tables of package bot/bearoff in a pure race
// (every stone on its own last six points): exactly where they solve it,
// which a Decision's Judge says ("race-exact"). A rollout's game ends at a
// race the tables solve exactly, scored by its exact value.
// By default a play is judged at one ply, by the net over the position after
// it. Options{Plies: 2} judges the best four plays of one ply and the play
// made two plies deep — averaged over the opponent's throws, each answered
// by his best play at one ply — which costs about twelve times as much
// (BenchmarkGame on a busy two-core machine: a Verkehren game of 396 steps
// 0.26 s at one ply, 3.2 s at two; a Toccateglio Partie of 169 steps 0.24 s
// at one ply); the luck of a throw is judged at one ply either way.
//
// The Festungsspiel's throws are judged by its balance (the game's
// Evaluate: the markers won so far), exact at the end: the game is dice and
// little else, and a throw's markers are what it brings. Its one choice, the
// fortress to take a marker from (F-A2), always takes one marker, so by the
// balance no choice would lose anything; it is judged exactly instead
// (Judge "exact"): a choice changes only what the outer works numbered as
// the large die give for the rest of the game, and festungbot.ChoiceValues
// gives that in expected markers for every seat playing festung-best (the
// lowest fortress, its own best response) from then on. A decision's Played
// and Best are those expected markers, and its Loss what the choice cost,
// exactly. TestCalibrate (10 games each) measured a mean loss per decision
// of 0.38 markers for random, 0.40 for greedy, 0.23 for expectimax, 0.50
// for search and 0 for festung-best. Its seats are not rated (Rating "", an
// empty scale): few decisions offer a choice.
//
// # The rating scales
//
// The grades follow gnubg's: world class, expert, advanced, intermediate,
// casual, beginner, awful. Their bounds were placed between the error rates
// of the module's own bots, each measured playing itself in seeded games
// at the one-ply judge (TestCalibrate, run with BRETTSPIEL_LONG=1 and a
// -timeout of an hour or more: 30 games
// a bot from the seeds PCG(1, i), one sample a game — the loss of both
// seats over their decisions — ± one standard error of the mean):
//
//	bot               Toccateglio        Verkehren          grade (T / V)
//	random            0.2469 ± 0.0122    0.2786 ± 0.0094    beginner / beginner
//	greedy            0.1587 ± 0.0101    0.0408 ± 0.0027    casual / intermediate
//	expectimax        0.1503 ± 0.0137    0.0421 ± 0.0025    casual / intermediate
//	net-beginner      0.0985 ± 0.0045    0.0870 ± 0.0022    intermediate / casual
//	net-casual        0.0382 ± 0.0016    0.0378 ± 0.0011    advanced / intermediate
//	net-intermediate  0.0080 ± 0.0005    0.0106 ± 0.0003    expert / advanced
//	net-expert        0.0062 ± 0.0008    0.0029 ± 0.0002    expert / expert
//	net-strongest     0.0087 ± 0.0010    0.0041 ± 0.0004    expert / expert
//	net-advanced      0                  0.0001 ± 0.0001    world class
//
// Each bound lies between the rates of two neighbouring groups of bots,
// at their geometric mean: Toccateglio 0.196 (greedy and expectimax against
// random), 0.124, 0.061, 0.016 (net-casual against net-intermediate and the
// two-ply levels); Verkehren 0.156, 0.058, 0.020, 0.0055. Awful begins
// beyond random's rate, at 0.30 and 0.33; world class lies below half the
// two-ply levels' rate, at 0.003 and 0.0015 (net-strongest, measured again
// when it came to look three plies deep, stays within expert in both).
// A single game's rate spreads
// widely (random's about ±0.07 a game), so one game's grade is a rough one.
//
// net-advanced plays the judge's own best play and so loses nothing by it
// (in Verkehren it loses a little where conceding would have saved a double
// game: the bots never concede while another move is left). The two-ply
// levels differ from it where their deeper look disagrees with the judge,
// which at one ply cannot tell who is right: world class on this scale is
// "plays as the net at one ply does", and a finer grading at the top would
// need the two-ply judge (Options{Plies: 2}) or rollouts (below). Judged
// against rollouts on a fixed set of 500 decisions a game (the research
// notes, doc/research.md), the net levels keep their order, and the
// scales stay on the one-ply judge whose rates they grade. The scales
// hold for the default rules the nets were trained under
// (Toccateglispiel, VK).
//
// # Rollouts
//
// Where the net's word is not enough, a rollout shows a position's worth:
// Rollout plays RolloutOptions.Games games from it (1,296 by default) to
// the end, every seat played by one level of the bots' registry (the net
// at one ply unless Bot names another), and averages their Returns for
// the seat to move (at a throw the seat who throws); RolloutMoves does so
// from the position after each move of a decision (or after the best
// Candidates of them by one ply, those Within so much of the best, and the
// moves to Include whatever the bounds) for the seat who chooses, game i of every
// move with the same dice, so that the moves are compared by common random
// numbers. A result is the mean equity in the unit of the game's Returns,
// its standard error and the games played. They live here, beside the
// analysis of a game, because they are a judge as its net is — the same
// net truncates them and judges their throws' luck — and they use a bot
// of the registry as any caller does.
//
//	r, err := analysis.Rollout(ctx, g, analysis.RolloutOptions{VarianceReduction: true})
//	fmt.Printf("%+.3f ± %.3f %s\n", r.Equity, r.StdErr, r.Unit)
//
// The first throws are stratified, as gnubg rotates them: game i takes the
// first throw of the chance node's outcomes that i mod W gives, W the sum
// of their weights (36 for two dice), each outcome as many residues as its
// weight, and the next throw by (i div W) mod W, and so on while the games
// still share the throws out evenly (W divides Games, then W² divides
// Games). With 1,296 games every ordered pair of the first two throws comes
// once, by the chance node's own list and weights; the throws after those
// come from the game's dice, PCG(Seed, 2i), and the bots' choices from
// PCG(Seed, 2i+1). Because every stratum is filled equally, the mean stays
// unbiased; the standard error is that of independent games and so errs
// on the large side.
//
// With VarianceReduction each game's result is lessened by the luck of
// every throw in it, for the seat rolled out: the net's equity after the
// throw, the best play at one ply made, less the mean of that over every
// throw the dice could have shown there by their weights — the luck a
// Report gives a throw (its opposite for the other seat; the draw for the
// start, nobody's throw in a Report, is judged so too). Given everything before a throw, the throw is drawn by
// exactly those weights, so its luck has expectation zero whatever the
// bots play; summed over the game's throws (a finite number, the turn cap
// bounds them) the expectation stays zero, and the mean of the reduced
// results estimates what the plain mean does, with a smaller spread (for
// a stratified throw the expectation over the strata is zero in the same
// way). It costs a best play for each of the 21 throws at every throw, some
// twenty times the moves of the one-ply level itself; it repays that where
// the spread is large (games played to their end) and where the level
// playing the games is dearer than its judge (a two-ply level).
//
// With Truncate each game stops after Turns turns (a turn is a seat's move)
// and is scored by the net's estimate there (neural.Evaluator.Equity), the
// luck of the throws before that subtracted as above; Turns 0 gives the
// net's estimate of the position itself.
//
// The games are shared out among runtime.GOMAXPROCS goroutines, each with
// its own judge and copies of the game. Every game's result is kept by its
// index, and the results are summed in the order of the indices, so the
// same options give the same result to the last bit on any number of
// cores. A level bounded by a time (net-expert, net-strongest) plays
// without that bound in a rollout, so that its choices do not depend on
// the machine's load. When the context is done the games stop within a
// step and the rollout returns its error. The net at one ply, the default,
// is played by the judge's own best play (neural.Judge.Best), which is its
// choice without the allocations of a bot's decision.
//
// The Festungsspiel is not rolled out: its one choice is valued exactly
// (festungbot.ChoiceValues, the analysis's judge), and a rollout of it
// returns an error wrapping ErrExactJudge. The figures of speed, with
// their commands, are in the module's doc/performance.md (Rollouts).
package analysis
