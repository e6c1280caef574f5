// Package session is the layer every frontend of this module uses: a game
// at a table, with seats that are people or named bots, dice thrown from a
// seed (or entered by hand), a history with undo, redo and takeback, hints,
// records and position IDs — as typed Go methods ([Game]) and as one JSON
// entry point for transports ([Table.Call]): the WebAssembly page, a
// line-based engine on standard input, a client in another language.
//
// # Seats, dice and seeds
//
// A [Config] names the variant, preset and seat count as package catalog
// does, the seed (nil for a fresh one: no two games made without a seed
// throw alike), who sits at each seat ([Person] or a bot's name from
// package bot's registry) and whether the dice are seeded or entered by
// hand. The dice and the bots draw from math/rand/v2's PCG, seeded afresh
// for every step from the game's seed and the number of steps played
// ([Rand]): the throw after n steps uses PCG(seed, 2n), a bot's move after n
// steps PCG(seed, 2n+1). The same seed and the same moves give the same
// game everywhere, and undoing a throw and throwing again gives the same
// numbers: undo is no way to throw again. [Game.Advance] throws and lets the
// bots play until a person is to move, a throw is to be entered by hand or
// the game is over.
//
// A seed the players know tells them every throw to come; a seed they do
// not know asks them to trust whoever throws. So a game of owned seats
// (see below) keeps its seed secret while it runs — no answer, delta,
// view, record or log carries it — and its throws can be checked after
// the game: a commitment to the seed ([Commit]: the SHA-256 of the seed
// and a salt from [NewSalt], which tells nothing of the seed) is in its
// every state and delta from the start ("commitment"), the seed and the
// salt come with the change that ends it, closes it or [Game.Reveal]s it
// ("seed", "salt"), and [VerifyDice] (the method verifyDice, on a record's
// text) checks that they make the commitment and that every throw of the
// game's record is the one the seed gives, naming the first that is not,
// and says how far the record went: the throws and steps it checked and
// whether they reach the game's end ([DiceCheck]). A revealed game plays no further step, undo or takeback:
// its dice are known. A game of one screen shows its seed. The document
// doc/fair-dice.md of the module says what this proves and what it does
// not. A WebAssembly build leaves these out (see below).
//
// # The protocol
//
// [Table.Call](method, args) takes a method's name and its arguments, one
// JSON object, and returns one JSON object ([Table.CallContext] the same
// within a context, see Calls that stop). It is stateless in the manner
// of UCI: every call names the game it is about by its handle, and the
// answer of every call that changes a game is the game's new state, so a
// transport passes strings and keeps nothing. The protocol's version is
// [Protocol] (the method "version" says it); the schema of every answer is
// [Schema], the file protocol.schema.json of this package.
//
// A transport that holds a game — a WebSocket server, an HTTP server with
// its own ids for games — calls it through the game's own entry point,
// [Game.Call](ctx, method, args, secret): the same methods and answers
// but for the handle, which neither its arguments nor its answers carry,
// and the caller's secret beside the arguments, not among them. It passes
// a client's words on as they came, and the answer as it is.
//
// Arguments are read strictly, as the state's JSON is: a key unknown,
// given twice or spelt in another case, a value of the wrong type or a
// document longer than [MaxArgs] is refused, and the game is unchanged.
//
// The methods, with their arguments (keys not marked optional are
// required) and results:
//
//	version      {}                                  → {protocol, methods}
//	games        {lang?}                             → {protocol, games, bots, levels, settings}
//	rule         {id, lang?}                         → {id, title, text, source}
//	newGame      {variant, preset?, players?, seed?, seats?, dice?, owned?, clock?, settings?, VIEW} → STATE
//	loadRecord   {text, seed?, seats?, dice?, VIEW}  → STATE of a new handle
//	loadID       {id, seed?, seats?, dice?, VIEW}    → STATE of a new handle
//	close        {handle, secret?}                   → {}
//	claim        {handle, seat}                      → {handle, seat, secret}
//	name         {handle, seat, name, secret?, VIEW} → STATE
//	watch        {handle, rev, lang?}                → {handle, rev, from, length, log, toMove, id, canRedo, …}
//	state        {handle, VIEW}                      → STATE
//	legal        {handle, parts?}                    → {legal: [LegalMove…]}
//	nextSteps    {handle, steps: [Step…]}            → {next: [Step…], complete}
//	apply        {handle, notation, secret?, VIEW}   → STATE with move
//	throw        {handle, secret?, VIEW}             → STATE with move
//	throwManual  {handle, dice: [n…], secret?, VIEW} → STATE with move
//	botMove      {handle, bot, secret?, VIEW}        → STATE with move, millis
//	advance      {handle, limit?, secret?, VIEW}     → STATE with played, stopped?
//	undo, redo   {handle, secret?, VIEW}             → STATE
//	takeback     {handle, seat?, secret?, VIEW}      → STATE
//	answerTakeback {handle, accept, secret, VIEW}    → STATE
//	giveUp       {handle, seat?, secret?, VIEW}      → STATE
//	answerGiveUp {handle, accept, secret, VIEW}      → STATE
//	hint         {handle, bot?, count?}              → {hints: [Hint…]}
//	saveRecord   {handle}                            → {text}
//	positionID   {handle}                            → {id}
//	plan         {handle}                            → {layout, fields} (Festungsspiel)
//	analyze      {handle, plies?, from?, count?, lang?} → {variant, judge, unit, steps, players, truncated?}
//	rollout      {handle, step?, position?, plays?, within?, games?, turns?, bot?, seed?, varianceReduction?}
//	             → {variant, unit, step?, seat, bot, games, turns?, seed, varianceReduction, plays?, position?}
//	verifyDice   {text, commitment, seed, salt, redraws?, length?} → {ok, commitment, throws, steps, over, bad?, reason?}
//
// Every method on one game takes "secret" too: the methods that act check
// it (see Seats that belong to someone), the methods that only read ignore
// it, so that a transport sends each call with the secret it holds.
//
// lang in rule is the language of the rule's text, "en" (the default) or
// "de", read as the VIEW's lang is; in games it is the language of the
// descriptions of the games, their presets and the bots' levels and of the
// presets' sources (names and titles are the same in every language). seed is a number or a string of decimal digits (a
// JavaScript number holds 53 bits); seats a list of "person" or bot names;
// dice "seeded" or "manual"; settings the rules chosen beside the preset,
// by the names that games lists under "settings" (["schule=true"]:
// Toccateglio's Schule, where the players mark their own points; a state
// then never tells a player what was due while its window is open). A
// STATE is [StateJSON]: the handle, the game's [Info], its
// "state" (the variant's JSON form, kit.StateJSON and the variant's
// keys), length, canUndo, canRedo, hasRecord, and the log of the steps
// played since "since" with their events in words ([Step]).
//
// No answer grows with the game unless asked to: by default the log holds
// the steps the call played — the throw of throw, the move of apply, the
// steps of advance, the step of redo — and none for state, undo, takeback,
// newGame, loadRecord and loadID; "since" in the answer is where it
// starts (the game's length when the call began, or the new length after
// undo and takeback), so a frontend keeps its log as
// log[:since] + answer.log. A frontend that has no log yet (a game loaded
// from a record, a page reloaded) asks "since": 0 once.
//
// VIEW are optional keys that choose what a STATE carries ([View]): since
// (the first step of the log to send: a frontend that keeps a log sends its
// length; by default the steps the call played), log (false: an empty
// log), events (true: the state's "events", the events of the last step,
// which by default are left out of the state since the log says them),
// rules (true: each event of the log with its
// rule's text, in the answer's language; by default the event names its
// rule by ID), legal (false: no
// legal moves at a seat's turn),
// chance (true: the throws at a chance node, left out by default), static
// (true: the Festungsspiel's plan inside the state; by default "fields"
// lists only the fields holding a marker or squares, by ID, "plan"
// gives the rest once, and the state's events leave out "trackFrom" and
// "trackTo", which are their "from" and "to" there) and lang ("en" or "de": the language of the
// answer's sentences for players; by default the game's).
//
// # Seats that belong to someone
//
// A game made with "owned": true ([Config.Owned]) is one for several
// people, each at his own screen. Its people's seats are claimed, first
// come first served: claim gives the seat's secret once (192 bits from
// crypto/rand in base64url; the game keeps its SHA-256 only and compares
// in constant time), and every call that acts carries it as "secret". The
// check and the act are one step under the game's lock. Who acts:
//
//   - apply, and botMove at a person's seat: the holder of the seat to move
//     (another seat's secret is refused with ErrNotYourSeat). apply at a
//     throw is refused with ErrChanceNode: the dice are thrown, not chosen.
//   - throw, advance, close, and botMove at a bot's seat (with that seat's
//     own bot only): the holder of any seat. The seeded dice and the bots
//     give the same steps whoever calls, so nobody gains by calling them.
//     throwManual likewise, in a game of physical dice ("dice": "manual")
//     only.
//   - undo and redo: the holder of a seat while no other seat is claimed
//     (one person against bots); with other people at the table they are
//     refused with ErrNeedsConsent.
//   - takeback: as backgammon servers do it, a seat asks to take back its
//     own last decision, and the takeback is done once every other claimed
//     seat has granted it (answerTakeback with "accept": true); one refusal
//     or any step played drops the ask. Asked while no other seat is
//     claimed, it is done at once. The STATE shows an ask as "takeback".
//   - giveUp: a seat gives up for itself, as its game's rules allow
//     (brettspiel.GiveUpper): the Partie in Toccateglio (T-W6) and the
//     single game in Verkehren (V-W2), at its own decision after its
//     throw. Where the rules ask the other's consent (Verkehren with a
//     Band on the own side) and in the Festungsspiel, whose rules have no
//     giving up and whose game then ends by agreement of all seats with
//     nobody winning, the other claimed seats agree first (answerGiveUp),
//     shown as "giveUp" in the STATE; one refusal or any step played
//     drops it. In a game not owned giveUp gives up at once, for the seat
//     given or the seat to move.
//     A turn being made one step at a time (nextSteps) changes nothing
//     until apply plays it whole, so a person takes back a step of his
//     unfinished turn on his own screen, as on a backgammon server before
//     he confirms the move; once applied it is played.
//   - name: the holder of the seat named, and only he: a seat's player
//     gives it a name ([Game.Name]; trimmed, at most 24 characters,
//     printable), which every STATE and delta of the game carries
//     ("names"); "" takes it away. In a game of one screen anyone names
//     any person's seat.
//
// A call without a secret (a watcher) reads — state, legal, nextSteps,
// hint, saveRecord, positionID, plan, analyze, rollout, watch — and is refused with
// ErrNoSecret where it would act; a secret that is no seat's of the game
// with ErrBadSecret. The STATE of an owned game says "owned": true and
// which seats are "claimed". A game made without "owned" is a game of one
// screen: every caller plays every seat, as ever, and "secret" is ignored.
//
// The Go methods of [Game] are the server's own hand: they act without a
// secret (to adjudicate, to resign a seat); the checks are those of
// [Table.Call], which is what clients reach. [Game.Name] alone takes the
// seat's secret: a name is the player's own word, which no server gives
// in his stead. Handles are small numbers
// counted up from 1, easy to guess: a server that serves a table to
// people keeps its own unguessable ids for games and maps them to handles,
// and gives its clients seats' secrets, never the right to name a handle
// alone.
//
// # Watchers
//
// Every change of a game that a person at the table must learn — a step,
// an undo, a redo, a takeback, a takeback asked, granted in part or
// declined, a seat claimed or named, the end on time, the dice revealed,
// the game that follows named by the transport ([Game.SetNext]: a
// rematch), the game closed — raises its revision ("rev" of a STATE) by
// one and is told to
// its watchers as a [Delta]: the log is kept up to "from", and "log"
// follows (one step for a step played, none for a step back or a change
// of no step), with who is to move, the position ID, the end, an asked
// takeback, the clocks, the seats claimed, their names, the game that
// follows and the dice's commitment. A Go
// program — a WebSocket server, the engine — follows a game with
// [Game.Watch](rev) and [Watcher.Next]: first the changes since revision
// rev in one delta, then every change in order. Nothing waits for a
// watcher, and a watcher costs its game little: a change is made into one
// delta that every watcher shares, so it costs the same with ten thousand
// watchers as with none, and a watcher that never reads holds no delta of
// its own. One that falls behind the last 64 deltas the game keeps gets
// what it missed in one delta; after the delta of the closing, Next fails
// with [ErrGameClosed]. A game takes at most [Options.MaxWatchers]
// ([ErrTooManyWatchers]). A client of the protocol, which cannot be pushed
// to, asks watch with the revision it has and gets the delta since it: from
// the first step that changed since (across undos), or from 0 when the
// change is older than the last 256 the game remembers; a revision past
// the game's is read as its revision now. A server that stores every
// change before anyone may learn it gates the game ([Game.Gate]): a
// change then reaches the watchers only once the server releases its
// revision ([Game.Release]), a burst of more than eight changes released
// at once reaches them as one delta, and a watcher's catch-up waits while
// a change is not released; "watch" and [Game.Since] know no gate. A
// delta's events are lean (trackFrom and trackTo only where they differ
// from from and to): the median step's is about 350–500 B in the race
// games and about 1 KB in the Festungsspiel, whose throw plays its markers
// too.
//
// # Clocks
//
// A game made with "clock": {"delayMillis", "reserveMillis"}
// ([TimeControl]) runs a clock for each person's seat, as backgammon
// servers do: each decision has the delay free, then the seat's reserve
// runs down (the "simple delay"; the unused delay is not kept). It runs
// only while a person's seat is to decide, not at a throw nor for a bot. A
// seat whose reserve is gone has run out of time and the game ends: in the
// race games (two players) it loses and the other seat wins, the match as
// much as the game; in the Festungsspiel it loses and the game ends with
// the markers as they stand, no seat named the winner. Then every step is
// refused with ErrGameOver, and the STATE's "clock" ([ClockJSON]) names
// the seat that ran out ("out") and the winner, and "ending" says it.
// Running out is found when the game is next used; a server that tells
// its watchers at the moment calls [Game.TimeUp] at [Game.Deadline]. The
// time is the table's [Options.Now] ([Config.Now] in Go), so tests set it.
//
// # Games that outlive the process
//
// A record is the portable form of a game, which every program of this
// module reads; a snapshot ([Game.Snapshot], [Restore]) is a server's:
// the record with the undone steps that redo plays again, and a head with
// the seed, the dice mode, the seats with the hashes of their secrets and
// their names, the language, the revision, an asked takeback and the
// clocks (which go on
// where they stood; the time a snapshot lies unused is not counted). It is
// versioned ([SnapshotVersion]); a bad or foreign one is refused with
// [ErrBadSnapshot]. A table lists its games ([Table.Handles]), restores
// one under its old handle ([Table.Restore]; a handle in use is refused
// with [ErrHandleInUse]), reloads one in place from storage
// ([Table.Reload]: no end, so the dice stay secret, and the watchers go on
// with the stored game from a catch-up), and with [Options.IdleTimeout]
// closes the games
// in which nobody has acted for longer — no call that acts, no change, no
// [Game.Touch] of a transport for a person's connection; reading a game
// keeps it no longer, since anyone may read — when the server calls
// [Table.Sweep] on its own ticker, and when the table is full before it
// refuses a game.
// The table runs no goroutine. The protocol has no method for snapshots:
// they hold what a client must not see, and storing them is the server's.
//
// # Words for players
//
// The sentences a player reads come from package words, in the game's
// language: "lang" in the arguments of newGame, loadRecord or loadID
// ([Config.Lang]; "en" by default), or the call's own "lang". Each event
// of the log has its sentence ("text": "Player 1 moves a stone from 1 to 3
// (2)."), a STATE of a game over says how it ended ("ending": "Player 2
// wins a triple Partie (3 strokes).") and a refused move's error says why
// ("say", see Errors).
//
// legal lists the legal moves of the seat to move, or the throws at a chance
// node, as the state's "legal" does: each with its notation and its parts
// (kind, dice, steps in the board's points); "parts": false gives the
// notations only, without the search per move the parts cost.
//
// Takeback takes back to the last decision of seat (0…players−1; by
// default the seat that decided last); undo takes back one step, a throw
// too. nextSteps takes a play one step at a time in the board's points, as a
// board UI does, and returns the steps that may come next and, once they
// determine a move, its notation, which apply plays.
//
// analyze judges the steps played ([AnalysisJSON], package analysis): for
// every decision the equity of the play made and of the best, for every
// throw its luck, and per seat the error rate, the luck and a rating; plies
// 2 judges the race games' plays two plies deep (1 is the default). It
// judges the steps from the step "from" (0 by default) on, at most "count"
// of them (at most and by default [MaxAnalyze], more than any game but a
// long match has; at two plies, which cost ten times as much, a client asks
// a few hundred at a time); when steps follow the last one judged the
// answer has "truncated": true, and the seats' sums cover the steps judged.
// Where the play made differs from the best, the decision names what
// differs, as a tutor says it (analysis.Why): "reasons", typed (a missed
// hit with its points, a blot left with the throws of 36 that hit it, a
// Jan, the Hucke or a point broken or not made, a stone left behind, the
// opponent's open entry points, the Festungsspiel's fortress), and "why",
// their sentences in the call's "lang" or else the game's. It holds the
// game's lock only to copy the steps, so the game's other calls go on
// while it judges.
//
// rollout plays games from a position by a level on every seat, on every
// core ([RolloutJSON], package analysis): at a decision each candidate
// play — the best "plays" by the net at one ply (3 by default, at most
// [MaxRolloutPlays]), those "within" so much of the best — and at "step"
// (a decision of the review, played or undone: a review walks the game
// back to show it) the play made too, each the mean result of
// its games for the seat who chooses with its standard error, best first;
// at a throw, or with "position": true, the position itself. games is the
// number of games a play (1,296 by default, at most [MaxRolloutGames]);
// turns stops every game after so many turns and judges it by the net;
// bot is the level (net-advanced by default); seed (0 by default) makes
// it reproducible: the same arguments give the same answer. A rollout
// that runs past the budget per call is refused with ErrOverBudget (ask
// fewer games or plays, or truncate them: a client that shows progress
// asks a few games at a time with seeds of its own and pools them). On
// two cores a play's 1,296 games take about 3 s to the end and 0.3 s
// truncated after 10 turns (doc/performance.md, Rollouts): the defaults'
// three plays to the end come near [DefaultCallBudget]. The
// Festungsspiel keeps its exact judge: its rollout is refused with
// ErrExactJudge (package analysis), which "say" puts in words. Like
// analyze it holds the game's lock only to copy the position.
//
// A WebAssembly build (GOOS=js GOARCH=wasm) leaves the learned levels of the
// race games (net-beginner … net-strongest) and the analysis out, to keep
// its download small: there the bots list has no net levels and analyze
// and rollout are refused with ErrUnknownMethod. Built with the tag nets (go build -tags
// nets) it links both in, as every other build does. Owned seats are a
// server's and stay out of every WebAssembly build (their crypto/rand and
// SHA-256 bring the whole FIPS module): there newGame with "owned" and
// claim are refused with ErrBadCall. So does the check of dice, for its
// SHA-256: there verifyDice is refused with ErrUnknownMethod.
//
// # Errors
//
// A failed call returns {"error": {"name", "message", "rules", "say",
// "refusal"}} ([ErrorJSON]) and changes nothing. name is the stable name of the sentinel the error
// wraps (brettspiel.ErrorName): the library's (ErrIllegalMove,
// ErrBadNotation, ErrNotYourTurn, ErrChanceNode, ErrGameOver,
// ErrBadPosition, ErrBadOptions), bot.ErrUnknownBot, analysis.ErrExactJudge,
// and this package's:
// [ErrBadCall] (arguments wrong in themselves), [ErrUnknownMethod],
// [ErrUnknownHandle], [ErrTooLarge], [ErrTableFull], [ErrNothingTo],
// [ErrNoRecord], [ErrUnknownRule], [ErrCancelled], [ErrGameClosed],
// [ErrOverBudget] (see Calls that stop), [ErrNoSecret], [ErrBadSecret],
// [ErrNotYourSeat], [ErrSeatTaken], [ErrNeedsConsent], [ErrHandleInUse],
// [ErrBadSnapshot] and [ErrInternal] (a recovered panic; a bug). A
// [Watcher]'s Next fails with [ErrGameClosed], [ErrWatcherClosed] or
// [ErrCancelled]; a Watch past a game's bound with [ErrTooManyWatchers]. message is
// for programmers and quotes at most quote.Max
// bytes of any input; rules are the texts of the rules that refused
// (brettspiel.Error.Rules), so a frontend shows them without reading the
// message; say tells the player why in his terms and language (the call's
// "lang", else the game's; package words), e.g. "You have 4 and 1 to
// play; 13 to 15 needs a 2."; refusal is what was tried and why, as data
// (brettspiel.Refusal: a stable code, the steps in the board's points,
// the numbers left). say and refusal are absent for an error that no
// player's move causes.
//
// # Limits
//
// A table holds at most [Options.MaxGames] games ([DefaultMaxGames] by
// default); a new game beyond it is refused with ErrTableFull, never by
// dropping a game that may be in use: close games that are done. A call's
// arguments are at most [MaxArgs] bytes, a turn's steps at most 16, an
// advance at most [MaxAdvance] steps, an analysis at most [MaxAnalyze]
// steps, a rollout at most [MaxRolloutPlays] plays of [MaxRolloutGames]
// games, a call at most [Options.CallBudget] of time ([DefaultCallBudget],
// 10 s, by default).
//
// # Calls that stop
//
// The long calls — advance, botMove, hint, analyze, rollout — stop when the
// caller's context ends ([Table.CallContext]; the engine and the HTTP
// example pass their request's), when their game is closed ([Table.Close],
// the method close, [Game.Close]) or when they have run the table's
// [Options.CallBudget]. A stopped call changes nothing, or exactly the
// steps it reports: botMove, hint, analyze and rollout fail with ErrCancelled,
// ErrGameClosed or ErrOverBudget and the game is as it was (a bot's move
// chosen in a hurry is not played); advance stops between two steps and
// answers with the STATE of the steps it made ("played", and by default
// the log), with "stopped": "cancelled", "closed" or "budget" — the game
// holds those steps and no other. A call whose context has ended before it
// gets the game's lock changes nothing and fails with the stop's error.
// The bots notice a stop within their decision: the net levels between
// two plays they judge deeper (their own time, 50 ms, bounds the rest),
// search and expectimax within their search. In Go, [Game.Advance],
// [Game.BotMove], [Game.Hints], [Game.Analyze] and [Game.Rollout] take the context, and
// the game's closing stops them too. A js/wasm build runs one call at a
// time on the page's thread and makes no context of its own (a context
// value would link time's formatting into it): there a closed game
// refuses its long calls, and nothing comes between the steps of one.
//
// # Concurrency
//
// A [Table] and a [Game] are safe for concurrent use. The calls that act on
// a game — a move, a throw, an undo, a claim, a bot's move, an advance, a
// hint — happen one after the other, each seeing the game as the one before
// left it and answering with the state it left. The calls that only read —
// state, legal, watch, saveRecord, … — never wait for one of them to end:
// they wait at most for the step under way, since a call that acts lets go
// of the game's state while a bot thinks and puts a long log in words after
// it. Calls on distinct games run in parallel. The table's own lock is held
// only to find, add or remove a game. analyze holds the game only to copy
// the steps, rollout only to copy the position.
package session
