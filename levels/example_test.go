package levels_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/levels"
)

func Example() {
	fmt.Println("Ratings:", levels.Xiangqi.Describe())
	for _, l := range levels.All() {
		fmt.Printf("%d. %s\n", l.Number, l.Describe(levels.Xiangqi))
	}
	l, err := levels.Parse("casual")
	fmt.Println(l.Name, l.Depth, l.Time, err)
	l, _ = levels.Parse("hard") // the former level names still parse
	fmt.Println(l.Name)
	_, err = levels.Parse("grandmaster")
	fmt.Println(err)
	// Output:
	// Ratings: Elo on Fairy-Stockfish 11.1's UCI_Elo scale (CCRL-anchored, a chess scale)
	// 1. Beginner: plays at about 1150 Elo
	// 2. Novice: plays at about 1350 Elo
	// 3. Casual: plays at about 1550 Elo
	// 4. Intermediate: plays at about 1750 Elo
	// 5. Club player: plays at about 1900 Elo
	// 6. Strong club player: plays at about 2050 Elo
	// 7. Expert: plays at about 2200 Elo
	// 8. Master: full strength, about 2450 Elo at 0.1 s a move, stronger when it thinks longer
	// Casual 1 1.2s <nil>
	// Casual
	// levels: unknown level "grandmaster" (want a number 1..8 or one of: beginner, novice, casual, intermediate, club player, strong club player, expert, master)
}
