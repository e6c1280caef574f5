// Package order sorts the module's short lists (the games of the catalogue,
// the levels of the bot registry, the method names of a session, the steps
// that may come next in a turn) by insertion. A sort of package slices brings
// its whole algorithm, some kilobytes of code, into a program once for each
// shape of element it sorts; for lists of a few dozen elements at most an
// insertion sort is as fast and keeps a WebAssembly build small.
package order
