package main

import (
	"archive/zip"
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/web"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// The APK is built once per test run (the wasm program and three servers: about a minute of
// work on a quiet machine), into a temporary folder, signed with a debug key made for it.
var apkBuild struct {
	once sync.Once
	dir  string
	apk  string
	res  *result
	err  error
}

// needTools skips the test when an outside program it needs is missing and CI is unset (with
// CI=true it fails instead, as .ci/run installs them all), and under the race detector (the
// code it checks runs in other processes, and the build is the same).
func needTools(t *testing.T, extra ...string) {
	t.Helper()
	if race.Enabled {
		t.Skip("the APK's tests run without -race: the code they check runs outside this process")
	}
	missing := missingTools("")
	for _, e := range extra {
		if _, err := exec.LookPath(e); err != nil {
			missing = append(missing, e)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := "missing: " + strings.Join(missing, ", ") + " (Debian: apt-get install aapt zipalign apksigner android-framework-res libsmali-java default-jdk-headless dexdump qemu-user)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// builtAPK returns the APK built for this test run.
func builtAPK(t *testing.T) (string, *result) {
	t.Helper()
	needTools(t)
	apkBuild.once.Do(func() {
		apkBuild.dir, apkBuild.err = os.MkdirTemp("", "cotuong-apk-test-")
		if apkBuild.err != nil {
			return
		}
		apkBuild.apk = filepath.Join(apkBuild.dir, "cotuong.apk")
		t0 := time.Now()
		apkBuild.res, apkBuild.err = build(context.Background(), options{
			out: apkBuild.apk, keystore: filepath.Join(apkBuild.dir, "debug.keystore"), ksPass: "pass:android",
			keyAlias: "androiddebugkey", abis: []string{"arm64-v8a", "armeabi-v7a", "x86_64"}, goCmd: "go",
		})
		t.Logf("built the APK in %.0f s", time.Since(t0).Seconds())
	})
	require.NoError(t, apkBuild.err)
	return apkBuild.apk, apkBuild.res
}

func TestMain(m *testing.M) {
	code := m.Run()
	if apkBuild.dir != "" {
		os.RemoveAll(apkBuild.dir)
	}
	os.Exit(code)
}

func output(t *testing.T, name string, args ...string) string {
	t.Helper()
	b, err := exec.Command(name, args...).CombinedOutput()
	require.NoError(t, err, "%s %s:\n%s", name, strings.Join(args, " "), b)
	return string(b)
}

// TestBadging reads the APK as a phone's package installer does (aapt dump badging): the
// package, its version from the repository, the SDK levels, the label, an icon per density, the
// launchable activity, the native code's ABIs; and the manifest's attributes the shell relies on.
func TestBadging(t *testing.T) {
	apk, r := builtAPK(t)
	b := output(t, "aapt", "dump", "badging", apk)
	for _, want := range []string{
		"package: name='" + Package + "' versionCode='" + strconv.Itoa(r.versionCode) + "' versionName='" + r.versionName + "'",
		"sdkVersion:'24'",
		"targetSdkVersion:'29'",
		"uses-permission: name='android.permission.INTERNET'",
		"application-label:'Cờ tướng'",
		"application-icon-160:'res/mipmap-mdpi-v4/ic_launcher.png'",
		"application-icon-640:'res/mipmap-xxxhdpi-v4/ic_launcher.png'",
		"launchable-activity: name='com.github.cotuongai.xiangqi.MainActivity'  label='Cờ tướng'",
		"native-code: 'arm64-v8a' 'armeabi-v7a' 'x86_64'",
	} {
		assert.Contains(t, b, want)
	}
	// The version comes from the repository when git is there.
	if name, code := gitVersion(context.Background()); code > 1 {
		assert.Equal(t, name, r.versionName)
		assert.Equal(t, code, r.versionCode)
	}
	x := output(t, "aapt", "dump", "xmltree", apk, "AndroidManifest.xml")
	for _, re := range []string{
		`A: android:extractNativeLibs\([^)]*\)=\(type 0x12\)0xffffffff`, // true: the server is executed from disk
		`A: android:usesCleartextTraffic\([^)]*\)=\(type 0x12\)0xffffffff`,
		`A: android:screenOrientation\([^)]*\)=\(type 0x10\)0xd`, // fullUser (13): any orientation the player allows
		`A: android:launchMode\([^)]*\)=\(type 0x10\)0x2`,        // singleTask: one activity
	} {
		assert.Regexp(t, re, x)
	}
	// configChanges: orientation (0x80), screenSize (0x400): a rotation keeps the WebView.
	m := regexp.MustCompile(`A: android:configChanges\([^)]*\)=\(type 0x11\)0x([0-9a-f]+)`).FindStringSubmatch(x)
	require.NotNil(t, m, "configChanges")
	mask, err := strconv.ParseUint(m[1], 16, 32)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x480), mask&0x480, "configChanges 0x%x lacks orientation or screenSize", mask)
}

// TestSignature: apksigner verifies the APK (v2 and v3 schemes, which Android 7 and later
// check) with the debug certificate made for the build.
func TestSignature(t *testing.T) {
	apk, _ := builtAPK(t)
	out := output(t, "apksigner", "verify", "--verbose", "--print-certs", apk)
	assert.Contains(t, out, "Verifies")
	assert.Contains(t, out, "Verified using v2 scheme (APK Signature Scheme v2): true")
	assert.Contains(t, out, "Signer #1 certificate DN: CN=Android Debug, O=Android, C=US")
}

// apiLevels is the API level that introduced each Android method and field the activity uses,
// from the Android API reference (developer.android.com/reference, "Added in API level N"). A
// reference the test does not find here fails it: a new call must be looked up and named.
var apiLevels = map[string]int{
	"Landroid/app/Activity;.<init>:()V":                                                               1,
	"Landroid/app/Activity;.onCreate:(Landroid/os/Bundle;)V":                                          1,
	"Landroid/app/Activity;.setContentView:(Landroid/view/View;)V":                                    1,
	"Landroid/app/Activity;.getApplicationInfo:()Landroid/content/pm/ApplicationInfo;":                1, // ContextWrapper
	"Landroid/app/Activity;.getFilesDir:()Ljava/io/File;":                                             1, // ContextWrapper
	"Landroid/app/Activity;.moveTaskToBack:(Z)Z":                                                      1,
	"Landroid/app/Activity;.finish:()V":                                                               1,
	"Landroid/content/pm/ApplicationInfo;.nativeLibraryDir:Ljava/lang/String;":                        9,
	"Landroid/content/pm/ApplicationInfo;.sourceDir:Ljava/lang/String;":                               1,
	"Landroid/webkit/WebView;.<init>:(Landroid/content/Context;)V":                                    1,
	"Landroid/webkit/WebView;.getSettings:()Landroid/webkit/WebSettings;":                             1,
	"Landroid/webkit/WebView;.setWebViewClient:(Landroid/webkit/WebViewClient;)V":                     1,
	"Landroid/webkit/WebView;.loadUrl:(Ljava/lang/String;)V":                                          1,
	"Landroid/webkit/WebView;.evaluateJavascript:(Ljava/lang/String;Landroid/webkit/ValueCallback;)V": 19,
	"Landroid/webkit/WebSettings;.setJavaScriptEnabled:(Z)V":                                          1,
	"Landroid/webkit/WebSettings;.setDomStorageEnabled:(Z)V":                                          7,
	"Landroid/webkit/WebViewClient;.<init>:()V":                                                       1,
}

// TestDex disassembles the activity (dexdump): its classes, their methods, and every Android
// method or field it refers to, each known to exist at the app's minSdk (24).
func TestDex(t *testing.T) {
	needTools(t, "dexdump")
	apk, _ := builtAPK(t)
	dex := filepath.Join(t.TempDir(), "classes.dex")
	require.NoError(t, os.WriteFile(dex, zipEntry(t, apk, "classes.dex"), 0o644))
	d := output(t, "dexdump", "-d", dex)
	for _, want := range []string{
		"Class descriptor  : 'Lcom/github/cotuongai/xiangqi/MainActivity;'",
		"Superclass        : 'Landroid/app/Activity;'",
		"Class descriptor  : 'Lcom/github/cotuongai/xiangqi/Back;'",
		"'Landroid/webkit/ValueCallback;'",
		"name          : 'onCreate'",
		"name          : 'onBackPressed'",
		"name          : 'onReceiveValue'",
		`"/libcotuong.so"`,
	} {
		assert.Contains(t, d, want)
	}
	refs := regexp.MustCompile(`(L[A-Za-z/$]+;)\.([<>A-Za-z]+:[^ ]+) // (method|field)@`).FindAllStringSubmatch(d, -1)
	require.NotEmpty(t, refs)
	const self = "Lcom/github/cotuongai/xiangqi/"
	ours := map[string]bool{"<init>:(Landroid/app/Activity;)V": true, "activity:Landroid/app/Activity;": true,
		"web:Landroid/webkit/WebView;": true}
	seen := map[string]bool{}
	for _, r := range refs {
		class, member := r[1], r[2]
		switch {
		case strings.HasPrefix(class, self) && ours[member]:
			continue
		case class == self+"MainActivity;":
			class = "Landroid/app/Activity;" // inherited: the activity calls it on itself
		case !strings.HasPrefix(class, "Landroid/"):
			continue // java.lang and java.io: in every Android
		}
		ref := class + "." + member
		seen[ref] = true
		level, ok := apiLevels[ref]
		if assert.True(t, ok, "the activity calls %s: look up its API level and add it to apiLevels", ref) {
			assert.LessOrEqual(t, level, MinSDK, ref)
		}
	}
	assert.Len(t, seen, len(apiLevels), "every call in apiLevels is made")
	t.Logf("%d Android references, all at API level ≤ %d", len(seen), MinSDK)
}

// zipEntry returns a file of the APK.
func zipEntry(t *testing.T, apk, name string) []byte {
	t.Helper()
	zr, err := zip.OpenReader(apk)
	require.NoError(t, err)
	defer zr.Close()
	f, err := zr.Open(name)
	require.NoError(t, err, name)
	defer f.Close()
	b, err := io.ReadAll(f)
	require.NoError(t, err)
	return b
}

// TestAssets: the APK's assets/ are the browser build's files, byte for byte, and nothing else;
// the files the site takes as they are equal frontends/web/static's and Go's wasm_exec.js.
func TestAssets(t *testing.T) {
	apk, r := builtAPK(t)
	zr, err := zip.OpenReader(apk)
	require.NoError(t, err)
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		if n, ok := strings.CutPrefix(f.Name, "assets/"); ok {
			names = append(names, n)
			assert.Equal(t, r.site.File(n), zipEntry(t, apk, f.Name), f.Name)
		}
	}
	sort.Strings(names)
	assert.Equal(t, r.site.Names(), names)
	for _, n := range []string{"index.html", "app.js", "worker.js", "manifest.webmanifest"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "web", "static", n))
		require.NoError(t, err)
		assert.Equal(t, b, zipEntry(t, apk, "assets/"+n), n)
	}
	we, err := web.WasmExec("go")
	require.NoError(t, err)
	assert.Equal(t, we, zipEntry(t, apk, "assets/wasm_exec.js"))
	assert.Equal(t, []byte("\x00asm"), zipEntry(t, apk, "assets/main.wasm")[:4])
}

