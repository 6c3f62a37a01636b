package gamesearch_test

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Heap is a subtraction game: one heap of counters, a move takes 1, 2 or 3 of them, and the
// player who cannot move (the heap is empty) loses. It implements gamesearch.Position.
type Heap struct{ N int }

// Take is a move: how many counters to take.
type Take uint8

// LegalMoves appends the possible takes.
func (h *Heap) LegalMoves(dst []Take) []Take {
	for t := 1; t <= 3 && t <= h.N; t++ {
		dst = append(dst, Take(t))
	}
	return dst
}

// After writes the heap left by m into child.
func (h *Heap) After(m Take, child *Heap) { child.N = h.N - int(m) }

// InCheck is false: the game has no checks.
func (h *Heap) InCheck() bool { return false }

// Drawn is false: the game always ends.
func (h *Heap) Drawn() bool { return false }

// LossOnStalemate is true: the player who cannot move loses.
func (h *Heap) LossOnStalemate() bool { return true }

// Evaluate knows nothing: the search sees the end of the game.
func (h *Heap) Evaluate() int { return 0 }

// Hash is a multiplicative hash of the heap size (the game is impartial: the side to move
// does not matter).
func (h *Heap) Hash() uint64 { return uint64(h.N) * 0x9E3779B97F4A7C15 }

// The side to move on a heap of 10 wins by taking 2 (leaving a multiple of 4); the opponent's
// longest defence lasts until the third move of the winner.
func Example() {
	s := gamesearch.New[Heap, *Heap, Take](gamesearch.Options[Take]{HashMiB: 1})
	res := s.Search(context.Background(), Heap{N: 10}, nil, gamesearch.Limits{Depth: 12})
	fmt.Println("take:", res.Move)
	fmt.Println("score:", res.Score, "mate:", gamesearch.IsMate(res.Score), "in", gamesearch.MateIn(res.Score), "moves")
	fmt.Println("pv:", res.PV)
	fmt.Println("perft 3:", gamesearch.Perft[Heap, *Heap, Take](Heap{N: 10}, 3))
	// Output:
	// take: 2
	// score: 31995 mate: true in 3 moves
	// pv: [2 1 3 1 3]
	// perft 3: 27
}
