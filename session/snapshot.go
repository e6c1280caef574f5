package session

import (
	"bytes"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel/kit"
)

// Snapshots. A record is the portable form of a game: the rules and the
// steps, which any program of this module reads. A snapshot is a server's:
// everything a game at a table holds, so that it outlives the process — the
// record with the undone steps after the played ones, the seed and the dice
// mode, the seats with their kinds, the hashes of their secrets and their
// names, the language, the revision, an asked takeback, the clocks and the
// game that follows.
//
// Its text form is three parts: the line "brettspiel-snapshot 3" (the
// format and its version), one line of JSON (snapshotHead), and the record
// of every step played and undone (brettspiel.Record's text form), of which
// the first "length" are played and the "redo" after them undone.
//
// A snapshot is read as something a stranger may have written: a forged or
// torn one is refused wherever its head says what no game can be (two seats
// with one secret, a takeback nobody could have asked, a clock that could
// not have run so, a revision or a handle near overflow), not only where it
// does not parse.

// snapshotMagic starts every snapshot; SnapshotVersion follows it.
const snapshotMagic = "brettspiel-snapshot"

// SnapshotVersion is the version of the snapshot format that
// [Game.Snapshot] writes; it rises when the format changes its meaning.
// [Restore] reads it and the versions before it: version 2, whose head
// holds no seats' names and no game that follows, and version 1, whose head does not count the
// undone steps either, so that a record torn among them is not found
// there.
const SnapshotVersion = 3

// MaxSnapshot is the longest snapshot, in bytes, that [Restore] reads.
const MaxSnapshot = 32 << 20

// maxRev is the highest revision a snapshot may hold. A game's revision
// rises by one with every change; a real game makes hundreds of changes, a
// long match tens of thousands, and 2^30 is a change a millisecond for
// twelve days on end. Bounded so, a restored game has as many changes again
// (2^31−1 − 2^30) before its revision overflows even an int of 32 bits, so
// that Since and "watch" keep working; an unbounded one let a forged
// snapshot set it one change short of overflow.
const maxRev = 1 << 30

// maxElapsed is the longest time, in milliseconds, that a snapshot's
// running clock may have run: a hundred years, far beyond any reserve, and
// within what a time.Duration holds (about 292 years), so that the time the
// clock started is never computed with an overflow.
const maxElapsed = int64(100 * 365 * 24 * time.Hour / time.Millisecond)

// MaxHandle is the highest handle under which [Table.Restore] brings a game
// back. A table gives new games handles above the highest it holds; 2^30
// leaves room for 2^30 games more before a handle overflows an int of 32
// bits (GOARCH=386, arm). Handles are counted up from 1, so no table that
// restores its own games reaches it.
const MaxHandle = 1 << 30

// snapshotHead is the JSON line of a snapshot.
type snapshotHead struct {
	Seed  Seed     `json:"seed"`
	Dice  string   `json:"dice"`
	Lang  string   `json:"lang"`
	Seats []string `json:"seats"` // per seat: "person" or a bot's name
	Owned bool     `json:"owned"`
	// Hashes are per seat of an owned game the SHA-256 of its secret in
	// hex, "" for a seat not claimed.
	Hashes []string `json:"hashes"`
	// Length is the number of the record's steps played; those after it
	// are undone, the next to redo first.
	Length int `json:"length"`
	// Redo is the number of the record's steps after Length, the steps to
	// redo (version 2 on; nil in version 1): a record torn among them
	// would otherwise be read as a game with fewer.
	Redo *int `json:"redo,omitempty"`
	Rev  int  `json:"rev"`
	// Takeback is the takeback asked: the seat, the steps, the seats that
	// granted it.
	Takeback *TakebackJSON `json:"takeback"`
	// GiveUp is the give-up asked and the seats that agreed so far;
	// Agreed says the players ended the game by agreement (giveup.go).
	GiveUp *GiveUpJSON `json:"giveUp,omitempty"`
	Agreed bool        `json:"agreed,omitempty"`
	// Redraws and Practice are the game's (redraw.go).
	Redraws  []int      `json:"redraws,omitempty"`
	Practice bool       `json:"practice,omitempty"`
	Clock    *clockSnap `json:"clock"`
	// Salt is the salt of the commitment to the seed of a game of secret
	// dice, in hex ("" for none); Revealed says its seed is public.
	Salt     string `json:"salt,omitempty"`
	Revealed bool   `json:"revealed,omitempty"`
	// Names are the seats' names (version 3 on), as Info.Names: absent
	// while no seat has one; Next names the game that follows (version 3
	// on), as Info.Next.
	Names []string `json:"names,omitempty"`
	Next  string   `json:"next,omitempty"`
}

