package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// Labels is the style of the text on the pieces (and of the second notation in the move list).
type Labels uint8

const (
	// ChineseLabels writes 帥仕相傌俥炮兵 / 將士象馬車砲卒 and Chinese move notation (炮二平五).
	ChineseLabels Labels = iota
	// VietnameseLabels writes TG S T M X P B and Vietnamese move notation (P2-5).
	VietnameseLabels
	// LetterLabels writes the WXF letters K A E H R C P and WXF move notation alone (C2=5).
	LetterLabels
)

// labelStyles is the number of label styles (ActLabels cycles through them).
const labelStyles = 3

// String returns "chinese", "vietnamese" or "letters", the word used in save files.
func (l Labels) String() string {
	switch l {
	case VietnameseLabels:
		return "vietnamese"
	case LetterLabels:
		return "letters"
	}
	return "chinese"
}

// ParseLabels reads "chinese", "vietnamese" or "letters".
func ParseLabels(s string) (Labels, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "chinese":
		return ChineseLabels, nil
	case "vietnamese":
		return VietnameseLabels, nil
	case "letters":
		return LetterLabels, nil
	}
	return 0, fmt.Errorf("unknown label style %q (want chinese, vietnamese or letters)", s)
}

// wxfLetter is the WXF letter of a xiangqi piece's kind, as WXF notation
// names it (R chariot, H horse, E elephant, A advisor, K general, C cannon, P soldier).
func wxfLetter(pc xiangqi.Piece) string {
	switch pc.Kind() {
	case xiangqi.General:
		return "K"
	case xiangqi.Advisor:
		return "A"
	case xiangqi.Elephant:
		return "E"
	case xiangqi.Horse:
		return "H"
	case xiangqi.Chariot:
		return "R"
	case xiangqi.Cannon:
		return "C"
	case xiangqi.Soldier:
		return "P"
	}
	return ""
}

// Settings are the player's choices, saved with the game.
type Settings struct {
	// Level is the computer's strength (depth cap and thinking time).
	Level levels.Level
	// Human is the side the person plays; the computer plays the other.
	Human xiangqi.Color
	// Labels is the piece-label style.
	Labels Labels
	// Sound is the sound on/off switch (see Config.Sound).
	Sound bool
	// Threats is the threats switch: on the person's turn, their pieces the opponent would
	// win by an exchange are ringed and the opponent's strongest move is drawn (off by
	// default).
	Threats bool
	// TwoPlayers is set when two people play each other on one device: no computer moves,
	// and either side may be moved by whoever is to move (saved as "players two").
	TwoPlayers bool
	// KeepBoard, in a two-player game, keeps Red at the bottom; when it is false (the
	// default) the board turns to show the side to move at the bottom on each turn (saved as
	// "turn off" when set).
	KeepBoard bool
	// Lessons are the ids of the rules lesson's steps answered right ("horse-2"), sorted
	// (saved as "lessons horse-1 horse-2"; nil when none).
	Lessons []string
	// Puzzles are the puzzles solved, by their generator seed ("12:40"), sorted (saved as
	// "puzzles 12:40 13:22"; nil when none).
	Puzzles []string
	// Streak is the number of puzzles solved in a row without a wrong move, a hint or the
	// solution; BestStreak the longest such run (saved as "streak 3 5").
	Streak, BestStreak int
	// Rating is the player's puzzle rating and that of each puzzle attempted (Glicko-2, as
	// lichess; saved as "rating 1523.4 187.2 0.06000" and "rated 1:71 1080.2 290.1 0.06000 …").
	Rating puzzles.Record
}

// DefaultSettings: Medium level, the person plays Red, Chinese labels, sound on.
func DefaultSettings() Settings {
	return Settings{Level: levels.Default, Human: xiangqi.Red, Labels: ChineseLabels, Sound: true}
}

// Computer returns the side the computer plays.
func (s Settings) Computer() xiangqi.Color { return s.Human.Other() }
