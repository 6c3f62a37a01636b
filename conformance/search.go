package conformance

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// searchTimeout bounds every search of the suite, so a search that never stops fails instead
// of hanging the test binary.
const searchTimeout = 60 * time.Second

// selectiveSlack is how many plies beyond 2N-1 the default selective search may need to find
// a mate in N.
const selectiveSlack = 4

// cancelAfter and cancelBudget: a search cancelled after cancelAfter must return within
// cancelBudget of its start. The budget only shows that the search stops: it allows for the
// stall a loaded 2-core machine can cause (load averages of 20 to 38 were seen).
const (
	cancelAfter  = 20 * time.Millisecond
	cancelBudget = 3 * time.Second
)

func (s *suite[P, PP, M]) newSearcher() *gamesearch.Searcher[P, PP, M] {
	return gamesearch.New[P, PP, M](gamesearch.Options[M]{HashMiB: 1})
}

// search runs one search with the suite's timeout.
func (s *suite[P, PP, M]) search(p P, lim gamesearch.Limits) gamesearch.Result[M] {
	return s.searchWith(s.newSearcher(), p, lim)
}

// searchWith runs one search on searcher with the suite's timeout.
func (s *suite[P, PP, M]) searchWith(searcher *gamesearch.Searcher[P, PP, M], p P, lim gamesearch.Limits) gamesearch.Result[M] {
	ctx, cancel := context.WithTimeout(context.Background(), searchTimeout)
	defer cancel()
	return searcher.Search(ctx, p, nil, lim)
}

// checkResult checks that a search from p (named what) returned a legal move and a legal
// principal variation starting with it.
func (s *suite[P, PP, M]) checkResult(p P, what string, res gamesearch.Result[M]) bool {
	legal := PP(&p).LegalMoves(nil)
	if !res.HasMove {
		s.failf("%s: Search returned no move, legal moves are %s", what, s.movesString(legal))
		return false
	}
	if !slices.Contains(legal, res.Move) {
		s.failf("%s: Search returned %s, which is not legal (legal: %s)", what, s.moveString(res.Move), s.movesString(legal))
		return false
	}
	if res.Score <= -gamesearch.Infinity || res.Score >= gamesearch.Infinity {
		s.failf("%s: Search returned %s with score %d, outside (-Infinity, Infinity)", what, s.g.FormatMove(res.Move), res.Score)
	}
	if len(res.PV) > 0 && res.PV[0] != res.Move {
		s.failf("%s: Search returned %s but its PV starts with %s", what, s.g.FormatMove(res.Move), s.movesString(res.PV))
	}
	q := p
	for i, m := range res.PV {
		if !slices.Contains(PP(&q).LegalMoves(nil), m) {
			s.failf("%s: PV %s: move %d, %s, is not legal in %q", what, s.movesString(res.PV), i+1, s.moveString(m), s.g.Format(&q))
			return false
		}
		var next P
		PP(&q).After(m, &next)
		q = next
	}
	return true
}

// checkSearchTerminal searches every checkmated and stalemated position: no move, and the
// score the rules give.
func (s *suite[P, PP, M]) checkSearchTerminal() {
	if s.g.NoSearch {
		return
	}
	stalemate := 0
	if s.g.StalemateLoses {
		stalemate = -gamesearch.Mate
	}
	cases := []struct {
		kind  string
		texts []string
		score int
	}{
		{"checkmated position", s.g.Checkmated, -gamesearch.Mate},
		{"stalemated position", s.g.Stalemated, stalemate},
	}
	for _, c := range cases {
		for _, text := range c.texts {
			p, ok := s.parse(c.kind, text)
			if !ok {
				continue
			}
			s.where = fmt.Sprintf("search of %s %q", c.kind, text)
			res := s.search(p, gamesearch.Limits{Depth: s.g.SearchDepth})
			if res.HasMove {
				s.failf("%s %q: Search returned move %s, want none", c.kind, text, s.moveString(res.Move))
			}
			if res.Score != c.score {
				s.failf("%s %q: Search score %d, want %d", c.kind, text, res.Score, c.score)
			}
		}
	}
}

