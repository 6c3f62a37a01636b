package review

import (
	"fmt"
	"strings"
)

// Style is the notation the review writes moves in. The zero value, Standard, is each
// game's own notation: WXF for xiangqi (C2.5, H8+7), SAN for chess (Nf3). Chinese
// (炮二平五) and Vietnamese (P2-5) are xiangqi's; for chess they write SAN too.
type Style uint8

// The notation styles.
const (
	Standard   Style = iota // WXF for xiangqi, SAN for chess
	Chinese                 // xiangqi in Chinese notation: 炮二平五
	Vietnamese              // xiangqi in Vietnamese notation: P2-5, M8.7
)

// ParseStyle reads a style's name, case-insensitive: "standard", "wxf", "san" or "" for
// Standard, "chinese", "vietnamese". Any other name is an error naming it and the choices.
func ParseStyle(s string) (Style, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "standard", "wxf", "san":
		return Standard, nil
	case "chinese":
		return Chinese, nil
	case "vietnamese":
		return Vietnamese, nil
	}
	return Standard, fmt.Errorf("review: notation style %q: want standard (wxf, san), chinese or vietnamese", s)
}

// String returns the style's name as ParseStyle reads it: "standard", "chinese" or
// "vietnamese" ("Style(N)" for a value that is none of them).
func (s Style) String() string {
	switch s {
	case Standard:
		return "standard"
	case Chinese:
		return "chinese"
	case Vietnamese:
		return "vietnamese"
	}
	return fmt.Sprintf("Style(%d)", uint8(s))
}

// check returns an error for a value that is none of the styles (a conversion from a number).
func (s Style) check() error {
	if s > Vietnamese {
		return fmt.Errorf("review: notation style %d: want Standard, Chinese or Vietnamese", uint8(s))
	}
	return nil
}

// local is the style's name for engine.Game.Local.
func (s Style) local() string {
	switch s {
	case Chinese:
		return "chinese"
	case Vietnamese:
		return "vietnamese"
	}
	return ""
}
