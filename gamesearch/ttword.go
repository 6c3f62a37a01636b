//go:build !wasm

package gamesearch

import "sync/atomic"

// ttWord is one 64-bit word of a table slot, read and written with sync/atomic (see ttSlot).
type ttWord = atomic.Uint64
