//go:build race

package festung

// raceDetector reports that the tests run under the race detector, which
// makes the harness about ten times slower; the harness then plays fewer games.
const raceDetector = true
