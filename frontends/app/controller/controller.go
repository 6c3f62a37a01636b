package controller

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/review"
)

// ComputerMove is the event the worker posts when a search ends. The controller applies it
// only if Gen is still the controller's generation, the game is neither paused nor over, it
// is the computer's turn and the position (by Hash and FEN) is the one the search started
// from. Otherwise it is stale and dropped.
type ComputerMove struct {
	// Gen is the generation of the search request.
	Gen uint64
	// Hash and FEN identify the position the search started from.
	Hash uint64
	FEN  string
	// Move is the computer's choice; OK is false when the position had no legal move.
	Move xiangqi.Move
	OK   bool
	// Elapsed is how long the engine took.
	Elapsed time.Duration
}

// Config is what a Controller needs from its host.
type Config struct {
	// Dir is the data folder of the save file; "" keeps the game in memory only.
	Dir string
	// Storage, when not nil, keeps the save instead of a Store in Dir (the web build's
	// localStorage).
	Storage Storage
	// Post delivers an event to the UI goroutine, which hands it to Handle (app.App.Send in the
	// app). It is called from the worker goroutine and must not block for long.
	Post func(any)
	// Engine chooses the computer's moves; nil means SearchEngine(16).
	Engine Engine
	// Now names corrupt saves kept aside; nil means time.Now.
	Now func() time.Time
	// OnExit is called by the Exit menu item after the game is saved; nil ignores Exit.
	OnExit func()
	// Sound plays the sounds of moves, touches and the game's end while the sound switch is
	// on; nil plays none.
	Sound SoundPlayer
	// ToastFor is how long a toast (why a touch was refused) stays shown unless the next tap
	// clears it first; 0 means DefaultToastFor.
	ToastFor time.Duration
	// Teacher runs the analysis, the hints and the threats; nil means LocalTeacher().
	Teacher Teacher
	// AnalysisNodes is the node budget of each position of an analysis; 0 means
	// review.DefaultNodes (tests use less).
	AnalysisNodes int64
	// Clipboard hands FEN out and takes it in (Records); nil shows the FEN to copy by hand.
	Clipboard Clipboard
}

// DefaultToastFor is how long a toast stays shown by default.
const DefaultToastFor = 4 * time.Second

// ToastExpired is the event the controller posts (through Config.Post, to Handle) when the
// toast numbered Seq has been shown for Config.ToastFor: it is cleared then, unless another
// toast replaced it.
type ToastExpired struct{ Seq uint64 }

type request struct {
	ctx  context.Context
	gen  uint64
	pos  xiangqi.Position // the position searched, to check the answer against
	game *xiangqi.Game    // the engine's copy of the game
	lvl  levels.Level
}

// Controller holds the game and the player's settings, turns touches and commands into game
// actions, runs the computer's search on one worker goroutine and saves the game.
//
// Every method must be called from one goroutine, the UI's; the worker talks to it only
// through Config.Post and Handle, so the UI never waits for the search.
type Controller struct {
	cfg    Config
	store  Storage
	engine Engine

	game   *xiangqi.Game
	set    Settings
	gen    uint64
	cancel context.CancelFunc
	think  bool
	paused bool

	sel     xiangqi.Square
	targets []xiangqi.Move

	dialog     dialogKind
	message    string
	helpScroll int
	listScroll int
	noSave     error // set when saving would overwrite an unreadable save that could not be moved aside
	lastQueued []byte
	saver      *saver
	version    uint64
	touch      touchState
	sound      soundState

	toast      string      // the toast shown ("" when none)
	toastSeq   uint64      // the number of the latest toast
	toastTimer *time.Timer // posts the latest toast's ToastExpired

	scr     screen // the screen shown: the game, its review, the editor, a lesson or a puzzle
	teach   teachState
	pending newOptions  // the new game chosen in the options dialog
	rec     recordState // the FEN handed out or pasted
	study   studyState  // what the lesson and the puzzles keep between visits

	rows    []rowCache
	rowsFor string
	reqs    chan request
	done    chan struct{}
	wg      sync.WaitGroup
	closed  bool
}