// Snapshot returns the game as a snapshot, for [Restore] — its rules, seed,
// dice mode, seats with the hashes of their secrets and their names,
// language, revision, clocks, the game that follows, and its history with
// the steps that redo plays again — and the
// revision it holds, so that a server stores it beside the snapshot without
// reading it. A game without a record (none of the catalogue) gives an
// error wrapping [ErrNoRecord].
func (g *Game) Snapshot() (data []byte, rev int, err error) {
	// act too: the record of the whole line plays the undone steps again
	// for a moment, which no call that acts may see
	defer g.lock()()
	head := snapshotHead{Seed: Seed(g.seed), Dice: DiceSeeded, Lang: g.lang.String(), Seats: g.info().Seats,
		Owned: g.own != nil, Length: g.h.Len(), Rev: g.watch.rev, Takeback: g.takebackJSON(), GiveUp: g.giveUpJSON(), Agreed: g.agreed, Redraws: g.redrawsJSON(), Practice: g.practice, Clock: g.clockSnap(),
		Names: g.seatNames(), Next: g.next}
	if g.manual {
		head.Dice = DiceManual
	}
	if g.secretDice() {
		head.Salt, head.Revealed = hex.EncodeToString(g.salt), g.revealed
	}
	if g.own != nil {
		head.Hashes = make([]string, len(g.seats))
		for i, ok := range g.own.claimed {
			if ok {
				head.Hashes[i] = hex.EncodeToString(g.own.hashes[i][:])
			}
		}
	}
	// the record of the whole line: the undone steps played again for it,
	// and undone once more
	k := 0
	for g.h.Redo() {
		k++
	}
	text, err := g.record()
	for range k {
		g.h.Undo()
	}
	if err != nil {
		return nil, 0, err
	}
	head.Redo = &k // the steps of the record after Length
	js, err := marshal(head)
	if err != nil {
		return nil, 0, err
	}
	b := make([]byte, 0, len(snapshotMagic)+len(js)+len(text)+8)
	b = append(b, snapshotMagic+" "+strconv.Itoa(SnapshotVersion)+"\n"...)
	b = append(append(b, js...), '\n')
	return append(b, text...), head.Rev, nil
}

// Restore makes the game of a snapshot ([Game.Snapshot]): the same rules,
// seed, dice, seats, secrets, names, language, revision, clocks, game that
// follows and history, the steps to redo included, so that the next
// seeded throw is the same. Its clocks go on from where they stood, the
// time between the snapshot and the restore not counted. It reads
// versions 1, 2 and [SnapshotVersion] (3). What is not a snapshot of
// these, or holds what no game can be — a record without all the steps
// its head counts, a revision above 2^30, two seats with one secret, a
// takeback that its seat could not have asked or that seats could not
// have granted, clocks that could not have run so, a name no seat could
// be given — is refused with an error wrapping [ErrBadSnapshot], and
// nothing is made.
func Restore(data []byte) (*Game, error) {
	return restore(data, nil)
}

func badSnapshot(reason string) error {
	return bad("restore", "", ErrBadSnapshot, reason)
}

