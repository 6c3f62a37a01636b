package web_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/web"
)

// fakeWasm is the smallest WebAssembly module: the magic number and version 1.
var fakeWasm = []byte("\x00asm\x01\x00\x00\x00")

func newSite(t *testing.T, wasm []byte) *web.Site {
	t.Helper()
	s, err := web.New(wasm, []byte("globalThis.Go = class {};\n"))
	require.NoError(t, err)
	return s
}

func get(t *testing.T, h http.Handler, method, path string, hdr map[string]string) *http.Response {
	t.Helper()
	r := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

// TestServe: types, gzip, revalidation, methods and missing files.
func TestServe(t *testing.T) {
	s := newSite(t, append(append([]byte{}, fakeWasm...), bytes.Repeat([]byte("go"), 4096)...))
	res := get(t, s, "GET", "/", nil)
	assert.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "text/html; charset=utf-8", res.Header.Get("Content-Type"))
	body, _ := io.ReadAll(res.Body)
	assert.Contains(t, string(body), `<canvas id="board">`)

	res = get(t, s, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	assert.Equal(t, "application/wasm", res.Header.Get("Content-Type"), "instantiateStreaming needs it")
	assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(res.Body)
	require.NoError(t, err)
	plain, _ := io.ReadAll(zr)
	assert.Equal(t, s.File("main.wasm"), plain)
	assert.Less(t, s.GzipSize("main.wasm"), len(plain))

	res = get(t, s, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "gzip;q=0"})
	assert.Empty(t, res.Header.Get("Content-Encoding"), "gzip refused with q=0")
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"))
	assert.Equal(t, http.StatusNotModified, get(t, s, "GET", "/main.wasm", map[string]string{"If-None-Match": etag}).StatusCode)

	res = get(t, s, "HEAD", "/app.js", nil)
	assert.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "text/javascript; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Equal(t, http.StatusMethodNotAllowed, get(t, s, "POST", "/", nil).StatusCode)
	assert.Equal(t, http.StatusNotFound, get(t, s, "GET", "/../go.mod", nil).StatusCode)
	assert.Equal(t, http.StatusNotFound, get(t, s, "GET", "/game.txt", nil).StatusCode)

	_, err = web.New([]byte("<html>"), nil)
	assert.ErrorContains(t, err, "not a WebAssembly module")
}

// TestServiceWorkerList: the service worker caches every file of the site (and "./", the
// address a person opens), under a version that changes with the wasm program.
func TestServiceWorkerList(t *testing.T) {
	s := newSite(t, fakeWasm)
	sw := string(s.File("sw.js"))
	assert.Contains(t, sw, "const VERSION = '"+s.Version+"';")
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	require.NotNil(t, m, sw)
	var files []string
	require.NoError(t, json.Unmarshal([]byte(m[1]), &files))
	var want []string
	for _, n := range s.Names() {
		if n != "sw.js" {
			want = append(want, n)
		}
	}
	assert.Equal(t, append([]string{"./"}, want...), files)
	for _, n := range []string{"index.html", "app.js", "start.js", "worker.js", "main.wasm", "wasm_exec.js", "manifest.webmanifest", "icon-192.png", "icon-512.png"} {
		assert.Contains(t, files, n)
	}
	s2 := newSite(t, append(append([]byte{}, fakeWasm...), 0))
	assert.NotEqual(t, s.Version, s2.Version)
}

// TestManifest: the web app manifest names the app as the Android manifest does, allows any
// orientation (the layout has a landscape form) as the Android manifest does ("unspecified"), and its icons are the Android launcher icon (assets/icon.png at 192 px).
func TestManifest(t *testing.T) {
	s := newSite(t, fakeWasm)
	var man struct {
		Name                 string
		StartURL             string `json:"start_url"`
		Display, Orientation string
		Icons                []struct{ Src, Sizes, Type string }
	}
	require.NoError(t, json.Unmarshal(s.File("manifest.webmanifest"), &man))
	android, err := os.ReadFile("../android/AndroidManifest.xml")
	require.NoError(t, err)
	assert.Contains(t, string(android), `android:label="`+man.Name+`"`)
	assert.Equal(t, "any", man.Orientation, "portrait and landscape both work")
	assert.Contains(t, string(android), `android:screenOrientation="unspecified"`)
	assert.Equal(t, "standalone", man.Display)
	assert.Equal(t, "./", man.StartURL)

	launcher, err := os.ReadFile("../android/assets/icon.png")
	require.NoError(t, err)
	want, err := png.Decode(bytes.NewReader(launcher))
	require.NoError(t, err)
	require.Len(t, man.Icons, 2)
	for _, ic := range man.Icons {
		img, err := png.Decode(bytes.NewReader(s.File(ic.Src)))
		require.NoError(t, err, ic.Src)
		b := img.Bounds()
		assert.Equal(t, ic.Sizes, fmt.Sprintf("%dx%d", b.Dx(), b.Dy()), ic.Src)
		assert.Equal(t, "image/png", ic.Type)
		if b.Dx() == 192 {
			assert.True(t, samePixels(img, want), "icon-192.png is the Android launcher icon")
		}
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
				return false
			}
		}
	}
	return true
}

// TestWriteDir: the site written to a folder holds every file, byte for byte.
func TestWriteDir(t *testing.T) {
	s := newSite(t, fakeWasm)
	dir := t.TempDir()
	require.NoError(t, s.WriteDir(dir))
	for _, n := range s.Names() {
		b, err := os.ReadFile(dir + "/" + n)
		require.NoError(t, err)
		assert.Equal(t, s.File(n), b, n)
	}
}

// TestWasmExec: wasm_exec.js comes from the Go that runs the tests (the one that builds the
// wasm program) and defines Go's runtime glue.
func TestWasmExec(t *testing.T) {
	b, err := web.WasmExec("")
	require.NoError(t, err)
	assert.Contains(t, string(b), "globalThis.Go = class")
	_, err = web.WasmExec("/nonexistent/go")
	assert.ErrorContains(t, err, "asking /nonexistent/go for its GOROOT")
}

// TestWasmSizeInStartJS: start.js carries the wasm file's size (the page's download progress is
// a share of it), and the page shows the progress in #msg.
func TestWasmSizeInStartJS(t *testing.T) {
	wasm := append(append([]byte{}, fakeWasm...), make([]byte, 1234)...)
	s := newSite(t, wasm)
	js := string(s.File("start.js"))
	assert.Contains(t, js, "const cotuongWasmSize = Number('1242') || 0;")
	assert.NotContains(t, js, "{{WASM_SIZE}}")
	html := string(s.File("index.html"))
	assert.Contains(t, html, `<progress id="progress"`)
	assert.Contains(t, html, "env(safe-area-inset-bottom, 0px)", "the canvas keeps out of the home indicator")
}
