// Package toccateglio implements the Toccateglio family of board games —
// Toccateglispiel, Tokkadille (Alvensleben 1853) and Toccadille — to the
// rules T-… of the module's rule text, rules/rules.md, behind the
// [brettspiel.Game] interface.
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
// no hits by the dice combined), HuckeForce = ForceNever; Schule (T-W5,
// below: the players mark their points themselves), for games between
// people, in any preset. Common to all:
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
//	give up     the player to play gives the Partie up (T-W6; never a
//	            legal move: see Game.GiveUpMove)
//
// and under the Schule (Options.Schule):
//
//	mark 3      a declaration: the player marks 3 points (0…12) for a step
//	schule 2    a claim: the other is sent to school for 2 points (1…12)
//	right       the other is made to mark right
//	pass        the declaration or claim is let pass
//
// The legal moves are sorted by Move value, which is the order of the
// notation (steps compared numerically, the pass first; the Schule's mark 0
// … mark 12, and pass, right, schule 1 … schule 12). Plays that leave the
// same position are one move, written with the smallest notation. ParseMove
// accepts a play's steps in any order and by any route to the same position,
// "go on" for "go-on", any case and spacing; MoveString then ParseMove gives
// the same move. ParseMove checks the text against the position and says
// exactly what is wrong, with the rule: malformed text wraps
// brettspiel.ErrBadNotation, a play that the rules forbid
// brettspiel.ErrIllegalMove. With all stones on point 1 and the throw 5-4:
//
//	1/3        illegal move: 1/3 moves 2; the throw 5-4 gives 5, 4 or 9
//	1/5 1/5    illegal move: 1/5 and 1/5 need the same number twice; the throw is 5-4
//	2/7 1/5    illegal move: 2/7: no stone of player 0 on point 2
//	1/5        illegal move: both numbers of 5-4 must be played when a play uses both (T-D6)
//	1/5 1/x    bad notation: "1/x" is not a step from/to: from 1…24 or in, to 1…24 or off, forward
//
// and elsewhere "3/7: point 7 holds a stone of the opponent (T-D3)", "the own
// Hucke may not hold a single stone … (T-H1, T-H2)", "no single stone may be
// set into the opponent's second quarter (13–18) while he has his Force
// (T-D8)", "20/off 22/off: no stone is borne off by its exact number while
// the opponent has a stone on his start point (T-B2)".
//
// # Moves as data, and one step at a time
//
// [Game.Describe] takes a legal move apart (brettspiel.Describer): a throw
// into its dice and the marks its hits score; a play into its steps in
// absolute points (player 0's track; player 1's point p is 25−p) and in the
// mover's track, each with its number and flags (entering from the hand,
// bearing off, landing on the own Hucke, the force play), with the marks
// the play scores; the pass; go-on and afresh as decisions.
//
// [Game.NextSteps] takes a play step by step (brettspiel.Stepper): two
// stones in either order, or one stone moving on with the other number
// through any point the rules let it pass (1→7 then 7→9 with 6-2 is the play
// 1/3 3/9), the stones in hand first (T-S4), the force play as its two
// steps, each one point short onto the own Hucke (T-H3). A refused step names
// its rule: "step 1 (1→5): 1/5 moves 4; the throw is 6-2 (T-D2)", "the own
// Hucke is taken by force by two stones together: 8/12 must follow (T-H3)",
// "a lone stone may not stop on the empty own Hucke on its way (T-H1)", or
// the reason ParseMove gives for the first play that goes on from it. When
// only the force play can be played, the pass is complete before any step,
// and the force play's steps are offered beside it. The winner's decision
// is a move but no step: NextSteps refuses it, Describe describes it.
//
// # Position IDs
//
// [Game.MarshalText] (and [Game.ID]) write the whole state as a position ID,
// [Game.UnmarshalText] and [ParseID] read it back: the rules, the stones,
// marks, strokes, the Partien finished, whose turn it is and what is to be
// done (the draw for the start with its first throw, a throw, the dice to
// play, the winner's decision with how play would go on), the turn counter
// and whether the turn cap ended the match. A game loaded from an ID plays on
// exactly as the original; only the events of the last apply are not in it.
// The frame is the module's (kit.EncodeID): "toccateglio", the payload
// version 1 (2 under the Schule, with its window after the stones, what
// was due included), and the payload in URL-safe base64 with a checksum. The payload
// is a list of varints: option flags, the other options, the state, and for
// each player a mask of the occupied positions with their counts. The start
// of Toccateglispiel, and the position after 6-2 1/3 1/7, 5-3 1/4 1/6, 4-4
// 1/5 1/5 with player 0 beginning:
//
//	toccateglio:1:AAAAAAGIJwAAAAAAAAAAAAAAAAAAAAIPAg_qWw
//	toccateglio:1:AAEAAAGIJwIBAAAAAAAAAAMAAAAAAKoBCwECAVINAQGMXA
//
// An ID is checked as strictly as [FromPosition] checks a position, and more:
// a mistyped or cut ID, rules out of range, a state that cannot arise (a lone
// stone on a Hucke, marks of 12 before the Partie is won, dice during the
// draw, …) or a payload not in its one canonical form is refused with an
// error that says what is wrong.
//
// # JSON
//
// [Game.MarshalJSON] writes the state for frontends (JSON version 2), under
// stable lowerCamel keys with enums as strings: the shared envelope of the
// module (version, game, id, turn, player, the legal moves with their
// notation, the throws' weights and their parts as [Game.Describe] gives
// them, the events of the last apply, returns, winner), and
//
//	rules        the options, e.g. {"preset":"Toccateglispiel","stones":15,
//	             "enterFromHand":false,…,"firstPlayer":"draw",
//	             "huckeForce":"without-hucke","multipliers":"ts","partien":1,
//	             "turnCap":5000}; firstPlayer is draw, player-0 or player-1
//	phase        draw-first, draw-second, throw, play, decide or over
//	seat         who throws, plays or decides; -1 in the draw and at the end
//	dice         the throw being played or decided on, higher die first,
//	             e.g. [6,2]; [] when there is none
//	turns        players' turns played in the match (the turn cap counts them)
//	waiting      "hand": where stones wait to enter (Toccadille)
//	points       the 24 points in absolute numbering (player 0's track;
//	             player 1's point t is 25−t): {"point":13,"owner":-1,
//	             "count":0,"track":[13,12],"hucke":1,"home":-1}; a Hucke is
//	             its seat's point 12, the home quarter its points 19…24
//	sides        per seat: track (26 counts along his own track: the hand,
//	             points 1…24, off), waiting, onBoard, borneOff, pips, and
//	             score, his strokes
//	toccateglio  what only this game has: marks and strokes by seat, the
//	             Partien finished, drawThrow (player 0's throw in the draw),
//	             resume and nextThrower (how play goes on after go-on:
//	             play, setup or next; nextThrower throws for next, and
//	             plays the winning throw for play), turnCapReached, and
//	             lastSeat (at the end, who had the turn last; -1 before);
//	             under the Schule schule, the open window (see below)
//
// The keys from phase to sides are kit.RaceJSON, the board that
// Toccateglio shares with Verkehren: a frontend draws either game from them
// alone. After 6-2 with player 1 to play, a part of it:
//
//	{"version":2,"game":"toccateglio",…,"turn":"player","player":1,
//	 "legal":[{"notation":"1/3 1/7","kind":"play","dice":[6,2],"steps":[
//	   {"from":24,"to":22,"trackFrom":1,"trackTo":3,"die":2,"flags":[]},…]},…],
//	 "events":[{"kind":"throw","player":1,…,"number":8,"dice":[6,2],"note":"6-2"}],
//	 "phase":"play","seat":1,"dice":[6,2],"turns":0,"waiting":"hand",
//	 "points":[{"point":1,"owner":0,"count":15,"track":[1,24],"hucke":-1,"home":1},…],
//	 "toccateglio":{"marks":[0,0],"strokes":[0,0],"partien":0,…,"lastSeat":-1}}
//
// [Game.UnmarshalJSON] reads the rules, phase, seat, dice, turns, the sides'
// tracks and the object "toccateglio", checks them as strictly as an ID, and
// requires every other key (the points, the sides' counts, pips and score,
// waiting, turn, player, legal, returns, winner and the id) to agree; an
// unknown key is refused. The error names the problem: "player 0 has 16
// stones, want 15", "both players have stones on point 15 (player 0's
// track)", "rules.preset: unknown preset \"Trictrac\"". A state of JSON
// version 1 (the previous release, with other keys) is refused with a reason
// that says so; its "id" still loads with [ParseID]. The events are kept as
// the events of the last apply once they pass the bounds of one Apply,
// their places agreeing between the board and the mover's track.
//
// Under the Schule, rules.schule is true and a window of it is phase
// "decide" with seat the player to decide and toccateglio.schule: {"step":2,
// "mover":0,"declarer":0,"author":-1,"claims":0,"changes":0,
// "reached":[0,0],"unplayed":0,"unusedDie":0,"closedBefore":[],
// "due":{"owed":0,"short":false,"extra":0,"opened":[]}} — the step of T-W1,
// who declares, who declared or claimed what is in question (-1 while the
// declaration is due), and under "due" how far that item is wrong, as it
// was found when it was made: all zero while the declaration is due, since
// what will be due follows from the position. The whole state holds
// it, for the server that stores a game; a view for a player
// (kit.JSONView.NoSecrets) leaves out "due" and writes the id as "", for
// the ID holds it too; such a view does not load.
//
// The file state.schema.json in this package is the JSON Schema (draft
// 2020-12) of this form, self-contained for frontends in other languages;
// [JSONSchema] returns it. The tests validate the JSON of played games
// against it and against the race board's schema that both race games share.
//
// # Records
//
// A game record (brettspiel.Record) is the rules and every throw and play in
// notation, one line a turn. [NewRecord] starts one: the preset whose rules the
// options are (the match length and FirstPlayer aside) and the other options
// as settings; [LoadRecord] builds the game from a record and replays it, so a
// record changed by hand is refused at its first illegal line, with the line
// number. For example:
//
//	# brettspiel record
//	game: toccateglio
//	preset: Toccateglispiel
//	option: first-player=0
//
//	6-2 ; 1/3 1/7
//	5-3 ; 1/4 1/6
//	4-4 ; 1/5 1/5
//
// The text form of [Options] is a list of key=value settings ([Options.Settings],
// [Options.Set], [Options.String], [ParseOptions]), in a record relative to
// its preset (or, without a preset line, to the zero Options):
//
//	stones=15|16  enter-from-hand=  lower-begins=  first-player=draw|0|1
//	throw-again-after-doublet=  closed-opponent-hucke=  higher-die=
//	singles-in-force=  hucke-force=without-hucke|with-hucke|never
//	exact-bear-off-always=  no-satz=  single-die-hits-only=  multipliers=ts|td
//	partien=N  turn-cap=N
//
// (the flags take true or false). Presets are named as [Presets] names them;
// case, spaces and punctuation do not matter ("tokkadille-1853-16-stones").
//
// [ReadRecord] replays a record while it reads it from an io.Reader. Both
// loaders refuse a record longer than its turn cap allows, or with more than
// brettspiel.MaxTiedDraws tied draws for the start in a row, before playing
// it to the end.
//
// # Bots
//
// [Game.Evaluate] estimates a player's return for the module's bots: the
// strokes won so far and the Partie in play judged by the marks (see there).
//
// # Playouts
//
// [Game.Simulate] (kit.Simulator) plays a match to its end at random
// without events, for search and simulation: throws uniform over the 36,
// plays uniform over the legal moves, as [brettspiel.PlayOut] with the random
// policy would draw them.
//
// # Events
//
// [Game.Events] reports everything the last Apply did, in the coordinates the
// board is drawn in: From and To are absolute points (player 0's track;
// player 1's point t is 25−t), 0 for the hand (FromName "hand") and 25 for
// off (ToName "off"), brettspiel.NoPlace where there is none; TrackFrom and
// TrackTo give the same places in the track of the event's Player, the
// numbering of the notation. A throw carries its dice (higher first) and
// their total in Number, the throws of the draw for the start included;
// their Dice slices are shared and read-only.
//
// Moves are EventMove, EventEnter (from the hand) and EventBearOff, with
// Number the die. Marks are events of kind brettspiel.EventMark with Player
// the scorer, Other the opponent, Amount the marks, Rule the rule (T-M1
// single hit, T-M2 doublet hit, T-M3 Hucke hit, T-D7 unplayable number,
// T-J1/T-J3 closed quarter, T-J2 Jan opened, T-B3 Marsch). A hit is marked,
// never carried out: its From is the scorer's stone and To the opponent's
// single stone that it reaches (the opponent's empty Hucke for T-M3, with no
// From), and its TrackFrom and TrackTo are in the scorer's track, Number the
// die or the dice combined. Under the Schule the players' moves are
// [EventDeclare] (Player declared Amount for the step Number),
// [EventSchule] (Player sent Other to school, marking Amount, Other losing
// Number), [EventRight] (Other made to mark right, by Amount, Note "forgot",
// "too many" or "was right") and [EventLetPass]; the mark events of a step come when its
// window closes and say what the rules gave for it, what was due — the
// marks scored are the declaration's and the claims'. The end of a Partie is EventEnd with Rule T-W2
// and Amount the strokes, the end of the match EventEnd with Rule T-W4. The
// package adds [EventBegin], [EventSetup] and [EventSatz]. Event.String
// renders an event in the board's coordinates: "player 1 move: 24→22 by 2
// (T-D2)", "player 1 enter: hand→23 by 2 (T-S4)".
//
// # The shared vocabulary
//
// As in the module's other games: [Variant] names the game, [Game.Dice]
// gives the throw being played, [Game.Turn] whose turn it is,
// [Game.Turns] the turns played, [Game.Winner] the winner of the match,
// [Game.Capped] whether the turn cap ended it, [Presets] and
// [PresetNamed] the presets. Notation, option keys and values and preset
// names are read in any case. A zero Game (not made by [New], [FromPosition],
// [ParseID] or a loader) is no game: it lists no moves, is terminal, and
// Apply, ParseMove, Describe, NextSteps, MarshalJSON and MarshalText refuse
// it with brettspiel.ErrZeroGame; UnmarshalJSON and UnmarshalText load into
// it.
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
//   - In JSON, "waiting" is always "hand": the place where Toccadille's
//     stones wait, empty in the other presets, which hit nothing off the
//     board. "turns" counts the turns of the whole match, as the turn cap
//     does. Once the match is over "seat" is -1 and "lastSeat" keeps who had
//     the turn, which the position ID holds; "dice" then keeps the throw on
//     which the last Partie ended, if it ended on one, as [Game.Dice] does.
//   - A throw's event keeps its note ("6-2") beside its dice.
//   - T-S4: Toccadille's sentence that no Band may stand on the own entering
//     side except on the Hucke points cannot hold with fifteen stones entering
//     on six points; it is not applied. While stones are in hand every number
//     must enter a stone; a number that cannot enter is unplayable.
//   - T-W1: a Partie won at any step ends the turn there: later steps are not
//     marked. After a win by the hit marks and "go-on", the same throw is played
//     by the player who threw it, without marking its hits again.
//   - TurnCap counts the plays and passes of the whole match (throws and the
//     winner's decisions are not counted).
//   - With FirstPlayer set under LowerBegins, the named player begins with an
//     ordinary throw of his own.
//   - [Position] and [FromPosition] load a state between turns: a player to
//     throw, or to play a given throw whose hit marks are taken as already
//     counted. The draw for the start and the winner's decision are not
//     loadable from a Position; a position ID or the JSON carries every
//     state, those too. A position that cannot arise is refused with
//     brettspiel.ErrBadPosition naming the problem: a wrong number of stones, a
//     single stone on a Hucke, a stone on the opponent's Hucke, both players on
//     one point, stones borne off while others are outside Q4 or in hand,
//     stones in hand where none are entered or beside stones beyond Q1, all
//     stones borne off, marks outside 0…11, strokes that no Partien can give.
//   - The formats: a state has one position ID (a payload padded with
//     redundant varint bytes is refused), so IDs can be compared as text. In
//     JSON the keys of the rules and the state are the truth and everything
//     derived must agree with them, the id included; a "preset" key that
//     names a preset whose rules differ is an error, a missing one is not.
//     A record names the first preset whose rules the options are.
//
// Left out, as rules/rules.md says (T-X): touch-move, faulty dice, TS's
// bearing off "des Zuhaltens wegen" and its garbled sentence on passing an
// open point.
//
// # The Schule
//
// With Options.Schule (T-W5, off in every preset) the players mark their
// points themselves. Wherever T-W1 scores — the hits right after the throw
// (step 2), the opponent's points for unplayable numbers and an opened Jan
// after the play (4), the mover's closed quarters (5), the Marsch (6, only
// when it is won) — the player they belong to declares a number 0…12 as his
// move ("mark 3"), whatever is due: the list of declarations is always the
// same. Then the other player answers: "pass", "right" (the declaration
// becomes what was due, nobody marks for it) or "schule k": he marks k
// points; of a declaration that forgot points they are his, of one that
// marked too many the declarer loses up to k. A claim beyond what was owed
// went over by the rest, and the first player answers it as he would a
// declaration. A pass or "right" closes the window: the events say what
// was due, the 12-check is made, and the turn goes on. [Game.RuleMove] is
// the move that declares exactly what is due and claims every error whole,
// as the module's bots play. Decisions where T-W5 is silent:
//
//   - Every declaration opens its own window, answered at once: the claims
//     on the hits come before the play, those on step 4 (the opponent's)
//     from the mover, on steps 5 and 6 from the opponent. All of them come
//     before the next throw, as T-W5b wants; T-W5f's one question before
//     the throw is asked after each of the turn's declarations.
//   - Steps 2, 4 and 5 are declared in every turn, also when nothing can be
//     due, so that no list tells what is due; step 6 only when the Marsch
//     is won, which everybody sees.
//   - The 12-check (T-W5d) is made when a window closes. When both hold 12
//     or more, the one whose marks rose to 12 the earlier in the window and
//     stayed there wins. The multiplier is by the loser's marks then, which
//     may be 12 or more.
//   - A declaration of 12 declares 12 or more: when more is due it is right,
//     and the rest is marked when the window closes (so the Rest of T-W3 is
//     what the rules give).
//   - A claim is 1…12 points; a window takes at most six claims (then only
//     right and pass), so that it ends and the marks stay below 127. A
//     claim never falls short: what is not claimed stays unmarked.
//   - The turn cap counts the play and ends the match after the turn's
//     windows, as without the Schule.
//   - [Game.Describe] tells no marks of a throw or play under the Schule,
//     and describes the Schule's moves as decisions; NextSteps refuses them
//     (no steps). [Game.Simulate] plays them by [Game.RuleMove].
//   - The Schule is a way of playing a preset: a record names the preset
//     and the setting schule=true beside it; the JSON's rules.preset too.
//   - A game without the Schule writes the position IDs of version 1 it
//     always did; ParseID reads both versions. FromPosition loads no window.
//   - The events of a Schule move in JSON are checked for what they can be
//     (their kinds, players and amounts), not played again: the window
//     before the move is not in the state.
//   - Going on after a Partie won in the window of the hits (step 2), by
//     either player — the other one wins there by his claims — leaves the
//     throw with the player who threw it: he plays it as the first turn of
//     the new Partie (T-W3).
//   - A Partie won at step 4 or 5 of the turn in which the mover bore off
//     his last stone ends a Marsch that is over although its marks are not
//     declared: going on sets the stones up again, and the Partie's winner
//     throws (T-W3, T-B4), as after a Partie won by the Marsch. Until then
//     the position ID and the JSON hold the mover's stones all borne off,
//     in the windows of steps 4 to 6 and at the winner's decision.
//
// Where rules/rules.md departs from a source it is followed: Ludii's reading
// of the Jan (points 6–12), its multiplier ("double if fewer than 6") and its
// single-die hits are not the default; the English paraphrase of AL (one die
// to start) is not used.
//
// # Concurrency
//
// A Game is not safe for concurrent use. Clones ([Game.Clone]) are independent
// and may be used by different goroutines. The package has no mutable global
// state; Options and Presets are plain values.
package toccateglio
