// Package festung implements the Festungsspiel, a fortress game for 2–6
// players and three dice ("Neues Occupations- und Eroberungsspiel oder
// Übermacht raubt alles", Nuremberg c. 1760), to the module's rule text,
// rules/rules.md, section Festungsspiel (rule IDs F-*).
//
// # The game
//
// The plan ([Plan]) has 36 outer works (yellow, numbered I…VI: twelve for
// fortress 1, six for fortress 2, twelve for fortress 3, six for fortress 4),
// five fortresses, four fortress lines of four green fields numbered 3…18, four
// Pasch fields, twelve Schanzen I…XII and four batteries 9…12, each with three
// Schanzen "in the triangle". Every field has a stable [FieldID] and a name
// ("W1.V", "W1.V'", "L11", "S.VII", "B10", "F5", "P2"); a field holds one
// marker or none.
//
// At the start every player stakes the same number of markers on the outer
// works (18, 12, 9, 7 or 6 for 2…6 players; with five one field stays empty).
// Then the players throw in turn one large die L and two small dice a, b, and
// each throw is resolved in three steps:
//
//   - A, the large die: take the marker of one occupied outer-works field
//     numbered L among the fortresses open to the thrower (fortress 1, and one
//     more for each Pasch he has thrown), or place one on fortress 1's field
//     numbered L when none is occupied; a 6 takes every open VI.
//   - B, the small dice: take or place on the Schanze a+b; with a 1 also on
//     Schanze I; a doublet makes every other player pay a; a+b of 9…12 wins the
//     battery of that number with its Schanzen (or places on it and, when all
//     is empty, gets 1 from every other player).
//   - C, all three: take or place on the line field L+a+b; three equal dice are
//     a Pasch: the thrower's squares move on to the next fortress and Pasch
//     field, he takes the markers of that fortress line (or fills it when it is
//     empty) and every other player pays him the Pasch's number; 6-6-6 counts
//     as two Pasches, 1-1-1 pays 1 extra. The fifth Pasch takes every marker on
//     the plan, 6 from every other player, and ends the game.
//
// Returns are each player's balance minus his starting stock. Balances may go
// below zero (the booklet: a player who has lost all his markers buys more from
// another); [Game.Bought] reports how far, and an [EventBuy] event each time it
// grows.
//
// # Options
//
// [Options] holds the number of players (2…6, zero means 2), the starting stock
// (zero means 25), the field left empty with five players (zero means W4.VI)
// and the turn cap (zero means 5000 throws; the game then stops where it
// stands, returns as they are, with an [brettspiel.EventEnd] noted "turn cap").
// [ForPlayers] gives the standard options for n players. Seat 0 throws first;
// the booklet lets the order be drawn with a die, the library takes it as given
// (so there is no FirstPlayer option). [Presets] lists the one named rule set
// for a menu, "Standard" (the seat count is chosen apart), and [PresetNamed]
// finds it by name in any case.
//
// # The state at a glance
//
// Besides the plan ([Game.Marker]) and the seats ([Game.Balance],
// [Game.Bought], [Game.Pasches]), a Game answers in the names all variants
// of the module share: [Game.Turn] (whose turn it is, brettspiel.Nobody at
// the end), [Game.Dice] (a throw awaiting its thrower's decision as
// [L, a, b], nil when none), [Game.Turns] (throws made), [Game.Winner] and
// [Game.Capped].
//
// A zero Game (not made by [New], [FromPosition], [ParseID], [LoadRecord]
// or UnmarshalJSON) plays nothing: Apply, ParseMove, NextSteps, Describe,
// MarshalJSON and MarshalText return an error wrapping
// brettspiel.ErrZeroGame, ToMove says Terminal, ID is "", and a position is
// loaded into it with UnmarshalText or UnmarshalJSON.
//
// # Nodes, moves and notation
//
// A throw is a chance node. The rules never tell the two small dice apart
// (they use a+b, "a or b shows 1" and a = b), so a throw and the throw with the
// small dice swapped are one outcome: the node lists 6 × 21 = 126 throws with
// their weights of 216 (1 for a small doublet, 2 otherwise). A throw is written
// "L/a-b", the large die first, the small dice smaller first: "5/1-6",
// "6/5-5", "1/1-1" (the booklet's three examples); ParseMove also reads the
// small dice the other way round ("5/6-1"), and field names in any case
// ("w2.v" for "W2.V"; MoveString writes the canonical case). [ParseThrow] and [ThrowMove] let a
// frontend with physical dice enter a throw.
//
// Most throws are resolved at once: A, B and C in one Apply. The one choice the
// rules leave to the thrower is which field numbered L to take from in step A.
// Twin fields (the same number in the same fortress) are interchangeable — a
// marker is always taken from the first occupied twin and placed on the first
// empty one — so the choice is between fortresses. It is offered as a decision
// node when it is real: when two or more open fortresses hold a marker numbered
// L, and the throw is not a fifth Pasch (which clears the plan, so that every
// choice ends alike). The decision is written as the name of the field taken
// from, "W2.V" (the twin's name "W1.V'" is read as "W1.V"); B and C are then
// resolved in the same Apply. A choice with one option is no decision, and
// there is never a pass: every throw is played.
//
// Move values sort as their notation: throws by L, a, b; decisions by fortress.
//
// Notation at a glance, from the thrower's side:
//
//	5/1-6    a throw: large die 5, small dice 1 and 6 (also read as 5/6-1)
//	6/5-5    a throw with a small doublet
//	6/6-6    the biggest Pasch
//	W2.II    at a decision after a large die 2: take the marker of fortress 2's II
//	W1.II'   read as W1.II (twins are interchangeable; printed without the ')
//	w4.iv    read as W4.IV (field names in any case)
//
// ParseMove says exactly what is wrong: "want a throw such as 5/1-6 (large
// die/small dice), or at a decision the outer-works field to take from, such
// as W2.V" for text that is no move (brettspiel.ErrBadNotation); "a decision
// is due: take from W1.II or W2.II" for a throw given at a decision
// (ErrNotYourTurn); "the large die shows 2; take from W1.II or W2.II" and "no
// marker to take in the works of fortress 3; …" for a field not on offer
// (ErrIllegalMove); ErrChanceNode for a field when a throw is due.
//
// # Moves as data, and one step at a time
//
// [Game.Describe] takes a legal move apart (brettspiel.Describer): a throw
// into its three dice, a decision into the field the marker is taken from,
// by ID and name, with the throw that led to it. For a frontend that lets
// the thrower click the plan, [Game.NextSteps] (brettspiel.Stepper) offers
// the fields to choose from as steps (Field the FieldID, Die the large die);
// a step naming one of them, or its twin, completes the decision; any other
// field is refused with the rule (F-A2).
//
// # Formats
//
// Besides the notation, a game has a position ID, a JSON form and a record;
// all decoders check what they read as [FromPosition] does, never panic, name
// the problem in a [*brettspiel.Error], and leave the game unchanged on
// error.
//
// The position ID ([Game.MarshalText], [Game.UnmarshalText], [ParseID]) is
// "festung:1:" and a payload of varints in URL-safe base64 with a checksum
// (kit.EncodeID): the options, the marker of every field, each seat's
// balance, bought markers and Pasches, the thrower, a throw awaiting his
// decision, the number of throws and how the game ended — everything that
// decides what happens next, but not the events of the last Apply. A fresh
// game of three players, and the same game after the booklet's three
// examples 5/1-6, 6/5-5 and 1/1-1:
//
//	festung:1:AxkAiCf______wEAGgAAGgAAGgAAAAAAAJ6f
//	festung:1:AxkAiCfO7____4GIkSQEBAAAKgAAHAABAAADADia
//
// The JSON form ([Game.MarshalJSON], [Game.UnmarshalJSON]), version 2, is
// described by the JSON Schema state.schema.json in this package
// ([JSONSchema]). A decision node, shortened (… marks what is left out;
// "fields" lists all 77 fields of the plan):
//
//	{"version":2,"game":"festung","id":"festung:1:AxkAiCfC7____5GJuSUEAgAAJgAAHAABArQEBQC0DA",
//	 "turn":"player","player":2,
//	 "legal":[{"notation":"W1.II","kind":"decision","dice":[2,3,4],"steps":[…],"decision":"field","field":2,"fieldName":"W1.II"},…],
//	 "events":[{"kind":"throw","player":2,"other":-3,"amount":0,"from":-1,"to":-1,"trackFrom":-1,"trackTo":-1,"number":9,"dice":[2,3,4]}],
//	 "returns":[-24,-6,-11],
//	 "rules":{"players":3,"stock":25,"stake":12,"turnCap":5000},
//	 "seat":2,"dice":[2,3,4],"turns":5,"capped":false,
//	 "throw":{"notation":"2/3-4","offer":["W1.II","W2.II"]},"markersOnPlan":41,
//	 "seats":[{"seat":0,"balance":1,"bought":0,"pasches":0,"return":-24,"openFortresses":1},…,
//	          {"seat":2,"balance":14,"bought":0,"pasches":1,"return":-11,"openFortresses":2,"fortress":"F1","paschField":"P1"}],
//	 "layout":{"width":100,"height":100,"fieldSize":5},
//	 "fields":[{"id":1,"name":"W1.I","kind":"outerWork","number":1,"fortress":1,"twin":0,"line":0,"battery":0,"x":19.7,"y":15.4,"marker":false},…,
//	           {"id":53,"name":"S.I","kind":"schanze","number":1,"fortress":0,"twin":0,"line":0,"battery":9,"neighbours":[65],"x":62.1,"y":28.1,"marker":true},…,
//	           {"id":65,"name":"B9","kind":"battery","number":9,"fortress":0,"twin":0,"line":0,"battery":9,"neighbours":[53,54,55],"x":75.5,"y":24.5,"marker":false},…,
//	           {"id":69,"name":"F1","kind":"fortress","number":1,"fortress":1,"twin":0,"line":0,"battery":0,"x":50,"y":12,"marker":false,"squares":[2]},…]}
//
// "seat", "dice", "turns" and "capped" are the names the variants of the
// module share: the seat whose turn it is (−1 once the game is over), the
// throw awaiting a decision ([] when none), the throws made, and whether
// the turn cap ended the game. "fields" carries all a renderer needs to
// draw the plan without knowing the rules — each field's kind, number,
// fortress, twin, line, battery, its neighbours in the triangle, its
// marker, the seats whose squares stand on it, and its centre "x", "y" on
// a drawing of "layout"'s width × height units (origin top left, y
// downwards; see [LayoutSize] and [Field.X]).
//
// The state keys (rules, seat, dice, turns, capped, the seats' balance,
// bought and Pasches, the fields' marker) are the truth when it is read; the
// other keys must agree with them, the id included. A state of version 1
// is refused with a reason that names its version; its "id" still loads
// with [ParseID], as position IDs did not change.
//
// A game record ([NewRecord], [LoadRecord], [WriteRecord]) is the shared
// text form of brettspiel.Record: the players and the options as key=value
// (the text form of [Options], see [ParseOptions]), then one line a throw,
// with the thrower's decision after " ; " when there was one:
//
//	# brettspiel record
//	game: festung
//	players: 3
//	option: stock=25
//	option: turn-cap=5000
//
//	5/1-6
//	6/5-5
//	1/1-1
//	4/2-3
//	3/1-2
//	2/3-4 ; W2.II
//
// LoadRecord replays it through the rules and refuses a tampered record at
// its first illegal line: with W4.II for W2.II, "record line 12, step
// "W4.II": brettspiel: parse move "W4.II": illegal move: no marker to take in
// the works of fortress 4; take from W1.II or W2.II".
//
// [ReadRecord] replays a record while it reads it from an io.Reader. Both
// loaders refuse a record with more throws than the turn cap allows.
//
// # Events
//
// Every Apply reports what it did: the throw ([brettspiel.EventThrow], Dice
// the three dice, [L, a, b]), the decision, then one event per field and per
// paying player in rule order — [brettspiel.EventTake] (From the field),
// [brettspiel.EventPlace] (To the field), [brettspiel.EventPay] (Player
// receives Amount from Other), [EventConquer] (a square moves From → To),
// [EventBuy], and [brettspiel.EventEnd]. Rule is the rule ID, Number the
// number that did it (L, a+b, 1, or L+a+b). Fields are given by FieldID in
// From and To and by name in FromName and ToName ("W3.IV"); the plan has no
// tracks, so TrackFrom and TrackTo equal From and To. An event's String
// names the fields: "player 0 take 1: W1.V→ by 5 (F-A2)". After [New],
// Events holds the setup's placements.
//
// # Decisions where the sources are silent
//
//   - Payments from "every other player" are made in turn order, starting
//     with the seat after the thrower's.
//   - A setup stake is placed by seat 0 first, on the lowest field IDs.
//   - The fifth Pasch's conquest moves the fortress square only (F4 → F5); the
//     Pasch square stays on Pasch field 4.
//   - 6-6-6 applies the Pasch rule to each of its two lines separately (the
//     booklet's note covers only both lines empty); its events carry rule
//     F-C4, or F-C3 for a fifth Pasch.
//   - A stock below the stake is allowed: the difference is bought at once.
//   - The source describes the plan in words, not in measurements; the
//     positions of the fields ([Field.X], [Field.Y]) are a schematic
//     drawing after that description (see [LayoutSize]).
//
// # Statistics
//
// The length of a game and who ends it depend on the dice alone. [ExactOdds]
// computes the expected number of throws and each seat's chance of throwing the
// fifth Pasch exactly, by a Markov chain over the players' Pasch counts;
// [Statistics] plays seeded random games and reports their length, each seat's
// return and the winner's gain (the command examples/festung-odds prints them
// as a table, the exact values beside the simulated ones).
//
// The decision at a decision node moves a player's return, but little: it
// changes only which outer-works field of the large die's number is emptied,
// and each number's six fields form a small Markov chain that is solved
// exactly. Taking from the lowest fortress on offer gains a seat 2.60 markers
// a game over a random choice with two players and 1.01 with six (the best
// response to random play gains less than 0.0004 more; taking from the
// highest loses 1.73 and 0.67); seeded games paired on the same dice agree.
// That rule is the level festung-best of package bot/festungbot; the command
// examples/festung-policy computes the values and plays the games.
//
// # Concurrency
//
// A Game is not safe for concurrent use. [Game.Clone] returns an independent
// copy; clones share no memory. The plan and the package's functions are safe
// for concurrent use.
package festung
