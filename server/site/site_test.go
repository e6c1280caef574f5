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
