// Package e2e holds the end-to-end tests of the web page: they build and
// start the page's server, drive the page in a headless Chromium through
// chromedp, and compare it with the library move by move. They live in a
// module of their own so that the library's go.mod keeps its short list of
// dependencies.
package e2e
