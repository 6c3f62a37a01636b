// Command localserver is the native half of the Android app built by frontends/android/apk: the
// app's activity starts it from the APK's native-library folder (as lib/<abi>/libcotuong.so, the
// only place Android 10 and later let an app execute a file of its own) and shows the page it
// serves in a WebView.
//
//	libcotuong.so -apk /data/app/.../base.apk -data /data/user/0/<package>/files
//
// It serves the browser build kept in the APK's assets/ folder (the same files as
// `go run ./frontends/web/serve -out DIR` writes) on http://127.0.0.1:29470/. The port is fixed
// because the WebView keeps the page's storage (the save, in localStorage) and its service
// worker per origin: another port would be another origin, and the save would seem gone.
//
// Its first line on standard output is the address for the WebView: the page's URL when the
// server listens (or when this app's own server already does), or a data: URL of a page that
// tells the player why the game could not start. Nothing else is ever written to standard output
// or standard error (the activity reads only that line): later messages go to server.log in the
// -data folder, and on start-up failure the page's text is repeated there.
//
// What it does when something stands in the way:
//   - the port is taken by this app's server started by the same app process (a second launch
//     of the activity): it prints the URL and exits; the running server goes on serving;
//   - the port is taken by a server of this app left from another app process (Android killed
//     the app but not its child) or from an older install (the app was updated): it asks that
//     server to quit (POST /.cotuong/quit with the token kept in the -data folder, which only
//     this app can read), waits for the port for up to 2.5 s, then listens (the activity waits
//     for the first line on its main thread, so every wait here is short: 4.5 s at worst);
//   - the port is taken by another program: it prints a page saying so (the saved game, kept by
//     the WebView, is not touched) and exits with status 2;
//   - its parent (the app process) is gone: it exits within 2 s, so no server outlives the app.
package main

import (
	"archive/zip"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/android/apk/internal/startpage"
	"github.com/cotuong-ai/cotuong/internal/atomicfile"
)

// Addr is the address the server listens on; see the package comment for why it is fixed.
const Addr = "127.0.0.1:29470"

// idPath and quitPath are the server's own endpoints (outside the site's file names).
const (
	idPath   = "/.cotuong/id"
	quitPath = "/.cotuong/quit"
)

// identity is what GET /.cotuong/id answers: App is always "cotuong"; APK the path of the APK
// the server serves (it changes when the app is updated); PPID the app process that started it.
type identity struct {
	App  string `json:"app"`
	APK  string `json:"apk"`
	PID  int    `json:"pid"`
	PPID int    `json:"ppid"`
}

// startError is a failure to start, with the sentence the player reads.
type startError struct {
	status int    // the exit status
	player string // what the player is told
	err    error  // the cause, for server.log
}

func (e *startError) Error() string { return fmt.Sprintf("%s (%v)", e.player, e.err) }

func main() {
	apk := flag.String("apk", "", "the APK whose assets/ folder holds the site (ApplicationInfo.sourceDir)")
	data := flag.String("data", "", "the app's private files folder (Context.getFilesDir()): the token and server.log")
	addr := flag.String("addr", Addr, "address to listen on; the app always uses the default (tests use another)")
	flag.Parse()
	os.Exit(run(*apk, *data, *addr, os.Stdout))
}

// run starts the server, prints the line for the WebView on out and serves until the parent
// process is gone or the server is told to quit. It returns the exit status.
func run(apk, data, addr string, out io.Writer) int {
	s, ln, err := start(apk, data, addr)
	if err != nil {
		var se *startError
		if !errors.As(err, &se) {
			se = &startError{status: 1, player: "Cờ tướng could not start: " + err.Error() + ".", err: err}
		}
		fmt.Fprintln(out, startpage.URL(se.player))
		if data != "" {
			appendLog(data, "start failed: "+se.Error())
		}
		return se.status
	}
	if ln == nil { // this app process's server already serves the site
		fmt.Fprintln(out, "http://"+addr+"/")
		return 0
	}
	fmt.Fprintln(out, "http://"+ln.Addr().String()+"/")
	quietOutput(data)
	ppid := os.Getppid()
	go func() {
		for range time.Tick(2 * time.Second) {
			if os.Getppid() != ppid {
				os.Exit(0) // the app process is gone: so is the WebView that used us
			}
		}
	}()
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.quit = func() { go srv.Close() }
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		appendLog(data, "serve: "+err.Error())
		return 1
	}
	return 0
}

