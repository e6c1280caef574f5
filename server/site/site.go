// Package site serves the game server's page: the module's examples/web
// with the server's online layer (static/online.js) added to its index.
package site

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html"
	"log"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

//go:embed static
var online embed.FS

// Handler serves the page of examples/web from the folder site (when "",
// built into a temporary one by go run ./examples/web -out), the online
// layer added to its index. publicURL, when not "", is the absolute http
// or https URL the invitations name (else the page's own address).
func Handler(site, publicURL string, logger *log.Logger) (h http.Handler, cleanup func(), err error) {
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
		root, err := ModuleRoot()
		if err != nil {
			return nil, cleanup, fmt.Errorf("building the page: %w (or give -site, or -no-page)", err)
		}
		if site, err = os.MkdirTemp("", "brettspiel-site-"); err != nil {
			return nil, cleanup, err
		}
		cleanup = func() { os.RemoveAll(site) }
		logger.Printf("building the page (the WebAssembly; a minute the first time) into %s", site)
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
	js, _ := online.ReadFile("static/online.js")
	files := http.FileServer(http.Dir(site))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/", "/index.html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(index)
		case "/online.js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write(js)
		default:
			files.ServeHTTP(w, r)
		}
	}), cleanup, nil
}

// ModuleRoot finds the folder of the library's go.mod above the working one.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/brettspiel/brettspiel\n") {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod of github.com/brettspiel/brettspiel above the working folder")
		}
		dir = up
	}
}
