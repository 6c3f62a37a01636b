package controller

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// Engine chooses the computer's move at level l in the current position of g (the game so
// far: its start, its moves and the history the repetition rules read). g is the engine's own
// copy; it may keep it. It returns ok = false only when the position has no legal move. It
// must return soon after ctx is cancelled; a result returned after cancellation is thrown away
// by the controller.
type Engine func(ctx context.Context, g *xiangqi.Game, l levels.Level) (m xiangqi.Move, ok bool)

// SearchEngine returns an Engine that plays as the level asks through package engine (a
// LevelPlayer with a table of hashMiB MiB and a random seed) and answers no sooner than the
// level's natural pause (levels.Level.Pause) unless ctx is cancelled. Like the LevelPlayer it
// is not safe for concurrent use; the controller calls it from its one worker goroutine.
func SearchEngine(hashMiB int) Engine {
	p := NewLevelPlayer(hashMiB, rand.Uint64())
	return func(ctx context.Context, g *xiangqi.Game, l levels.Level) (xiangqi.Move, bool) {
		start := time.Now()
		a, ok := p.Play(ctx, engine.XiangqiGame(g), l)
		if !ok {
			return 0, false
		}
		pos := g.Position()
		wait := time.NewTimer(time.Until(start.Add(l.Pause(len(pos.LegalMoves(nil))))))
		defer wait.Stop()
		select {
		case <-wait.C:
		case <-ctx.Done():
		}
		return xiangqi.Move(a.Move), true
	}
}

// LevelPlayer is the app's computer opponent: one engine.Session that plays at a level the
// way the UCI engine and the terminal game do (engine.Strength: the level's caps and thinking
// time, its choice among the best lines with the game's noise; at full strength, Master,
// the network shipped with games/xiangqi evaluates, below it the classical evaluation the
// levels were calibrated with). A game starts when it has at
// most one move (the computer moves first, or replies to the first move): the session then
// forgets its table and draws the game's noise anew (engine.Session.NewGame). It is not safe
// for concurrent use.
type LevelPlayer struct {
	sess *engine.Session
}

// NewLevelPlayer returns a player whose session has a table of hashMiB MiB and draws its
// noise and choices from seed.
func NewLevelPlayer(hashMiB int, seed uint64) *LevelPlayer {
	return &LevelPlayer{sess: engine.NewSession(engine.Xiangqi, engine.SessionOptions{Searcher: networkOptions(hashMiB), Seed: seed})}
}

// networkOptions are the options of the app's searchers at full strength (the computer's
// Master, hints, threats): a table of hashMiB MiB and the network shipped with games/xiangqi.
func networkOptions(hashMiB int) engine.SearcherOptions {
	o := engine.SearcherOptions{HashMiB: hashMiB}
	if n, err := xiangqi.DefaultNNUE(); err == nil { // never expected to fail: a test loads it
		o.XiangqiNNUE = n
	}
	return o
}

// Play searches the current position of g at level l (its caps, and its Time as the search's
// budget) and returns the session's answer; ok is false when the position has no legal move.
// When ctx is cancelled the search stops at once and its answer is returned as it stands.
func (p *LevelPlayer) Play(ctx context.Context, g engine.Game, l levels.Level) (a engine.Answer, ok bool) {
	if g.Len() <= 1 {
		p.sess.NewGame()
	}
	p.sess.SetGame(g)
	answers := make(chan engine.Answer, 1)
	j := p.sess.Go(engine.Request{Limits: Limits(l), Time: l.Time, Strength: engine.Strength{Level: l}},
		func(a engine.Answer) { answers <- a })
	select {
	case a = <-answers:
		<-j.Done()
	case <-ctx.Done():
		j.Stop()
		a = <-answers
	}
	return a, a.HasMove
}

// Limits returns the search limits of a level: its depth and node caps, MultiPV line count
// and time budget (levels.Level.Limits).
func Limits(l levels.Level) gamesearch.Limits { return l.Limits() }
