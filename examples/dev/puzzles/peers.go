package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// peerScore is a UCI score from the side to move: mate in moves (signed, 0 when none) or
// centipawns.
type peerScore struct {
	mate, cp int
	move     string // the engine's best move, ours
	ok       bool   // a score was read
}

func readScore(info uciclient.SearchInfo) peerScore {
	kind, v, _ := strings.Cut(info.Score, " ")
	n, err := strconv.Atoi(v)
	if err != nil {
		return peerScore{}
	}
	s := peerScore{move: info.PV, ok: true}
	if kind == "mate" {
		s.mate = n
	} else {
		s.cp = n
	}
	return s
}

// value is the score as one number for comparing, mates counted as ±30,000 less the moves.
func (s peerScore) value() int {
	switch {
	case s.mate > 0:
		return 30_000 - s.mate
	case s.mate < 0:
		return -30_000 - s.mate
	}
	return s.cp
}

// peerVerdict is one engine's judgement of one puzzle.
type peerVerdict struct {
	remove bool   // the puzzle is wrong or has a second equal answer
	alt    string // a second first move that mates no slower (mate puzzles: accepted in play)
	why    string
}

// judge searches p's position twice at depth with e: all moves, and every move but the
// solution's first (UCI searchmoves), and decides by the package's rules, in the engine's
// centipawns:
//
//   - a mate puzzle is wrong when the engine mates sooner than the puzzle; another first move
//     that mates as fast is noted (Attempt.Play accepts it);
//   - a material puzzle is wrong when the solution's first move scores less than
//     puzzles.WinningScore/2 (it does not win) or another first move scores more than
//     puzzles.Margin better; it has a second equal answer when another first move also wins
//     (a mate, or at least puzzles.WinningScore) or scores within puzzles.Margin/2 of the
//     solution's;
//   - a defensive puzzle has a second equal answer when another move also holds (at least
//     −puzzles.NotWinning) or scores within puzzles.Margin/2 of the solution's.
func judge(e *uciclient.Engine, p puzzles.Puzzle, depth int) (peerVerdict, error) {
	g, err := engine.GameFromFEN(p.Variant, p.FEN)
	if err != nil {
		return peerVerdict{}, err
	}
	var others []string
	for _, m := range g.Legal() {
		if u := g.UCI(m); u != p.Solution[0] {
			others = append(others, e.Codec.ToEngine(u))
		}
	}
	run := func(goCmd string) (peerScore, error) {
		if err := e.NewGame(); err != nil {
			return peerScore{}, err
		}
		_, info, err := e.Go(context.Background(), p.FEN, nil, goCmd, time.Now().Add(5*time.Minute))
		if err != nil {
			return peerScore{}, err
		}
		s := readScore(info)
		if !s.ok {
			return s, fmt.Errorf("no score (%q)", info.Score)
		}
		return s, nil
	}
	sol, err := run(fmt.Sprintf("go depth %d searchmoves %s", depth, e.Codec.ToEngine(p.Solution[0])))
	if err != nil {
		return peerVerdict{}, err
	}
	if len(others) == 0 {
		return peerVerdict{}, nil
	}
	alt, err := run(fmt.Sprintf("go depth %d searchmoves %s", depth, strings.Join(others, " ")))
	if err != nil {
		return peerVerdict{}, err
	}
	if k := p.Theme.Mate(); k > 0 {
		switch {
		case alt.mate > 0 && alt.mate < k:
			return peerVerdict{remove: true, why: fmt.Sprintf("%s mates in %d, sooner than the puzzle's %d", alt.move, alt.mate, k)}, nil
		case sol.mate > 0 && sol.mate < k:
			return peerVerdict{remove: true, why: fmt.Sprintf("the solution mates in %d, not %d", sol.mate, k)}, nil
		case alt.mate > 0 && alt.mate <= k:
			return peerVerdict{alt: alt.move, why: fmt.Sprintf("%s mates in %d as well (accepted in play)", alt.move, alt.mate)}, nil
		}
		return peerVerdict{}, nil
	}
	if p.Theme == puzzles.Defence {
		if alt.mate > 0 || alt.mate == 0 && alt.cp >= -puzzles.NotWinning || alt.value() >= sol.value()-puzzles.Margin/2 {
			return peerVerdict{remove: true, why: fmt.Sprintf("%s holds too (%s against %s)", alt.move, scoreText(alt), scoreText(sol))}, nil
		}
		return peerVerdict{}, nil
	}
	switch {
	case sol.mate == 0 && sol.cp < puzzles.WinningScore/2 || sol.mate < 0:
		return peerVerdict{remove: true, why: fmt.Sprintf("the solution %s scores only %s", p.Solution[0], scoreText(sol))}, nil
	case alt.mate > 0 || alt.mate == 0 && alt.cp >= puzzles.WinningScore || alt.value() >= sol.value()-puzzles.Margin/2:
		return peerVerdict{remove: true, why: fmt.Sprintf("%s wins too (%s against %s)", alt.move, scoreText(alt), scoreText(sol))}, nil
	case alt.value() > sol.value()+puzzles.Margin:
		return peerVerdict{remove: true, why: fmt.Sprintf("%s is better than the solution (%s against %s)", alt.move, scoreText(alt), scoreText(sol))}, nil
	}
	return peerVerdict{}, nil
}

