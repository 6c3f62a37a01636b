package uci

import (
	"strconv"
	"strings"
	"time"
)

// Info is one search report, printed as an "info" line.
type Info struct {
	Depth    int   // completed iteration, plies
	SelDepth int   // deepest ply reached, plies
	MultiPV  int   // 1-based line number; 0 = do not print the field
	Mate     bool  // Score is a mate distance in moves (negative: being mated)
	Score    int   // centipawns from the side to move, or moves to mate when Mate
	Nodes    int64 // nodes searched
	NPS      int64 // nodes per second
	Time     time.Duration
	PV       []string
}

// UCI formats i as a UCI info line:
// "info depth D seldepth S [multipv K] score cp X|mate N nodes N nps N time MS pv ...".
func (i Info) UCI() string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(max(i.SelDepth, i.Depth)))
	if i.MultiPV > 0 {
		b.WriteString(" multipv ")
		b.WriteString(strconv.Itoa(i.MultiPV))
	}
	if i.Mate {
		b.WriteString(" score mate ")
	} else {
		b.WriteString(" score cp ")
	}
	b.WriteString(strconv.Itoa(i.Score))
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatInt(i.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatInt(i.NPS, 10))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(i.Time.Milliseconds(), 10))
	if len(i.PV) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(i.PV, " "))
	}
	return b.String()
}

// UCCI formats i as a UCCI info line: "info depth D score X time MS nodes N pv ...". UCCI
// has no mate form; a mate is printed as the large score ±(MateScore - plies) that ElephantEye
// prints, with plies = 2*moves-1 for a mate we give and 2*moves for a mate we receive.
func (i Info) UCCI(mateScore int) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	score := i.Score
	if i.Mate {
		switch {
		case i.Score > 0:
			score = mateScore - (2*i.Score - 1)
		default:
			score = -(mateScore + 2*i.Score)
		}
	}
	b.WriteString(" score ")
	b.WriteString(strconv.Itoa(score))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(i.Time.Milliseconds(), 10))
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatInt(i.Nodes, 10))
	if len(i.PV) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(i.PV, " "))
	}
	return b.String()
}
