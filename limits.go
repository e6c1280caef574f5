package brettspiel

// The fixed marks and bounds of the games and formats of this module. The
// bounds are far above what any real game needs; they keep hostile input
// from costing unbounded time or memory, alike on every platform.
const (
	// MaxPlayers is the largest number of seats any game of this module has.
	MaxPlayers = 6

	// MaxTurnCap is the largest turn cap any variant of this module accepts (in
	// turns or throws, as the variant counts them). Real games take a few hundred
	// turns and the defaults are a few thousand; the bound keeps every counter of
	// a game, and the Festungsspiel's balances, within 32 bits, so that games play
	// alike on every platform.
	MaxTurnCap = 10_000_000

	// MaxReason is the most bytes of [Error.Reason] that an error message
	// repeats. Reasons are short; the cap is a safety net for one that quotes
	// input without quoting it.
	MaxReason = 1024

	// MaxIDSize is the longest position ID, in bytes, that kit.DecodeID reads.
	// The IDs of this module's states are under a hundred bytes; a longer text
	// is refused before it is decoded.
	MaxIDSize = 512

	// RecordHeader is the first line of a record's text form.
	RecordHeader = "# brettspiel record"

	// MaxRecordLine is the longest line, in bytes, of a record's text form that
	// [ParseRecord] and [RecordReader] read. A written record's lines are far
	// shorter: a turn's throws and play, or in the Festungsspiel the throws up to
	// a decision.
	MaxRecordLine = 64 << 10

	// MaxRecordSteps is the most steps [ParseRecord] reads. It is far above the
	// steps of any real game (a Partie of Toccateglio, a game of Verkehren or of
	// the Festungsspiel takes hundreds); it keeps a hostile text from filling
	// memory. The variants' ReadRecord bound the steps by the record's rules.
	MaxRecordSteps = 1 << 20

	// MaxRecordOptions is the most "option:" lines that the head of a record may
	// have. A variant has about ten options, and a record names each at most
	// once; the bound keeps a hostile head from filling memory.
	MaxRecordOptions = 64

	// MaxTiedDraws is the most times in a row that the draw for the start of a
	// record may tie. A tie repeats the draw, so the rules alone set no bound;
	// the variants' LoadRecord and ReadRecord refuse the 33rd tie in a row. Two
	// throws of two fair dice tie in total with chance 146/1296 ≈ 0.113, so 33
	// ties in a row have a chance of about 5·10⁻³²: no real game reaches the cap.
	MaxTiedDraws = 32
)
