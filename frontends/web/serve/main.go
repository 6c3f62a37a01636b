// Command serve builds the web app's wasm program and serves the game on a local address:
//
//	go run ./frontends/web/serve                      # build, then serve on 127.0.0.1:8080
//	go run ./frontends/web/serve -addr :8080          # on every interface (a phone on the LAN)
//
// On every interface it also prints this machine's network addresses, the ones a phone on the
// same network opens.
//
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
	"strconv"
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
	ifs, err := interfaces()
	if err != nil {
		log.Printf("listing the network interfaces: %v", err)
	}
	for _, line := range announce(ln.Addr(), ifs) {
		log.Print(line)
	}
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
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, fmt.Errorf("-addr %q: the address is in use (another program, or another serve, listens there); "+
				"stop it or choose another port, e.g. -addr %s", addr, otherPort(addr))
		}
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			err = op.Err
		}
		return nil, fmt.Errorf("-addr %q: cannot listen there (%v); want host:port, e.g. 127.0.0.1:8080, or :8080 for every interface", addr, err)
	}
	return ln, nil
}

// otherPort suggests an address like addr (host:port) on the next port: 127.0.0.1:8081 for
// 127.0.0.1:8080, :8081 for :8080; :8081 when addr cannot be read.
func otherPort(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	n, perr := strconv.Atoi(port)
	if err != nil || perr != nil || n <= 0 || n >= 65535 {
		return ":8081"
	}
	return net.JoinHostPort(host, strconv.Itoa(n+1))
}

// pageURL is the address to open in a browser for a listener on a: a listener on every
// interface (":8080") is opened at 127.0.0.1, where the browser also allows the service
// worker.
func pageURL(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	if ta.IP == nil || ta.IP.IsUnspecified() {
		return fmt.Sprintf("http://127.0.0.1:%d/", ta.Port)
	}
	return "http://" + ta.String() + "/"
}

// netIface is what serve needs to know of a network interface: its name, whether it is up or
// a loopback, and its addresses.
type netIface struct {
	Name         string
	Up, Loopback bool
	Addrs        []net.Addr
}

// interfaces lists this machine's network interfaces (a variable, so tests give a fake list).
var interfaces = func() ([]netIface, error) {
	list, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []netIface
	for _, it := range list {
		addrs, err := it.Addrs()
		if err != nil {
			continue
		}
		out = append(out, netIface{Name: it.Name, Up: it.Flags&net.FlagUp != 0,
			Loopback: it.Flags&net.FlagLoopback != 0, Addrs: addrs})
	}
	return out, nil
}

// lanURLs returns the page's address on port at each address another device on the network
// can reach: the IPv4 and IPv6 unicast addresses of the interfaces that are up and not
// loopbacks. Link-local addresses (169.254.x.x, fe80::) are left out: a browser cannot open
// an IPv6 address with a zone, and a 169.254 address is rarely what a phone shares.
func lanURLs(port int, ifs []netIface) []string {
	var out []string
	for _, it := range ifs {
		if !it.Up || it.Loopback {
			continue
		}
		for _, a := range it.Addrs {
			var ip net.IP
			switch a := a.(type) {
			case *net.IPNet:
				ip = a.IP
			case *net.IPAddr:
				ip = a.IP
			}
			if ip == nil || !ip.IsGlobalUnicast() {
				continue // loopback, link-local, multicast, unspecified
			}
			out = append(out, fmt.Sprintf("  http://%s/  (%s)", net.JoinHostPort(ip.String(), strconv.Itoa(port)), it.Name))
		}
	}
	return out
}

// announce returns the lines serve prints once it listens on a: the address to open here,
// and, when it listens on every interface, the addresses a phone on the same network opens
// (from ifs), with what a browser allows there.
func announce(a net.Addr, ifs []netIface) []string {
	lines := []string{"play at " + pageURL(a) + " (Ctrl-C stops)"}
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return lines
	}
	if ta.IP != nil && !ta.IP.IsUnspecified() {
		if !ta.IP.IsLoopback() {
			lines = append(lines, httpsNote)
		}
		return lines
	}
	urls := lanURLs(ta.Port, ifs)
	if len(urls) == 0 {
		return append(lines, "no network address other than loopback was found: other devices cannot reach this machine")
	}
	lines = append(lines, "a phone or computer on the same network opens this machine's address:")
	lines = append(lines, urls...)
	return append(lines, httpsNote)
}

// httpsNote says what a browser allows on an address other than localhost.
const httpsNote = "there the game plays, but installing it and playing offline need HTTPS (browsers allow them without it only on localhost): serve the -out folder over HTTPS for that"

// logged logs each request's method, path and the time it took.
func logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		h.ServeHTTP(w, r)
		log.Printf("%s %s %v", r.Method, r.URL.Path, time.Since(t0).Round(time.Microsecond))
	})
}
