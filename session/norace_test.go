//go:build !race

package session

const raceDetector = false
