//go:build js && wasm && nets

package main

import "github.com/brettspiel/brettspiel/session"

// tableOptions gives the page's table (the build with the tag nets, whose
// script passes no options) the session's defaults, and leaves the parsing
// of -max-games to the JavaScript package's build: the page's module is at
// its size bound.
func tableOptions(args []string) (session.Options, bool) { return session.Options{}, len(args) == 0 }
