package uci

import (
	"fmt"
	"os"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// The NNUE options: "EvalFile" names a xiangqi weight file (examples/nnuetrain's output,
// xiangqi.LoadNNUE), loaded when it is set; empty, the network shipped with games/xiangqi
// (xiangqi.DefaultNNUE). "Use NNUE" makes xiangqi searches evaluate with that network. It is
// off by default until the levels that play at full strength are calibrated with it. Chess is
// not affected.
var nnueOptions = []option{
	{name: "Use NNUE", kind: check, def: "false", help: "xiangqi: evaluate with the network of EvalFile, or the shipped one (off: the classical evaluation)"},
	{name: "EvalFile", kind: str, def: "", help: "xiangqi NNUE weight file (examples/nnuetrain); empty: the network shipped with the engine"},
}

func init() { optionTable = append(optionTable, nnueOptions...) }

// setNNUE carries out a change of "Use NNUE" or "EvalFile": it loads the file when its name
// changed (a file that does not load is named in an info string, and the searches stay
// classical) and configures the session's searchers with the network when both are set.
func (e *Engine) setNNUE(name string) {
	if name == "EvalFile" {
		e.nnue = nil
		if file := e.opts["EvalFile"]; file != "" {
			n, err := loadNNUE(file)
			if err != nil {
				e.info("setoption EvalFile: %v", err)
			} else {
				e.nnue = n
				e.info("EvalFile: loaded %s (%d hidden units)", file, n.Network().Hidden)
			}
		}
	}
	if e.opts["Use NNUE"] == "true" && e.nnue == nil {
		if e.opts["EvalFile"] == "" {
			n, err := xiangqi.DefaultNNUE()
			if err != nil {
				e.info("Use NNUE: the shipped network: %v; the classical evaluation is used", err)
			}
			e.nnue = n
		} else {
			e.info("Use NNUE: no network loaded (EvalFile did not load); the classical evaluation is used")
		}
	}
	e.sess.Configure(e.searcherOptions())
}

// searcherOptions returns the session's searcher options from the current option values.
func (e *Engine) searcherOptions() engine.SearcherOptions {
	o := engine.SearcherOptions{HashMiB: e.intOpt("Hash"), Threads: e.intOpt("Threads")}
	if e.opts["Use NNUE"] == "true" {
		o.XiangqiNNUE = e.nnue
	}
	return o
}

// loadNNUE reads a xiangqi weight file.
func loadNNUE(name string) (*xiangqi.NNUE, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	net, err := xiangqi.LoadNNUE(f, xiangqi.NNUEFeatures{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return xiangqi.NewNNUE(net, xiangqi.NNUEFeatures{})
}