// New loads the saved game from cfg.Dir (or starts a new one), starts the worker goroutine
// and, when it is the computer's turn, its search. A missing save starts a new game; a corrupt
// one is moved aside and the player is told in a message. New never fails: problems with the
// data folder are shown to the player.
func New(cfg Config) *Controller {
	c := &Controller{
		cfg:    cfg,
		engine: cfg.Engine,
		scr:    gameScreen{},
		sel:    xiangqi.NoSquare,
		reqs:   make(chan request, 1),
		done:   make(chan struct{}),
	}
	if c.engine == nil {
		c.engine = SearchEngine(16)
	}
	if c.teach.teacher = cfg.Teacher; c.teach.teacher == nil {
		c.teach.teacher = LocalTeacher()
	}
	if c.cfg.Post == nil {
		c.cfg.Post = func(any) {}
	}
	c.set = DefaultSettings()
	if cfg.Storage == nil && cfg.Dir != "" {
		cfg.Storage = &Store{Dir: cfg.Dir, Now: cfg.Now}
	}
	if cfg.Storage != nil {
		c.store = cfg.Storage
		c.saver = newSaver(c.store, c.cfg.Post)
		res := LoadFrom(c.store, cfg.Now)
		c.set = res.Settings
		if res.Game != nil {
			c.game = res.Game
			c.teach.hints = res.Hints
			if res.Analysis != nil {
				c.teach.ana, c.teach.anaMoves = res.Analysis, c.game.Moves()
			}
			if res.Problem == nil {
				c.lastQueued = c.encode()
			}
		}
		if res.Problem != nil {
			if res.KeptAs == "" {
				c.noSave = fmt.Errorf("the unreadable save %s was left in place", c.store.Path())
			}
			c.showMessage(loadMessage(res))
		}
	}
	if c.game == nil {
		c.game = xiangqi.NewGame(xiangqi.Start())
	}
	c.save()
	if c.saver != nil {
		c.saver.flush() // at start-up, so a folder that cannot be written is reported at once
	}
	c.wg.Add(1)
	go c.worker()
	c.maybeSearch()
	return c
}

// loadMessage tells the player, in one sentence, what became of a damaged save.
func loadMessage(res LoadResult) string {
	what := "a new game has started"
	if res.Recovered {
		what = "recovered " + review.Count(res.Game.Len(), "move", "moves")
	}
	kept := "the damaged file was kept as " + filepath.Base(res.KeptAs)
	if res.KeptAs == "" {
		kept = "the damaged file could not be moved aside, so this game will not be saved over it"
	}
	reason := res.Reason
	if reason == "" {
		reason = "it is damaged"
	}
	return fmt.Sprintf("The saved game could not be read in full (%s): %s, and %s.", reason, what, kept)
}

func (c *Controller) worker() {
	defer c.wg.Done()
	for {
		select {
		case <-c.done:
			return
		case req := <-c.reqs:
			if req.ctx.Err() != nil {
				continue // cancelled before it started: nobody waits for it
			}
			start := time.Now()
			m, ok := c.engine(req.ctx, req.game, req.lvl)
			c.cfg.Post(ComputerMove{Gen: req.gen, Hash: req.pos.Hash(), FEN: req.pos.FEN(), Move: m, OK: ok, Elapsed: time.Since(start)})
		}
	}
}

// Close cancels any search, stops the worker goroutine and the saver once it has written
// what was queued. It does not take a new snapshot (Pause does).
func (c *Controller) Close() {
	if c.closed {
		return
	}
	c.closed = true
	if c.toastTimer != nil {
		c.toastTimer.Stop()
	}
	c.stopSearch()
	c.stopTeaching()
	close(c.done)
	c.wg.Wait()
	if c.saver != nil {
		c.saver.close() // writes what is queued
	}
}

func (c *Controller) changed() { c.version++ }

// Version increases whenever something shown changes, so the UI knows when to draw again.
func (c *Controller) Version() uint64 { return c.version }

// Generation is the number of the current search request. Every start, cancellation or
// acceptance of a search increases it; a result carrying an older generation is stale.
func (c *Controller) Generation() uint64 { return c.gen }

// Thinking reports whether the computer is searching.
func (c *Controller) Thinking() bool { return c.think }

// Paused reports whether the app is paused (not visible).
func (c *Controller) Paused() bool { return c.paused }

// Settings returns the current settings.
func (c *Controller) Settings() Settings { return c.set }

// GameString returns the shown game in the game package's encoding ("startpos moves ...").
func (c *Controller) GameString() string { return c.game.String() }

// Position returns the shown position.
func (c *Controller) Position() xiangqi.Position { return c.game.Position() }

