// Command uci is a UCI chess and xiangqi engine, and a UCCI xiangqi engine, built on the
// cotuong game packages and the generic gamesearch search. Run it from a GUI or a tournament
// manager, or type commands:
//
//	go run ./examples/uci
//	uci
//	setoption name UCI_Variant value xiangqi
//	position startpos moves h2e2
//	go movetime 1000
//
// The protocol is package uci; the session, time management and strength are package engine.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/cotuong-ai/cotuong/uci"
)

func main() {
	if err := uci.New(os.Stdout, uint64(time.Now().UnixNano())).Run(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "uci:", err)
		os.Exit(1)
	}
}
