package gamesearch

// ttWord is one 64-bit word of a table slot. A wasm program runs its goroutines on one
// thread, so plain loads and stores are free of data races there; sync/atomic's are calls
// the compiler does not inline on wasm (about 6 % of a browser review's time, Node's CPU
// profile), so the browser build uses these.
type ttWord struct{ v uint64 }

// Load returns the word.
func (w *ttWord) Load() uint64 { return w.v }

// Store sets the word to v.
func (w *ttWord) Store(v uint64) { w.v = v }
