// Command mkdoc writes a Markdown document of the rules of package rules:
// rules.md in English, or regeln.md with -lang de. It is run by go generate
// in the rules directory:
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
	lang := flag.String("lang", "en", "the language of the document: en or de")
	out := flag.String("o", "", "the file to write (default: the language's document, rules.md or regeln.md)")
	flag.Parse()
	if *out == "" {
		*out, _ = ruledoc.File(*lang)
	}
	doc, err := ruledoc.Markdown(*lang)
	if err == nil {
		err = os.WriteFile(*out, doc, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkdoc:", err)
		os.Exit(1)
	}
}
