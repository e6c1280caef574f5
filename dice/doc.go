// Package dice holds the dice arithmetic the games share: throws of two and of
// three dice, ordered and distinct, with their integer weights; the historical
// names of the dice and doublets; sum distributions; and the shot table — how
// many of the 36 throws of two dice reach a blot at a given distance, under
// either way of playing doublets and with blocked points on the way.
//
// Throws are plain values. The package holds no random source: [Roll2] and
// [Roll3] draw from a *rand.Rand the caller supplies (rule D-5), so the same seed
// gives the same throws on every platform, and a frontend with physical dice
// builds a [Throw] with [NewThrow] instead.
//
// Everything here is safe for concurrent use.
package dice