// runServer runs one of the APK's servers as the activity does (prefix: an emulator, or
// nothing) and returns its first line; the server is stopped when the test ends.
func runServer(t *testing.T, apk, abi string, prefix ...string) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "libcotuong.so")
	require.NoError(t, os.WriteFile(bin, zipEntry(t, apk, "lib/"+abi+"/libcotuong.so"), 0o755))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	args := append(append(prefix, bin), "-apk", apk, "-data", filepath.Join(dir, "files"), "-addr", addr)
	cmd := exec.Command(args[0], args[1:]...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line)
}

// checkServed fetches every asset from a server of the APK and compares it with the site.
func checkServed(t *testing.T, base string, r *result, names ...string) {
	t.Helper()
	if len(names) == 0 {
		names = r.site.Names()
	}
	client := &http.Client{Timeout: 2 * time.Minute}
	for _, n := range names {
		resp, err := client.Get(base + n)
		require.NoError(t, err, n)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, resp.StatusCode, n)
		assert.True(t, string(b) == string(r.site.File(n)), "%s served from the APK differs from the site's (%d bytes, want %d)", n, len(b), len(r.site.File(n)))
		if n == "main.wasm" {
			assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
		}
	}
}

// TestServerX86: the APK's x86_64 server (the one an x86_64 phone, emulator or Chromebook
// runs) runs here as it is and serves the site from the APK itself.
func TestServerX86(t *testing.T) {
	apk, r := builtAPK(t)
	if out, _ := exec.Command("uname", "-m").Output(); strings.TrimSpace(string(out)) != "x86_64" {
		t.Skip("this machine is not x86_64")
	}
	base := runServer(t, apk, "x86_64")
	require.Regexp(t, `^http://127\.0\.0\.1:\d+/$`, base)
	checkServed(t, base, r)
}

