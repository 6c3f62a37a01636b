package controller_test

import (
	"context"
	"fmt"
	"os"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

func Example() {
	dir, _ := os.MkdirTemp("", "cotuong-example")
	defer os.RemoveAll(dir)
	events := make(chan any, 10) // stands in for the app's event queue (app.App.Send)
	// An engine that always answers with Black's horse b9-c7 (a real app uses SearchEngine).
	engine := func(_ context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		m, err := pos.ParseMove("b9c7")
		return m, err == nil
	}
	c := controller.New(controller.Config{Dir: dir, Post: func(ev any) { events <- ev }, Engine: engine})
	defer c.Close()

	c.SelectSquare(xiangqi.SquareAt(7, 2))      // touch the cannon on h2
	c.SelectSquare(xiangqi.SquareAt(4, 2))      // and e2: 炮二平五
	fmt.Println(c.View().Status)                // the computer thinks on its worker goroutine
	fmt.Println("applied:", c.Handle(<-events)) // its result comes back as an event
	fmt.Println(c.View().Moves[0].Red, "|", c.View().Moves[0].Black)
	c.Flush() // saves are written in the background: wait
	data, _ := os.ReadFile(c.SavePath())
	fmt.Print(string(data))
	// Output:
	// Computer is thinking…
	// applied: true
	// C2.5  炮二平五 | H2+3  馬2進3
	// cotuong-xiangqi-save 1
	// game startpos moves h2e2 b9c7
	// level Novice
	// human red
	// labels chinese
	// sound on
	// end
}
