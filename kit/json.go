package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// JSONVersion is the version of the JSON form of the states of this module.
// It rises when a key changes its meaning or goes away; new keys do not raise
// it. Version 2 gave the race games one board shape ([RaceJSON]), the events
// the board's coordinates and the legal moves their parts; a state of
// version 1 is refused with a reason that says so (its position ID, the
// "id", still loads).
const JSONVersion = 2

// Turn names in JSON who is to move.
const (
	TurnPlayer = "player" // a seat is to move; "player" gives which
	TurnChance = "chance" // the dice are to be thrown
	TurnOver   = "over"   // the game has ended
)

// StateJSON is the part of a state's JSON form that every variant shares; the
// variant packages embed it in their own JSON types, next to their board.
// Decoding reads the rules and the position from the variant's keys and the
// ID; "legal" and "returns" follow from them and are written for frontends
// only, and "events" are kept as the events of the last apply once they pass
// [StateJSON.CheckEvents].
type StateJSON struct {
	Version int                    `json:"version"`          // JSONVersion
	Game    string                 `json:"game"`             // the variant, e.g. "toccateglio"
	ID      string                 `json:"id"`               // the position ID (see EncodeID)
	Turn    string                 `json:"turn"`             // TurnPlayer, TurnChance or TurnOver
	Player  int                    `json:"player"`           // the seat to move; −1 unless Turn is TurnPlayer
	Legal   []brettspiel.LegalMove `json:"legal"`            // the legal moves in the order of LegalMoves
	Events  []brettspiel.Event     `json:"events"`           // what the last apply did
	Returns []int                  `json:"returns"`          // the payoff of each seat (see Game.Returns)
	Winner  *int                   `json:"winner,omitempty"` // the winning seat once the game is over, if one won
}

// legalMove fills the JSON form of a legal move m of g.
func legalMove(g brettspiel.Game, m brettspiel.Move, weight int) brettspiel.LegalMove {
	l := brettspiel.LegalMove{Notation: g.MoveString(m), Weight: weight}
	if d, ok := g.(brettspiel.Describer); ok {
		if info, err := d.Describe(m); err == nil {
			l.Kind, l.Dice, l.Steps, l.Decision = info.Kind.String(), info.Dice, info.Steps, info.Decision
			l.Field, l.FieldName, l.Marks = info.Field, info.FieldName, info.Marks
		}
	} else if weight > 0 {
		l.Kind = brettspiel.MoveThrow.String()
	}
	return l
}

// NewStateJSON fills the shared part of g's JSON form. game names the variant
// and id is g's position ID. Winner is left for the variant to set.
func NewStateJSON(g brettspiel.Game, game, id string) StateJSON {
	return NewStateJSONView(g, game, id, JSONView{})
}

// Check validates the shared part of a decoded state: the version, the game's
// name and that the events name possible players. A variant's UnmarshalJSON
// calls it before it reads its own keys, and [StateJSON.CheckEvents] with the
// bounds of its events.
func (s *StateJSON) Check(game string, players int) error {
	bad := func(format string, args ...any) error {
		return &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case s.Version != JSONVersion:
		return versionError(s.Version)
	case s.Game != game:
		return bad("game %s, want %q", quote.Quote(s.Game), game)
	}
	for i, e := range s.Events {
		for _, p := range [2]brettspiel.Player{e.Player, e.Other} {
			if p < brettspiel.Nobody || int(p) >= players {
				return bad("events[%d]: player %d of %d", i, p, players)
			}
		}
		if e.Kind == "" {
			return bad("events[%d]: no kind", i)
		}
	}
	return nil
}

// versionError refuses a state of another JSON version than this module's.
func versionError(v int) error {
	reason := fmt.Sprintf("version %d, want %d", v, JSONVersion)
	if v == 1 {
		reason = fmt.Sprintf("version 1 is the JSON form of an earlier release, whose keys version %d renamed; load its position ID (the \"id\") instead", JSONVersion)
	}
	return &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadPosition, Reason: reason}
}

