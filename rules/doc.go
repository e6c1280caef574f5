// Package rules holds the text of every rule the games of this module
// implement, so that a program can explain what happened. Each event of a
// game names the rule that caused it (brettspiel.Event.Rule, such as "T-M3"),
// and so do many errors and Verkehren's endings; [Lookup] turns that ID into a
// title, a few plain sentences, the game it belongs to and the old text it
// comes from. A frontend can show the text beside the event, a bot's hint can
// quote it, a command line can answer "why T-M3".
//
// The IDs are those of the module's rules contract: D-… for the dice and B-…
// for the board, which the games share; T-… for Toccateglio, V-… for
// Verkehren, F-… for the Festungsspiel. [All] lists the rules in the contract's
// order, [Sources] the texts they were taken from. The texts are the module's
// own retelling for players, kept short; where the sources differ or are
// silent, the Source field says which reading the games follow.
//
// The rules are told in English and in German. [Lookup], [All] and [Sources]
// give the English text; [In] gives a [Book] of another language, such as
// In("de"), whose Lookup, All and Sources give the same rules, with the same
// IDs, games and order, with their sections, titles, texts and sources in
// German. The German texts say what the English ones say, in the games' old
// terms (Hucke, Jan, Junker, Marken, Pasch, Schanze); [Languages] lists the
// languages.
//
// The same rules, as Markdown documents with one anchored entry per rule, are
// rules.md (English) and regeln.md (German) beside this package, generated
// from the same tables by go generate. A rule's entry there is linked as
// rules.md#t-m3 or regeln.md#t-m3 (the ID in lower case).
//
// The package does not import the game packages, so any of them may use it.
// Its data is fixed: it holds no mutable state and is safe for concurrent use.
package rules

//go:generate go run ./internal/mkdoc -o rules.md
//go:generate go run ./internal/mkdoc -lang de -o regeln.md
