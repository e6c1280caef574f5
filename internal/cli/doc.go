// Package cli holds what the example commands share in reading their
// command lines, showing progress and ending: a flag set that returns its
// errors, a parse that refuses arguments left after the flags, the bar of a
// progress line, and the exit that reports a run's error under the
// command's name.
package cli
