package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/testkit/peer"
)

// TestUCI2WB drives the engine as XBoard does for xiangqi, over the XBoard protocol (CECP)
// through UCI2WB (Debian uci2wb): UCI2WB must announce xiangqi among the variants, and after
// "new", "variant xiangqi" and the person's "usermove h2e2" the engine (Black) answers with a
// legal move. docs/engine.md's GUI section runs xboard the same way.
func TestUCI2WB(t *testing.T) {
	adapter := peer.Path(t, "uci2wb")
	p := startProc(t, "uci2wb", adapter, engineBinary(t))
	p.send("xboard", "protover 2")
	ls := p.until("feature smp=1 memory=1 done=1", 20*time.Second)
	assert.Contains(t, strings.Join(ls, "\n"), `feature variants="normal,xiangqi"`)
	p.send("new", "variant xiangqi", "sd 3", "usermove h2e2")
	ls = p.until("move ", 20*time.Second)
	reply := strings.TrimPrefix(ls[len(ls)-1], "move ")
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2")
	require.NoError(t, err)
	_, err = g.ParseUCI(reply)
	assert.NoError(t, err, "UCI2WB relayed %q, a legal Black reply to C2=5", reply)
	p.send("quit")
}
