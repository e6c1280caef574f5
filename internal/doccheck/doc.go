// Package doccheck keeps the commands and links of the module's documentation
// true: README.md and every Markdown file in doc/.
//
// # Commands
//
// A command is a line of a fenced block tagged sh, bash or shell (a line
// ending in a backslash goes on on the next), or a line beginning with "$ "
// in a block tagged text or console (a transcript). Every fenced block needs
// a tag — go, text, json, sh, … — so that no command hides in an untagged
// one. Comments after a command ("# …") are only for the reader.
//
// The test TestDocCommands runs every command from the module's root, each
// in its own bash, with standard input empty and a time bound of three
// minutes, and fails on a non-zero exit. It runs under BRETTSPIEL_DOCS=1
// (CI sets it: .ci/run); the default test run only checks that every
// command has a rule and every marker fits its command, which is cheap.
//
// A command that must not run as it stands — it plays for minutes, serves
// forever, waits for a person, writes into the tree, needs the network —
// gets a marker: an HTML comment on the line just above its block, which
// Markdown does not show, naming a cheaper form of the same command:
//
//	<!-- doccheck: set -games 2 -->
//	```sh
//	go run ./examples/selfplay -game verkehren -bots greedy,random -games 2000 -seed 1
//	```
//
// A marker holds directives separated by ";" and applies to every command
// of its block (split a block where its commands need different ones):
//
//	set -FLAG VALUE   give the flag another value; every command must have
//	                  the flag (-FLAG VALUE or -FLAG=VALUE)
//	add ARGS…         append arguments to the go command of the line
//	env NAME=VALUE…   run with these variables set as well
//	stdin TEXT        feed TEXT and a newline as standard input (a prompt)
//	timeout DURATION  another time bound (a Go duration: 5m)
//	help              run the command with -h appended: its flags must be
//	                  known (the usage printed, no "flag provided but not
//	                  defined"), nothing is played
//	vet               go vet the packages the go test or go run command
//	                  names, instead of running it: it compiles
//	serve TEXT        the block's first command is a server: start it, wait
//	                  until its output says TEXT, run the block's other
//	                  commands while it serves, then stop it
//	exec COMMAND      run COMMAND once instead of the block (a cheaper check
//	                  of the same thing, such as node --check of a script)
//	ci [TEXT]         CI runs it: .ci/run must contain TEXT, or the command
//	                  itself when TEXT is absent; the test does not run it
//	clone             a git clone of the module and a cd into it: the URL must
//	                  be the module path of go.mod, the folder its last element
//
// In values, $TMP stands for a fresh temporary folder of the block, so that
// a command can write its output (set -out $TMP) outside the repository.
//
// A command fails the test without running anything when it matches no
// rule: an unknown program (only go's run, test, build, vet, doc, list,
// version and env; node, python3, bash, gzip, cd, and head, tail and wc in
// a pipe; and what a marker admits: git under clone, curl under serve, go
// get under exec), a go test of ./... or of
// this package run as it stands (it would run this test again: mark it ci
// or vet), a marker that does not fit (an unknown directive, a set of a
// flag the command lacks, help on something other than go run).
//
// # Links
//
// TestLinks checks every relative link and image of the same files: the
// file must exist in the repository and a #fragment must name a heading of
// the Markdown file it points to (GitHub's anchors: lower case, spaces to
// hyphens, punctuation dropped; an HTML id counts too).
package doccheck
