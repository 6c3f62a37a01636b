// Package protocol is the conversation between the web app's page and its Web Worker, where
// the computer searches so that the page never freezes. It is plain Go, with no browser code,
// so that it is tested on any platform; the browser glue only carries its strings.
//
// Every message is one JSON text (carried by postMessage as a string). The page sends a
// Request with a new ID for each search; the worker answers each with one Reply carrying the
// same ID. Client, on the page, waits only for the reply to its latest request: a reply with
// another ID (of a request that was cancelled, or a duplicate) is stale and dropped, and the
// controller then checks the generation, hash and FEN of the position as it does for a search
// on a goroutine, so a stale result never lands on a new board. A cancelled search cannot be
// interrupted inside the worker (its wasm instance runs the search without returning to the
// event loop), so Client stops the worker instead (Transport.Cancel) and the next request
// starts a new one.
//
// Version 3 adds the review's requests (see package review): KindAnalyse, answered by
// progress messages (Reply.Progress, one before each position is searched) and then one
// final reply with the analysis in review's text form; KindCancel, which stops the analysis
// with that ID (or every analysis up to it) between two of its positions without stopping the
// worker, so that the worker and its table live on; KindHint and KindThreats, one reply each.
// The page runs analyses in a worker of their own, so that the computer's moves never wait
// for one.
package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// Version is the protocol's version. A worker answers a request of another version with an
// error reply, so a page and a worker from two different builds (one cached by the service
// worker, one fresh) never misread each other.
const Version = 3

// The request kinds.
const (
	// KindSearch asks for the computer's move in a position.
	KindSearch = "search"
	// KindBench asks for a fixed-depth search of BenchFEN from an empty table, to measure
	// the search speed (nodes per second) in the browser.
	KindBench = "bench"
	// KindAnalyse asks for the analysis of every position of Game at Nodes nodes each.
	KindAnalyse = "analyse"
	// KindCancel stops the analysis whose ID is Cancel, and any earlier one still queued.
	// It has no reply of its own: the analysis answers with an error reply.
	KindCancel = "cancel"
	// KindHint asks for the best move of Game's position at full strength within HintMS.
	KindHint = "hint"
	// KindThreats asks what the opponent of the side to move threatens in Game's position.
	KindThreats = "threats"
)

// BenchFEN is the position of a bench request: the start position after 1. C2=5 (h2e2) H8+7
// (h9g7), a common opening with every piece still on the board.
const BenchFEN = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"

// Request is a message from the page to the worker.
type Request struct {
	// V is the protocol Version of the sender.
	V int `json:"v"`
	// ID identifies the request; the reply carries it back. The page numbers its requests
	// 1, 2, 3...
	ID uint64 `json:"id"`
	// Kind is KindSearch or KindBench.
	Kind string `json:"kind"`
	// Game is the game so far (KindSearch), in the form xiangqi.Game.String writes
	// ("startpos moves h2e2 h9g7", "fen <FEN> moves ..."): its start and its moves, which give
	// the search the current position and the history the repetition rules read, and tell the
	// worker when a new game starts.
	Game string `json:"game,omitempty"`
	// MoveLimit is the game's no-capture draw limit in plies (0: off; see
	// xiangqi.Game.SetMoveLimit), which Game does not carry.
	MoveLimit int `json:"limit,omitempty"`
	// Level is the computer's playing strength (KindSearch): its limits, its choice among
	// the best lines and its natural pause, carried whole so that the worker plays exactly
	// the level the page shows.
	Level *levels.Level `json:"level,omitempty"`
	// Depth is the fixed depth of a bench search, in plies (KindBench).
	Depth int `json:"depth,omitempty"`
	// Nodes is the node budget of each position of an analysis (KindAnalyse).
	Nodes int64 `json:"nodes,omitempty"`
	// Cancel is the ID of the analysis to stop (KindCancel).
	Cancel uint64 `json:"cancel,omitempty"`
}

