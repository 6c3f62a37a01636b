package main

import (
	"archive/zip"
	"bufio"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The server is tested as the activity runs it: a process of its own, its first line read from
// a pipe. These tests build it for this machine; frontends/android/apk's tests run the very
// files of the APK (x86_64 here, armeabi-v7a under qemu-arm).

var serverBin string // built once by TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "localserver-test-")
	if err != nil {
		panic(err)
	}
	serverBin = filepath.Join(dir, "libcotuong.so")
	if b, err := exec.Command("go", "build", "-o", serverBin, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(b)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeAPK writes a zip with the given files under assets/ (and a classes.dex, which the
// server must leave alone) and returns its path.
func fakeAPK(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	p := filepath.Join(dir, "base.apk")
	f, err := os.Create(p)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	for n, body := range files {
		w, err := zw.Create("assets/" + n)
		require.NoError(t, err)
		w.Write([]byte(body))
	}
	w, _ := zw.Create("classes.dex")
	w.Write([]byte("dex\n035"))
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	return p
}

var siteFiles = map[string]string{
	"index.html":   "<!doctype html><title>Cờ tướng</title>",
	"main.wasm":    "\x00asm\x01\x00\x00\x00",
	"sw.js":        "self.addEventListener('fetch', () => {});",
	"icon-192.png": "\x89PNG\r\n",
}

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// launch starts the server as the activity does (wrapped in sh when viaShell, so that its
// parent can be killed) and returns the process and its first line.
type launched struct {
	cmd   *exec.Cmd
	first string
	done  chan struct{}
}

func launch(t *testing.T, apk, data, addr string, viaShell bool) *launched {
	t.Helper()
	var cmd *exec.Cmd
	if viaShell {
		// sh forks the server and waits: the server's parent is sh, which the test may kill.
		cmd = exec.Command("sh", "-c", `"$0" -apk "$1" -data "$2" -addr "$3"; echo exit $?`, serverBin, apk, data, addr)
	} else {
		cmd = exec.Command(serverBin, "-apk", apk, "-data", data, "-addr", addr)
	}
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = cmd.Stdout
	require.NoError(t, cmd.Start())
	l := &launched{cmd: cmd, done: make(chan struct{})}
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err, "the server's first line")
	l.first = strings.TrimSpace(line)
	go func() { io.Copy(io.Discard, out); cmd.Wait(); close(l.done) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-l.done
	})
	return l
}

func (l *launched) exited(t *testing.T, within time.Duration) bool {
	select {
	case <-l.done:
		return true
	case <-time.After(within):
		return false
	}
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func idOf(t *testing.T, addr string) identity {
	t.Helper()
	_, body := get(t, "http://"+addr+idPath)
	var id identity
	require.NoError(t, json.Unmarshal([]byte(body), &id))
	return id
}

// pageText decodes the data: URL of an error page.
func pageText(t *testing.T, u string) string {
	t.Helper()
	const prefix = "data:text/html;charset=utf-8;base64,"
	require.True(t, strings.HasPrefix(u, prefix), "an error page's data: URL, got %.80q", u)
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(u, prefix))
	require.NoError(t, err)
	return string(b)
}

// TestServes: the first line is the page's URL; the site's files come with the types the
// browser build is served with ("/" is index.html), others are 404, only GET and HEAD.
func TestServes(t *testing.T) {
	dir := t.TempDir()
	apk, addr := fakeAPK(t, dir, siteFiles), freeAddr(t)
	l := launch(t, apk, filepath.Join(dir, "files"), addr, false)
	require.Equal(t, "http://"+addr+"/", l.first)
	for name, want := range map[string]string{"": "text/html; charset=utf-8", "main.wasm": "application/wasm",
		"sw.js": "text/javascript; charset=utf-8", "icon-192.png": "image/png"} {
		resp, body := get(t, l.first+name)
		assert.Equal(t, http.StatusOK, resp.StatusCode, name)
		assert.Equal(t, want, resp.Header.Get("Content-Type"), name)
		assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), name)
		if name == "" {
			name = "index.html"
		}
		assert.Equal(t, siteFiles[name], body, name)
	}
	resp, _ := get(t, l.first+"classes.dex")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "only assets/ is served")
	resp, err := http.Post(l.first+"index.html", "text/plain", nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	// The quit endpoint wants the token from the app's private folder.
	resp, err = http.Post("http://"+addr+quitPath, "text/plain", nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	assert.False(t, l.exited(t, 300*time.Millisecond), "a quit without the token is refused")
	// Its later output goes to server.log, never to the pipe nobody reads.
	tok, err := os.ReadFile(filepath.Join(dir, "files", "server.token"))
	require.NoError(t, err)
	assert.Len(t, strings.TrimSpace(string(tok)), 32)
}

// TestSecondLaunch: the activity launched again by the same app process finds its server
// running: the new one prints the same URL and exits; the first goes on serving.
func TestSecondLaunch(t *testing.T) {
	dir := t.TempDir()
	apk, data, addr := fakeAPK(t, dir, siteFiles), filepath.Join(dir, "files"), freeAddr(t)
	first := launch(t, apk, data, addr, false)
	second := launch(t, apk, data, addr, false)
	assert.Equal(t, first.first, second.first)
	require.True(t, second.exited(t, 10*time.Second), "the second server exits")
	assert.Equal(t, 0, second.cmd.ProcessState.ExitCode())
	assert.False(t, first.exited(t, 0))
	assert.Equal(t, first.cmd.Process.Pid, idOf(t, addr).PID, "the first server still serves")
}

// TestUpdate: a server left by the install this one replaced (another APK path, another app
// process) is told to quit, and the new one serves the new files on the same origin.
func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	data, addr := filepath.Join(dir, "files"), freeAddr(t)
	oldDir, newDir := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	os.MkdirAll(oldDir, 0o755)
	os.MkdirAll(newDir, 0o755)
	old := launch(t, fakeAPK(t, oldDir, map[string]string{"index.html": "old"}), data, addr, false)
	_, body := get(t, old.first)
	require.Equal(t, "old", body)
	updated := launch(t, fakeAPK(t, newDir, map[string]string{"index.html": "new"}), data, addr, false)
	assert.Equal(t, old.first, updated.first, "the same origin, so the same save")
	assert.True(t, old.exited(t, 10*time.Second), "the old server quit")
	_, body = get(t, updated.first)
	assert.Equal(t, "new", body)
	assert.Equal(t, updated.cmd.Process.Pid, idOf(t, addr).PID)
}

