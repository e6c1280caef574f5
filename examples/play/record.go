package main

// Leaving, saving and loading a game at the terminal: the record of the
// game written to a file, and a saved game played on.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
)

// quit leaves the game. A game in play that changed since it was started,
// loaded or saved is offered for saving first.
func (s *session) quit() (bool, error) {
	if s.g.ToMove() != brettspiel.Terminal && s.changes != s.savedAt && s.played() {
		s.say("%s", s.t().notOver)
		_, err := s.offerSave()
		return true, err
	}
	return true, nil
}

// steps writes the steps of the game, for comparing two versions of it.
func (s *session) steps() string {
	var b strings.Builder
	for _, e := range s.h.All() {
		b.WriteString(e.Notation)
		b.WriteByte(';')
	}
	return b.String()
}

// played reports whether the game holds a step typed at the prompt: a
// game in which the person did nothing yet is not worth a question.
func (s *session) played() bool {
	for _, e := range s.h.All() {
		if s.typed(e.Actor) {
			return true
		}
	}
	return false
}

// offerSave asks at the end of a game for a file to save its record to,
// until it is saved or the answer is empty (or no). The command quit
// (in the session's language too) saves nothing and leaves: it is no
// file's name a person means there.
func (s *session) offerSave() (quit bool, err error) {
	for {
		path, err := s.ask(s.t().saveQuestion)
		if err != nil || path == "" || oneOf(path, s.t().no) {
			return false, err
		}
		if s.isQuit(path) {
			return true, nil
		}
		saved, err := s.save(path)
		if err != nil {
			s.fail(err)
		}
		if saved {
			return false, nil
		}
	}
}

// isQuit reports whether an answer is the command quit.
func (s *session) isQuit(answer string) bool {
	w := strings.ToLower(strings.TrimSpace(answer))
	if c, ok := s.t().synonyms[w]; ok {
		w = c
	}
	return w == "quit" || w == "exit"
}

// save writes the record to path and reports whether it did. An existing
// file is overwritten only when the person says yes, and only if it is a
// regular file: the program does not write through a link or to a device.
// A new file is created exclusively. An existing one is replaced by a
// temporary file beside it, renamed over the name, so that a link put in its
// place while the question is open is replaced, never followed.
func (s *session) save(path string) (bool, error) {
	t := s.t()
	if path == "" {
		return false, errors.New(t.saveNoName)
	}
	replace := false
	if fi, err := os.Lstat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return false, errors.New(t.notRegular(path))
		}
		sure, err := s.yes(t.overwrite(path))
		if err != nil {
			return false, err
		}
		if !sure {
			s.say("%s", t.notSaved)
			return false, nil
		}
		replace = true
	}
	rec := s.h.Record()
	var f *os.File
	var err error
	if replace {
		f, err = os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	} else {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return false, fileError{err, t}
	}
	_, err = rec.WriteTo(f, s.h.Start())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && replace {
		if err = os.Chmod(f.Name(), 0o644); err == nil {
			err = os.Rename(f.Name(), path)
		}
	}
	if err != nil {
		if replace {
			os.Remove(f.Name())
		}
		return false, fileError{err, t}
	}
	s.savedAt, s.savedSteps = s.changes, s.steps()
	s.say("%s", t.saved(len(rec.Steps), path))
	return true, nil
}

// loadRecord goes on with the game of a record file. The record is replayed
// into a new history, so that undo reaches back into it. On error the game
// in play stays.
func (s *session) loadRecord(path string) error {
	t := s.t()
	if path == "" {
		return errors.New(t.loadNoName)
	}
	f, err := os.Open(path)
	if err != nil {
		return fileError{err, t}
	}
	defer f.Close()
	rec, err := brettspiel.ParseRecord(f)
	if err != nil {
		return recordError{err, path, t}
	}
	if v, _ := catalog.Lookup(rec.Game); v.Name != s.variant.Name {
		return errors.New(t.otherGame(path, rec.Game, s.variant.Name))
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		return recordError{err, path, t}
	}
	if err := s.setHistory(h); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	s.recent, s.errRules = s.lastEvents(), nil
	s.savedAt, s.savedSteps = s.changes, s.steps()
	s.say("%s", t.loaded(h.Len(), path))
	return nil
}
