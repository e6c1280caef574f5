// Command web serves a web page that plays every game of the module in the
// browser: the library compiled to WebAssembly, a page of plain HTML,
// JavaScript modules and SVG, no framework.
//
//	go run ./examples/web              # build and serve on 127.0.0.1:8080
//	go run ./examples/web -addr :0     # any free port; the address is printed
//	go run ./examples/web -out site    # write the static site to ./site and exit
//	go run ./examples/web -npm DIR     # write the JavaScript package to DIR and exit
//
// It builds the WebAssembly with the go command that runs it (GOOS=js
// GOARCH=wasm go build of examples/web/wasm; run it from within the module),
// the page's with the build tag nets (the learned levels and the analysis of
// a game linked in), the package's without (the lean build),
// copies wasm_exec.js from that Go's root, and serves the page with the
// files embedded in this program. The site is static: any web server can
// host the folder that -out writes.
//
// -npm writes the JavaScript package of the engine (the folder npm: the
// loader, the worker, the TypeScript declarations, of which protocol.d.ts
// is generated from the JSON Schemas by npm/gen) with the WebAssembly
// and wasm_exec.js built beside them, ready for npm pack or npm publish;
// DIR may be the folder npm itself, whose tests (node --test) need them.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

//go:embed static
var static embed.FS

// npmFiles are the JavaScript package's files kept in the repository; the
// build adds WasmFile and wasm_exec.js.
//
//go:embed npm/package.json npm/README.md npm/index.js npm/index.d.ts npm/protocol.d.ts npm/worker.js
var npmFiles embed.FS

// wasmPackage is the import path of the WebAssembly side of the page.
const wasmPackage = "github.com/brettspiel/brettspiel/examples/web/wasm"

// WasmFile is the name of the WebAssembly module in the site.
const WasmFile = "brettspiel.wasm"

// PageTags are the build tags of the page's WebAssembly: nets links the
// learned levels of the race games and the analysis of a game in (package
// session), about 68 KB gzipped that the JavaScript package, built without
// it, leaves out to stay within its size bound.
const PageTags = "nets"

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve on (host:port; port 0 picks a free one)")
	out := flag.String("out", "", "write the static site to this folder and exit instead of serving")
	npm := flag.String("npm", "", "write the JavaScript package to this folder and exit instead of serving")
	flag.Parse()
	if *npm != "" {
		if err := BuildNPM(*npm); err != nil {
			log.Fatal(err)
		}
		fmt.Println("wrote the JavaScript package to", *npm)
		return
	}
	if err := run(*addr, *out); err != nil {
		log.Fatal(err)
	}
}

func run(addr, out string) error {
	if out != "" {
		if err := buildSite(out); err != nil {
			return err
		}
		fmt.Println("wrote the site to", out)
		return nil
	}
	// The address first: a port that is taken is said at once, not after
	// the build, and the browser may be pointed at the page while the
	// WebAssembly is built (its request waits until the page is served).
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s (is another server running there? -addr picks another address): %w", addr, err)
	}
	defer ln.Close()
	fmt.Printf("listening on http://%s/ — building the page first (the WebAssembly: about a minute with an empty build cache)…\n", ln.Addr())
	dir, err := os.MkdirTemp("", "brettspiel-web-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := buildSite(dir); err != nil {
		return err
	}
	// The line a test reads to find the server.
	fmt.Printf("serving http://%s/\n", ln.Addr())
	// Stop on an interrupt or a termination, so that the temporary
	// folder is removed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: Handler(dir)}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return srv.Shutdown(context.Background())
	}
}

// buildSite is BuildSite; a test replaces it to see that nothing is built
// before the address is taken.
var buildSite = BuildSite

// BuildSite writes the page into dir: the embedded files, wasm_exec.js of
// the Go that runs the build, the WebAssembly built from wasmPackage and
// beside it its gzip-compressed copy (WasmFile + ".gz"), for a web server
// that serves files compressed ahead (such as nginx's gzip_static).
func BuildSite(dir string) error {
	if err := WriteStatic(dir); err != nil {
		return err
	}
	if err := BuildWasm(dir, PageTags); err != nil {
		return err
	}
	plain, err := os.ReadFile(filepath.Join(dir, WasmFile))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, WasmFile+".gz"), gzipped(plain), 0o644)
}

// gzipped compresses data with gzip at its best compression.
func gzipped(data []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data) // a bytes.Buffer takes every write
	zw.Close()
	return buf.Bytes()
}

// BuildNPM writes the JavaScript package into dir: its embedded files,
// wasm_exec.js, the WebAssembly and the module's LICENSE (which npm ships
// with every package), when the module has one.
func BuildNPM(dir string) error {
	if err := writeFS(npmFiles, "npm", dir); err != nil {
		return err
	}
	if err := copyLicense(dir); err != nil {
		return err
	}
	return BuildWasm(dir, "")
}

