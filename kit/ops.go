package kit

// The operations that errors name in [brettspiel.Error.Op]: one word for one
// operation in every game.
const (
	OpApply        = "apply"              // Game.Apply
	OpParseMove    = "parse move"         // Game.ParseMove
	OpNextSteps    = "next steps"         // NextSteps, a play one step at a time
	OpDescribe     = "describe"           // Describe, a move taken apart
	OpGiveUp       = "give up"            // GiveUpMove, a seat giving up
	OpParseOptions = "parse options"      // the text form of options
	OpCheckOptions = "check options"      // Options.Validate
	OpLoadPosition = "load position"      // FromPosition
	OpEncodeID     = "encode position ID" // MarshalText, ID
	OpDecodeID     = "decode position ID" // ParseID, UnmarshalText
	OpEncodeJSON   = "encode JSON"        // MarshalJSON
	OpDecodeJSON   = "decode JSON"        // UnmarshalJSON
	OpParseRecord  = "parse record"       // the head and lines of a record
	OpLoadRecord   = "load record"        // LoadRecord, ReadRecord
)
