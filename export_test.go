package brettspiel

// NewHistoryEvery is NewHistory with a checkpoint every so many steps.
func NewHistoryEvery(start Game, rec *Record, every int) (*History, error) {
	return newHistory(start, rec, every)
}

// HistoryMarks returns the steps after which h keeps its checkpoints, and
// the most steps after its due that one may be taken.
func HistoryMarks(h *History) (at []int, slack int) {
	for _, m := range h.marks {
		at = append(at, m.at)
	}
	return at, min(markSlack, h.every-1)
}