// Moves returns the moves of the shown game.
func (c *Controller) Moves() []xiangqi.Move { return c.game.Moves() }

// Result returns the shown game's result.
func (c *Controller) Result() xiangqi.Result { return c.game.Result() }

// SaveError returns the error of the last finished save, or nil if it succeeded. Saves are
// written in the background; Flush waits for them.
func (c *Controller) SaveError() error {
	if c.noSave != nil {
		return c.noSave
	}
	if c.saver == nil {
		return nil
	}
	return c.saver.status()
}

// Flush waits until the latest game and settings are written (Pause and Close flush too)
// and returns SaveError.
func (c *Controller) Flush() error {
	if c.saver != nil {
		c.saver.flush()
	}
	c.changed()
	return c.SaveError()
}

// SavePath returns the save file's path ("" when the game is kept in memory only).
func (c *Controller) SavePath() string {
	if c.store == nil {
		return ""
	}
	return c.store.Path()
}

// save hands a snapshot of the game and settings to the background saver (unless it is the
// snapshot handed over last and that write did not fail). A failure is shown, never fatal.
func (c *Controller) save() {
	if c.store == nil || c.noSave != nil || c.closed {
		return // after Close the saver has stopped: nothing more is written
	}
	data := c.encode()
	if string(data) == string(c.lastQueued) && c.saver.status() == nil {
		return
	}
	c.lastQueued = data
	c.saver.queue(data)
}

// encode returns the save of the game, its settings, analysis and hints.
func (c *Controller) encode() []byte {
	return EncodeWith(c.game, c.set, Extra{Analysis: c.teach.ana, Hints: c.teach.hints})
}

// stopSearch cancels the running search, if any, and makes every result in flight stale.
func (c *Controller) stopSearch() {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.think = false
	c.gen++
}

func (c *Controller) computersTurn() bool {
	pos := c.game.Position()
	return !c.set.TwoPlayers && pos.SideToMove() == c.set.Computer()
}

// maybeSearch starts the computer's search when it is its turn, the game is on, the app is
// not paused and the screen shown lets the computer move.
func (c *Controller) maybeSearch() {
	if c.closed || c.paused || c.think || !c.scr.computerMoves() || !c.computersTurn() || c.game.Result().Status != xiangqi.Ongoing {
		return
	}
	c.stopSearch()
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.think = true
	req := request{ctx: ctx, gen: c.gen, pos: c.game.Position(), game: copyGame(c.game), lvl: c.set.Level}
	select { // a request still waiting is stale: replace it
	case <-c.reqs:
	default:
	}
	c.reqs <- req
	c.changed()
}

// Handle processes an event posted by the worker or the saver (SaveStatus). It reports whether the event was a
// computer move that was applied; stale results (see ComputerMove) are dropped.
func (c *Controller) Handle(ev any) bool {
	switch ev := ev.(type) {
	case SaveStatus:
		c.changed() // the status line shows the outcome
		return false
	case SoundUnavailable:
		c.soundUnavailable(ev)
		return false
	case ToastExpired:
		if ev.Seq == c.toastSeq && c.toast != "" {
			c.clearToast()
		}
		return false
	}
	if c.handleTeach(ev) || c.handleRecords(ev) {
		return false
	}
	cm, ok := ev.(ComputerMove)
	if !ok {
		return false
	}
	if !c.think || cm.Gen != c.gen || c.paused || c.closed {
		return false
	}
	pos := c.game.Position()
	if pos.Hash() != cm.Hash || pos.FEN() != cm.FEN || !c.computersTurn() || c.game.Result().Status != xiangqi.Ongoing {
		return false
	}
	c.stopSearch() // this result is consumed: any copy of it is now stale
	c.changed()
	if !cm.OK {
		return false
	}
	if err := c.game.Push(cm.Move); err != nil {
		c.showMessage(fmt.Sprintf("The computer's move %s was refused: %v", cm.Move.UCI(), err))
		return false
	}
	c.playMove(pos, cm.Move)
	c.clearSelection()
	if c.review() == nil {
		c.listScroll = 0 // the review keeps its move in view
	}
	c.gameChanged()
	c.save()
	c.announceEnd()
	return true
}

