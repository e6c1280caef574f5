//go:build !race

package festung

// raceDetector reports that the tests run under the race detector.
const raceDetector = false
