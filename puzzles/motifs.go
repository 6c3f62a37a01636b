package puzzles

// The motifs Motifs finds, named as lichess names its puzzle themes where one exists.
const (
	// Fork: the first move's piece attacks two or more enemy pieces worth winning (the
	// general by giving check counts as one).
	Fork Theme = "fork"
	// Hanging: the first move takes a piece that no enemy piece defends.
	Hanging Theme = "hangingPiece"
	// CannonScreen: the first move puts a piece between a friendly cannon and its target,
	// giving the cannon a screen to attack (or check) over.
	CannonScreen Theme = "cannonScreen"
	// Pin: after the first move an attacked enemy piece cannot move away without exposing
	// its general to check.
	Pin Theme = "pin"
	// Discovered: the first move uncovers an attack (or check) by another friendly piece.
	Discovered Theme = "discoveredAttack"
	// Trapped: the piece won has, after the first move, no move to a square where it is safe.
	Trapped Theme = "trappedPiece"
	// Endgame: few pieces are left (see Motifs).
	Endgame Theme = "endgame"
)

// AllMotifs lists the motifs in the order a puzzle's Motifs keep.
var AllMotifs = []Theme{Fork, Hanging, CannonScreen, Pin, Discovered, Trapped, Endgame}

func isMotif(t Theme) bool {
	for _, m := range AllMotifs {
		if m == t {
			return true
		}
	}
	return false
}

// Motifs returns the motifs of p's solution, in the order of AllMotifs.
func Motifs(p Puzzle) []Theme { return nil }
