package brettspiel

// NewHistoryEvery is NewHistory with a checkpoint every so many steps.
func NewHistoryEvery(start Game, rec *Record, every int) (*History, error) {
	return newHistory(start, rec, every)
}
