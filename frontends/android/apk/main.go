// Command apk builds a signed Android APK of the xiangqi app from Debian's Android tools alone
// (no Android SDK, no NDK):
//
//	go run ./frontends/android/apk -o cotuong.apk
//
// The APK holds the browser build (frontends/web: main.wasm, the page, its workers, the service
// worker, the manifest and icons) as its assets/ files, byte for byte, and the app's native
// server (frontends/android/apk/localserver, pure Go, CGO_ENABLED=0) as lib/<abi>/libcotuong.so
// for arm64-v8a (GOOS=android), armeabi-v7a and x86_64 (static GOOS=linux builds: Go links
// android/arm and android/amd64 only through cgo). The activity (smali/MainActivity.smali,
// assembled by Debian's smali) starts the server and shows http://127.0.0.1:29470/ in a WebView;
// docs/android.md says why this shell was chosen and what happens when something goes wrong.
//
// Tools, from Debian packages: aapt and zipalign (packages aapt, zipalign), apksigner,
// framework-res.apk (android-framework-res), smali (libsmali-java), keytool (a JDK). The APK is
// signed with -keystore, by default the Android SDK's debug key ~/.android/debug.keystore
// (alias androiddebugkey, password "android"), made with keytool when it does not exist; an
// update installs over an older install only when both are signed with the same key.
//
// The version comes from the repository: versionName from `git describe --tags --always
// --dirty`, versionCode from the number of commits (`git rev-list --count HEAD`); without git
// (or outside a clone) they are "0.0.0-dev" and 1, or what -version-name and -version-code say.
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/android/apk/internal/startpage"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/web"
	"github.com/cotuong-ai/cotuong/internal/atomicfile"
)

// Package is the Android package name (the same as the x/mobile build's, so there is one
// "Cờ tướng" app on a phone).
const Package = "com.github.cotuongai.xiangqi"

// Label is the app's name under its launcher icon.
const Label = "Cờ tướng"

// MinSDK and TargetSDK are the API levels the manifest declares: 24 is Android 7.0; 29 is the
// level of Debian's framework-res.apk (Android 10), at which the activity may execute the
// server from its native-library folder.
const (
	MinSDK    = 24
	TargetSDK = 29
)

// ServerPackage is the import path of the native server.
const ServerPackage = "github.com/cotuong-ai/cotuong/frontends/android/apk/localserver"

// abiTargets maps an Android ABI to the Go target of its server.
var abiTargets = map[string][]string{
	"arm64-v8a":   {"GOOS=android", "GOARCH=arm64"},
	"armeabi-v7a": {"GOOS=linux", "GOARCH=arm", "GOARM=7"},
	"x86_64":      {"GOOS=linux", "GOARCH=amd64"},
}

//go:embed smali/*.smali AndroidManifest.xml
var sources embed.FS

// launcherSizes are the launcher icon's sizes in pixels per density folder (48 dp).
var launcherSizes = map[string]int{"mdpi": 48, "hdpi": 72, "xhdpi": 96, "xxhdpi": 144, "xxxhdpi": 192}

// options are the build's inputs (the command's flags).
type options struct {
	out               string
	keystore, ksPass  string
	keyAlias, keyPass string
	versionName       string
	versionCode       int
	framework         string
	abis              []string
	goCmd             string
	wasm              string // a prebuilt main.wasm, or "" to build one
	verbose           bool
}

// result is what a build made: the site in the APK's assets and the version it carries.
type result struct {
	site        *web.Site
	versionName string
	versionCode int
}

