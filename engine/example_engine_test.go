package engine_test

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Embedding the engine: a xiangqi position, a search to a fixed depth, the answer in
// coordinates and in WXF notation. The rook on b0 mates at once: the king cannot step to d8
// (the rook on a8) nor to e9 (facing Red's king).
func Example() {
	g, err := engine.ParseGame(engine.Xiangqi, "fen 3k5/R8/9/9/8p/9/9/9/9/1R2K4 w - - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := engine.NewSearcher(engine.Xiangqi, engine.SearcherOptions{HashMiB: 16})
	r := s.Search(context.Background(), g, gamesearch.Limits{Depth: 3}, nil, nil)
	fmt.Println(g.UCI(r.Move), g.Notation(r.Move), "mate in", gamesearch.MateIn(r.Score))
	_ = g.Push(r.Move)
	fmt.Println(g.Result().Text)
	// Output:
	// b0b9 R8+9 mate in 1
	// Red wins by checkmate
}

// A Session searches on its own goroutine: Go returns at once, the caller stays free (to read
// its input, to call Stop), and the answer comes to a callback.
func ExampleSession() {
	s := engine.NewSession(engine.Xiangqi, engine.SessionOptions{})
	g, _ := engine.ParseGame(engine.Xiangqi, "fen 3k5/R8/9/9/8p/9/9/9/9/1R2K4 w - - 0 1")
	s.SetGame(g)
	answers := make(chan engine.Answer, 1)
	job := s.Go(engine.Request{Limits: gamesearch.Limits{Depth: 3}}, func(a engine.Answer) { answers <- a })
	a := <-answers
	<-job.Done()
	fmt.Println(a.Game.UCI(a.Move), a.Game.Notation(a.Move))
	// Output:
	// b0b9 R8+9
}
