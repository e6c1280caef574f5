//go:build !race

package analysis

// raceDetector reports that the tests run under the race detector.
const raceDetector = false