func main() {
	var o options
	home, _ := os.UserHomeDir()
	flag.StringVar(&o.out, "o", "", "write the signed APK to this file (required)")
	flag.StringVar(&o.keystore, "keystore", filepath.Join(home, ".android", "debug.keystore"), "keystore to sign with; the debug keystore is made when missing")
	flag.StringVar(&o.ksPass, "ks-pass", "pass:android", "the keystore's password, in apksigner's forms (pass:…, env:…, file:…)")
	flag.StringVar(&o.keyAlias, "key-alias", "androiddebugkey", "the key's alias in the keystore")
	flag.StringVar(&o.keyPass, "key-pass", "", "the key's password, in apksigner's forms (default: the keystore's)")
	flag.StringVar(&o.versionName, "version-name", "", "versionName (default: git describe --tags --always --dirty)")
	flag.IntVar(&o.versionCode, "version-code", 0, "versionCode (default: the number of commits, git rev-list --count HEAD)")
	flag.StringVar(&o.framework, "framework", "", "framework-res.apk to link against (default: Debian's android-framework-res)")
	abis := flag.String("abis", "arm64-v8a,armeabi-v7a,x86_64", "the ABIs to build the server for, comma-separated")
	flag.StringVar(&o.goCmd, "go", "go", "the go command (its GOROOT gives wasm_exec.js)")
	flag.StringVar(&o.wasm, "wasm", "", "use this main.wasm (GOOS=js GOARCH=wasm build of ./frontends/web/app) instead of building one")
	flag.BoolVar(&o.verbose, "v", false, "print each tool's command")
	flag.Parse()
	if o.out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./frontends/android/apk -o FILE.apk [flags]")
		flag.PrintDefaults()
		os.Exit(2)
	}
	o.abis = strings.Split(*abis, ",")
	ctx := context.Background()
	t0 := time.Now()
	r, err := build(ctx, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apk:", err)
		os.Exit(1)
	}
	fi, _ := os.Stat(o.out)
	log.Printf("wrote %s: %s %s (versionCode %d), %.1f MB, site %s, in %.0f s",
		o.out, Package, r.versionName, r.versionCode, float64(fi.Size())/1e6, r.site.Version, time.Since(t0).Seconds())
}

// failedURL is the page the activity shows when the server cannot be started at all (the
// phone refused to run it, or it stopped before saying anything).
var failedURL = startpage.URL("Cờ tướng could not start its game server on this phone. Your saved game is safe. " +
	"Open Cờ tướng again; if this page comes back, install the app again over this one (that keeps the save).")

// backJS is what the activity runs in the page for Android's Back (MainActivity.onBackPressed;
// smali/Back.smali reads its answer): an open dialog is closed through the history entry the
// page keeps for it (as the browser's Back closes it); the editor, a lesson or puzzle and the
// review are left through the page's own Back (Escape, shell.Back); it answers true when it did
// one of these, false when there was nothing to close, and null when the page is not the game.
const backJS = `(function(){var c=window.cotuong;if(!c)return null;` +
	`if(history.state&&history.state.cotuongDialog){history.back();return true}` +
	`if(c.editing||(c.study&&c.study.kind)||(c.review&&c.review.on)){` +
	`dispatchEvent(new KeyboardEvent('keydown',{key:'Escape'}));return true}return false})()`

// tools are the programs a build runs, found on the PATH.
var tools = []string{"aapt", "zipalign", "apksigner", "smali", "keytool"}

// missingTools names the tools (and framework-res.apk) that cannot be found, with the Debian
// package of each.
func missingTools(framework string) []string {
	pkg := map[string]string{"aapt": "aapt", "zipalign": "zipalign", "apksigner": "apksigner", "smali": "libsmali-java", "keytool": "default-jdk-headless"}
	var out []string
	for _, t := range tools {
		if _, err := exec.LookPath(t); err != nil {
			out = append(out, fmt.Sprintf("%s (Debian package %s)", t, pkg[t]))
		}
	}
	if _, err := findFramework(framework); err != nil {
		out = append(out, "framework-res.apk (Debian package android-framework-res)")
	}
	return out
}

