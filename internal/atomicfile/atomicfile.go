// Package atomicfile writes a file whole or not at all: the terminal game's saves, settings
// and PGN files, the app's save, and the APK's server token and built APK go through Write,
// so that a crash, a full disk or a failed write leaves either the file as it was or the new
// one, never a part of either.
package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to the file path with permissions perm (before the umask): first to a
// temporary file in the same folder (named "." + the base name + a random part + ".tmp"),
// synced to disk (fsync), then renamed over path, then the folder synced so that the rename
// itself survives a crash (best effort: not every file system syncs folders).
//
// The folder must exist. On an error the temporary file is removed and path is untouched;
// the error is the *fs.PathError of the step that failed (creating, writing, syncing or
// closing the temporary file) or the *os.LinkError of the rename, so errors.Is(err,
// fs.ErrPermission) and the like work.
func Write(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs folders
		d.Close()
	}
	return nil
}
