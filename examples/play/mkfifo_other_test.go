//go:build !unix

package main

import "errors"

// mkfifo is not available here: the test skips its pipe case.
func mkfifo(string) error { return errors.New("no named pipes") }
