package main

import (
	"os"
	"path/filepath"
	"syscall"
)

// quietOutput points standard output and standard error (file descriptors 1 and 2, where a
// panic's trace goes too) at data/server.log: after its first line nobody reads the pipes the
// activity gave the server, and a write to a full or closed pipe would stop it.
func quietOutput(data string) {
	f, err := os.OpenFile(filepath.Join(data, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		f, err = os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return
		}
	}
	syscall.Dup3(int(f.Fd()), 1, 0)
	syscall.Dup3(int(f.Fd()), 2, 0)
	f.Close()
}