// TestPortTaken: another program on the port: the first line is a page telling the player,
// the exit status is 2, and nothing of the app's is touched.
func TestPortTaken(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "someone else") }))
	l := launch(t, fakeAPK(t, dir, siteFiles), filepath.Join(dir, "files"), ln.Addr().String(), false)
	text := pageText(t, l.first)
	assert.Contains(t, text, "another app uses the local address "+ln.Addr().String())
	assert.Contains(t, text, "Your saved game is safe")
	require.True(t, l.exited(t, 10*time.Second))
	assert.Equal(t, 2, l.cmd.ProcessState.ExitCode())
	log, _ := os.ReadFile(filepath.Join(dir, "files", "server.log"))
	assert.Contains(t, string(log), "start failed: ", "the cause is logged")
}

// TestBadAPK: an APK without the site: the player is told, status 1.
func TestBadAPK(t *testing.T) {
	dir := t.TempDir()
	l := launch(t, filepath.Join(dir, "missing.apk"), filepath.Join(dir, "files"), freeAddr(t), false)
	assert.Contains(t, pageText(t, l.first), "could not read its own files")
	require.True(t, l.exited(t, 10*time.Second))
	assert.Equal(t, 1, l.cmd.ProcessState.ExitCode())
}

// TestParentGone: when the app process dies without taking its child along, the server exits
// by itself, and the next launch (from a new app process) gets the port.
func TestParentGone(t *testing.T) {
	dir := t.TempDir()
	apk, data, addr := fakeAPK(t, dir, siteFiles), filepath.Join(dir, "files"), freeAddr(t)
	l := launch(t, apk, data, addr, true)
	require.Equal(t, "http://"+addr+"/", l.first)
	pid := idOf(t, addr).PID
	require.NotEqual(t, l.cmd.Process.Pid, pid, "the server runs under sh")
	require.NoError(t, l.cmd.Process.Kill()) // the "app process"
	gone := false
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); err != nil {
			gone = true
			break
		}
	}
	if !gone {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the server (pid %d) outlived its parent by 20 s", pid)
	}
	next := launch(t, apk, data, addr, false)
	assert.Equal(t, "http://"+addr+"/", next.first)
	assert.Equal(t, next.cmd.Process.Pid, idOf(t, addr).PID)
}

func TestContentTypeMatchesWeb(t *testing.T) {
	// The types frontends/web's server sends (site.go), which the page and the service worker
	// rely on: a wasm file must be application/wasm for streaming compilation.
	for name, want := range map[string]string{"a.html": "text/html; charset=utf-8", "a.js": "text/javascript; charset=utf-8",
		"a.wasm": "application/wasm", "manifest.webmanifest": "application/manifest+json", "a.png": "image/png",
		"a.bin": "application/octet-stream"} {
		assert.Equal(t, want, contentType(name), name)
	}
}