func scoreText(s peerScore) string {
	if s.mate != 0 {
		return "mate " + strconv.Itoa(s.mate)
	}
	return "cp " + strconv.Itoa(s.cp)
}

// checkFile judges every puzzle of the set file in with each engine of paths (name=path,
// comma-separated) at depth, and writes the set without the puzzles any engine removes to
// outFile (comments kept, a comment line per removal), and one line per verdict of note to
// errOut. mateSample > 0 judges only that many mate puzzles, spread over the file; the
// material and defensive puzzles are always all judged.
func checkFile(v engine.Variant, in, outFile, paths string, depth, mateSample int, out, errOut io.Writer) int {
	data, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 1
	}
	type peer struct {
		name string
		e    *uciclient.Engine
	}
	var peers []peer
	for _, np := range strings.Split(paths, ",") {
		name, path, ok := strings.Cut(np, "=")
		if !ok {
			fmt.Fprintf(errOut, "puzzles: -engines %q: want name=path,...\n", paths)
			return 2
		}
		e, err := uciclient.Start(uciclient.Config{Command: path, Ranks: "auto",
			Options: [][2]string{{"Threads", "1"}, {"Hash", "32"}}}, string(v))
		if err != nil {
			fmt.Fprintf(errOut, "puzzles: %s: %v\n", name, err)
			return 1
		}
		defer e.Quit()
		peers = append(peers, peer{name, e})
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	mates := 0
	for _, l := range lines {
		if f := strings.Split(l, "\t"); len(f) == 5 && strings.HasPrefix(f[2], "mateIn") {
			mates++
		}
	}
	var b strings.Builder
	checked, removed, alts, mateSeen := map[string]int{}, map[string]int{}, map[string]int{}, 0
	if code := eachPuzzle(v, in, lines, &b, errOut, func(line string, p puzzles.Puzzle) int {
		judged := true
		if p.Theme.Mate() > 0 {
			judged = mateSample <= 0 || mateSeen*mateSample/mates != (mateSeen+1)*mateSample/mates
			mateSeen++
		}
		drop := ""
		if judged {
			kind := string(p.Theme)
			if p.Theme.Mate() > 0 {
				kind = "mate"
			}
			for _, pe := range peers {
				verdict, err := judge(pe.e, p, depth)
				if err != nil {
					fmt.Fprintf(errOut, "puzzles: %s on %s: %v\n", pe.name, p.ID(), err)
					return 1
				}
				checked[pe.name+" "+kind]++
				if verdict.alt != "" {
					alts[pe.name]++
					fmt.Fprintf(errOut, "%s\t%s\t%s\talternative\t%s\n", p.ID(), pe.name, p.ThemeText(), verdict.why)
				}
				if verdict.remove {
					removed[pe.name+" "+kind]++
					fmt.Fprintf(errOut, "%s\t%s\t%s\tremoved\t%s\n", p.ID(), pe.name, p.ThemeText(), verdict.why)
					if drop == "" {
						drop = pe.name + ": " + verdict.why
					}
				}
			}
		}
		if drop != "" {
			fmt.Fprintf(&b, "# removed %s (%s): %s\n", p.ID(), p.ThemeText(), drop)
			return 0
		}
		b.WriteString(line + "\n")
		return 0
	}); code != 0 {
		return code
	}
	fmt.Fprintf(&b, "# checked at depth %d: %v; removed %v; other mates no slower (accepted in play) %v\n", depth, checked, removed, alts)
	fmt.Fprintf(errOut, "checked %v\nremoved %v\nalternative mates %v\n", checked, removed, alts)
	return writeSet(b.String(), outFile, out, errOut)
}
