// Package web is the xiangqi app in a browser: the files of the site (the page, its script,
// the search worker's script, the service worker, the web app manifest and the icons), the
// build of the wasm program (frontends/web/app) and an http.Handler that serves them all.
// frontends/web/serve runs it; README.md says how to build and play.
//
// wasm_exec.js, the JavaScript half of Go's wasm port, must come from the Go that built the
// wasm file: it is read from that Go's GOROOT (lib/wasm/wasm_exec.js) when the site is made,
// never kept in the repository.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

//go:embed static
var static embed.FS

// AppPackage is the import path of the wasm program.
const AppPackage = "github.com/cotuong-ai/cotuong/frontends/web/app"

// IconSizes are the sizes, in pixels, of the icons the manifest names (icon-<size>.png),
// drawn by render.Icon like the Android launcher icon.
var IconSizes = []int{192, 512}

// file is one file of the site, with its gzip-compressed form when that is smaller.
type file struct {
	body, gz []byte
	ctype    string
	etag     string
}

// Site is every file of the web app, ready to serve.
type Site struct {
	files map[string]*file
	// Version identifies the build: the first 12 hex digits of a SHA-256 over every file
	// (the service worker's cache is named after it).
	Version string
}

// Build compiles the wasm program with goCmd ("go" when empty) into out: GOOS=js
// GOARCH=wasm, -trimpath, symbols and DWARF stripped (-ldflags=-s -w). It must run inside
// the module's source tree. The error carries the compiler's output.
func Build(ctx context.Context, goCmd, out string) error {
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, AppPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the wasm program (GOOS=js GOARCH=wasm %s build %s): %v\n%s", goCmd, AppPackage, err, b)
	}
	return nil
}

// WasmExec reads wasm_exec.js from the GOROOT of goCmd ("go" when empty): lib/wasm (Go 1.24
// and later) or misc/wasm (earlier).
func WasmExec(goCmd string) ([]byte, error) {
	if goCmd == "" {
		goCmd = "go"
	}
	out, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("asking %s for its GOROOT: %w", goCmd, err)
	}
	root := strings.TrimSpace(string(out))
	var firstErr error
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		b, err := os.ReadFile(filepath.Join(root, dir, "wasm_exec.js"))
		if err == nil {
			return b, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, fmt.Errorf("wasm_exec.js is not in GOROOT %s: %w", root, firstErr)
}

// New makes the site from the wasm program and wasm_exec.js (from the same Go). It draws the
// icons and writes the service worker's list of files and version.
func New(wasm, wasmExec []byte) (*Site, error) {
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return nil, fmt.Errorf("the wasm program is not a WebAssembly module (%d bytes, no \\0asm header)", len(wasm))
	}
	raw := map[string][]byte{"main.wasm": wasm, "wasm_exec.js": wasmExec}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		raw[strings.TrimPrefix(p, "static/")] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	// The page shows the download's progress against the wasm file's size, written here: the
	// Content-Length of a gzip-compressed response is not what the page receives.
	raw["start.js"] = bytes.ReplaceAll(raw["start.js"], []byte("{{WASM_SIZE}}"), []byte(strconv.Itoa(len(wasm))))
	icons, err := iconFiles()
	if err != nil {
		return nil, err
	}
	for name, b := range icons {
		raw[name] = b
	}
	names := make([]string, 0, len(raw))
	for n := range raw {
		if n != "sw.js" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(raw[n]))
		h.Write(raw[n])
	}
	version := hex.EncodeToString(h.Sum(nil))[:12]
	cached, _ := json.Marshal(append([]string{"./"}, names...))
	sw := strings.ReplaceAll(string(raw["sw.js"]), "{{VERSION}}", version)
	raw["sw.js"] = []byte(strings.ReplaceAll(sw, "{{FILES}}", string(cached)))

	s := &Site{files: map[string]*file{}, Version: version}
	for n, b := range raw {
		f := &file{body: b, ctype: contentType(n)}
		sum := sha256.Sum256(b)
		f.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
		if !strings.HasSuffix(n, ".png") {
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(b)
			w.Close()
			if z.Len() < len(b) {
				f.gz = z.Bytes()
			}
		}
		s.files[n] = f
	}
	return s, nil
}

// iconFiles returns the PNG files of the icons, drawn once per process (they depend on
// nothing but the renderer).
var iconFiles = sync.OnceValues(func() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, n := range IconSizes {
		img, err := render.Icon(n)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			return nil, err
		}
		out[fmt.Sprintf("icon-%d.png", n)] = b.Bytes()
	}
	return out, nil
})

func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".webmanifest":
		return "application/manifest+json"
	case ".png":
		return "image/png"
	}
	return "application/octet-stream"
}

// Names returns the site's file names, sorted.
func (s *Site) Names() []string {
	out := make([]string, 0, len(s.files))
	for n := range s.files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// File returns a file's content (nil when there is none).
func (s *Site) File(name string) []byte {
	if f, ok := s.files[name]; ok {
		return f.body
	}
	return nil
}

// GzipSize returns the size of a file as served gzip-compressed (its plain size when gzip
// does not make it smaller), or -1 when there is no such file.
func (s *Site) GzipSize(name string) int {
	f, ok := s.files[name]
	switch {
	case !ok:
		return -1
	case f.gz != nil:
		return len(f.gz)
	}
	return len(f.body)
}

// ServeHTTP serves the site's files ("/" is index.html) with GET and HEAD: gzip-compressed to
// clients that accept it, with an ETag, and "Cache-Control: no-cache" so a browser always
// revalidates (the service worker keeps the offline copy). Anything else is 404 or 405.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	}
	f, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", f.etag)
	h.Set("X-Content-Type-Options", "nosniff")
	if f.gz != nil {
		h.Set("Vary", "Accept-Encoding")
	}
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if f.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip (and does not refuse it
// with q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// WriteDir writes every file of the site into dir (made if needed), for any static file
// server; the server must send main.wasm as application/wasm for the fastest start.
func (s *Site) WriteDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for n, f := range s.files {
		if err := os.WriteFile(filepath.Join(dir, n), f.body, 0o644); err != nil {
			return err
		}
	}
	return nil
}
