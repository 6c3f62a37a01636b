package main

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// param is one tunable weight pair.
type param struct {
	Name   string
	MG, EG int
}

// kit is what the tuner needs of a game.
type kit struct {
	name      string
	params    []param // current weights, in the order of the trace's counts
	materials int     // the first params that are piece values
	play      func(cfg genConfig, index int) []position
	sample    func(p position) (sample, error)
	source    func(mg, eg []float64, pv provenance) ([]byte, error)
}

func kitFor(name string) (*kit, error) {
	switch name {
	case "xiangqi":
		return xiangqiKit(), nil
	case "chess":
		return chessKit(), nil
	}
	return nil, fmt.Errorf("unknown game %q (want xiangqi or chess)", name)
}

func xiangqiKit() *kit {
	k := &kit{name: "xiangqi", materials: 6}
	for _, p := range xiangqi.EvalParams() {
		k.params = append(k.params, param{p.Name, p.MG, p.EG})
	}
	k.play = func(cfg genConfig, index int) []position {
		g := xiangqi.NewGame(xiangqi.Start())
		over := func() (bool, float64) {
			r := g.Result()
			if !r.Over() {
				return false, 0
			}
			if w, ok := r.Winner(); ok {
				return true, map[xiangqi.Color]float64{xiangqi.Red: 1, xiangqi.Black: 0}[w]
			}
			return true, 0.5
		}
		quiet := func(p *xiangqi.Position, m xiangqi.Move) (string, bool, bool) {
			_, noisy := p.CaptureKey(m)
			return p.FEN(), p.SideToMove() == xiangqi.Red, !noisy && !p.InCheck()
		}
		return playGame[xiangqi.Position](cfg, index, g, over, quiet)
	}
	k.sample = func(ps position) (sample, error) {
		pos, err := xiangqi.ParseFEN(ps.fen)
		if err != nil {
			return sample{}, err
		}
		t := pos.EvalTrace()
		return makeSample(t.Counts[:], t.BaseMG, t.BaseEG, float64(t.Phase)/xiangqi.MaxPhase,
			t.ScaleRed, t.ScaleBlack, 1, ps.label), nil
	}
	k.source = func(mg, eg []float64, pv provenance) ([]byte, error) {
		return weightsSource(goFile{
			pkg: "xiangqi", names: names(k.params), materials: 6,
			materialType: "[8]int16", materialPad: 2, termType: "[numTerms]int32",
			materialDoc: "materialMG and materialEG are the piece values, indexed by Kind.",
			psqKinds:    7, psqPoints: 50, psqType: "[7][50]int16",
			psqDoc: "psqMG and psqEG are the piece-square values without material, indexed by kind " +
				"(general first) and point: five a line, one line a rank from the piece's own back rank, " +
				"the files from the edge (a, i) to the centre (e); the right half mirrors the left.",
		}, mg, eg, pv)
	}
	return k
}

func chessKit() *kit {
	k := &kit{name: "chess", materials: 5}
	for _, p := range chess.EvalParams() {
		k.params = append(k.params, param{p.Name, p.MG, p.EG})
	}
	k.play = func(cfg genConfig, index int) []position {
		g := chess.NewGame(chess.Start())
		over := func() (bool, float64) {
			switch g.Result().Status {
			case chess.Ongoing:
				return false, 0
			case chess.WhiteWins:
				return true, 1
			case chess.BlackWins:
				return true, 0
			}
			return true, 0.5
		}
		quiet := func(p *chess.Position, m chess.Move) (string, bool, bool) {
			_, noisy := p.CaptureKey(m)
			return p.FEN(), p.SideToMove() == chess.White, !noisy && !p.InCheck()
		}
		return playGame[chess.Position](cfg, index, g, over, quiet)
	}
	k.sample = func(ps position) (sample, error) {
		pos, err := chess.ParseFEN(ps.fen)
		if err != nil {
			return sample{}, err
		}
		t := pos.EvalTrace()
		return makeSample(t.Counts[:], t.BaseMG, t.BaseEG, float64(t.Phase)/chess.MaxPhase,
			t.ScaleWhite, t.ScaleBlack, t.Damp, ps.label), nil
	}
	k.source = func(mg, eg []float64, pv provenance) ([]byte, error) {
		// The king's value (always 0) ends the material arrays.
		return weightsSource(goFile{
			pkg: "chess", names: names(k.params), materials: 5,
			materialType: "[6]int", materialTail: 1, termType: "[numTerms]int",
			materialDoc: "materialMG and materialEG are the piece values: pawn, knight, bishop, rook, queen, king.",
		}, mg, eg, pv)
	}
	return k
}

func names(ps []param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// makeSample builds a fit sample from a trace's fields (scales in 1/16ths).
func makeSample(counts []int, baseMG, baseEG int, phase float64, scaleFirst, scaleSecond int, damp, label float64) sample {
	s := sample{
		baseMG: float64(baseMG), baseEG: float64(baseEG), phase: phase,
		scaleRed: float64(scaleFirst) / 16, scaleBlack: float64(scaleSecond) / 16,
		damp: damp, label: label,
	}
	for i, n := range counts {
		if n != 0 {
			s.idx = append(s.idx, uint16(i))
			s.cnt = append(s.cnt, float64(n))
		}
	}
	return s
}
