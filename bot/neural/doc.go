// Package neural holds learned evaluators for the two race games,
// Toccateglio and Verkehren, and bots that play by them.
//
// # The evaluator
//
// Each game has a net of one hidden layer of sigmoid units, in the manner of
// TD-Gammon, trained by TD(λ) self-play ([Trainer], and the example program
// examples/train). It judges a position at a throw, as the player to throw
// sees it, and gives probabilities in the manner of gnubg:
//
//   - Verkehren: the game won; won double; lost double (V-W3). A game
//     drawn (V-W4, the turn cap) counts as half a win. The expected return
//     is 2·P(win) − 1 + P(win double) − P(lose double).
//   - Toccateglio: the Partie won; won by 2 or more strokes, by 3 or more,
//     by 4 (T-W2); lost by 2 or more, 3 or more, 4. The expected strokes of
//     the Partie are 2·P(win) − 1 plus the first three minus the last three.
//     An episode of training is one Partie (a match of one Partie, the
//     default): the marks and the repeated Marsches inside it are part of
//     the position, and only the Partie's strokes are the result. In a
//     longer match the strokes won already are added, and the Partien still
//     to come count as even; the winner's choice how to go on (T-W3) is
//     judged by the positions each choice gives.
//
// The inputs encode each side's stones as TD-Gammon does — for each point
// of the side's own track, a unit for one stone, one for two, one for three
// and (n−3)/2 beyond — the player to throw first, then what each game adds:
// the stones off the board and borne off, the pips, the shots at the
// opponent's blots (the routes of Toccateglio's hit marks), Junker and the
// open entry points, the Bands that decide a double game and the five-blots
// opening (Verkehren); the marks of the Partie one unit each, the closed
// quarters (Jan), the Hucke held and the opponent's Hucke empty
// (Toccateglio). The encoders read a position only through the games'
// exported accessors, clamp every count they read, and so cannot be made
// to panic by any position a game can hold.
//
// The hidden layer is computed as its bias plus the weight rows of the
// inputs that are not zero; a bot judging every play of a throw computes the
// position before the play once and each play's position from it by the
// rows of the inputs the play changed.
//
// The weights ship inside the package (weights/*.bin, read by [Load]): a
// small file with a header — magic, file format, the game's name, the input
// encoding's version, the rules' version, the sizes, the number of
// self-play games — the weights as float32, and a CRC-32. [Parse] refuses a
// damaged file with an error wrapping [ErrBadWeights] and a sound one made
// for another game, encoding or rules version with [ErrWrongWeights]. The
// nets were trained under each game's default rules (Toccateglispiel, VK);
// under other options they still play, as well as those rules resemble the
// defaults. How the shipped weights were made is written in the README of
// examples/train.
//
// # Races
//
// Where every stone of both sides stands on its own last six points the
// game is a pure race, and the net does not judge it: package bot/bearoff
// does ([RaceJudgement]). A race of up to six stones a side is valued
// exactly from the two-sided table — in Verkehren a single game, 2·P − 1;
// in Toccateglio the Marsch's exact odds, each way it can end valued at
// the position's marks (the Partie won by T-W2's multiplier where the
// Marsch's two marks reach 12 or by the Satz, else the next Marsch from
// the setup as the net judges it), exact where both sides stand at 10
// marks or more. Races of more stones are valued from the one-sided
// tables (in Toccateglio up to 11 stones a side, since twelve may close a
// Jan; in Verkehren up to 14, and up to 11 under a band limit below six).
// Every level plays a race of up to six stones a side by the table's value
// at one ply — a best play, without the lower levels' error, since
// looking deeper changes no exact value — and [Evaluator.Equity],
// [Judge] and the analysis judge such races the same way.
//
// # The bots
//
// [Bot] plays at a [Level], from [Beginner] to [Strongest]: the lower levels
// play the net's judgement at one ply (every legal play judged by the
// position after it) blurred by a random error, [Advanced] plays it as it
// is, and [Expert] and [Strongest] look two plies deep at the best plays of
// one ply, averaging over the opponent's 21 throws each answered by his best
// play at one ply (gnubg's "1-ply"). In Toccateglio [Strongest] then looks
// three plies deep (gnubg's "2-ply") at the best four of those that are
// within 0.3 strokes of the best: after each throw of the opponent his
// best play at one ply, and the position it leaves judged two plies deep —
// about 460 positions to move from for each play, which Toccateglio's few
// plays a throw allow within the level's time and Verkehren's many do not;
// a decision clear by two plies is left there. The looks two and three
// plies deep share the opponent's throws out among goroutines, as many as
// runtime.GOMAXPROCS unless [Bot].Workers says fewer: on a two-core
// machine the third ply takes about half the time it takes on one. Their
// values are summed in the throws' order, so they are the same on any
// number of goroutines. A decision is bounded by a time (the
// deeper levels' default is 50 ms): when it has passed, or the context of
// ChooseContext (not in a js/wasm build) is done, the deepest judgement
// complete so far decides (three plies when two plays or more were judged
// so, else two plies, else one) — the bot never returns nothing. Like
// the module's other bots it never concedes while it has another move, and
// it draws its randomness only from the caller's source. The levels join
// the module's registry of bots (bot.Named) as "net-beginner" …
// "net-strongest" wherever this package is linked in; in a game without a
// net they play as bot.Greedy.
//
// # Measured
//
// With the shipped weights (Toccateglio 420,000 Partien of self-play,
// Verkehren 125,024 games), examples/selfplay with seed 1, the draw
// deciding who begins, on a busy shared two-core machine (± one standard
// error):
//
//	                                      Toccateglio         Verkehren
//	Advanced vs bot.Expectimax (20000)    94.2% ± 0.5% (2000)  97.4% ± 0.5% (1000)
//	  median ms a decision                0.06 vs 6.4          0.08 vs 9.5
//	Casual vs Beginner                    74.2% ± 2.2% (400)   95.5% ± 1.5% (200)
//	Intermediate vs Casual                64.2% ± 2.4% (400)   95.5% ± 1.5% (200)
//	Advanced vs Intermediate              55.8% ± 2.5% (400)   75.5% ± 3.0% (200)
//	Expert vs Advanced                    50.0% ± 2.5% (400)   60.5% ± 3.5% (200)
//	Strongest vs Expert                   49.3% ± 2.5% (400)   47.5% ± 3.5% (200)
//	Strongest vs Advanced                 51.5% ± 1.6% (1000)  56.2% ± 2.5% (400)
//	  the same, third ply (Toccateglio)   54.4% ± 1.1% (2000)
//
// The two-ply levels were measured with -net-time 1s, so that the busy
// machine's clock did not cut their search (their CPU time is 3–10 ms a
// decision). Strongest vs Expert in Toccateglio was measured again with
// the third ply, in the level's 50 ms on an otherwise idle two-core
// machine (-workers 1; median 45 ms a decision, +0.005 strokes a Partie;
// 52.8% ± 2.5% at two plies before). In Toccateglio, where the hit marks of each throw weigh much,
// the look two plies deep gains little over the net at one ply; the third
// ply gains more: 54.4% within the level's 50 ms, the throws shared
// between two cores (-workers 1, median 36.7 ms a decision, +0.195
// strokes a Partie), 55.1% ± 1.1% with seed 2 (median 43.6 ms, +0.200)
// and 53.5% ± 1.1% with seed 3 (39.7 ms, +0.132): 54.3% ± 0.6% over the
// 6,000 Partien. On one core, at the best three within 0.1 strokes,
// it had won 53.6% (median 35.6 ms, +0.141 strokes); with the best three
// always looked at three plies deep and time unbounded, 54.7% ± 1.1%
// (2000) and 56.3% ± 2.0% (600, seed 2; median 67 ms at load 2–3).
// A net trained on to 1,620,000 Partien, a little stronger at one ply
// (51.5% ± 0.6% of 8,000 Partien against the shipped one, +0.065 strokes;
// not shipped), leaves the third ply's lead as it was: 54.1% ± 1.1%
// (2000, +0.186 strokes); examples/train's README has the commands.
//
// The net's equity against the mean of 1,000 rollouts (the net at one ply
// on both sides) on each of 1,000 held-out positions: Toccateglio MAE
// 0.116 ± 0.004 strokes (Evaluate 0.606 ± 0.015), Verkehren 0.057 ± 0.002
// points (Evaluate 0.343 ± 0.010); the rollout means' own standard errors
// are 0.041 and 0.026 (examples/train -measure 1000 -rollouts 1000). One
// fresh evaluation costs about 5 µs of CPU (about 200,000 positions a
// second on one core), a play judged incrementally about 4–5 µs including
// its move (BenchmarkEvaluate, BenchmarkRank1).
//
// The package lives apart from package bot so that bot stays free of the
// race games (it serves every game, the Festungsspiel too) and of the
// embedded weights: a program that wants the nets links this package in.
package neural
