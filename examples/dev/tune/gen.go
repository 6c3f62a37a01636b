package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// genConfig controls the self-play.
type genConfig struct {
	Seed     uint64
	Games    int
	Nodes    int64   // search budget per move
	Random   int     // random plies at the start of each game (the count itself drawn up to this)
	MaxPlies int     // a game not over after this many plies is scored a draw
	Lambda   float64 // weight of the game result in the label; 1-Lambda goes to the search score
	K        float64 // sigmoid scale mapping the search score to a label
}

// position is one kept position and its label.
type position struct {
	label float64
	fen   string
}

// selfPlay plays cfg.Games games of kit's game and returns the quiet positions with their
// labels, calling progress after each game. Game i draws its random opening from (Seed, i),
// so the data depends only on the configuration and the build.
func selfPlay(k *kit, cfg genConfig, progress func(game, kept int)) []position {
	var out []position
	for i := 0; i < cfg.Games; i++ {
		out = append(out, k.play(cfg, i)...)
		if progress != nil {
			progress(i+1, len(out))
		}
	}
	return out
}

// game is what playGame needs of xiangqi.Game and chess.Game.
type game[P any, M any] interface {
	Position() P
	History() []gamesearch.HistoryEntry
	Push(M) error
}

// playGame plays one self-play game on g. over reports the end and the first player's
// score (1, 0.5, 0); quiet returns the FEN of a position worth keeping before the searched
// move m, whether the first player is to move, and false when the position is not quiet.
func playGame[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](cfg genConfig, index int, g game[P, M], over func() (bool, float64),
	quiet func(p *P, m M) (fen string, first, ok bool)) []position {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	s := gamesearch.New[P, PP, M](gamesearch.Options[M]{HashMiB: 4})
	opening := 2 + rng.IntN(max(1, cfg.Random-1))
	type kept struct {
		fen   string
		score float64 // the first player's view, centipawns
	}
	var ks []kept
	var buf []M
	result := 0.5
	for ply := 0; ; ply++ {
		p := g.Position()
		if done, r := over(); done {
			result = r
			break
		}
		if ply >= cfg.MaxPlies {
			break
		}
		var m M
		if ply < opening {
			buf = PP(&p).LegalMoves(buf[:0])
			m = buf[rng.IntN(len(buf))]
		} else {
			res := s.Search(context.Background(), p, g.History(), gamesearch.Limits{Nodes: cfg.Nodes})
			if !res.HasMove {
				break
			}
			m = res.Move
			if fen, first, ok := quiet(&p, m); ok && !gamesearch.IsMate(res.Score) {
				sc := float64(res.Score)
				if !first {
					sc = -sc
				}
				ks = append(ks, kept{fen, sc})
			}
		}
		if err := g.Push(m); err != nil {
			break // the search never returns an illegal move; stop the game if it did
		}
	}
	out := make([]position, len(ks))
	for i, k := range ks {
		out[i] = position{cfg.Lambda*result + (1-cfg.Lambda)*sigmoid(cfg.K, k.score), k.fen}
	}
	return out
}

// dataHeader describes how a data set was made; it heads the data file and is copied into
// the weights' provenance.
func dataHeader(game, build string, cfg genConfig) string {
	return fmt.Sprintf("%s self-play by build %s; seed %d; %d games at %d nodes a move; label %g result + %g search score",
		game, build, cfg.Seed, cfg.Games, cfg.Nodes, cfg.Lambda, 1-cfg.Lambda)
}

const headerPrefix = "# data: "

// writeData writes the header as a comment line, then the positions one a line: label, a
// space, the FEN.
func writeData(w io.Writer, header string, ps []position) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s%s\n", headerPrefix, header)
	for _, p := range ps {
		fmt.Fprintf(bw, "%.4f %s\n", p.label, p.fen)
	}
	return bw.Flush()
}

// readData reads what writeData writes and returns the positions and the header ("" when
// the file has none; the headers joined by "; and " when several data files were
// concatenated). A bad line is an error naming its line number.
func readData(r io.Reader, k *kit) (out []position, header string, err error) {
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if h, ok := strings.CutPrefix(text, headerPrefix); ok {
			if header != "" {
				header += "; and " // data files joined one after another
			}
			header += h
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		lab, fen, ok := strings.Cut(text, " ")
		if !ok {
			return nil, "", fmt.Errorf("line %d: want \"label FEN\", got %q", line, text)
		}
		v, err := strconv.ParseFloat(lab, 64)
		if err != nil || v < 0 || v > 1 {
			return nil, "", fmt.Errorf("line %d: label %q is not a number from 0 to 1", line, lab)
		}
		if _, err := k.sample(position{v, fen}); err != nil {
			return nil, "", fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, position{v, fen})
	}
	return out, header, sc.Err()
}

// samples turns positions into fit samples with the game's evaluation trace.
func samples(k *kit, ps []position) ([]sample, error) {
	out := make([]sample, 0, len(ps))
	for _, p := range ps {
		s, err := k.sample(p)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
