package chess

func initEval() {}

// Evaluate returns the static evaluation in centipawns from the side to move's point of view.
func (p *Position) Evaluate() int { return 0 }
