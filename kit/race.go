package kit

// RaceJSON is the board of a race game in JSON, the one shape that the race
// games of this module (Toccateglio, Verkehren) share: the variant packages
// embed it in their JSON form next to the envelope ([StateJSON]), their
// "rules" and an object of their own, named after the game, for what only
// that game has. A frontend draws either game from these keys alone.
//
// Points are absolute: point n is the n-th point of player 0's track, the
// numbering of [Step.From] and of the events. Each point also gives its
// number in both players' tracks, the numbering of the notation.
type RaceJSON struct {
	// Phase is what is to be done: "draw-first" and "draw-second" (the
	// throws that decide who begins), "throw", "play", "decide" (a decision
	// that is not a play, such as Toccateglio's go-on or afresh) or "over".
	Phase string `json:"phase"`
	// Seat is the seat whose turn it is — who throws, plays or decides —
	// or −1 when it is no seat's (the draw for the start, the end).
	Seat int `json:"seat"`
	// Dice are the numbers of the throw being played, in the order thrown;
	// [] when no throw is being played.
	Dice []int `json:"dice"`
	// Turns counts the turns played so far (in Toccateglio, of the whole
	// match, as its turn cap counts them).
	Turns int `json:"turns"`
	// Waiting names the place where stones wait to enter: "bar" (stones hit
	// off the board) or "hand" (stones not yet brought in).
	Waiting string `json:"waiting"`
	// Points are the 24 points, Points[i] being point i+1.
	Points []RacePointJSON `json:"points"`
	// Sides are the two players' stones and scores, by seat.
	Sides []RaceSideJSON `json:"sides"`
}

// RacePointJSON is one point of a race board in JSON.
type RacePointJSON struct {
	Point int   `json:"point"` // the absolute point, 1…24
	Owner int   `json:"owner"` // the seat whose stones stand here, −1 when empty
	Count int   `json:"count"` // how many stones stand here
	Track []int `json:"track"` // the point in seat 0's and in seat 1's track
	// Hucke is the seat whose Hucke (the corner point 12 of its track, which
	// Toccateglio treats apart) this point is, or −1. Games without a Hucke
	// give −1 everywhere.
	Hucke int `json:"hucke"`
	// Home is the seat whose home quarter (points 19…24 of its track, from
	// which it bears off) holds this point, or −1.
	Home int `json:"home"`
}

// RaceSideJSON is one player's part of a race board in JSON.
type RaceSideJSON struct {
	Seat int `json:"seat"`
	// Track counts the player's stones along his own track: Track[0] waiting
	// (on the bar or in the hand), Track[1…24] on his points 1…24,
	// Track[25] borne off. It is what a decoder reads; the counts below
	// follow from it.
	Track    []int `json:"track"`
	Waiting  int   `json:"waiting"`  // stones on the bar or in the hand
	OnBoard  int   `json:"onBoard"`  // stones on the points
	BorneOff int   `json:"borneOff"` // stones borne off
	Pips     int   `json:"pips"`     // the pips still to go (a waiting stone counts 25)
	// Score is what the player has won so far in the game's unit: in
	// Toccateglio the strokes (won Partien, weighted), in Verkehren the
	// points of the game once it is over (1 single, 2 a Jan), else 0.
	Score int `json:"score"`
}