// checkSearchLegal searches every non-terminal position the game gave, with a node limit.
func (s *suite[P, PP, M]) checkSearchLegal() {
	if s.g.NoSearch {
		return
	}
	for _, l := range s.positions() {
		p, ok := s.parse(l.kind, l.text)
		if !ok || len(PP(&p).LegalMoves(nil)) == 0 {
			continue
		}
		what := fmt.Sprintf("%s %q (nodes %d)", l.kind, l.text, s.g.SearchNodes)
		s.where = "search of " + what
		res := s.search(p, gamesearch.Limits{Nodes: s.g.SearchNodes})
		s.checkResult(p, what, res)
		if res.Depth < 1 {
			s.failf("%s: Search completed depth %d, want at least 1", what, res.Depth)
		}
	}
}

// checkSearchMate searches every mate-in-N position to depth 2N-1 with exact alpha-beta
// (Options.NoPruning): a mate in N must then be found with score Mate-(2N-1). The default,
// selective search (null move, LMR, futility) may need more depth to see a quiet mating
// threat at its horizon, so it must find the same mate in N by depth 2N-1+selectiveSlack.
func (s *suite[P, PP, M]) checkSearchMate() {
	if s.g.NoSearch {
		return
	}
	for _, c := range s.g.MateIn {
		if c.Moves < 1 {
			continue
		}
		p, ok := s.parse(fmt.Sprintf("mate-in-%d position", c.Moves), c.Text)
		if !ok {
			continue
		}
		plies := 2*c.Moves - 1
		what := fmt.Sprintf("mate-in-%d position %q (depth %d", c.Moves, c.Text, plies)
		if c.Source != "" {
			what += "; " + c.Source
		}
		what += ")"
		s.where = "search of " + what
		selective := s.search(p, gamesearch.Limits{Depth: plies + selectiveSlack})
		if s.checkResult(p, what+" with the default selective search", selective) && gamesearch.MateIn(selective.Score) != c.Moves {
			s.failf("%s: the default selective search to depth %d played %s with score %d (MateIn %d), want mate in %d",
				what, plies+selectiveSlack, s.g.FormatMove(selective.Move), selective.Score, gamesearch.MateIn(selective.Score), c.Moves)
		}
		exact := gamesearch.New[P, PP, M](gamesearch.Options[M]{HashMiB: 1, NoPruning: true})
		res := s.searchWith(exact, p, gamesearch.Limits{Depth: plies})
		if !s.checkResult(p, what, res) {
			continue
		}
		if want := gamesearch.Mate - plies; res.Score != want {
			s.failf("%s: Search played %s with score %d (PV %s), want %d (mate in %d)",
				what, s.g.FormatMove(res.Move), res.Score, s.movesString(res.PV), want, c.Moves)
		} else if n := gamesearch.MateIn(res.Score); n != c.Moves {
			s.failf("%s: MateIn(%d) = %d, want %d", what, res.Score, n, c.Moves)
		}
		if c.First != "" && s.g.FormatMove(res.Move) != c.First {
			s.failf("%s: Search played %s (score %d, PV %s), want %s", what, s.g.FormatMove(res.Move), res.Score, s.movesString(res.PV), c.First)
		}
		if len(res.PV) < plies {
			s.failf("%s: the PV %s of a mate in %d is shorter than %d plies", what, s.movesString(res.PV), c.Moves, plies)
		} else {
			// The PV of a mate in N ends, after 2N-1 plies, in a position the defender loses.
			q := p
			for _, m := range res.PV[:plies] {
				var next P
				PP(&q).After(m, &next)
				q = next
			}
			if n := len(PP(&q).LegalMoves(nil)); n != 0 || !(PP(&q).InCheck() || PP(&q).LossOnStalemate()) {
				s.failf("%s: PV %s does not end in a lost position: %q has %d legal moves, in check %v",
					what, s.movesString(res.PV[:plies]), s.g.Format(&q), n, PP(&q).InCheck())
			}
		}
	}
}

// checkSearchSingle searches every single-move position: the only move must come back.
func (s *suite[P, PP, M]) checkSearchSingle() {
	if s.g.NoSearch {
		return
	}
	for _, c := range s.g.SingleMove {
		p, ok := s.parse("single-move position", c.Text)
		if !ok {
			continue
		}
		what := fmt.Sprintf("single-move position %q", c.Text)
		s.where = "search of " + what
		res := s.search(p, gamesearch.Limits{Depth: s.g.SearchDepth})
		if s.checkResult(p, what, res) && s.g.FormatMove(res.Move) != c.Move {
			s.failf("%s: Search played %s, want the only move %s", what, s.g.FormatMove(res.Move), c.Move)
		}
	}
}