// start reads the site from the APK and listens on addr, taking the port over from an older
// server of this app. A nil listener with a nil error means this app process's own server
// already listens there.
func start(apk, data, addr string) (*server, net.Listener, error) {
	if apk == "" || data == "" {
		return nil, nil, &startError{status: 1, player: "Cờ tướng could not start: its server was started without -apk and -data.", err: errors.New("missing flags")}
	}
	files, err := readAssets(apk)
	if err != nil {
		return nil, nil, &startError{status: 1, player: "Cờ tướng could not read its own files. Your saved game is safe; install the app again over this one (that keeps the save).", err: err}
	}
	token, err := readToken(data)
	if err != nil {
		return nil, nil, &startError{status: 1, player: "Cờ tướng could not start: its private folder cannot be written. Your saved game is safe; free some storage and open Cờ tướng again.", err: err}
	}
	s := newServer(files, identity{App: "cotuong", APK: apk, PID: os.Getpid(), PPID: os.Getppid()}, token)
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return s, ln, nil
	}
	if !errors.Is(err, syscall.EADDRINUSE) {
		return nil, nil, &startError{status: 2, player: fmt.Sprintf("Cờ tướng could not open its local address %s. Your saved game is safe; open Cờ tướng again.", addr), err: err}
	}
	other, ok := ask(addr)
	if !ok {
		return nil, nil, &startError{status: 2, player: fmt.Sprintf("Cờ tướng could not start: another app uses the local address %s that Cờ tướng needs. Your saved game is safe. Close that app (or restart the phone) and open Cờ tướng again.", addr), err: err}
	}
	if other.APK == apk && other.PPID == os.Getppid() {
		return s, nil, nil
	}
	// An older server of this app: from an app process that is gone, or from the install this
	// one updated. It serves other files or will exit with its parent, so it must go.
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+quitPath, nil)
	req.Header.Set("X-Cotuong-Token", token)
	if resp, err := (&http.Client{Timeout: time.Second}).Do(req); err == nil {
		resp.Body.Close()
	}
	deadline := time.Now().Add(2500 * time.Millisecond)
	for {
		ln, err = net.Listen("tcp", addr)
		if err == nil {
			return s, ln, nil
		}
		if time.Now().After(deadline) {
			return nil, nil, &startError{status: 2, player: fmt.Sprintf("Cờ tướng could not start: an older copy of its server still holds %s. Your saved game is safe; restart the phone and open Cờ tướng again.", addr), err: err}
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ask returns the identity of the server on addr, and whether it is one of this app's.
func ask(addr string) (identity, bool) {
	var id identity
	resp, err := (&http.Client{Timeout: time.Second}).Get("http://" + addr + idPath)
	if err != nil {
		return id, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&id) != nil {
		return id, false
	}
	return id, id.App == "cotuong"
}

// readAssets returns the files under assets/ in the APK (a zip file), by their names below it.
func readAssets(apk string) (map[string][]byte, error) {
	zr, err := zip.OpenReader(apk)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	files := map[string][]byte{}
	for _, f := range zr.File {
		name, ok := strings.CutPrefix(f.Name, "assets/")
		if !ok || name == "" || strings.HasSuffix(name, "/") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		files[name] = b
	}
	if files["index.html"] == nil {
		return nil, fmt.Errorf("%s has no assets/index.html", apk)
	}
	return files, nil
}

// readToken returns the secret that lets a new server of this app stop an older one, kept in
// data/server.token (made the first time, readable by this app only).
func readToken(data string) (string, error) {
	p := filepath.Join(data, "server.token")
	if b, err := os.ReadFile(p); err == nil && len(bytes.TrimSpace(b)) >= 32 {
		return string(bytes.TrimSpace(b)), nil
	}
	if err := os.MkdirAll(data, 0o700); err != nil {
		return "", err
	}
	var r [16]byte
	if _, err := rand.Read(r[:]); err != nil {
		return "", err
	}
	t := hex.EncodeToString(r[:])
	return t, atomicfile.Write(p, []byte(t+"\n"), 0o600)
}

// appendLog adds a line to data/server.log, which is cut to nothing when it passes 64 KiB.
func appendLog(data, line string) {
	p := filepath.Join(data, "server.log")
	if fi, err := os.Stat(p); err == nil && fi.Size() > 64<<10 {
		os.Remove(p)
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%s %s\n", time.Now().UTC().Format(time.RFC3339), line)
	f.Close()
}

// server serves the site's files and the two endpoints of its own.
type server struct {
	files map[string][]byte
	etags map[string]string
	id    identity
	token string
	quit  func()
}

func newServer(files map[string][]byte, id identity, token string) *server {
	s := &server{files: files, etags: map[string]string{}, id: id, token: token}
	for n, b := range files {
		sum := sha256.Sum256(b)
		s.etags[n] = `"` + hex.EncodeToString(sum[:8]) + `"`
	}
	return s
}

// ServeHTTP serves GET and HEAD of the site's files ("/" is index.html) with their types,
// "Cache-Control: no-cache" and an ETag, as frontends/web serves them (the service worker keeps
// the offline copy); GET /.cotuong/id and POST /.cotuong/quit (with the token) are the server's.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case idPath:
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(s.id)
		return
	case quitPath:
		if r.Method != http.MethodPost || r.Header.Get("X-Cotuong-Token") != s.token {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		if s.quit != nil {
			s.quit()
		}
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	}
	b, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", s.etags[name])
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// contentType is the type a file is served with, by its extension (as frontends/web serves it).
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
