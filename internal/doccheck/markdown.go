package doccheck

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// A Block is a fenced code block of a Markdown file.
type Block struct {
	File       string
	Line       int    // the line of the opening fence, from 1
	Lang       string // the fence's tag: sh, go, text, …
	Marker     string // the directives of the marker above it, "" if none
	HasMarker  bool
	MarkerLine int
	Commands   []Command
}

// A Command is one command of a block, as the reader sees it.
type Command struct {
	Line int
	Text string
}

// shellTags are the tags whose every line is a command; transcriptTags
// those whose lines beginning with "$ " are.
var (
	shellTags      = map[string]bool{"sh": true, "bash": true, "shell": true}
	transcriptTags = map[string]bool{"text": true, "console": true}
)

var markerRE = regexp.MustCompile(`^<!--\s*doccheck:(.*?)-->$`)

// ParseMarkdown returns the fenced blocks of a Markdown file named file,
// with their commands and markers, and the errors of its form: a block
// without a tag, a fence never closed, a marker with no block below it.
func ParseMarkdown(file, src string) ([]Block, []error) {
	var blocks []Block
	var errs []error
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if m := markerRE.FindStringSubmatch(line); m != nil {
			if i+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "```") {
				errs = append(errs, fmt.Errorf("%s:%d: a doccheck marker must stand on the line just above a fenced block", file, i+1))
			}
			continue
		}
		if !strings.HasPrefix(line, "```") {
			continue
		}
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
		b := Block{File: file, Line: i + 1, Lang: strings.TrimSpace(strings.TrimLeft(line, "`"))}
		if i > 0 {
			if m := markerRE.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
				b.Marker, b.HasMarker, b.MarkerLine = strings.TrimSpace(m[1]), true, i
			}
		}
		if b.Lang == "" {
			errs = append(errs, fmt.Errorf("%s:%d: a fenced block without a tag: say what it holds (sh, go, text, …)", file, i+1))
		}
		var body []string
		closed := false
		for i++; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "```" {
				closed = true
				break
			}
			l := lines[i]
			if len(l)-len(strings.TrimLeft(l, " ")) >= indent {
				l = l[indent:]
			}
			body = append(body, l)
		}
		if !closed {
			errs = append(errs, fmt.Errorf("%s:%d: a fenced block that is never closed", file, b.Line))
			break
		}
		b.Commands = commandsOf(b, body)
		blocks = append(blocks, b)
	}
	return blocks, errs
}

// commandsOf returns the commands of a block's lines.
func commandsOf(b Block, body []string) []Command {
	var cmds []Command
	switch {
	case shellTags[b.Lang]:
		for j := 0; j < len(body); j++ {
			start := j
			text := strings.TrimSpace(body[j])
			for strings.HasSuffix(text, `\`) && j+1 < len(body) {
				j++
				text = strings.TrimSuffix(text, `\`) + " " + strings.TrimSpace(body[j])
			}
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			cmds = append(cmds, Command{Line: b.Line + 1 + start, Text: text})
		}
	case transcriptTags[b.Lang]:
		for j, l := range body {
			if strings.HasPrefix(l, "$ ") {
				cmds = append(cmds, Command{Line: b.Line + 1 + j, Text: strings.TrimSpace(l[2:])})
			}
		}
	}
	return cmds
}

// A Link is a relative link or image of a Markdown file.
type Link struct {
	File   string
	Line   int
	Target string // the path, relative to the file's folder; "" for the file itself
	Anchor string // the part after #, "" if none
}

var (
	linkRE     = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	codeSpanRE = regexp.MustCompile("`[^`]*`")
	htmlIDRE   = regexp.MustCompile(`\bid="([^"]+)"`)
)

// Links returns the relative links of a Markdown file, outside code.
func Links(file, src string) []Link {
	var links []Link
	inFence := false
	for i, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(codeSpanRE.ReplaceAllString(line, ""), -1) {
			t := m[1]
			if strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") {
				continue
			}
			l := Link{File: file, Line: i + 1, Target: t}
			if path, anchor, ok := strings.Cut(t, "#"); ok {
				l.Target, l.Anchor = path, anchor
			}
			links = append(links, l)
		}
	}
	return links
}

// Anchors returns the anchors of a Markdown file: its headings as GitHub
// names them, and the ids of its HTML elements.
func Anchors(src string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range htmlIDRE.FindAllStringSubmatch(line, -1) {
			anchors[m[1]] = true
		}
		if !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.TrimLeft(line, "#")
		if heading == "" || heading[0] != ' ' {
			continue
		}
		s := Slug(heading)
		if n := seen[s]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			anchors[s] = true
		}
		seen[s]++
	}
	return anchors
}

// Slug is a heading's anchor as GitHub makes it: lower case, letters,
// digits, hyphens and underscores kept, spaces turned to hyphens, the rest
// dropped.
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
