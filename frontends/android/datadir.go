package main

import (
	"errors"
	"path/filepath"
	"strings"
)

// Env is what DataDir reads from the process's environment; tests give their own.
type Env struct {
	GOOS          string
	Flag          string                 // the -data flag ("" when not given)
	Getenv        func(string) string    // os.Getenv
	UserConfigDir func() (string, error) // os.UserConfigDir
	Cmdline       func() ([]byte, error) // reads /proc/self/cmdline
}

// DataDir chooses the folder of the save file:
//
//  1. the -data flag, when given;
//  2. $COTUONG_DATA_DIR, when set;
//  3. on Android, the app's private files folder. x/mobile has no API for it, but it sets
//     $TMPDIR to the app's cache folder (Context.getCacheDir(), /data/user/0/<package>/cache),
//     whose sibling "files" is Context.getFilesDir(); without $TMPDIR the package name is read
//     from /proc/self/cmdline and /data/data/<package>/files is used;
//  4. elsewhere, os.UserConfigDir()/cotuong (~/.config/cotuong on Linux).
func DataDir(e Env) (string, error) {
	if e.Flag != "" {
		return e.Flag, nil
	}
	if d := e.Getenv("COTUONG_DATA_DIR"); d != "" {
		return d, nil
	}
	if e.GOOS == "android" {
		if t := e.Getenv("TMPDIR"); t != "" && filepath.IsAbs(t) {
			return filepath.Join(filepath.Dir(filepath.Clean(t)), "files"), nil
		}
		if e.Cmdline != nil {
			if b, err := e.Cmdline(); err == nil {
				name, _, _ := strings.Cut(string(b), "\x00")
				name, _, _ = strings.Cut(name, ":") // a process name such as pkg:service
				if name != "" && !strings.ContainsAny(name, "/ ") {
					return filepath.Join("/data/data", name, "files"), nil
				}
			}
		}
		return "", errors.New("no data folder: neither $TMPDIR nor /proc/self/cmdline names the app")
	}
	d, err := e.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "cotuong"), nil
}
