package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The handler serves the page with the content types a browser needs:
// WebAssembly.instantiateStreaming refuses a module that is not served as
// application/wasm, and module scripts need a JavaScript type.
func TestHandlerServesThePage(t *testing.T) {
	dir := t.TempDir()
	if err := WriteStatic(dir); err != nil {
		t.Fatal(err)
	}
	// A stand-in for the module: the handler does not look inside it.
	wasm := []byte("\x00asm\x01\x00\x00\x00")
	if err := os.WriteFile(filepath.Join(dir, WasmFile), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, c := range []struct {
		path, ctype, contains string
	}{
		{"/", "text/html", `<svg id="board"`},
		{"/index.html", "", ""}, // redirected to /
		{"/app.js", "text/javascript", "main();"},
		{"/engine.js", "text/javascript", "brettspiel.call("},
		{"/style.css", "text/css", ".point"},
		{"/" + WasmFile, "application/wasm", "\x00asm"},
	} {
		res, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", c.path, res.Status)
			continue
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %s", c.path, ct, c.ctype)
		}
		if !bytes.Contains(body, []byte(c.contains)) {
			t.Errorf("GET %s: the body lacks %q", c.path, c.contains)
		}
	}
	res, err := http.Get(srv.URL + "/nosuch.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nosuch.js: %s", res.Status)
	}
}

// Every element the page's scripts look up by ID is in index.html.
func TestPageHasTheElementsTheScriptUses(t *testing.T) {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	var js []byte
	files, err := fs.Glob(static, "static/*.js")
	if err != nil || len(files) < 5 {
		t.Fatalf("the page's scripts: %v, %v", files, err)
	}
	for _, f := range files {
		b, err := static.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		js = append(js, b...)
	}
	n := 0
	for _, part := range strings.Split(string(js), "$('#")[1:] {
		id, _, _ := strings.Cut(part, "'")
		id, _, _ = strings.Cut(id, " ")
		if !bytes.Contains(html, []byte(`id="`+id+`"`)) {
			t.Errorf("the script uses #%s, which index.html lacks", id)
		}
		n++
	}
	if n < 20 {
		t.Errorf("found only %d lookups in the scripts", n)
	}
}

// MaxScriptLines bounds each of the page's JavaScript modules, so that
// each stays one concept that can be read whole: a module that grows
// past it is split by concept, as app.js once was.
const MaxScriptLines = 800

// lines counts the lines of a file as wc -l does, and a last line without
// its line feed too.
func lines(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// No script of the page is longer than MaxScriptLines, and each module a
// script imports ("./name.js") is one of the page's files, which the
// server embeds and -out writes.
func TestPageScriptsAreShortAndComplete(t *testing.T) {
	files, err := fs.Glob(static, "static/*.js")
	if err != nil || len(files) < 5 {
		t.Fatalf("the page's scripts: %v, %v", files, err)
	}
	importRE := regexp.MustCompile(`(?m)^import .* from '\./([^']+)';$`)
	for _, f := range files {
		b, err := static.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := lines(b); n > MaxScriptLines {
			t.Errorf("%s has %d lines, more than %d: split it by concept into modules of its own", f, n, MaxScriptLines)
		}
		for _, m := range importRE.FindAllSubmatch(b, -1) {
			if _, err := fs.Stat(static, "static/"+string(m[1])); err != nil {
				t.Errorf("%s imports ./%s, which the page lacks", f, m[1])
			}
		}
	}
}

// BuildSite builds the real WebAssembly and copies wasm_exec.js. It takes
// a Go build for js/wasm (some seconds, more on a cold cache), so -short
// skips it.
func TestBuildSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly; skipped with -short")
	}
	dir := t.TempDir()
	if err := BuildSite(dir); err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("%s is no WebAssembly module", WasmFile)
	}
	// the page's build links the learned levels in (the build tag nets):
	// their names ("beginner" … "strongest") are in it
	if !bytes.Contains(wasm, []byte("strongest")) {
		t.Errorf("the page's %s has no learned levels", WasmFile)
	}
	exec, err := os.ReadFile(filepath.Join(dir, "wasm_exec.js"))
	if err != nil || !bytes.Contains(exec, []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js: %v", err)
	}
	for _, f := range []string{"index.html", "app.js", "i18n.js", "style.css"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// the compressed copy beside the module
	gz, err := os.ReadFile(filepath.Join(dir, WasmFile+".gz"))
	if err != nil {
		t.Fatal(err)
	}
	if !unpacksTo(gz, wasm) || len(gz) > len(wasm)/2 {
		t.Errorf("%s.gz: %d bytes, not the module (%d bytes) compressed", WasmFile, len(gz), len(wasm))
	}
}

