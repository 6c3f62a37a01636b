package main

import (
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

// limits are the search limits of the computer's moves: the level's, with -movetime's time.
func (s *session) limits() gamesearch.Limits {
	lim := s.level.Limits()
	if s.moveTime > 0 {
		lim.Time = s.moveTime
	}
	return lim
}

// computerTurn lets the computer move while it is its turn and the game goes on.
func (s *session) computerTurn() {
	if s.game.Result().Over || s.game.SideToMove() == s.person {
		return
	}
	mover := s.game.SideToMove()
	start := time.Now()
	s.engine.SetPlainEval(s.level.Plain)
	s.engine.SetNeuralEval(s.level.Full())
	ctx := s.context()
	r := s.engine.Search(ctx, s.game, s.limits(), nil, nil)
	if ctx.Err() != nil {
		return // Ctrl-C: the game is kept as it was, the computer to move
	}
	if !r.HasMove {
		s.draw() // no legal move: Result says why (announce has printed it)
		return
	}
	str := engine.Strength{Level: s.level}
	if i := str.Choose(s.game, r.Lines, s.noise, s.rng); i > 0 {
		r.Move, r.Score = r.Lines[i].Move, r.Lines[i].Score
	}
	// A natural pause: the level's thinking time, which the capped search rarely fills.
	pause := s.level.Pause(len(s.game.Legal()))
	if s.moveTime > 0 {
		pause = s.moveTime
	}
	select {
	case <-time.After(time.Until(start.Add(pause))):
	case <-ctx.Done():
		return
	}
	desc := s.describe(r.Move)
	if err := s.game.Push(r.Move); err != nil {
		s.say("The computer chose an illegal move %s: %v", desc, err)
		s.draw()
		return
	}
	s.sayDetail("Computer plays "+desc, fmt.Sprintf("[depth %d, %s, %d nodes, %s]", r.Depth,
		s.scoreText(r.Score, mover), r.Nodes, msText(r.Elapsed)))
	s.draw()
	s.announce()
}

// hintTime is how long the engine thinks for a hint (-movetime overrides it).
const hintTime = time.Second

// hint answers "hint": the move the engine at full strength would play for the person.
func (s *session) hint() {
	if s.game.Result().Over {
		s.say("The game is over.")
		return
	}
	if s.game.SideToMove() != s.person {
		s.say("It is the computer's turn.")
		return
	}
	mover := s.game.SideToMove()
	// A hint is advice: the engine at full strength (every evaluation term, no caps, no
	// noise) for hintTime, whatever level the computer plays at.
	lim := gamesearch.Limits{Time: hintTime}
	if s.moveTime > 0 {
		lim.Time = s.moveTime
	}
	s.engine.SetPlainEval(false)
	s.engine.SetNeuralEval(true)
	ctx := s.context()
	r := s.engine.Search(ctx, s.game, lim, nil, nil)
	if ctx.Err() != nil {
		return
	}
	if !r.HasMove {
		s.say("No legal move.")
		return
	}
	h := review.Suggestion{Move: r.Move, Score: r.Score, Line: r.PV}
	if len(h.Line) == 0 || h.Line[0] != r.Move {
		h.Line = []engine.Move{r.Move}
	}
	s.sayDetail("Hint: "+s.describe(r.Move)+". "+review.Why(s.game, h, review.Standard), fmt.Sprintf("[depth %d, %s, %s]", r.Depth,
		s.scoreText(r.Score, mover), msText(r.Elapsed)))
}