// findFramework returns framework-res.apk: the named file, or Debian's.
func findFramework(named string) (string, error) {
	if named != "" {
		if _, err := os.Stat(named); err != nil {
			return "", err
		}
		return named, nil
	}
	for _, p := range []string{"/usr/share/android-framework-res/framework-res.apk", "/usr/lib/android-sdk/platforms/android-29/android.jar"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("framework-res.apk not found (install Debian's android-framework-res or name one with -framework)")
}

// build makes the signed APK o.out.
func build(ctx context.Context, o options) (*result, error) {
	if err := checkOptions(o); err != nil {
		return nil, err
	}
	if m := missingTools(o.framework); len(m) > 0 {
		return nil, fmt.Errorf("missing: %s", strings.Join(m, ", "))
	}
	framework, _ := findFramework(o.framework)
	if o.goCmd == "" {
		o.goCmd = "go"
	}
	for _, abi := range o.abis {
		if abiTargets[abi] == nil {
			return nil, fmt.Errorf("unknown ABI %q (known: arm64-v8a, armeabi-v7a, x86_64)", abi)
		}
	}
	work, err := os.MkdirTemp("", "cotuong-apk-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	run := func(dir, name string, args ...string) error {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = dir
		if o.verbose {
			log.Printf("%s %s", name, strings.Join(args, " "))
		}
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, b)
		}
		return nil
	}

	r := &result{versionName: o.versionName, versionCode: o.versionCode}
	gitName, gitCode := gitVersion(ctx)
	if r.versionName == "" {
		r.versionName = gitName
	}
	if r.versionCode == 0 {
		r.versionCode = gitCode
	}
	if r.versionCode < 1 || r.versionCode > 2100000000 {
		return nil, fmt.Errorf("versionCode %d is not in 1…2100000000", r.versionCode)
	}

	// The browser build, as assets/.
	wasmPath := o.wasm
	if wasmPath == "" {
		wasmPath = filepath.Join(work, "main.wasm")
		if err := web.Build(ctx, o.goCmd, wasmPath); err != nil {
			return nil, err
		}
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, err
	}
	wasmExec, err := web.WasmExec(o.goCmd)
	if err != nil {
		return nil, err
	}
	if r.site, err = web.New(wasm, wasmExec); err != nil {
		return nil, err
	}
	if err := r.site.WriteDir(filepath.Join(work, "assets")); err != nil {
		return nil, err
	}

	// The launcher icon, per density.
	for dens, size := range launcherSizes {
		img, err := render.Icon(size)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			return nil, err
		}
		dir := filepath.Join(work, "res", "mipmap-"+dens)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "ic_launcher.png"), b.Bytes(), 0o644); err != nil {
			return nil, err
		}
	}

	// The manifest and the activity's dex.
	fill := map[string]any{
		"Package": Package, "Label": Label, "MinSDK": MinSDK, "TargetSDK": TargetSDK,
		"VersionName": r.versionName, "VersionCode": r.versionCode,
		"FailedURL": smaliString(failedURL), "BackJS": smaliString(backJS),
	}
	if err := fillTemplate("AndroidManifest.xml", filepath.Join(work, "AndroidManifest.xml"), fill, xmlEscape); err != nil {
		return nil, err
	}
	smaliDir := filepath.Join(work, "smali")
	os.MkdirAll(smaliDir, 0o755)
	names, _ := sources.ReadDir("smali")
	for _, e := range names {
		if err := fillTemplate("smali/"+e.Name(), filepath.Join(smaliDir, e.Name()), fill, nil); err != nil {
			return nil, err
		}
	}
	if err := run(work, "smali", "assemble", "--api", strconv.Itoa(MinSDK), "-o", "classes.dex", "smali"); err != nil {
		return nil, err
	}

	// The native server, per ABI.
	for _, abi := range o.abis {
		out := filepath.Join(work, "lib", abi, "libcotuong.so")
		if err := buildServer(ctx, o.goCmd, abiTargets[abi], out); err != nil {
			return nil, err
		}
	}

	// Resources and assets (aapt), then the dex and the libraries, aligned and signed.
	unsigned := filepath.Join(work, "unsigned.apk")
	if err := run(work, "aapt", "package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-A", "assets",
		"-I", framework, "-F", unsigned); err != nil {
		return nil, err
	}
	extra := []string{"classes.dex"}
	for _, abi := range o.abis {
		extra = append(extra, "lib/"+abi+"/libcotuong.so")
	}
	joined := filepath.Join(work, "joined.apk")
	if err := addFiles(unsigned, joined, work, extra); err != nil {
		return nil, err
	}
	aligned := filepath.Join(work, "aligned.apk")
	if err := run(work, "zipalign", "-p", "-f", "4", joined, aligned); err != nil {
		return nil, err
	}
	if err := ensureKeystore(ctx, o, run); err != nil {
		return nil, err
	}
	keyPass := o.keyPass
	if keyPass == "" {
		keyPass = o.ksPass
	}
	signed := filepath.Join(work, "signed.apk")
	if err := run(work, "apksigner", "sign", "--ks", o.keystore, "--ks-pass", o.ksPass, "--ks-key-alias", o.keyAlias,
		"--key-pass", keyPass, "--min-sdk-version", strconv.Itoa(MinSDK), "--out", signed, aligned); err != nil {
		return nil, err
	}
	if err := run(work, "apksigner", "verify", signed); err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(o.out); err == nil {
		os.MkdirAll(filepath.Dir(abs), 0o755)
	}
	b, err := os.ReadFile(signed)
	if err != nil {
		return nil, err
	}
	return r, atomicfile.Write(o.out, b, 0o644)
}

