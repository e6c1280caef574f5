package server

import (
	"fmt"
	"io"
	"log/slog"
)

// NewLogger returns a logger writing to w the records of level and above
// (debug, info, warn or error) in format: text (key=value) or json (an
// object a line, for a collector).
func NewLogger(w io.Writer, level, format string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("the log's level %q: want debug, info, warn or error", level)
	}
	o := &slog.HandlerOptions{Level: l}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, o)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, o)), nil
	}
	return nil, fmt.Errorf("the log's format %q: want text or json", format)
}