// TestServerARM: the APK's armeabi-v7a server (a static linux/arm build, as 32-bit phones run
// it) serves the site under qemu-arm. The arm64-v8a server is linked for Android's
// /system/bin/linker64 and cannot run here; it is the same program built for another target.
func TestServerARM(t *testing.T) {
	needTools(t, "qemu-arm")
	apk, r := builtAPK(t)
	base := runServer(t, apk, "armeabi-v7a", "qemu-arm")
	require.Regexp(t, `^http://127\.0\.0\.1:\d+/$`, base)
	checkServed(t, base, r, "index.html", "sw.js", "main.wasm")
}

// TestKeystoreKept: a keystore that exists is used as it is, never made again, so every build
// on a machine is signed with the same key and installs over the one before (Android refuses
// an update signed with another key); a missing release keystore is an error, not a new key.
func TestKeystoreKept(t *testing.T) {
	dir := t.TempDir()
	ks := filepath.Join(dir, "debug.keystore")
	require.NoError(t, os.WriteFile(ks, []byte("the key"), 0o600))
	ran := 0
	run := func(dir, name string, args ...string) error { ran++; return nil }
	require.NoError(t, ensureKeystore(context.Background(), options{keystore: ks, ksPass: "pass:android", keyAlias: "androiddebugkey"}, run))
	b, _ := os.ReadFile(ks)
	assert.Equal(t, "the key", string(b))
	assert.Zero(t, ran, "keytool is not run for a keystore that exists")
	err := ensureKeystore(context.Background(), options{keystore: filepath.Join(dir, "release.jks"), ksPass: "env:KS", keyAlias: "release"}, run)
	assert.ErrorContains(t, err, "release.jks does not exist")
	require.NoError(t, ensureKeystore(context.Background(), options{keystore: filepath.Join(dir, "new", "debug.keystore"), ksPass: "pass:android", keyAlias: "androiddebugkey"}, run))
	assert.Equal(t, 1, ran, "a missing debug keystore is made")
}