// checkOptions refuses, before anything is built, the flags that would otherwise fail only at
// the end with a tool's message: an -o or -keystore that is a folder, and a password that is
// not in one of apksigner's forms (pass:PASSWORD, env:VARIABLE, file:PATH).
func checkOptions(o options) error {
	if st, err := os.Stat(o.out); (err == nil && st.IsDir()) || strings.HasSuffix(o.out, "/") {
		return fmt.Errorf("-o %s is a folder; give a file name, e.g. -o %s", o.out, filepath.Join(o.out, "cotuong.apk"))
	}
	if st, err := os.Stat(o.keystore); err == nil && st.IsDir() {
		return fmt.Errorf("-keystore %s is a folder; give the keystore file", o.keystore)
	}
	for _, p := range []struct{ flag, v string }{{"-ks-pass", o.ksPass}, {"-key-pass", o.keyPass}} {
		if p.v != "" && !strings.HasPrefix(p.v, "pass:") && !strings.HasPrefix(p.v, "env:") && !strings.HasPrefix(p.v, "file:") {
			return fmt.Errorf("%s %q is not in one of apksigner's forms: pass:PASSWORD, env:VARIABLE or file:PATH", p.flag, p.v)
		}
	}
	return nil
}

// buildServer builds the native server for one Go target (pure Go, stripped).
func buildServer(ctx context.Context, goCmd string, target []string, out string) error {
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, ServerPackage)
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=0"), target...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the server (%s %s build %s): %v\n%s", strings.Join(target, " "), goCmd, ServerPackage, err, b)
	}
	return nil
}

// ensureKeystore makes the debug keystore when the default one is asked for and missing, as
// the Android SDK does (RSA 2048, valid 30 years, CN=Android Debug).
func ensureKeystore(ctx context.Context, o options, run func(dir, name string, args ...string) error) error {
	if _, err := os.Stat(o.keystore); err == nil {
		return nil
	}
	if o.keyAlias != "androiddebugkey" || o.ksPass != "pass:android" {
		return fmt.Errorf("keystore %s does not exist (only the debug keystore, alias androiddebugkey with password android, is made when missing)", o.keystore)
	}
	if err := os.MkdirAll(filepath.Dir(o.keystore), 0o700); err != nil {
		return err
	}
	log.Printf("making the debug signing key %s (keep it: an update installs only over an APK signed with the same key)", o.keystore)
	return run("", "keytool", "-genkeypair", "-keystore", o.keystore, "-storetype", "PKCS12", "-storepass", "android",
		"-keypass", "android", "-alias", "androiddebugkey", "-keyalg", "RSA", "-keysize", "2048", "-validity", "10950",
		"-dname", "CN=Android Debug,O=Android,C=US")
}

// gitVersion returns versionName and versionCode from git, or "0.0.0-dev" and 1 without it.
func gitVersion(ctx context.Context) (string, int) {
	name, code := "0.0.0-dev", 1
	if b, err := exec.CommandContext(ctx, "git", "describe", "--tags", "--always", "--dirty").Output(); err == nil {
		if s := strings.TrimSpace(string(b)); s != "" {
			name = s
		}
	}
	if b, err := exec.CommandContext(ctx, "git", "rev-list", "--count", "HEAD").Output(); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && n > 0 {
			code = n
		}
	}
	return name, code
}

// addFiles copies the zip in to out, entries unchanged, and adds the named files of dir (names
// with slashes): the dex stored compressed, the libraries too (the manifest asks Android to
// extract them, which it must for the server to be executed).
func addFiles(in, out, dir string, names []string) error {
	zr, err := zip.OpenReader(in)
	if err != nil {
		return err
	}
	defer zr.Close()
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, e := range zr.File {
		rc, err := e.OpenRaw()
		if err != nil {
			return err
		}
		w, err := zw.CreateRaw(&e.FileHeader)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, rc); err != nil {
			return err
		}
	}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: time.Date(2008, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

// fillTemplate writes the embedded file name, filled with fill, to out.
func fillTemplate(name, out string, fill map[string]any, esc func(string) string) error {
	b, err := sources.ReadFile(name)
	if err != nil {
		return err
	}
	funcs := template.FuncMap{"esc": func(s string) string { return s }}
	if esc != nil {
		funcs["esc"] = esc
	}
	t, err := template.New(name).Funcs(funcs).Option("missingkey=error").Parse(string(b))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, fill); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// smaliString escapes s for a smali string literal.
func smaliString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r > 0x7e:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlEscape escapes s for an XML attribute.
func xmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")
	return r.Replace(s)
}
