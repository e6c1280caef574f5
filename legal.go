package brettspiel

import "slices"

// LegalMove is one legal move in JSON: its notation (what ParseMove reads),
// at a chance node its weight, and the move taken apart as [MoveInfo] gives
// it for a game that is a [Describer]: its kind, the dice, the single steps
// of a play (in the order in which they can be made), a decision and its
// field, the marks it scores.
type LegalMove struct {
	Notation  string `json:"notation"`
	Weight    int    `json:"weight,omitempty"`
	Kind      string `json:"kind,omitempty"` // MoveKind's name: "throw", "play", "pass", "decision", "concede"
	Dice      []int  `json:"dice,omitempty"`
	Steps     []Step `json:"steps,omitempty"`
	Decision  string `json:"decision,omitempty"`
	Field     int    `json:"field,omitempty"`
	FieldName string `json:"fieldName,omitempty"`
	Marks     []int  `json:"marks,omitempty"`
}

// Equal reports whether l and m are the same legal move, parts included.
func (l LegalMove) Equal(m LegalMove) bool {
	return l.Notation == m.Notation && l.Weight == m.Weight && l.Kind == m.Kind &&
		slices.Equal(l.Dice, m.Dice) && slices.Equal(l.Steps, m.Steps) && l.Decision == m.Decision &&
		l.Field == m.Field && l.FieldName == m.FieldName && slices.Equal(l.Marks, m.Marks)
}