// TestVersionWithoutGit: without git the version falls back to 0.0.0-dev and code 1 (and
// -version-code must then be given for an update to install over a build from a clone).
func TestVersionWithoutGit(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	name, code := gitVersion(context.Background())
	assert.Equal(t, "0.0.0-dev", name)
	assert.Equal(t, 1, code)
}

// TestBadFlagsBeforeBuilding: an -o or -keystore that is a folder and a password in none of
// apksigner's forms are named before anything is built (with no tool on the PATH, so nothing
// can be built), not after a minute with a rename's or apksigner's Java stack trace.
func TestBadFlagsBeforeBuilding(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", t.TempDir())
	ks := filepath.Join(dir, "debug.keystore")
	ok := options{out: filepath.Join(dir, "cotuong.apk"), keystore: ks, ksPass: "pass:android", keyAlias: "androiddebugkey"}
	for _, c := range []struct {
		change func(*options)
		want   string
	}{
		{func(o *options) { o.out = dir }, "-o " + dir + " is a folder; give a file name, e.g. -o " + filepath.Join(dir, "cotuong.apk")},
		{func(o *options) { o.out = filepath.Join(dir, "new") + "/" }, " is a folder; give a file name"},
		{func(o *options) { o.keystore = dir }, "-keystore " + dir + " is a folder; give the keystore file"},
		{func(o *options) { o.ksPass = "android" }, `-ks-pass "android" is not in one of apksigner's forms: pass:PASSWORD, env:VARIABLE or file:PATH`},
		{func(o *options) { o.keyPass = "secret" }, `-key-pass "secret" is not in one of apksigner's forms`},
	} {
		o := ok
		c.change(&o)
		_, err := build(context.Background(), o)
		assert.ErrorContains(t, err, c.want)
	}
	_, err := build(context.Background(), ok)
	assert.ErrorContains(t, err, "missing: ", "good flags get as far as looking for the tools")
}
