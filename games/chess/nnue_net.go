package chess

import (
	_ "embed"

	"github.com/cotuong-ai/cotuong/nnue"
)

// The network shipped with the package, chess.nnue (nnue's weight file: 768 inputs per
// perspective, 64 hidden units, CReLU, 98,737 bytes), was trained by examples/dev/nnuetrain
// on 4,070,954 quiet positions (score of a 2,000-node search, from the side to move) of
// examples/dev/datagen's self-play, searched with the classical evaluation: 706,523 from the
// first 9,580 games at seed 11, 1,667,406 from the first 24,981 games at seed 12 and 1,697,025
// from the first 25,162 games at seed 13 (with 70 and 43 positions of the next game of each,
// whose runs were stopped there). It learns the search's score alone (-lambda 1: the game
// results of these games made weaker networks) in small batches (-batch 128). The trainer
// sums its gradients over GOMAXPROCS workers, so the commands below make a network of the
// same recipe, not always the same bytes:
//
//go:generate go run ../../examples/dev/datagen -game chess -games 9580 -nodes 2000 -seed 11 -concurrency 1 -out /tmp/chess-s11.txt
//go:generate go run ../../examples/dev/datagen -game chess -games 24981 -nodes 2000 -seed 12 -concurrency 1 -out /tmp/chess-s12.txt
//go:generate go run ../../examples/dev/datagen -game chess -games 25162 -nodes 2000 -seed 13 -concurrency 1 -out /tmp/chess-s13.txt
//go:generate go run ../../examples/dev/nnuetrain -game chess -data /tmp/chess-s11.txt,/tmp/chess-s12.txt,/tmp/chess-s13.txt -hidden 64 -epochs 10 -lr 0.002 -lr-decay 0.85 -batch 128 -lambda 1 -seed 1 -out chess.nnue

//go:embed chess.nnue
var shippedNet []byte

var defaultNNUE = nnue.Embedded(shippedNet, NNUEFeatures{}.Name(), NNUEFeatures{}.Inputs())

// DefaultNNUE returns the evaluation of the network shipped with the package (chess.nnue,
// embedded; see its go:generate lines for how it was made). The network is read once and
// shared by every caller; each NNUE returned is the caller's own. The error is one of
// LoadNNUE's (never expected of the shipped file; a test loads it).
func DefaultNNUE() (*NNUE, error) {
	net, err := defaultNNUE()
	if err != nil {
		return nil, err
	}
	return NewNNUE(net, NNUEFeatures{})
}
