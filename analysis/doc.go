// Package analysis judges a finished (or unfinished) game step by step, as
// gnubg analyses a match: for every decision the equity of the play made and
// of the best play, for every throw the luck it brought, and per player an
// error rate, the total luck and a rating.
package analysis
