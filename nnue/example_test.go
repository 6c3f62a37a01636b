package nnue_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/cotuong-ai/cotuong/nnue"
)

// row is a tiny game for the example: 8 cells, each empty (0), holding a
// stone of side 0 (+1) or of side 1 (−1); a move drops a stone of the side
// to move on an empty cell.
type row struct {
	cells [8]int8
	stm   int
}

type drop int // the cell a stone is dropped on

// rowFeatures: seen from side s, feature c is "my stone on cell c" and 8+c
// "the other side's stone on cell c", cells counted from s's end of the row.
type rowFeatures struct{}

func (rowFeatures) Name() string { return "row-16" }
func (rowFeatures) Inputs() int  { return 16 }

func index(side, cell int, stone int8) int {
	if side == 1 {
		cell = 7 - cell
	}
	if (stone > 0) == (side == 0) {
		return cell
	}
	return 8 + cell
}

func (rowFeatures) Active(p *row, side int, dst []int) []int {
	for c, v := range p.cells {
		if v != 0 {
			dst = append(dst, index(side, c, v))
		}
	}
	return dst
}

func (rowFeatures) Changes(p *row, m drop, side int, added, removed []int) ([]int, []int, bool) {
	stone := int8(1 - 2*p.stm)
	return append(added, index(side, int(m), stone)), removed, false
}

// Train a network for the row game, save it, load it and evaluate with
// accumulators updated move by move, as a searcher would per ply.
func Example() {
	// 1. Data: random positions, scored 100 cp per stone of the side to
	// move's minus 100 per stone of the other's (a game's data generator
	// would write these with nnue.WriteSample and read them back with
	// nnue.ReadDataset and its own DecodeFunc).
	rng := rand.New(rand.NewPCG(1, 2))
	data, _ := nnue.NewDataset(16)
	fs := rowFeatures{}
	for range 20000 {
		var p row
		for c := range p.cells {
			p.cells[c] = int8(rng.IntN(3) - 1)
		}
		p.stm = rng.IntN(2)
		score := 0
		for _, v := range p.cells {
			if (v > 0) == (p.stm == 0) && v != 0 {
				score += 100
			} else if v != 0 {
				score -= 100
			}
		}
		data.Add(fs.Active(&p, p.stm, nil), fs.Active(&p, 1-p.stm, nil), score, 0.5)
	}

	// 2. Train the float model, quantise it, save and load the weights.
	model, _ := nnue.NewModel(fs.Name(), fs.Inputs(), 16, 1)
	cfg := nnue.DefaultTrainConfig()
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.Lambda, cfg.Workers = 10, 256, 0.01, 1, 1
	if _, err := nnue.Train(model, data, cfg); err != nil {
		fmt.Println(err)
		return
	}
	net, _ := model.Quantise()
	var file bytes.Buffer
	nnue.Save(&file, net)
	net, err := nnue.Load(&file, fs.Name(), fs.Inputs())
	if err != nil {
		fmt.Println(err)
		return
	}

	// 3. Search-time use: one State per ply, updated from the parent's.
	ev, _ := nnue.NewEvaluator[row, drop](net, fs)
	frames := []row{{}, {}, {}}
	states := []*nnue.State{ev.NewState(), ev.NewState(), ev.NewState()}
	ev.Refresh(&frames[0], states[0])
	for ply, m := range []drop{3, 5} {
		frames[ply+1] = frames[ply]
		frames[ply+1].cells[m] = int8(1 - 2*frames[ply].stm)
		frames[ply+1].stm = 1 - frames[ply].stm
		ev.Apply(states[ply], &frames[ply], m, &frames[ply+1], states[ply+1])
	}
	for ply := range frames {
		cp := ev.Evaluate(states[ply], frames[ply].stm)
		fmt.Printf("ply %d: about %+d cp\n", ply, (cp+sign(cp)*25)/50*50)
	}
	// Output:
	// ply 0: about +0 cp
	// ply 1: about -100 cp
	// ply 2: about +0 cp
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