func restore(data []byte, now func() time.Time) (*Game, error) {
	if len(data) > MaxSnapshot {
		return nil, badSnapshot(strconv.Itoa(len(data)) + " bytes; a snapshot is at most " + strconv.Itoa(MaxSnapshot))
	}
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	magic, v, _ := strings.Cut(string(first), " ")
	if !ok || magic != snapshotMagic {
		return nil, badSnapshot("not a snapshot of a game: it begins with no " + strconv.Quote(snapshotMagic))
	}
	version := 0
	for n := 1; n <= SnapshotVersion; n++ {
		if v == strconv.Itoa(n) {
			version = n
		}
	}
	if version == 0 {
		return nil, badSnapshot("a snapshot of version " + strconv.Quote(truncate(v, 20)) + "; this reads versions 1 to " + strconv.Itoa(SnapshotVersion))
	}
	line, text, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, badSnapshot("no record after the head")
	}
	var head snapshotHead
	if err := kit.DecodeStrict(line, &head); err != nil {
		return nil, badSnapshot("head: " + err.Error())
	}
	g, err := LoadRecord(string(text), Config{Seed: &head.Seed, Seats: head.Seats, Dice: head.Dice, Lang: head.Lang, Owned: head.Owned, Now: now})
	if err != nil {
		return nil, badSnapshot("record: " + err.Error())
	}
	if err := g.restoreHead(&head, version); err != nil {
		return nil, err
	}
	return g, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// restoreHead sets a game just loaded from a snapshot's record as its head
// says: the steps after Length undone, the secrets' hashes, the revision,
// the takeback asked and the clocks. It refuses a head that no game's
// snapshot of that version writes.
func (g *Game) restoreHead(head *snapshotHead, version int) error {
	if err := g.checkSeats(head); err != nil {
		return err
	}
	n := g.h.Len() // the record's steps, played and undone
	if head.Length < 0 || head.Length > n {
		return badSnapshot("length " + strconv.Itoa(head.Length) + " of a record of " + strconv.Itoa(n) + " steps")
	}
	switch {
	case version < 2 && head.Redo != nil:
		return badSnapshot("a count of the steps to redo in a snapshot of version " + strconv.Itoa(version))
	case version >= 2 && head.Redo == nil:
		return badSnapshot("no count of the steps to redo")
	case version >= 2 && *head.Redo != n-head.Length:
		return badSnapshot("a record of " + strconv.Itoa(n-head.Length) + " steps after the " + strconv.Itoa(head.Length) +
			" played, where the head counts " + strconv.Itoa(*head.Redo) + " to redo: the record is torn")
	}
	if head.Rev < 0 || head.Rev > maxRev {
		return badSnapshot("revision " + strconv.Itoa(head.Rev) + "; a snapshot's is 0…" + strconv.Itoa(maxRev))
	}
	if head.Rev == 0 && n > head.Length {
		return badSnapshot("steps to redo at revision 0: an undo is a change")
	}
	for g.h.Len() > head.Length && g.h.Undo() {
	}
	if g.h.Len() != head.Length {
		return badSnapshot("the record's steps after " + strconv.Itoa(head.Length) + " are not undone")
	}
	g.cur = g.h.Game()
	g.watch.rev, g.watch.oldest, g.watch.told, g.watch.moved = head.Rev, head.Rev, g.h.Len(), nil
	g.watch.made, g.watch.pub = head.Rev, head.Rev
	if err := g.restoreClaims(head); err != nil {
		return err
	}
	if err := g.restoreNames(head, version); err != nil {
		return err
	}
	if head.Next != "" {
		if version < 3 || checkNext(head.Next) != nil {
			return badSnapshot("the game that follows named " + strconv.Quote(truncate(head.Next, 70)) + ", which a snapshot of version " + strconv.Itoa(version) + " does not hold")
		}
		g.next = head.Next
	}
	if err := g.restoreTakeback(head); err != nil {
		return err
	}
	if err := g.restoreGiveUp(head); err != nil {
		return err
	}
	if err := g.restoreDice(head, version); err != nil {
		return err
	}
	if err := g.restoreRedraws(head); err != nil {
		return err
	}
	if err := g.checkClock(head); err != nil {
		return err
	}
	if err := g.restoreClock(head.Clock); err != nil {
		return err
	}
	return g.checkRestoredClock(head.Clock)
}

