package kit

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"strconv"
	"testing"
)

// EncodeID writes the ID of its definition: the variant, the version and
// the unpadded URL-safe base64 of the payload followed by the low 16 bits
// of the CRC-32 (IEEE) of the variant, a zero byte, the version's byte and
// the payload, big-endian; for payloads longer than its stack buffer too.
func TestEncodeIDAsDefined(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 7, 29, 61, 62, 63, 64, 65, 200} {
		payload := make([]byte, n)
		for i := range payload {
			payload[i] = byte(r.IntN(256))
		}
		for _, version := range []int{0, 1, 2, 255, 256, 1000} {
			h := crc32.NewIEEE()
			h.Write([]byte("festung"))
			h.Write([]byte{0, byte(version)})
			h.Write(payload)
			buf := binary.BigEndian.AppendUint16(append([]byte(nil), payload...), uint16(h.Sum32()))
			want := "festung:" + strconv.Itoa(version) + ":" + base64.RawURLEncoding.EncodeToString(buf)
			if got := EncodeID("festung", version, payload); got != want {
				t.Errorf("%d bytes, version %d: %s, want %s", n, version, got, want)
			}
		}
	}
}
