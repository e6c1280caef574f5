package kit

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// A position ID is a compact text for a whole game state, in the spirit of
// gnubg's Position ID: "variant:version:payload", where payload is the
// variant's binary encoding followed by a two-byte checksum, in unpadded
// URL-safe base64. For example
//
//	toccateglio:1:AQIDBAUGBwgJCgsMDQ4P-Xw
//
// The variant packages define what the payload holds and give their states
// MarshalText and UnmarshalText methods; [EncodeID] and [DecodeID] are the
// frame they share. The checksum catches a mistyped or truncated ID before the
// variant reads it.

// EncodeID frames a variant's payload as a position ID.
func EncodeID(variant string, version int, payload []byte) string {
	// the payload and its checksum, on the stack for the usual sizes
	var small [64]byte
	buf := append(small[:0], payload...)
	buf = binary.BigEndian.AppendUint16(buf, idChecksum(variant, version, payload))
	id := make([]byte, 0, len(variant)+24+base64.RawURLEncoding.EncodedLen(len(buf)))
	id = append(append(id, variant...), ':')
	id = append(strconv.AppendInt(id, int64(version), 10), ':')
	return string(base64.RawURLEncoding.AppendEncode(id, buf))
}

// DecodeID checks that id is a position ID of variant in the given version
// and returns its payload. The error, an [*Error] wrapping [ErrBadNotation],
// says what is wrong: longer than [MaxIDSize], another variant, a line break,
// bad base64, a checksum that does not match, or another version.
func DecodeID(variant string, version int, id string) (payload []byte, err error) {
	bad := func(reason string) ([]byte, error) {
		return nil, &brettspiel.Error{Op: "decode position ID", Input: id, Err: brettspiel.ErrBadNotation, Reason: reason}
	}
	if len(id) > brettspiel.MaxIDSize {
		return bad(fmt.Sprintf("%d bytes; a position ID is at most %d", len(id), brettspiel.MaxIDSize))
	}
	name, rest, ok := strings.Cut(id, ":")
	if !ok {
		return bad("want variant:version:payload")
	}
	if name != variant {
		return bad("an ID of " + quote.Quote(name) + ", not of " + variant)
	}
	ver, data, ok := strings.Cut(rest, ":")
	if !ok {
		return bad("want variant:version:payload")
	}
	got, err := strconv.Atoi(ver)
	if err != nil || got < 0 || ver != strconv.Itoa(got) {
		return bad("the version " + quote.Quote(ver) + " is not a number")
	}
	// The decoder skips line breaks; an ID has none, so that each state has
	// exactly one ID.
	if i := strings.IndexAny(id, "\r\n"); i >= 0 {
		return bad(fmt.Sprintf("a line break at byte %d; an ID is one line of URL-safe base64", i))
	}
	buf, err := base64.RawURLEncoding.Strict().DecodeString(data)
	if err != nil {
		return bad("the payload is not URL-safe base64 without padding")
	}
	if len(buf) < 2 {
		return bad("the payload is too short")
	}
	payload, sum := buf[:len(buf)-2], binary.BigEndian.Uint16(buf[len(buf)-2:])
	if sum != idChecksum(variant, got, payload) {
		return bad("the checksum does not match: the ID is mistyped or cut short")
	}
	if got != version {
		return bad(fmt.Sprintf("version %d; this package reads version %d", got, version))
	}
	return payload, nil
}

// idChecksum covers the variant and version too, so an ID cannot be moved to
// another variant or version by editing its prefix.
func idChecksum(variant string, version int, payload []byte) uint16 {
	crc := crc32.Update(0, crc32.IEEETable, []byte(variant))
	crc = crc32.Update(crc, crc32.IEEETable, []byte{0, byte(version)})
	return uint16(crc32.Update(crc, crc32.IEEETable, payload))
}