// MaxEventNote is the longest note, in bytes, that an event of this module
// carries; decoded events with longer notes are refused.
const MaxEventNote = 64

// MaxEventName is the longest FromName or ToName, in bytes, that an event of
// this module carries ("bar", "off", a field of the plan such as "W1.III'");
// decoded events with longer names are refused.
const MaxEventName = 16

// EventLimits describes the events that one Apply of a variant can emit, so
// that a decoded state can refuse events no game of the variant produces.
// Each variant keeps its own limits; [StateJSON.CheckEvents] applies them.
type EventLimits struct {
	Kinds      []brettspiel.EventKind // the kinds the variant emits
	RulePrefix string                 // every non-empty rule ID starts with it, e.g. "T-"
	MaxEvents  int                    // the most events one Apply emits
	// From, To, TrackFrom and TrackTo are NoPlace or within
	// MinPlace…MaxPlace: the race games 0…25 (Bar or Hand, the points, Off),
	// the Festungsspiel the FieldIDs.
	MinPlace  int
	MaxPlace  int
	MaxNumber int // Number is within 0…MaxNumber
	MaxAmount int // Amount is within −MaxAmount…MaxAmount
	// MaxDice is the most numbers an event's Dice holds (2 for two dice, 3
	// for the Festungsspiel's three); 0 means no event carries dice.
	MaxDice int
	// DiceSides bounds each number of Dice: 1…DiceSides (6 for the dice of
	// this module).
	DiceSides int
	// Ends reports whether the state may follow an Apply that emitted an
	// EventEnd (a round or the game ended); nil means the game must be over.
	Ends func() bool
}