// Reply is a message from the worker to the page: the answer to one Request.
type Reply struct {
	// V is the protocol Version of the worker.
	V int `json:"v"`
	// ID is the ID of the request answered (0 for a message that could not be read as a
	// request at all).
	ID uint64 `json:"id"`
	// Move is the chosen move in coordinate notation ("h2e2"); empty when OK is false.
	Move string `json:"move,omitempty"`
	// OK is false when the position has no legal move (or on an error).
	OK bool `json:"ok"`
	// Depth is the last completed iteration in plies and Nodes the nodes searched (bench
	// replies; 0 in search replies, whose engine does not report them); ElapsedUS is the
	// wall-clock time the worker took, in microseconds (for a search, its pause included).
	Depth     int   `json:"depth"`
	Nodes     int64 `json:"nodes"`
	ElapsedUS int64 `json:"us"`
	// Err says what was wrong with the request; empty on success.
	Err string `json:"err,omitempty"`
	// Progress marks a progress message of an analysis: position I of N is being searched.
	// More messages with the same ID follow.
	Progress bool `json:"progress,omitempty"`
	I        int  `json:"i,omitempty"`
	N        int  `json:"n,omitempty"`
	// Analysis is the analysis in review's text form (KindAnalyse's final reply).
	Analysis string `json:"analysis,omitempty"`
	// Line is a hint's line (Move is its first move); for threats, Move is the opponent's
	// strongest move (OK false: none).
	Line []string `json:"line,omitempty"`
	// Attacked are the squares of the pieces the opponent would win (KindThreats), and
	// Available is false when there is nothing to show (check, or the game is over).
	Attacked  []string `json:"attacked,omitempty"`
	Available bool     `json:"available,omitempty"`
	// Threatens and Words are the threat of that move (controller.Threat's): whether it is
	// one (a piece won, a check, a mate) and the sentence saying it.
	Threatens bool   `json:"threatens,omitempty"`
	Words     string `json:"words,omitempty"`
}

// Elapsed returns the search time the worker measured.
func (r Reply) Elapsed() time.Duration { return time.Duration(r.ElapsedUS) * time.Microsecond }

// NPS returns the nodes per second of the search (0 when no time was measured).
func (r Reply) NPS() float64 {
	if r.ElapsedUS <= 0 {
		return 0
	}
	return float64(r.Nodes) / (float64(r.ElapsedUS) / 1e6)
}

// NewSearch makes the request for the computer's move at level l in the current position of
// g.
func NewSearch(id uint64, g *xiangqi.Game, l levels.Level) Request {
	return Request{V: Version, ID: id, Kind: KindSearch, Game: g.String(), MoveLimit: g.MoveLimit(), Level: &l}
}

// ParseGame returns the request's game, read from Game, with MoveLimit. The error names what
// is wrong with the text.
func (r Request) ParseGame() (*xiangqi.Game, error) {
	g, err := xiangqi.ParseGame(r.Game)
	if err != nil {
		return nil, err
	}
	g.SetMoveLimit(r.MoveLimit)
	return g, nil
}

// Encode returns the request as one JSON text.
func (r Request) Encode() string { return encode(r) }

// Encode returns the reply as one JSON text.
func (r Reply) Encode() string { return encode(r) }

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the types above always marshal
	}
	return string(b)
}

// DecodeRequest reads a request. The error says what is wrong: not JSON, another protocol
// version, an unknown kind, a missing ID, or a search without a game.
func DecodeRequest(msg string) (Request, error) {
	var r Request
	if err := json.Unmarshal([]byte(msg), &r); err != nil {
		return r, fmt.Errorf("protocol: request %s is not a request: %w", clip(msg), err)
	}
	if r.V != Version {
		return r, fmt.Errorf("protocol: request %d has version %d, the worker speaks %d", r.ID, r.V, Version)
	}
	if r.ID == 0 {
		return r, errors.New("protocol: request has no id")
	}
	switch r.Kind {
	case KindAnalyse, KindHint, KindThreats:
		if r.Game == "" {
			return r, fmt.Errorf("protocol: %s request %d has no game", r.Kind, r.ID)
		}
	case KindCancel:
		if r.Cancel == 0 {
			return r, fmt.Errorf("protocol: cancel request %d names no request", r.ID)
		}
	case KindSearch:
		if r.Game == "" {
			return r, fmt.Errorf("protocol: search request %d has no game", r.ID)
		}
		if r.Level == nil {
			return r, fmt.Errorf("protocol: search request %d has no level", r.ID)
		}
	case KindBench:
		if r.Depth <= 0 {
			return r, fmt.Errorf("protocol: bench request %d needs a depth of at least 1, got %d", r.ID, r.Depth)
		}
	default:
		return r, fmt.Errorf("protocol: request %d has unknown kind %s (want %q, %q, %q, %q, %q or %q)", r.ID, clip(r.Kind),
			KindSearch, KindBench, KindAnalyse, KindCancel, KindHint, KindThreats)
	}
	return r, nil
}

// DecodeReply reads a reply. The error says what is wrong: not JSON, or another protocol
// version. A reply that carries an Err is decoded without error; the caller reads Err.
func DecodeReply(msg string) (Reply, error) {
	var r Reply
	if err := json.Unmarshal([]byte(msg), &r); err != nil {
		return r, fmt.Errorf("protocol: reply %s is not a reply: %w", clip(msg), err)
	}
	if r.V != Version {
		return r, fmt.Errorf("protocol: reply %d has version %d, the page speaks %d", r.ID, r.V, Version)
	}
	return r, nil
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return fmt.Sprintf("%q…", string(r[:60]))
	}
	return fmt.Sprintf("%q", s)
}