// copyLicense copies the file LICENSE at the root of the module the build
// runs in into dir; nothing when there is none.
func copyLicense(dir string) error {
	goCmd := GoCommand()
	mod, err := exec.Command(goCmd, "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("%s env GOMOD: %w", goCmd, err)
	}
	gomod := strings.TrimSpace(string(mod))
	if gomod == "" || gomod == os.DevNull {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(filepath.Dir(gomod), "LICENSE"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "LICENSE"), data, 0o644)
}

// BuildWasm writes WasmFile, built from wasmPackage with the build tags
// tags (a comma-separated list, "" for none), and wasm_exec.js of the Go
// that builds it into dir.
func BuildWasm(dir, tags string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	goCmd := GoCommand()
	root, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("%s env GOROOT: %w", goCmd, err)
	}
	if err := copyWasmExec(strings.TrimSpace(string(root)), dir); err != nil {
		return err
	}
	// -s -w drop the symbol table and DWARF: 2% of the module, unused in a
	// browser.
	build := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-tags="+tags, "-o", filepath.Join(dir, WasmFile), wasmPackage)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	build.Stderr = &stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build the WebAssembly (run this from within the module): %w\n%s", err, stderr.String())
	}
	return nil
}

// WriteStatic writes the embedded page (index.html, app.js, style.css, …)
// into dir.
func WriteStatic(dir string) error { return writeFS(static, "static", dir) }

// writeFS writes the files under root of fsys into dir.
func writeFS(fsys fs.FS, root, dir string) error {
	sub, err := fs.Sub(fsys, root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return fs.WalkDir(sub, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if err == nil && path != "." {
				err = os.MkdirAll(filepath.Join(dir, path), 0o755)
			}
			return err
		}
		data, err := fs.ReadFile(sub, path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, path), data, 0o644)
	})
}

// GoCommand returns the go command to build with: "go" from PATH, else the
// one in the root of the Go this program was built with. (os.Executable is
// no help: under go run it is a binary in a temporary folder.)
func GoCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// copyWasmExec copies the JavaScript support file of Go's WebAssembly port:
// lib/wasm/wasm_exec.js since Go 1.24, misc/wasm/wasm_exec.js before.
func copyWasmExec(goroot, dir string) error {
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		data, err := os.ReadFile(filepath.Join(goroot, p))
		if err == nil {
			return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), data, 0o644)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return fmt.Errorf("no wasm_exec.js in %s (lib/wasm or misc/wasm)", goroot)
}

// Handler serves the site in dir with the content types browsers insist
// on (application/wasm for WebAssembly.instantiateStreaming, text/javascript
// for modules). The page's own files are served without caching, so that a
// rebuilt page is loaded. The WebAssembly, read and gzip-compressed once
// when the handler is made, goes out compressed to a browser that accepts
// gzip, with an ETag of its content: a browser revalidates it and gets 304
// Not Modified until the module changes.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	wasm := loadWasm(dir)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch filepath.Ext(r.URL.Path) {
		case ".wasm":
			w.Header().Set("Content-Type", "application/wasm")
		case ".js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		case ".css":
			w.Header().Set("Content-Type", "text/css; charset=utf-8")
		}
		w.Header().Set("Cache-Control", "no-cache")
		if wasm != nil && r.URL.Path == "/"+WasmFile {
			wasm.serve(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// wasmFile is the WebAssembly held in memory, whole and gzip-compressed,
// with the ETags of both.
type wasmFile struct {
	plain, gz       []byte
	plainTag, gzTag string
	modified        time.Time
}

// loadWasm reads the WebAssembly in dir and its compressed copy, which it
// makes when BuildSite has not (or the module is newer); nil when there is
// no module (the file server then answers).
func loadWasm(dir string) *wasmFile {
	path := filepath.Join(dir, WasmFile)
	plain, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	gz, err := os.ReadFile(path + ".gz")
	if gi, serr := os.Stat(path + ".gz"); err != nil || serr != nil || gi.ModTime().Before(info.ModTime()) || !unpacksTo(gz, plain) {
		gz = gzipped(plain)
	}
	sum := sha256.Sum256(plain)
	tag := hex.EncodeToString(sum[:12])
	return &wasmFile{plain: plain, gz: gz, plainTag: `"` + tag + `"`, gzTag: `"` + tag + `-gz"`, modified: info.ModTime()}
}

// unpacksTo reports whether gz is the gzip compression of plain.
func unpacksTo(gz, plain []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(zr)
	return err == nil && bytes.Equal(got, plain)
}

func (f *wasmFile) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Accept-Encoding")
	body, tag := f.plain, f.plainTag
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		body, tag = f.gz, f.gzTag
		w.Header().Set("Content-Encoding", "gzip")
	}
	w.Header().Set("ETag", tag)
	// ServeContent answers If-None-Match with 304 and drops the
	// encoding's header then.
	http.ServeContent(w, r, WasmFile, f.modified, bytes.NewReader(body))
}

// acceptsGzip reports whether an Accept-Encoding header admits gzip (a
// q of 0 refuses it).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