// Pause is called when the app stops being visible: it cancels the search, saves and waits
// for the save to be written (the process may be killed any time after).
func (c *Controller) Pause() {
	c.paused = true
	c.stopSearch()
	c.silence()
	c.save()
	c.Flush()
}

// Resume is called when the app is visible again: when it is the computer's turn, its search
// starts again.
func (c *Controller) Resume() {
	c.paused = false
	c.changed()
	c.maybeSearch()
	c.maybeThreats()
}

func (c *Controller) clearSelection() {
	c.sel = xiangqi.NoSquare
	c.targets = c.targets[:0]
}

// NewGame starts a new game at once, without handicap, against the computer or between two
// players as the last game was (the menu asks for confirmation first). When the person plays
// Black against the computer, the computer opens.
func (c *Controller) NewGame() { c.startFrom(xiangqi.Start()) }

// Undo takes back moves until it is the person's turn again, with their last move taken back
// (so while the computer thinks, Undo takes back the person's move and cancels the search).
// It reports false when the person has made no move to take back. In a two-player game it
// takes back the last move.
func (c *Controller) Undo() bool {
	if c.set.TwoPlayers {
		return c.undoOne()
	}
	moves := c.game.Moves()
	start := c.game.Start()
	first := start.SideToMove()
	last := -1
	for i := range moves {
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if mover == c.set.Human {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	c.takeBack(last)
	return true
}

// undoOne takes back the last move of a two-player game; false when there is none.
func (c *Controller) undoOne() bool {
	if c.game.Len() == 0 {
		return false
	}
	c.takeBack(c.game.Len() - 1)
	return true
}

// takeBack takes the game back to its first n moves; the computer moves if it is its turn.
func (c *Controller) takeBack(n int) {
	c.stopSearch()
	for c.game.Len() > n {
		c.game.Pop()
	}
	c.gameChanged()
	c.clearSelection()
	c.listScroll = 0
	c.save()
	c.changed()
	c.maybeSearch()
}

// SetLevel changes the computer's strength from its next search on.
func (c *Controller) SetLevel(l levels.Level) {
	c.set.Level = l
	c.save()
	c.changed()
}

// SetHuman makes the person play side h and starts a new game (the board turns to show h at
// the bottom; when h is Black the computer opens).
func (c *Controller) SetHuman(h xiangqi.Color) {
	c.set.Human = h
	c.NewGame()
}

// SetLabels changes the piece-label style.
func (c *Controller) SetLabels(l Labels) {
	c.set.Labels = l
	c.rowsFor = ""
	c.save()
	c.changed()
}

// SetSound stores the sound switch; off silences the sounds playing at once.
func (c *Controller) SetSound(on bool) {
	c.set.Sound = on
	if !on {
		c.silence()
	}
	c.save()
	c.changed()
}

// SelectSquare handles a touch on the board at sq, as the screen shown does: on the game,
// select one of the person's pieces (its legal destinations are then shown), move the
// selected piece to one of them, reselect another own piece, or clear the selection. It
// reports whether a move was made.
func (c *Controller) SelectSquare(sq xiangqi.Square) bool { return c.scr.square(c, sq) }

// Selected returns the selected square (NoSquare when none) and its legal moves.
func (c *Controller) Selected() (xiangqi.Square, []xiangqi.Move) {
	return c.sel, append([]xiangqi.Move(nil), c.targets...)
}

// announceEnd opens the result dialog when the last move ended the game.
func (c *Controller) announceEnd() {
	if c.game.Result().Status != xiangqi.Ongoing && c.dialog == dialogNone {
		c.dialog = dialogGameOver
		c.changed()
	}
}

// whyNot says in a sentence why m cannot be played in pos, as the rules package words it
// ("A red horse cannot move from b0 to c2: the horse's leg b1 is blocked.").
func whyNot(pos xiangqi.Position, m xiangqi.Move) string {
	_, err := pos.ParseMove(m.UCI())
	var me *xiangqi.MoveError
	if !errors.As(err, &me) || me.Reason == "" {
		return "That move is not allowed."
	}
	return capitalize(me.Reason) + "."
}

// copyGame returns an independent copy of g: its start position (with its move limit) and
// its moves, played again with Continue.
func copyGame(g *xiangqi.Game) *xiangqi.Game {
	c := xiangqi.NewGame(g.Start())
	for _, m := range g.Moves() {
		_ = c.Continue(m) // the moves of g, from the same start, are legal
	}
	return c
}
