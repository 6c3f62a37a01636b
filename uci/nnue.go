package uci

import (
	"fmt"
	"os"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/nnue"
)

// The NNUE options. "EvalFile" names a weight file (examples/dev/nnuetrain's output), loaded when
// it is set; the feature-set name the file records says which game the network is for
// (evalNetworks lists the names read), and that game's searches use it. Empty, or for the
// other game: each game uses the network shipped with its package (xiangqi.DefaultNNUE,
// chess.DefaultNNUE). "Use NNUE" makes the searches at full strength evaluate with those
// networks (a reduced strength keeps the classical evaluation its level was calibrated with:
// engine.Searcher.SetNeuralEval); it is on by default (each shipped network beats its game's
// classical evaluation, and xiangqi's Master level is calibrated with it); off, every search
// is classical.
var nnueOptions = []option{
	{name: "Use NNUE", kind: check, def: "true", help: "evaluate with the network of EvalFile, or the game's shipped one (off: the classical evaluation)"},
	{name: "EvalFile", kind: str, def: "", help: "NNUE weight file (examples/dev/nnuetrain) of xiangqi or chess; empty: the networks shipped with the engine"},
}

func init() { optionTable = append(optionTable, nnueOptions...) }

// evalNetworks lists the feature sets an EvalFile may hold, by the name its weight file
// records, with the game each is for and the loader that makes the searches' evaluation.
var evalNetworks = []struct {
	name string
	game engine.Variant
	load func(*nnue.Network) (*evalNet, error)
}{
	{xiangqi.NNUEPieceName, engine.Xiangqi, xiangqiNet(xiangqi.NNUEFeatures{})},
	{xiangqi.NNUEBucketName, engine.Xiangqi, xiangqiNet(xiangqi.NNUEFeatures{Buckets: true})},
	{chess.NNUEName, engine.Chess, func(net *nnue.Network) (*evalNet, error) {
		n, err := chess.NewNNUE(net, chess.NNUEFeatures{})
		return &evalNet{chess: n}, err
	}},
}

func xiangqiNet(f xiangqi.NNUEFeatures) func(*nnue.Network) (*evalNet, error) {
	return func(net *nnue.Network) (*evalNet, error) {
		n, err := xiangqi.NewNNUE(net, f)
		return &evalNet{xiangqi: n}, err
	}
}

// evalNet is the network of EvalFile: one game's.
type evalNet struct {
	file    string
	game    engine.Variant
	net     *nnue.Network
	xiangqi *xiangqi.NNUE // set for a xiangqi network
	chess   *chess.NNUE   // set for a chess network
}

// nnueState is the engine's networks: EvalFile's and the two shipped ones.
type nnueState struct {
	file         *evalNet      // EvalFile's network; nil when EvalFile is empty or did not load
	failed       bool          // EvalFile is set but did not load
	shipped      *xiangqi.NNUE // xiangqi.DefaultNNUE, read at the first use
	shippedChess *chess.NNUE   // chess.DefaultNNUE, read at the first use
}

// setNNUE carries out a change of "Use NNUE" or "EvalFile": it loads the file when its name
// changed (a file that does not load is named in an info string, and the searches of both
// games stay classical), configures the session's searchers, and says what the current
// game's searches evaluate with when that is not EvalFile's network (reportNNUE).
func (e *Engine) setNNUE(name string) {
	if name == "EvalFile" {
		e.nnue.file, e.nnue.failed = nil, false
		if file := e.opts["EvalFile"]; file != "" {
			n, err := loadNNUE(file)
			if err != nil {
				e.nnue.failed = true
				e.info("setoption EvalFile: %v", err)
			} else {
				e.nnue.file = n
				e.info("EvalFile: loaded %s: a %s network (%s, %d inputs, %d hidden units)",
					file, n.game, n.net.FeatureSet, n.net.Inputs, n.net.Hidden)
			}
		}
	}
	e.sess.Configure(e.searcherOptions())
	e.reportNNUE()
}

// searcherOptions returns the session's searcher options from the current option values.
// With "Use NNUE", each game gets EvalFile's network when the file is for it, else its
// shipped network (neither when EvalFile did not load).
func (e *Engine) searcherOptions() engine.SearcherOptions {
	o := engine.SearcherOptions{HashMiB: e.intOpt("Hash"), Threads: e.intOpt("Threads")}
	if e.opts["Use NNUE"] != "true" || e.nnue.failed {
		return o
	}
	if f := e.nnue.file; f != nil {
		o.XiangqiNNUE, o.ChessNNUE = f.xiangqi, f.chess
	}
	if o.XiangqiNNUE == nil {
		if e.nnue.shipped == nil {
			n, err := xiangqi.DefaultNNUE()
			if err != nil {
				e.info("Use NNUE: the shipped xiangqi network: %v; xiangqi is evaluated classically", err)
			}
			e.nnue.shipped = n
		}
		o.XiangqiNNUE = e.nnue.shipped
	}
	if o.ChessNNUE == nil {
		if e.nnue.shippedChess == nil {
			n, err := chess.DefaultNNUE()
			if err != nil {
				e.info("Use NNUE: the shipped chess network: %v; chess is evaluated classically", err)
			}
			e.nnue.shippedChess = n
		}
		o.ChessNNUE = e.nnue.shippedChess
	}
	return o
}

// reportNNUE says in an info string, when "Use NNUE" is on, what the current game's
// searches evaluate with if that is not EvalFile's network: the classical evaluation (a file
// that did not load) or the game's shipped network (an EvalFile for the other game). It is
// called when either option changes or UCI_Variant does.
func (e *Engine) reportNNUE() {
	if e.opts["Use NNUE"] != "true" {
		return
	}
	v, f := e.sess.Variant(), e.nnue.file
	switch {
	case e.nnue.failed:
		e.info("Use NNUE: no network loaded (EvalFile did not load); the classical evaluation is used")
	case f == nil || f.game == v:
	default:
		e.info("Use NNUE: EvalFile %s holds a %s network (%q), not a %s one; %s uses the network shipped with the engine",
			f.file, f.game, f.net.FeatureSet, v, v)
	}
}

// loadNNUE reads a weight file of any game: the feature-set name the file records picks
// the game and the loader (evalNetworks). Its errors name the file; a feature set this
// engine does not know is refused with the names it reads.
func loadNNUE(file string) (*evalNet, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	net, err := nnue.Load(f, "", 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var names []string
	for _, c := range evalNetworks {
		if c.name != net.FeatureSet {
			names = append(names, fmt.Sprintf("%q (%s)", c.name, c.game))
			continue
		}
		n, err := c.load(net)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		n.file, n.game, n.net = file, c.game, net
		return n, nil
	}
	return nil, fmt.Errorf("%s: a network for the feature set %q, which this engine does not read; it reads %s",
		file, net.FeatureSet, strings.Join(names, ", "))
}
