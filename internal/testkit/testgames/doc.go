// Package testgames holds small games written for tests: tic-tac-toe, a subtraction Nim,
// connect four and seeded random game trees. Each implements the gamesearch Position
// contract (and some of its optional interfaces) as a value type with pointer-receiver
// methods, without importing gamesearch, so gamesearch's own tests can use them too.
package testgames

// Mix is the splitmix64 finaliser, used to make hash keys and pseudo-random node values.
func Mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}