// checkSeats refuses seats, dice and a language written otherwise than
// Snapshot writes them: LoadRecord reads "Person", "" or "SEEDED" too, which
// no snapshot holds.
func (g *Game) checkSeats(head *snapshotHead) error {
	in := g.info()
	if len(head.Seats) != len(in.Seats) {
		return badSnapshot(strconv.Itoa(len(head.Seats)) + " seats for a game of " + strconv.Itoa(len(in.Seats)))
	}
	for i, s := range head.Seats {
		if s != in.Seats[i] {
			return badSnapshot("seat " + strconv.Itoa(i) + " is " + strconv.Quote(truncate(s, 40)) + ", which a snapshot writes " + strconv.Quote(in.Seats[i]))
		}
	}
	if head.Dice != in.Dice {
		return badSnapshot("dice " + strconv.Quote(truncate(head.Dice, 20)) + ", which a snapshot writes " + strconv.Quote(in.Dice))
	}
	if l := g.lang.String(); head.Lang != l {
		return badSnapshot("language " + strconv.Quote(truncate(head.Lang, 20)) + ", which a snapshot writes " + strconv.Quote(l))
	}
	return nil
}

// restoreClaims sets the claimed seats of an owned game from their hashes:
// each a person's seat, each hash a SHA-256 in lowercase hex, no two
// alike (a secret is 192 random bits: two seats with one secret cannot
// be, and the lower of them could never play).
func (g *Game) restoreClaims(head *snapshotHead) error {
	switch {
	case !head.Owned && (head.Hashes != nil || head.Takeback != nil):
		return badSnapshot("secrets' hashes or a takeback in a game whose seats are not owned")
	case head.Owned && len(head.Hashes) != len(g.seats):
		return badSnapshot(strconv.Itoa(len(head.Hashes)) + " hashes for " + strconv.Itoa(len(g.seats)) + " seats")
	}
	for i, hx := range head.Hashes {
		if hx == "" {
			continue
		}
		h, err := hex.DecodeString(hx)
		if err != nil || len(h) != hashSize || hex.EncodeToString(h) != hx || g.bots[i] != nil {
			return badSnapshot("seat " + strconv.Itoa(i) + ": no SHA-256 in lowercase hex of a person's seat")
		}
		for j := range i {
			if g.own.claimed[j] && bytes.Equal(g.own.hashes[j][:], h) {
				return badSnapshot("seats " + strconv.Itoa(j) + " and " + strconv.Itoa(i) + " have the same secret")
			}
		}
		g.own.mu.Lock()
		copy(g.own.hashes[i][:], h)
		g.own.claimed[i] = true
		g.own.mu.Unlock()
	}
	return nil
}

// restoreNames sets the seats' names as Snapshot writes them: from version
// 3 on, absent or one per seat, each as Name keeps it (trimmed, of the
// form it allows), none for a bot's seat, not all "".
func (g *Game) restoreNames(head *snapshotHead, version int) error {
	names := head.Names
	switch {
	case names == nil:
		return nil
	case version < 3:
		return badSnapshot("seats' names in a snapshot of version " + strconv.Itoa(version))
	case len(names) != len(g.seats):
		return badSnapshot(strconv.Itoa(len(names)) + " names for " + strconv.Itoa(len(g.seats)) + " seats")
	}
	named := false
	for i, n := range names {
		if c, err := checkName(n); err != nil || c != n || n != "" && g.bots[i] != nil {
			return badSnapshot("seat " + strconv.Itoa(i) + ": no name of a person's seat as a game keeps it")
		}
		named = named || n != ""
	}
	if !named {
		return badSnapshot("names, all of them empty: a snapshot leaves them out")
	}
	g.names = append([]string(nil), names...)
	return nil
}

