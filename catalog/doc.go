// Package catalog lists the games of this module with their presets and
// builds, loads and describes any of them by name, so that a program can offer
// every game without importing each variant's package.
//
// The catalogue is fixed at build time: [Variants] lists Toccateglio,
// Verkehren and the Festungsspiel with their presets and seat counts; [New]
// builds a game from a variant's name, a preset's name and a seat count, and
// [NewRecord] starts its record; [LoadRecord], [ParseID] and [UnmarshalJSON]
// read a game record, a position ID or a state's JSON of any game, choosing
// the variant from what the data names. [NewHistory] and [LoadHistory] do the
// same for a game with its history and undo (brettspiel.History).
//
// Besides its presets a game may offer settings a person chooses beside any
// of them: [Settings] lists them for a menu (Toccateglio's Schule, T-W5, the
// players marking their points themselves), [NewWith] and [NewHistoryWith]
// build a game with them.
//
// # Names
//
// A variant is named by its Name ("festung") or its Title ("Festungsspiel"), a
// preset by its Name ("Tokkadille 1853, 16 stones"). Names match without
// regard to case, spaces or punctuation, so "TOKKADILLE-1853-16-stones" from a
// command line names the same preset. An empty preset is the variant's
// default, its first. An unknown name is refused with an error, wrapping
// brettspiel.ErrBadOptions, that lists the names there are. Position IDs and
// JSON are data the packages wrote: the game they name must match a Name
// exactly.
//
// The Variant and Preset values handed out are copies: changing them changes
// the catalogue for nobody. Everything in this package is safe for concurrent
// use.
package catalog
