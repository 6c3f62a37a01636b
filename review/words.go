package review

import "strconv"

// Count writes n and the noun in the number English gives it: one, the singular, for
// exactly 1, and many, the plural, otherwise ("1 blunder", "0 blunders", "2 blunders"). The
// terminal game and the app count with it (marks, moves, games).
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