// CheckEvents refuses decoded events that no Apply of the variant could have
// emitted into this state: more of them than one Apply emits, an unknown
// kind, a rule of another game, a place (From, To, TrackFrom, TrackTo),
// number or amount out of range, more dice than [EventLimits.MaxDice] or a
// die outside 1…[EventLimits.DiceSides], a note longer than [MaxEventNote],
// a place name longer than [MaxEventName], or an end where nothing has
// ended. The
// error wraps [ErrBadPosition] and names the first offending event.
func (s *StateJSON) CheckEvents(lim EventLimits) error {
	bad := func(format string, args ...any) error {
		return &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
	if len(s.Events) > lim.MaxEvents {
		return bad("%d events; one move emits at most %d", len(s.Events), lim.MaxEvents)
	}
	for i, e := range s.Events {
		if !slices.Contains(lim.Kinds, e.Kind) {
			return bad("events[%d]: kind %s is none of %v", i, quote.Quote(string(e.Kind)), lim.Kinds)
		}
		if e.Rule != "" && (!strings.HasPrefix(e.Rule, lim.RulePrefix) || len(e.Rule) > 8) {
			return bad("events[%d]: rule %s is no rule of this game (%s…)", i, quote.Quote(e.Rule), lim.RulePrefix)
		}
		for _, x := range [4]int{e.From, e.To, e.TrackFrom, e.TrackTo} {
			if x != brettspiel.NoPlace && (x < lim.MinPlace || x > lim.MaxPlace) {
				return bad("events[%d]: place %d is outside %d…%d (or %d for none)", i, x, lim.MinPlace, lim.MaxPlace, brettspiel.NoPlace)
			}
		}
		if len(e.Dice) > lim.MaxDice {
			return bad("events[%d]: %d dice; an event carries at most %d", i, len(e.Dice), lim.MaxDice)
		}
		for _, d := range e.Dice {
			if d < 1 || d > lim.DiceSides {
				return bad("events[%d]: a die of %d is outside 1…%d", i, d, lim.DiceSides)
			}
		}
		for _, name := range [2]string{e.FromName, e.ToName} {
			if len(name) > MaxEventName {
				return bad("events[%d]: a place name of %d bytes; names are at most %d", i, len(name), MaxEventName)
			}
		}
		switch {
		case e.Number < 0 || e.Number > lim.MaxNumber:
			return bad("events[%d]: number %d is outside 0…%d", i, e.Number, lim.MaxNumber)
		case e.Amount < -lim.MaxAmount || e.Amount > lim.MaxAmount:
			return bad("events[%d]: amount %d is outside %d…%d", i, e.Amount, -lim.MaxAmount, lim.MaxAmount)
		case len(e.Note) > MaxEventNote:
			return bad("events[%d]: a note of %d bytes; notes are at most %d", i, len(e.Note), MaxEventNote)
		case e.Kind == brettspiel.EventEnd && !s.ended(lim):
			return bad("events[%d]: an end, but nothing has ended in this state", i)
		}
	}
	return nil
}

func (s *StateJSON) ended(lim EventLimits) bool {
	if lim.Ends != nil {
		return lim.Ends()
	}
	return s.Turn == TurnOver
}

// MaxJSONSize is the longest JSON document, in bytes, that [DecodeStrict]
// reads. The JSON form of a state of this module is far shorter: tens of
// kilobytes for the states with the most legal moves.
const MaxJSONSize = 1 << 20

// DecodeStrict unmarshals data, one JSON object, into v exactly as v's JSON
// keys spell it. It refuses keys that v does not have (so a misspelt key is
// an error rather than a silently lost value), keys in another case than
// v's (which encoding/json would accept), a key given twice in one object
// (of which encoding/json would keep the last) and anything but white space
// after the object. A document longer than [MaxJSONSize] is refused
// unread. The error wraps [ErrBadNotation].
func DecodeStrict(data []byte, v any) error {
	bad := func(reason string) error {
		return &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadNotation, Reason: reason}
	}
	if len(data) > MaxJSONSize {
		return bad(fmt.Sprintf("%d bytes; the JSON form of a state is at most %d", len(data), MaxJSONSize))
	}
	k := keyChecker{data: data}
	err := k.check(reflect.TypeOf(v))
	if k.space(); err == nil && k.pos < len(data) { // a NUL byte is data too
		return bad("data after the JSON object: " + quote.Quote(string(data[k.pos:])))
	}
	if err == errSyntax {
		// The words of encoding/json for what is wrong.
		var raw json.RawMessage
		if err = json.NewDecoder(bytes.NewReader(data)).Decode(&raw); err == nil {
			err = errors.New("invalid JSON")
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return bad("unexpected EOF")
		}
		return bad(err.Error())
	}
	if err != nil {
		return err
	}
	// the check refused every key v does not have, so encoding/json's own
	// refusal of them (a Decoder's, which costs twice Unmarshal) is not
	// needed
	if err := json.Unmarshal(data, v); err != nil {
		return bad(err.Error())
	}
	return nil
}

// DecodeState is [DecodeStrict] for the JSON form of a state: a document
// whose "version" is not [JSONVersion] is refused for its version, with an
// error wrapping [ErrBadPosition], before its keys are read — a state of
// another version has other keys, and its version is the better reason.
// The variants' UnmarshalJSON read through it.
func DecodeState(data []byte, v any) error {
	if len(data) <= MaxJSONSize {
		var head struct {
			Version *int `json:"version"`
		}
		if json.Unmarshal(data, &head) == nil && head.Version != nil && *head.Version != JSONVersion {
			return versionError(*head.Version)
		}
	}
	return DecodeStrict(data, v)
}

// MaxJSONDepth is the deepest nesting of arrays and objects that
// [DecodeStrict] reads. The JSON form of a state nests five levels deep at
// most (a legal move's steps inside the list of legal moves inside the
// state); the limit refuses a document built to exhaust the decoder.
const MaxJSONDepth = 32

