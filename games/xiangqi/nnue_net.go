package xiangqi

import (
	_ "embed"

	"github.com/cotuong-ai/cotuong/nnue"
)

// The network shipped with the package, xiangqi.nnue (nnue's weight file: 1,260 inputs per
// perspective, 128 hidden units, CReLU, 323,380 bytes), is the second round of the NNUE
// pipeline, trained by examples/dev/nnuetrain on 1,685,855 quiet positions (score of a 4,000-node
// search, game result) of examples/dev/datagen's self-play: 634,928 from the first 5,744 games
// at seed 1 searched with the classical evaluation (round 1, whose 64-unit network was
// trained on them alone), and 1,050,927 from the first 10,579 games at seed 2 searched with
// round 1's network (the last game cut short). At -concurrency 2 the games are the same but
// their order in the data file can differ from run to run, so the commands below make a
// network of the same recipe, not always the same bytes:
//
//go:generate go run ../../examples/dev/datagen -games 5744 -nodes 4000 -seed 1 -concurrency 2 -out /tmp/xiangqi-round1.txt
//go:generate go run ../../examples/dev/nnuetrain -data /tmp/xiangqi-round1.txt -hidden 64 -epochs 80 -lr 0.002 -lr-decay 0.96 -seed 1 -out /tmp/xiangqi-round1.nnue
//go:generate go run ../../examples/dev/datagen -games 10579 -nodes 4000 -seed 2 -net /tmp/xiangqi-round1.nnue -concurrency 2 -out /tmp/xiangqi-round2.txt
//go:generate go run ../../examples/dev/nnuetrain -data /tmp/xiangqi-round1.txt,/tmp/xiangqi-round2.txt -hidden 128 -epochs 60 -lr 0.002 -lr-decay 0.95 -seed 1 -out xiangqi.nnue

//go:embed xiangqi.nnue
var shippedNet []byte

var defaultNNUE = nnue.Embedded(shippedNet, NNUEFeatures{}.Name(), NNUEFeatures{}.Inputs())

// DefaultNNUE returns the evaluation of the network shipped with the package (xiangqi.nnue,
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
