//go:build race

package analysis

// raceDetector reports that the tests run under the race detector, which
// makes the nets about ten times slower; the rollouts' tests then play
// fewer and shorter games.
const raceDetector = true