// restoreTakeback sets the takeback asked, as askTakeback and
// answerTakeback leave one: asked by a claimed seat for its last decision
// while another seat is claimed (else it is done at once), granted by
// other claimed seats, each once and in rising order as Snapshot writes
// them, and not by all of them (else it is done).
func (g *Game) restoreTakeback(head *snapshotHead) error {
	t := head.Takeback
	if t == nil {
		return nil
	}
	switch {
	case t.Seat < 0 || t.Seat >= len(g.seats) || !g.own.claimed[t.Seat]:
		return badSnapshot("a takeback asked by seat " + strconv.Itoa(t.Seat) + ", which is not claimed")
	case t.Steps == 0 || t.Steps != g.lastDecision(t.Seat):
		return badSnapshot("a takeback of " + strconv.Itoa(t.Steps) + " steps, where seat " + strconv.Itoa(t.Seat) + " decided " + strconv.Itoa(g.lastDecision(t.Seat)) + " steps ago")
	case g.own.others(t.Seat) == 0:
		return badSnapshot("a takeback asked where no other seat is claimed: it is done at once")
	case head.Clock != nil && head.Clock.Out >= 0:
		return badSnapshot("a takeback asked in a game ended on time: running out drops it")
	}
	a := &takebackAsk{seat: t.Seat, length: g.h.Len(), steps: t.Steps, granted: make([]bool, len(g.seats))}
	last := -1
	for _, s := range t.Granted {
		if s <= last || s >= len(g.seats) || s == t.Seat || !g.own.claimed[s] {
			return badSnapshot("a takeback granted by seat " + strconv.Itoa(s) + ": it is granted by the other claimed seats, each once, in rising order")
		}
		a.granted[s], last = true, s
	}
	if len(t.Granted) == g.own.others(t.Seat) {
		return badSnapshot("a takeback that every other claimed seat granted: it is done then")
	}
	g.own.ask = a
	return nil
}

// checkClock refuses clocks, before they are set, that the game's could
// not have come to: a seat run out that is a bot's (whose clock never
// runs), or whose reserve is left (running out spends it), or in a game
// at revision 0 (running out is a change); bots' reserves that differ or
// that a person's exceeds (a bot's never runs down); a clock that has run
// beyond maxElapsed.
func (g *Game) checkClock(head *snapshotHead) error {
	s := head.Clock
	if s == nil || len(s.ReserveMillis) != len(g.seats) {
		return nil // restoreClock refuses a clock of another game
	}
	if s.ElapsedMillis > maxElapsed {
		return badSnapshot("a clock that has run " + strconv.FormatInt(s.ElapsedMillis, 10) + " ms; at most " + strconv.FormatInt(maxElapsed, 10))
	}
	if out := s.Out; out >= 0 && out < len(g.seats) {
		switch {
		case g.bots[out] != nil:
			return badSnapshot("seat " + strconv.Itoa(out) + " ran out of time, a bot's, whose clock does not run")
		case s.ReserveMillis[out] != 0:
			return badSnapshot("seat " + strconv.Itoa(out) + " ran out of time with a reserve left")
		case head.Rev == 0:
			return badSnapshot("a seat ran out of time at revision 0: running out is a change")
		}
	}
	bot := int64(-1) // the reserve of every bot's seat, the reserve each started with
	for i, r := range s.ReserveMillis {
		if g.bots[i] == nil {
			continue
		}
		if bot >= 0 && r != bot {
			return badSnapshot("bots' seats with reserves of " + strconv.FormatInt(bot, 10) + " and " + strconv.FormatInt(r, 10) + " ms: a bot's never runs down")
		}
		bot = r
	}
	for i, r := range s.ReserveMillis {
		if bot >= 0 && g.bots[i] == nil && r > bot {
			return badSnapshot("seat " + strconv.Itoa(i) + " has a reserve of " + strconv.FormatInt(r, 10) + " ms, more than the " + strconv.FormatInt(bot, 10) + " every seat started with")
		}
	}
	return nil
}