// BuildNPM writes every file the package's package.json ships: the files
// kept in the repository, the WebAssembly and wasm_exec.js.
func TestBuildNPM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly; skipped with -short")
	}
	dir := t.TempDir()
	if err := BuildNPM(dir); err != nil {
		t.Fatal(err)
	}
	// the package's build is the lean one, without the learned levels
	if wasm, err := os.ReadFile(filepath.Join(dir, WasmFile)); err != nil || bytes.Contains(wasm, []byte("strongest")) {
		t.Errorf("the package's %s: %v, or it has the learned levels", WasmFile, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Files   []string
		Exports map[string]any
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	if len(pkg.Files) < 5 {
		t.Fatalf("package.json ships %v", pkg.Files)
	}
	for _, f := range pkg.Files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("package.json ships %s: %v", f, err)
		}
	}
	for name, target := range pkg.Exports {
		if s, ok := target.(string); ok {
			if _, err := os.Stat(filepath.Join(dir, s)); err != nil {
				t.Errorf("export %s: %v", name, err)
			}
		}
	}
	// npm ships LICENSE with every package: the module's, when it has one
	if want, err := os.ReadFile(filepath.Join("..", "..", "LICENSE")); err == nil {
		if got, err := os.ReadFile(filepath.Join(dir, "LICENSE")); err != nil || !bytes.Equal(got, want) {
			t.Errorf("the package's LICENSE is not the module's: %v", err)
		}
	} else {
		t.Logf("the module has no LICENSE to ship: %v", err)
	}
}

// The WebAssembly goes out gzip-compressed to a browser that accepts gzip
// (compressed once, when the handler is made), whole to one that does not,
// and with an ETag: a browser that has it gets 304 Not Modified and no
// body.
func TestHandlerCompressesAndTagsTheWasm(t *testing.T) {
	dir := t.TempDir()
	if err := WriteStatic(dir); err != nil {
		t.Fatal(err)
	}
	wasm := bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 some module bytes "), 2000)
	if err := os.WriteFile(filepath.Join(dir, WasmFile), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	// A compressed copy of another module is no copy of this one.
	if err := os.WriteFile(filepath.Join(dir, WasmFile+".gz"), gzipped([]byte("an older module")), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	get := func(enc, etag string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/"+WasmFile, nil)
		// Set by hand, the Go client leaves the body compressed.
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, body
	}
	res, body := get("gzip, deflate, br", "")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("with gzip accepted: %s, Content-Encoding %q", res.Status, res.Header.Get("Content-Encoding"))
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Errorf("Content-Type %q", ct)
	}
	if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q lacks Accept-Encoding", res.Header.Get("Vary"))
	}
	if len(body) >= len(wasm)/4 {
		t.Errorf("compressed body of %d bytes for %d", len(body), len(wasm))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, wasm) {
		t.Fatalf("the compressed body does not unpack to the module (%v)", err)
	}
	etag := res.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if res, body := get("gzip", etag); res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("with its ETag: %s and %d bytes, want 304 and none", res.Status, len(body))
	}
	res, body = get("identity", "")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Errorf("without gzip: %s, Content-Encoding %q, %d bytes", res.Status, res.Header.Get("Content-Encoding"), len(body))
	}
	if res.Header.Get("ETag") == etag || res.Header.Get("ETag") == "" {
		t.Errorf("the plain module's ETag %q, the compressed one's %q: want two tags", res.Header.Get("ETag"), etag)
	}
	// A rebuilt module gets another tag.
	if err := os.WriteFile(filepath.Join(dir, WasmFile), append(wasm, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	srv2 := httptest.NewServer(Handler(dir))
	defer srv2.Close()
	req, _ := http.NewRequest("GET", srv2.URL+"/"+WasmFile, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res2, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.Header.Get("ETag") == etag {
		t.Error("a changed module kept its ETag")
	}
}

// A taken port is said at once: the server listens before it builds, and
// returns the listen's error without building anything.
func TestTakenPortIsSaidBeforeTheBuild(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	was := buildSite
	defer func() { buildSite = was }()
	buildSite = func(string) error {
		t.Error("the site was built before the address was taken")
		return nil
	}
	err = run(taken.Addr().String(), "")
	if err == nil || !strings.Contains(err.Error(), taken.Addr().String()) {
		t.Fatalf("run on a taken port: %v", err)
	}
}

// The page names its icon in itself (a data: link): a browser asks for no
// favicon.ico, which the site does not have.
func TestPageHasItsIcon(t *testing.T) {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(html, []byte(`<link rel="icon" href="data:image/svg+xml,`)) {
		t.Error("index.html names no icon of its own: browsers ask for /favicon.ico")
	}
}
