package site

import (
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The page's index gets the online layer, and with a public URL the
// address the invitations name, escaped; a URL that is no http(s)
// address is refused.
func TestIndexNamesThePublicURL(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html><head></head><body></body></html>"), 0o600)
	logger := slog.New(slog.DiscardHandler)
	for _, c := range []struct{ url, want string }{
		{"", `<script type="module" src="online.js"></script></head>`},
		{"https://games.example.org/play?x=1&y=2", `<meta name="brettspiel-public-url" content="https://games.example.org/play?x=1&amp;y=2"><script`},
	} {
		h, cleanup, err := Handler(dir, c.url, logger)
		if err != nil {
			t.Fatal(err)
		}
		defer cleanup()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
		if body := w.Body.String(); !strings.Contains(body, c.want) || (c.url == "" && strings.Contains(body, "public-url")) {
			t.Errorf("public URL %q: the index is %s", c.url, body)
		}
	}
	for _, bad := range []string{"games.example.org", "javascript:alert(1)", "ftp://x/", "https://"} {
		if _, _, err := Handler(dir, bad, logger); err == nil {
			t.Errorf("the public URL %q was taken", bad)
		}
	}
}

// maxScriptLines bounds each of the online layer's modules, as
// examples/web's MaxScriptLines bounds the page's: a module that grows
// past it is split by concept.
const maxScriptLines = 800

// Each module of the online layer is served at its name as JavaScript, is
// no longer than maxScriptLines, and imports ("./name.js") only its own
// modules and the page's files; none has the name of one of the page's
// files, which it would hide.
func TestOnlineModulesAreServedShortAndComplete(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html><head></head><body></body></html>"), 0o600)
	// no logger: the page is not built, its folder is given
	h, cleanup, err := Handler(dir, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	page, err := os.ReadDir(filepath.Join("..", "..", "examples", "web", "static"))
	if err != nil {
		t.Fatalf("the page's files (examples/web/static): %v", err)
	}
	pageFiles := map[string]bool{}
	for _, e := range page {
		pageFiles[e.Name()] = true
	}
	entries, err := online.ReadDir("static")
	if err != nil || len(entries) < 2 {
		t.Fatalf("the online layer's modules: %v, %v", entries, err)
	}
	own := map[string]bool{}
	for _, e := range entries {
		own[e.Name()] = true
	}
	if !own["online.js"] {
		t.Fatal("no static/online.js, which the index loads")
	}
	for _, e := range entries {
		name := e.Name()
		want, _ := online.ReadFile("static/" + name)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/"+name, nil))
		if ct := w.Header().Get("Content-Type"); w.Code != 200 || !strings.HasPrefix(ct, "text/javascript") || w.Body.String() != string(want) {
			t.Errorf("GET /%s: %d, %q, %d bytes of %d", name, w.Code, ct, w.Body.Len(), len(want))
		}
		// the lines as wc -l counts them, and a last one without its line feed
		n := strings.Count(string(want), "\n")
		if len(want) > 0 && want[len(want)-1] != '\n' {
			n++
		}
		if n > maxScriptLines {
			t.Errorf("%s has %d lines, more than %d: split it by concept into modules of its own", name, n, maxScriptLines)
		}
		if pageFiles[name] {
			t.Errorf("%s has the name of one of the page's files, which it would hide", name)
		}
		// the imports, one a line: import … from './name.js';
		for _, line := range strings.Split(string(want), "\n") {
			_, f, ok := strings.Cut(line, " from './")
			if !strings.HasPrefix(line, "import ") || !ok {
				continue
			}
			if f = strings.TrimSuffix(f, "';"); !own[f] && !pageFiles[f] {
				t.Errorf("%s imports ./%s, which neither the online layer nor the page has", name, f)
			}
		}
	}
}
