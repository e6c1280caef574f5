// Package site serves the game server's page: the module's examples/web
// with the server's online layer added to its index: static/online.js and
// the modules it imports (static/online-*.js), served beside the page's
// own files.
package site

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// online holds the online layer's modules, each served at /NAME.
//
//go:embed static/*.js
var online embed.FS

// Handler serves the page of examples/web from the folder site (when "",
// built into a temporary one by go run ./examples/web -out), the online
// layer added to its index. publicURL, when not "", is the absolute http
// or https URL the invitations name (else the page's own address).
func Handler(site, publicURL string, logger *slog.Logger) (h http.Handler, cleanup func(), err error) {
	cleanup = func() {}
	var meta string
	if publicURL != "" {
		u, err := url.Parse(publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, cleanup, fmt.Errorf("the public URL %q: want http(s)://host/…", publicURL)
		}
		meta = `<meta name="brettspiel-public-url" content="` + html.EscapeString(u.String()) + `">`
	}
	if site == "" {
		root, err := moduleRoot()
		if err != nil {
			return nil, cleanup, fmt.Errorf("building the page: %w (or give -site, or -no-page)", err)
		}
		if site, err = os.MkdirTemp("", "brettspiel-site-"); err != nil {
			return nil, cleanup, err
		}
		cleanup = func() { os.RemoveAll(site) }
		logger.Info("building the page (the WebAssembly; a minute the first time)", "dir", site)
		cmd := exec.Command("go", "run", "./examples/web", "-out", site)
		cmd.Dir, cmd.Stderr = root, os.Stderr
		if err := cmd.Run(); err != nil {
			cleanup()
			return nil, func() {}, fmt.Errorf("go run ./examples/web -out: %w", err)
		}
	}
	index, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		cleanup()
		return nil, func() {}, err
	}
	i := bytes.Index(index, []byte("</head>"))
	if i < 0 {
		i = len(index)
	}
	index = slices.Concat(index[:i], []byte(meta+`<script type="module" src="online.js"></script>`), index[i:])
	scripts, err := onlineScripts()
	if err != nil {
		cleanup()
		return nil, func() {}, err
	}
	files := http.FileServer(http.Dir(site))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" || r.URL.Path == "/index.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(index)
			return
		}
		if js, ok := scripts[r.URL.Path]; ok {
			// a module script needs a JavaScript type
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write(js)
			return
		}
		files.ServeHTTP(w, r)
	}), cleanup, nil
}

// onlineScripts returns the online layer's modules by the path each is
// served at ("/online.js", "/online-game.js", …).
func onlineScripts() (map[string][]byte, error) {
	entries, err := online.ReadDir("static")
	if err != nil {
		return nil, err
	}
	scripts := make(map[string][]byte, len(entries))
	for _, e := range entries {
		b, err := online.ReadFile("static/" + e.Name())
		if err != nil {
			return nil, err
		}
		scripts["/"+e.Name()] = b
	}
	return scripts, nil
}

// moduleRoot is the folder of the library when the working one is within a
// checkout of it (the server's go.work puts the library's folder in place).
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{if .Replace}}{{.Dir}}{{end}}", "github.com/brettspiel/brettspiel").Output()
	if dir := strings.TrimSpace(string(out)); err == nil && dir != "" {
		return dir, nil
	}
	return "", errors.New("the working folder is not within a checkout of github.com/brettspiel/brettspiel")
}