// MaxJSONValues is the most values — array elements and object members,
// nested ones counted — that [DecodeStrict] reads in one document. The
// JSON form of a state holds a few thousand (under 9,000 in random games of
// every preset, the Festungsspiel's plan included); the limit keeps a
// document of many tiny values, such as a million bytes of "{}," in a list,
// from costing far more memory than its size once decoded.
const MaxJSONValues = 1 << 16

// keyChecker reads one JSON value byte by byte and checks the keys of its
// objects against the Go type it decodes into. It checks only what
// encoding/json would let through (keys and the shape of the nesting); the
// decoding that follows it checks the rest. The place of the value is kept
// as a stack of keys and indices and written out only for an error, so that
// memory grows with the size of the document and not with the square of its
// depth; reading allocates nothing but the keys of objects that decode into
// maps or that have more than a few keys.
type keyChecker struct {
	data   []byte
	pos    int        // the next byte to read
	path   []pathPart // where the value being read stands
	values int        // the values read so far
	keys   []string   // the keys of the objects being read, outermost first
}

// errSyntax reports that the document is no JSON; DecodeStrict asks
// encoding/json for the words.
var errSyntax = errors.New("syntax")

// pathPart is one step of a place in a document: a key, or an index into
// an array when key is empty and index is not negative.
type pathPart struct {
	key   string
	index int
}

// where names the place of the value being read, e.g. "legal[3].steps".
func (k *keyChecker) where() string {
	var b strings.Builder
	for _, p := range k.path {
		if p.index >= 0 {
			b.WriteString("[" + strconv.Itoa(p.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p.key)
	}
	return b.String()
}

func (k *keyChecker) fail(format string, args ...any) error {
	return &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadNotation, Reason: fmt.Sprintf(format, args...)}
}

// space skips white space and returns the next byte, 0 at the end.
func (k *keyChecker) space() byte {
	for k.pos < len(k.data) {
		switch c := k.data[k.pos]; c {
		case ' ', '\t', '\r', '\n':
			k.pos++
		default:
			return c
		}
	}
	return 0
}

// str reads a string at pos (its opening quote) and returns its raw bytes
// between the quotes and whether it holds an escape.
func (k *keyChecker) str() (raw []byte, escaped bool, err error) {
	start := k.pos + 1
	for i := start; i < len(k.data); i++ {
		switch c := k.data[i]; {
		case c == '"':
			k.pos = i + 1
			return k.data[start:i], escaped, nil
		case c == '\\':
			escaped = true
			i++ // the escaped byte; \uXXXX's digits are plain bytes
		case c < 0x20:
			return nil, false, errSyntax
		}
	}
	return nil, false, errSyntax
}

// scalar skips a number or a literal (true, false, null).
func (k *keyChecker) scalar() error {
	start := k.pos
	for k.pos < len(k.data) {
		c := k.data[k.pos]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '-' || c == '+' || c == '.' || c == 'E' {
			k.pos++
			continue
		}
		break
	}
	if k.pos == start {
		return errSyntax
	}
	return nil
}

// check reads one value, to be decoded into t (nil where that is not known).
func (k *keyChecker) check(t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if k.values++; k.values > MaxJSONValues {
		return k.fail("more than %d values; the JSON form of a state has far fewer", MaxJSONValues)
	}
	c := k.space()
	switch c {
	case '"':
		_, _, err := k.str()
		return err
	case '[', '{':
		if len(k.path) >= MaxJSONDepth {
			return k.fail("nested more than %d deep at %s", MaxJSONDepth, quote.Quote(k.where()))
		}
		k.pos++
	default:
		return k.scalar()
	}
	if c == '[' {
		return k.array(t)
	}
	return k.object(t)
}

// array reads the elements of an array after its '[', each against the
// element type of t (nil: anything), and the closing ']'.
func (k *keyChecker) array(t reflect.Type) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	k.path = append(k.path, pathPart{index: 0})
	if k.space() == ']' {
		k.pos++
	} else {
		for i := 0; ; i++ {
			k.path[len(k.path)-1].index = i
			if err := k.check(elem); err != nil {
				return err
			}
			c := k.space()
			k.pos++
			if c == ']' {
				break
			}
			if c != ',' {
				return errSyntax
			}
		}
	}
	k.path = k.path[:len(k.path)-1]
	return nil
}

