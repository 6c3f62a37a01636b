package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// Labels is the style of the text on the pieces (and of the second notation in the move list).
type Labels uint8

const (
	// ChineseLabels writes 帥仕相傌俥炮兵 / 將士象馬車砲卒 and Chinese move notation (炮二平五).
	ChineseLabels Labels = iota
	// VietnameseLabels writes TG S T M X P B and Vietnamese move notation (P2-5).
	VietnameseLabels
)

// String returns "chinese" or "vietnamese", the word used in save files.
func (l Labels) String() string {
	if l == VietnameseLabels {
		return "vietnamese"
	}
	return "chinese"
}

// ParseLabels reads "chinese" or "vietnamese".
func ParseLabels(s string) (Labels, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "chinese":
		return ChineseLabels, nil
	case "vietnamese":
		return VietnameseLabels, nil
	}
	return 0, fmt.Errorf("unknown label style %q (want chinese or vietnamese)", s)
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
}

// DefaultSettings: Medium level, the person plays Red, Chinese labels, sound on.
func DefaultSettings() Settings {
	return Settings{Level: levels.Default, Human: xiangqi.Red, Labels: ChineseLabels, Sound: true}
}

// Computer returns the side the computer plays.
func (s Settings) Computer() xiangqi.Color { return s.Human.Other() }
