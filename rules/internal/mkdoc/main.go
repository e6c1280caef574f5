// Command mkdoc writes rules.md, the Markdown document of the rules of
// package rules. It is run by go generate in the rules directory:
//
//	go generate ./rules
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/brettspiel/brettspiel/rules/internal/ruledoc"
)

func main() {
	out := flag.String("o", "rules.md", "the file to write")
	flag.Parse()
	doc, err := ruledoc.Markdown()
	if err == nil {
		err = os.WriteFile(*out, doc, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkdoc:", err)
		os.Exit(1)
	}
}