// object reads the members of an object after its '{', each key checked
// against the struct or map t (nil: anything), and the closing '}'.
func (k *keyChecker) object(t reflect.Type) error {
	var keys map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		keys = structKeys(t)
	}
	k.path = append(k.path, pathPart{index: -1})
	first := len(k.keys)     // this object's keys are k.keys[first:]
	var seen map[string]bool // made for objects of many keys
	if k.space() == '}' {
		k.pos++
	} else {
		for {
			if err := k.member(t, keys, first, &seen); err != nil {
				return err
			}
			c := k.space()
			k.pos++
			if c == '}' {
				break
			}
			if c != ',' {
				return errSyntax
			}
		}
	}
	k.keys = k.keys[:first]
	k.path = k.path[:len(k.path)-1]
	return nil
}

// member reads one "key": value of an object of type t whose struct keys
// are keys (nil for a map or anything), refusing a key given twice, unknown
// or spelt in another case.
func (k *keyChecker) member(t reflect.Type, keys map[string]reflect.Type, first int, seen *map[string]bool) error {
	if k.space() != '"' {
		return errSyntax
	}
	raw, escaped, err := k.str()
	if err != nil {
		return err
	}
	var key string
	if escaped {
		if json.Unmarshal(k.data[k.pos-len(raw)-2:k.pos], &key) != nil {
			return errSyntax
		}
	} else {
		key = string(raw)
	}
	if k.space() != ':' {
		return errSyntax
	}
	k.pos++
	k.path[len(k.path)-1].key = key
	if k.twice(key, first, seen) {
		return k.fail("the key %s is given twice", quote.Quote(k.where()))
	}
	var vt reflect.Type
	if keys != nil {
		ft, ok := keys[key]
		if !ok {
			for name := range keys {
				if strings.EqualFold(name, key) {
					return k.fail("the key %s is spelt %s", quote.Quote(k.where()), strconv.Quote(name))
				}
			}
			return k.fail("unknown field %s", quote.Quote(k.where()))
		}
		vt = ft
	} else if t != nil && t.Kind() == reflect.Map {
		vt = t.Elem()
	}
	return k.check(vt)
}

// twice reports whether key was given before in the object whose keys are
// k.keys[first:], and notes it. A few keys are compared one by one; past
// that they go into seen, made then.
func (k *keyChecker) twice(key string, first int, seen *map[string]bool) bool {
	const few = 16
	if *seen != nil {
		if (*seen)[key] {
			return true
		}
		(*seen)[key] = true
		return false
	}
	for _, prev := range k.keys[first:] {
		if prev == key {
			return true
		}
	}
	k.keys = append(k.keys, key)
	if len(k.keys)-first > few {
		*seen = make(map[string]bool, 2*few)
		for _, prev := range k.keys[first:] {
			(*seen)[prev] = true
		}
	}
	return false
}

// structKeyCache holds the JSON keys of the struct types decoded so far:
// a type's keys never change, so they are worked out once per process.
var structKeyCache sync.Map // reflect.Type → map[string]reflect.Type, read-only once stored

// structKeys returns the JSON keys of the struct type t with the types of
// their values, embedded structs' keys included. The map is shared and
// read-only.
func structKeys(t reflect.Type) map[string]reflect.Type {
	if keys, ok := structKeyCache.Load(t); ok {
		return keys.(map[string]reflect.Type)
	}
	keys := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			for k, v := range structKeys(ft) {
				keys[k] = v
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[name] = f.Type
	}
	structKeyCache.Store(t, keys)
	return keys
}
