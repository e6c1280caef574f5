// Package verkehren implements "Das Verkehren im Bretspiel", the 18th-century
// German game in which both players set their fifteen stones on the other's
// side and run the same way round (the rules: the module's rules/rules.md,
// section Verkehren; source VK).
//
// # Rules overview
//
// Each player has a track of points 1…24 in his own direction of play: point
// 1, his house ("Haus", "Mahl"), and points 1–12 lie on the opponent's side,
// 12 being the Hucke in the corner; points 13–24 lie on his own side, and he
// bears off from 19–24. Both run the same way round, so player 0's point i is
// player 1's point i+12 (mod 24): each starts on the other's house. Track
// position 0 holds stones hit off the board, 25 the stones borne off.
//
//   - V-S1 15 stones each on point 1. Who begins is drawn by chance nodes:
//     player 0 throws, then player 1; equal totals throw again; the higher
//     total begins and throws anew. Options.FirstPlayer skips the draw.
//   - V-D1, V-D2 Doublets are played four times. As many numbers as possible
//     must be played; when only one of two can be played either may be chosen
//     (Options.HigherDie: the higher one).
//   - V-B1 No Band (two or more own stones) on the opponent's side except the
//     house and the Hucke: on points 2–11 at most one own stone (Options.Bands
//     offers Cotton's and Fiske's readings).
//   - V-B2 A point with two or more opponent stones is closed; the opponent's
//     house counts like any occupied point.
//   - V-O1 The opening convention agreed before the game (Options.Opening):
//     "five blots" (no Band outside the house until five stones have left it)
//     or "band limit N" (at most N Bände at once).
//   - V-H1 A stone landing on a single opponent stone hits it off the board.
//   - V-E1…V-E3 Stones off the board enter before anything else moves, a die d
//     on point d. An entry point is closed by two opponent stones, by an own
//     stone on 2–6, and (the house) by any opponent stone. Entering onto a
//     blot hits it, and is compulsory: among the plays that use the most
//     numbers only those with the most hits while entering are legal.
//   - V-J1 A player with more stones off the board than open entry points is
//     Junker at the start of his turn and plays nothing ([Game.Junker]).
//   - V-W1, V-F1 Bearing off from 19–24 once all stones are there and none is
//     off the board (by the exact number, or a higher one from the farthest
//     point); the first to bear off all 15 wins a single game (1).
//   - V-W2 A player with no Band on his own side (13–24) may concede the
//     single game: an extra move "concede" after his throw.
//   - V-W3 Double games (2), judged after every turn: (a) a player is Junker
//     and the opponent has no Band on his points 1–6; (b) a player has six or
//     more stones off the board and is Junker; (c) a player has all fifteen on
//     his point 24, none borne off.
//   - V-W4 A draw: when after a turn both players are Junker and no double
//     game of V-W3 holds, neither can ever move again, and the game ends at
//     once, drawn, with no winner ([DrawnBothJunker]).
//
// Returns are +1/−1 for a single game (borne off or conceded), +2/−2 for a
// double one, zeros before the end, for a draw, and when the turn cap ends a
// game.
//
// # Options and presets
//
// [Options] is a value; the zero value is VK's game ([VK]): V-B1 as in VK,
// the five-blots opening, no higher-die rule, the draw for the start, a turn
// cap of [DefaultTurnCap] turns. The presets are the functions [VK],
// [VKBandLimit] (band limit 5), [Cotton] (no Band on 2–12) and [Fiske] (no
// Band on 2–11 until a stone has reached 12), each returning a fresh value;
// [Presets] lists them with their names and sources, and [PresetNamed] finds
// one by its name in any case. The fields combine freely, except that
// BandLimit (5…15, 0 for 5) belongs to the band-limit opening;
// Options.Validate (and New) say what is wrong with an error wrapping
// brettspiel.ErrBadOptions.
//
// # The game and its accessors
//
// A Game is made by [New], [FromPosition], [ParseID], [LoadRecord],
// [ReadRecord] or by decoding into it ([Game.UnmarshalJSON],
// [Game.UnmarshalText]). The accessors are those of every game of the
// module: [Game.Turn] (the seat that throws or plays, Nobody in the draw for
// the start and at the end), [Game.Dice] (the numbers being played, nil when
// none), [Game.Turns], [Game.Winner] (the winning seat once there is one),
// [Game.Capped] (the turn cap ended the game) and [Game.Options]; [Variant]
// is the game's name. A zero Game, made by none of these, refuses every call
// that would play or report a game: Apply, ParseMove, NextSteps and
// Describe return an error wrapping brettspiel.ErrZeroGame, MarshalJSON and
// MarshalText fail, ID is "", it has no legal moves and is Terminal, and
// String says "zero Game".
//
// # Moves and notation
//
// One move is a whole turn. At a chance node the moves are the 21 distinct
// throws, written higher die first, "6-5", "3-3" (ParseMove also takes
// "5-6"); their weights are 2 (mixed) and 1 (doublets) of 36. The draw for the
// start uses the same throws.
//
// A play lists its single moves in the order played, each "from/to", from a
// point or "bar" (off the board), to a point or "off" (borne off), with "*"
// after a move that hits, separated by spaces:
//
//	13/18 13/19      two stones, one die each
//	1/6 6/12         one stone with both dice
//	bar/3* 3/8       entering with a hit, then on
//	20/off 19/off    bearing off
//	1/3 3/5 5/7 7/9  a doublet, four moves
//
// "pass" is the move when no number can be played (it is then the only play),
// "concede" gives the single game up (V-W2). ParseMove reads the notation in
// any case ("Concede", "BAR/3*", "20/Off"); MoveString writes it in lower
// case. Moves are listed sorted by their
// Move value, which is the order of the notation: pass first, then the plays
// with their moves compared point by point, concede last. Two plays that give
// the same position are one move, written as the one with the smallest
// notation; ParseMove accepts any order of single moves that the rules allow
// and returns the move for the position it gives, and otherwise says which
// single move fails and why, with its rule ID.
//
// ParseMove takes a hitting move with or without its "*", and refuses a "*"
// where nothing is hit. Its errors name the single move and the rule:
//
//	parse move "bar/5 13/16": illegal move: another play hits more stones while entering, and hitting while entering is compulsory (V-E3)
//	parse move "1/7 7/13": illegal move: move 2 (7/13): no number of the throw moves a stone from 7 to 13
//	parse move "13/12": bad notation: stones move to higher points: "13/12"
//
// # Moves as data, and one step at a time
//
// [Game.Describe] takes a legal move apart (brettspiel.Describer): a throw
// into its dice; a play into its single moves, in the order of the
// notation, in absolute points (player 0's track; player 1's point p is
// p+12, past 24 less 24) and in the mover's track, each with its number and
// flags (entering, hitting, bearing off, landing on the Hucke); the pass and
// concede.
//
// [Game.NextSteps] takes a play one single move at a time
// (brettspiel.Stepper), in any order that the single-move rules allow — the
// same orders ParseMove accepts — and with as many numbers as the legal
// plays use: a doublet's four moves, one stone moving on, the stones off the
// board entering first (V-E1). A single move is refused with its rule ("point
// 7 holds two or more opponent stones (V-B2)", V-E1, V-E2, V-B1, V-O1, V-F1),
// or, when it is allowed by itself but no legal play goes on from it, with
// the rule of the whole play (V-E3, V-D2). A stone borne off may be clicked
// without saying which number bears it off. "concede" is a move but no step.
//
// # Formats
//
// Options have a text form of key=value terms ([Options.String],
// [ParseOptions]): "bands=cotton opening=band-limit band-limit=6
// higher-die=true first=1 turn-cap=300"; the fields left out are zero, and
// keys and values are read in any case. The presets are listed, with their
// sources, by [Presets].
//
// A position ID ([Game.MarshalText], [Game.UnmarshalText], [ParseID]) is a
// short text for the whole state: the options, both sides' stones (packed
// like gnubg's, 41 bits a side), the phase, whose turn it is, the dice, the
// draw for the start, the turn counter and, once over, the winner and the
// ending. Loading it and playing on plays exactly like the original; it does
// not carry the events of the last Apply. After the draw (5-2 against 6-2)
// and player 1's first play, 3-1 "1/4 1/2":
//
//	verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ
//
// The JSON form ([Game.MarshalJSON], [Game.UnmarshalJSON]) is version 2 of
// the module's JSON. It holds the shared envelope of the module (version,
// game, id, turn, player, the legal moves with their notation, weights and
// parts — kind, dice, single steps —, the events of the last Apply, returns,
// winner), "rules" (preset, bands, opening, bandLimit, higherDie,
// firstPlayer — "draw", "player-0" or "player-1" —, turnCap), the race board
// that Verkehren shares with Toccateglio (kit.RaceJSON) and, under
// "verkehren", what only this game has. The race board: "phase"
// (draw-first, draw-second, throw, play, over), "seat" (whose turn it is,
// -1 in the draw and at the end), "dice" (higher first, [] unless a throw is
// being played), "turns", "waiting" (always "bar": hit stones wait off the
// board), "points" (all 24 in absolute order, numbered as player 0's track,
// each with its owner or -1, its count, its number in both tracks, "hucke"
// -1 everywhere — Verkehren treats no Hucke apart — and "home", the seat
// whose points 19…24 it is) and "sides" (each seat's 26 counts along its
// own track, 0 off the board and 25 borne off, then the stones waiting, on
// the board and borne off, the pips, a waiting stone counting 25, and the
// score: the points of a game won, 1 or 2, else 0). The object "verkehren"
// holds "drawTotal" (player 0's total in the draw while player 1 throws),
// "ending" (not-ended, single-game, conceded, double-junker,
// double-six-off, double-point-24, turn-cap, drawn-both-junker; the last
// two without a "winner") and "junker" (a flag a seat, V-J1). The same
// state as the ID above, shortened:
//
//	{"version":2,"game":"verkehren","id":"verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ",
//	 "turn":"chance","player":-1,"legal":[{"notation":"1-1","weight":1,"kind":"throw","dice":[1,1]},…],
//	 "events":[{"kind":"move","player":1,"other":-3,"amount":1,"from":13,"to":14,"trackFrom":1,"trackTo":2,"number":1},…],
//	 "returns":[0,0],
//	 "rules":{"preset":"VK","bands":"vk","opening":"five-blots","bandLimit":0,"higherDie":false,"firstPlayer":"draw","turnCap":0},
//	 "phase":"throw","seat":0,"dice":[],"turns":1,"waiting":"bar",
//	 "points":[{"point":1,"owner":0,"count":15,"track":[1,13],"hucke":-1,"home":-1},…,
//	           {"point":16,"owner":1,"count":1,"track":[16,4],"hucke":-1,"home":-1},…],
//	 "sides":[{"seat":0,"track":[0,15,0,…],"waiting":0,"onBoard":15,"borneOff":0,"pips":360,"score":0},
//	          {"seat":1,"track":[0,13,1,0,1,0,…],"waiting":0,"onBoard":15,"borneOff":0,"pips":356,"score":0}],
//	 "verkehren":{"drawTotal":0,"ending":"not-ended","junker":[false,false]}}
//
// Decoding takes the rules and the position from "rules", "phase", "seat",
// "dice", "turns", the sides' "track" and the "verkehren" object's
// drawTotal and ending, and checks everything as strictly as FromPosition,
// for every phase: 15 stones a side, no point held by both players, no Band
// that V-B1 or V-O1 forbids, a known preset that has exactly the options
// given, an ending that the position shows; the id, the points, the sides'
// counts, Junker, turn, player, legal, returns and winner must agree with
// the state, and the events' places with each other. Unknown keys are
// refused; a state of version 1 (an earlier release) is refused with a
// reason that says so, and its "id" still loads ([ParseID]): position IDs
// and records are unchanged. The file state.schema.json ([JSONSchema]) is
// the JSON Schema (draft 2020-12) of the form, self-contained, for frontends
// in other languages.
//
// A game record (brettspiel.Record, [NewRecord], [LoadRecord]) names the
// preset, the options that differ from it, and lists the throws and plays,
// one line a turn (the draw for the start joins the first turn's line):
//
//	# brettspiel record
//	game: verkehren
//	preset: VK
//
//	5-2 ; 6-2 ; 3-1 ; 1/4 1/2
//	6-5 ; 1/7 1/6
//
// Loading replays it through the rules: a tampered line is refused with its
// line number and the rule's reason.
//
// [Game.Evaluate] estimates a player's expected return for the module's bots
// from the pip counts, the blots in reach and Junker.
//
// [ReadRecord] replays a record while it reads it from an io.Reader. Both
// loaders refuse a record longer than its turn cap allows, or with more than
// brettspiel.MaxTiedDraws tied draws for the start in a row, before playing
// it to the end.
//
// # Decisions where the sources are silent
//
//   - Who begins (VK is silent): as Toccateglio's T-S3, the higher total.
//   - Every landing rule (V-B1, V-B2, V-O1, V-E2) is judged at each single
//     move, from the position at that moment: a stone may not touch down on an
//     own blot on 2–11 in the middle of a combined move, so the order matters.
//     Fiske's "until a stone has reached 12" and the five-blots count are read
//     from the position before each single move too (a stone that left the
//     house with the first number counts for the second).
//   - Band limit: VK says an extra Band "is hit"; we read it as "may not be
//     made". Moving a stone from a two-stone Band onto a blot keeps the number
//     and is allowed.
//   - "Open entry points" (V-J1) are the points 1–6 on which one stone could
//     enter now, judged by the same landing rules.
//   - V-E3 counts only hits made by stones entering from the bar; a position
//     reached with different numbers of such hits counts with its best. The
//     higher-die option (V-D2) is applied before V-E3.
//   - Bearing the last stone off ends the play: numbers left over are not
//     unplayable, and the play counts as using every number.
//   - Bearing off may begin in the middle of a throw, once the first number
//     has brought the last outside stone home.
//   - End of a turn: if the mover has borne off all his stones he wins; the
//     game is double if the opponent is then in a V-W3 (a) or (b) position.
//     Otherwise the double games favouring the mover are judged first, then
//     those favouring the opponent. When (a) and (b) both hold the ending is
//     reported as (b), DoubleSixOff; the result is 2 either way. Only then is
//     V-W4 judged, and then the turn cap: a game in which both players are
//     Junker and one has lost a double game ends with that double game.
//   - Both players Junker (V-W4): in play it needs a player who shuts himself
//     out by entering, which only Fiske's V-B1 allows (an entering stone may
//     make a Band on an own blot, and the opening rule V-O1 may then close
//     his other blots); under VK's and Cotton's rules an entering stone
//     closes at most the point it lands on. FromPosition accepts a position
//     in which both are Junker already (the rule is judged after a turn):
//     the player to move passes, and the game ends drawn.
//   - Conceding is offered at every decision node of a player without a Band
//     on 13–24, also when the only play is the pass.
//   - A position that cannot arise (FromPosition) includes a game already over
//     by V-W1 or V-W3.
//   - Position IDs: V-W4 added the ending code 7 (DrawnBothJunker) and kept
//     the version 1, whose other codes mean what they meant: every ID written
//     before still loads, a game that the turn cap ended with both players
//     Junker included.
//   - Formats: a game over keeps no dice and no seat to move. A record
//     names the preset whose V-B1 and V-O1 rules the options have; a position
//     ID is refused unless it is written exactly as this package writes it, so
//     that a state has one ID.
//
// # Events
//
// Apply reports a throw (EventThrow, with its Dice, higher first, and their
// total as Number; Rule V-S1 in the draw, V-D1 for a doublet), EventDecide
// for the draw's result, [EventJunker] at a throw when the thrower is
// Junker, every entry (EventEnter, V-E1), move (EventMove), hit (EventHit,
// V-H1, or V-E3 while entering), bearing off (EventBearOff, V-F1), pass
// (V-D2, or V-J1 for a Junker), [EventConcede] (V-W2), and EventEnd with the
// winner, the points (Amount), the ending (Note) and its rule; a drawn game
// (V-W4) and the turn cap end with Player and Other Nobody and Amount 0.
//
// Places are in the board's coordinates, as the board is drawn and the JSON
// numbers its points: From and To are absolute points (player 0's track;
// player 1's point t is absolute t+12, past 24 less 24), 0 off the board
// (FromName "bar", where an entering stone comes from) and 25 borne off
// (ToName "off"), NoPlace where an event has no place. TrackFrom and
// TrackTo are the same places in the track of Event.Player, the numbering
// of the notation. A hit is reported by the hitter: Player hits, Other's
// stone on the absolute point To (TrackTo in the hitter's track; From and
// TrackFrom NoPlace) goes to Other's bar. Event.String writes the absolute
// places, e.g. "player 1 move 1: 13→16 by 3" for player 1's 1/4.
//
// # Concurrency
//
// A Game is not safe for concurrent use. Clone returns an independent copy; a
// clone can be used on another goroutine. The package has no mutable global
// state: its tables (the chance outcomes, the dice of throw events) are
// read-only. AppendLegalMoves works in fixed-size arrays on the stack and
// does not allocate when dst has room; Apply emits its events without
// allocating once the game's event list has room.
package verkehren
