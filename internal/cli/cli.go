package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// FlagSet is a flag set named name that prints its usage and errors to
// stderr and returns its errors (flag.ContinueOnError) rather than exiting.
func FlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// Parse parses args with fs and refuses any argument left after the flags.
func Parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return nil
}

// Exit ends the command name after a run that returned err: it returns for
// nil, else it exits with status 2, having written err to standard error
// under name (except for flag.ErrHelp, whose usage the flag set printed).
func Exit(name string, err error) {
	if code := report(os.Stderr, name, err); code != 0 {
		os.Exit(code)
	}
}

// report writes err under name to w as Exit does and returns the exit
// status, 0 for nil.
func report(w io.Writer, name string, err error) int {
	if err == nil {
		return 0
	}
	if !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(w, name+":", err)
	}
	return 2
}

// barWidth is the number of cells of a progress bar.
const barWidth = 40

// Bar draws the bar of a progress line, done of total: "[####......]",
// 40 cells between the brackets, filled in proportion (full from total on,
// empty for a total of 0).
func Bar(done, total uint64) string {
	fill := barWidth
	if total == 0 {
		fill = 0
	} else if done < total {
		fill = int(barWidth * done / total)
	}
	return "[" + strings.Repeat("#", fill) + strings.Repeat(".", barWidth-fill) + "]"
}
