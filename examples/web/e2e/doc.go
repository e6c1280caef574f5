// Package e2e holds the end-to-end tests of the web page: they build and
// start the page's server, drive the page in a headless Chromium through
// chromedp, and compare it with the library move by move. They live in a
// module of their own so that the library's go.mod keeps its short list of
// dependencies.
//
// BRETTSPIEL_WEB_URL=http://127.0.0.1:8080/ runs them against a server
// already running (go run ./examples/web), without building one: quicker
// while the page is changed (the server embeds the page: run it again after
// a change).
package e2e
