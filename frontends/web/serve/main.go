// Command serve builds the web app's wasm program and serves the game on a local address:
//
//	go run ./frontends/web/serve                      # build, then serve on 127.0.0.1:8080
//	go run ./frontends/web/serve -addr :8080          # on every interface (a phone on the LAN)
//	go run ./frontends/web/serve -wasm main.wasm      # serve a wasm file built before
//	go run ./frontends/web/serve -out site/           # write the whole site to a folder and stop
//
// Run it inside the repository (the build needs the module's source). wasm_exec.js is read
// from the GOROOT of the same go command, so it always matches the build. A browser treats
// http://127.0.0.1 and http://localhost as secure, so the service worker (offline play) and
// installing the app work there; on any other address they need HTTPS.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	wasmPath := flag.String("wasm", "", "serve this wasm file (built with GOOS=js GOARCH=wasm from ./frontends/web/app) instead of building one")
	out := flag.String("out", "", "write the site's files into this folder and exit instead of serving")
	goCmd := flag.String("go", "go", "the go command that builds the wasm program and whose GOROOT has wasm_exec.js")
	flag.Parse()
	if err := run(*addr, *wasmPath, *out, *goCmd); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// run builds (or reads) the wasm program and writes the site to out, or serves it on addr.
// When it is to serve, it listens first, so a bad or busy address is reported at once, before
// the build's minute of work.
func run(addr, wasmPath, out, goCmd string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var ln net.Listener
	if out == "" {
		var err error
		if ln, err = listen(addr); err != nil {
			return err
		}
		defer ln.Close()
	}
	if wasmPath == "" {
		dir, err := os.MkdirTemp("", "cotuong-web-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		wasmPath = filepath.Join(dir, "main.wasm")
		log.Printf("building %s (GOOS=js GOARCH=wasm)…", web.AppPackage)
		t0 := time.Now()
		if err := web.Build(ctx, goCmd, wasmPath); err != nil {
			return err
		}
		log.Printf("built in %.1f s", time.Since(t0).Seconds())
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return err
	}
	exec, err := web.WasmExec(goCmd)
	if err != nil {
		return err
	}
	site, err := web.New(wasm, exec)
	if err != nil {
		return fmt.Errorf("%s: %w", wasmPath, err)
	}
	log.Printf("version %s: main.wasm %.2f MB, %.2f MB gzip-compressed", site.Version,
		float64(len(wasm))/1e6, float64(site.GzipSize("main.wasm"))/1e6)
	if out != "" {
		if err := site.WriteDir(out); err != nil {
			return err
		}
		log.Printf("wrote %d files to %s", len(site.Names()), out)
		return nil
	}
	srv := &http.Server{Handler: logged(site), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Printf("play at %s (Ctrl-C stops)", pageURL(ln.Addr()))
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// listen listens on addr (host:port), with an error that names the -addr flag and says
// what is wrong (no port, an unknown host, a port in use) and what is wanted.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			err = op.Err
		}
		return nil, fmt.Errorf("-addr %q: cannot listen there (%v); want host:port, e.g. 127.0.0.1:8080, or :8080 for every interface", addr, err)
	}
	return ln, nil
}

// pageURL is the address to open in a browser for a listener on a: a listener on every
// interface (":8080") is opened at 127.0.0.1, where the browser also allows the service
// worker; other devices use this machine's address on that port.
func pageURL(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	if ta.IP == nil || ta.IP.IsUnspecified() {
		return fmt.Sprintf("http://127.0.0.1:%d/ (listening on every interface: other devices use this machine's address, port %d)", ta.Port, ta.Port)
	}
	return "http://" + ta.String() + "/"
}

// logged logs each request's method, path and the time it took.
func logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		h.ServeHTTP(w, r)
		log.Printf("%s %s %v", r.Method, r.URL.Path, time.Since(t0).Round(time.Microsecond))
	})
}