// checkRestoredClock refuses what restoreClock sets aside: a clock that
// runs, or has run for some time, or a winner, that the clocks as restored
// do not give.
func (g *Game) checkRestoredClock(s *clockSnap) error {
	c := g.clock
	if s == nil {
		return nil
	}
	switch {
	case s.Running != c.running:
		return badSnapshot("the clock of seat " + strconv.Itoa(s.Running) + " runs in a game ended on time")
	case c.running < 0 && s.ElapsedMillis != 0:
		return badSnapshot("no clock runs, yet " + strconv.FormatInt(s.ElapsedMillis, 10) + " ms have run")
	}
	w := -1
	if c.out >= 0 {
		w = max(int(g.winner(c.out)), -1)
	}
	if s.Winner != w {
		return badSnapshot("seat " + strconv.Itoa(s.Winner) + " wins on time where the clocks give " + strconv.Itoa(w))
	}
	return nil
}

// restoreDice sets the salt of a game of secret dice from a snapshot's
// head, and whether they are revealed. An owned game's snapshot of version
// 2 has its salt; one of version 1 (written before dice were secret) has
// none, and its game keeps the fresh salt it was made with.
func (g *Game) restoreDice(head *snapshotHead, version int) error {
	switch {
	case !head.Owned && (head.Salt != "" || head.Revealed):
		return badSnapshot("a salt of secret dice in a game whose seats are not owned")
	case version < 2 && (head.Salt != "" || head.Revealed):
		return badSnapshot("a salt of secret dice in a snapshot of version " + strconv.Itoa(version))
	case version < 2 || !head.Owned:
		return nil
	case head.Salt == "":
		return badSnapshot("no salt of the secret dice of a game whose seats are owned")
	}
	salt, err := hex.DecodeString(head.Salt)
	if err != nil || len(salt) != SaltSize || hex.EncodeToString(salt) != head.Salt {
		return badSnapshot("the dice's salt is no " + strconv.Itoa(SaltSize) + " bytes in lowercase hex")
	}
	g.salt, g.revealed, g.commitment = salt, head.Revealed, ""
	return nil
}

// restore makes the game of a snapshot for the table: with its clock and
// its bound of watchers.
func (t *Table) restore(data []byte) (*Game, error) {
	g, err := restore(data, t.now)
	if err == nil && t.maxWatchers > 0 {
		g.watch.max = t.maxWatchers
	}
	return g, err
}

// Handles returns the handles of the table's games, in rising order.
func (t *Table) Handles() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	hs := make([]int, 0, len(t.games))
	for h := range t.games {
		hs = append(hs, h)
	}
	slices.Sort(hs)
	return hs
}

// Restore brings the game of a snapshot ([Game.Snapshot]) back to the
// table under its old handle, with the table's clock (Options.Now) and
// bound of watchers (Options.MaxWatchers), as the table's calls make
// games. A
// handle in use is refused with [ErrHandleInUse], one below 1 or above
// [MaxHandle] with ErrBadCall, a full table with [ErrTableFull], a bad
// snapshot with [ErrBadSnapshot]; new games get handles above every handle
// restored.
func (t *Table) Restore(handle int, data []byte) (*Game, error) {
	if handle < 1 || handle > MaxHandle {
		return nil, bad("restore", strconv.Itoa(handle), ErrBadCall, "handles are 1…"+strconv.Itoa(MaxHandle))
	}
	g, err := t.restore(data)
	if err != nil {
		return nil, err
	}
	t.sweepIfFull()
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.games[handle]; ok {
		return nil, bad("restore", strconv.Itoa(handle), ErrHandleInUse, "a game of the table has this handle")
	}
	if len(t.games) >= t.max {
		return nil, bad("restore", "", ErrTableFull, "the table holds "+strconv.Itoa(t.max)+" games, its most; close one first")
	}
	t.games[handle] = g
	t.next = max(t.next, handle+1)
	g.budget = t.budget
	g.touch(t.now())
	return g, nil
}