// checkSearchCancel starts an unlimited search from the start position and cancels it.
func (s *suite[P, PP, M]) checkSearchCancel() {
	if s.g.NoSearch {
		return
	}
	p, ok := s.parse("start position", s.g.Start)
	if !ok {
		return
	}
	what := fmt.Sprintf("start position %q (no limit, cancelled after %v)", s.g.Start, cancelAfter)
	s.where = "search of " + what
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(cancelAfter, cancel)
	defer timer.Stop()
	begin := time.Now()
	res := s.newSearcher().Search(ctx, p, nil, gamesearch.Limits{})
	if took := time.Since(begin); took > cancelBudget {
		s.failf("%s: Search returned after %v, want within %v", what, took.Round(time.Millisecond), cancelBudget)
	}
	s.checkResult(p, what, res)
}

// checkSearchLimits searches the start position under each kind of limit alone: a depth is
// completed exactly, a node limit is not exceeded, a time budget is kept.
func (s *suite[P, PP, M]) checkSearchLimits() {
	if s.g.NoSearch {
		return
	}
	p, ok := s.parse("start position", s.g.Start)
	if !ok {
		return
	}
	const depth, nodes, budget = 2, 500, 50 * time.Millisecond
	what := fmt.Sprintf("start position %q", s.g.Start)
	s.where = "search of " + what

	res := s.search(p, gamesearch.Limits{Depth: depth})
	if s.checkResult(p, what+" (depth 2)", res) && res.Depth != depth {
		s.failf("%s: Search with Limits{Depth: %d} completed depth %d", what, depth, res.Depth)
	}

	res = s.search(p, gamesearch.Limits{Nodes: nodes})
	if s.checkResult(p, what+" (nodes 500)", res) && res.Nodes > nodes {
		s.failf("%s: Search with Limits{Nodes: %d} visited %d nodes", what, nodes, res.Nodes)
	}

	begin := time.Now()
	res = s.search(p, gamesearch.Limits{Time: budget})
	if took := time.Since(begin); took > cancelBudget {
		s.failf("%s: Search with Limits{Time: %v} returned after %v, want within %v", what, budget, took.Round(time.Millisecond), cancelBudget)
	}
	s.checkResult(p, what+" (time 50ms)", res)
}

// checkSearchConcurrent searches copies of the start position (and of each mate position) in
// several goroutines at once, each with its own Searcher; with the same depth and node limits
// every goroutine must get the same move, score and depth, and the shared original must not
// change.
func (s *suite[P, PP, M]) checkSearchConcurrent() {
	if s.g.NoSearch {
		return
	}
	texts := []labelled{{"start position", s.g.Start}}
	for _, c := range s.g.MateIn {
		texts = append(texts, labelled{fmt.Sprintf("mate-in-%d position", c.Moves), c.Text})
	}
	for _, l := range texts {
		p, ok := s.parse(l.kind, l.text)
		if !ok {
			continue
		}
		text, hash := s.g.Format(&p), PP(&p).Hash()
		lim := gamesearch.Limits{Depth: s.g.SearchDepth, Nodes: s.g.SearchNodes}
		what := fmt.Sprintf("%s %q (depth %d, nodes %d, %d goroutines)", l.kind, l.text, lim.Depth, lim.Nodes, s.g.Goroutines)
		s.where = "search of " + what
		results := make([]gamesearch.Result[M], s.g.Goroutines)
		panics := make([]any, s.g.Goroutines)
		var wg sync.WaitGroup
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { panics[i] = recover() }()
				results[i] = s.search(p, lim)
			}()
		}
		wg.Wait()
		for i, r := range panics {
			if r != nil {
				s.failf("%s: goroutine %d panicked: %v", what, i, r)
				return
			}
		}
		if s.g.Format(&p) != text || PP(&p).Hash() != hash {
			s.failf("%s: the shared position changed during the searches: now %q", what, s.g.Format(&p))
		}
		for i, res := range results {
			if !s.checkResult(p, fmt.Sprintf("%s goroutine %d", what, i), res) {
				continue
			}
			if r0 := results[0]; res.Move != r0.Move || res.Score != r0.Score || res.Depth != r0.Depth {
				s.failf("%s: goroutine %d got %s score %d depth %d, goroutine 0 got %s score %d depth %d",
					what, i, s.g.FormatMove(res.Move), res.Score, res.Depth, s.g.FormatMove(r0.Move), r0.Score, r0.Depth)
			}
		}
	}
}
