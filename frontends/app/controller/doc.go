// Package controller is the game logic of the xiangqi app, with no drawing and no platform
// code: the game and the player's settings, what touches and buttons do, the computer's
// search on one worker goroutine, and the save file.
//
// The computer's move comes from package engine (LevelPlayer: an engine.Session playing at
// the level with engine.Strength, as the terminal game and the UCI engine do): before a search
// starts the controller takes a copy of the game and a new generation number; the worker posts the result as a ComputerMove event, which the
// UI goroutine hands to Handle. A result is applied only if its generation is still current,
// the game is not paused or over, it is the computer's turn and the position is unchanged.
// New game, Undo and Pause cancel the search's context and bump the generation, so exactly
// one computer move is applied per turn and a stale one never lands on a new board.
//
// The save (see Encode) is written atomically after every move, every command that changes
// the game or the settings, and on Pause, to a Storage: a folder (Store) in the app, the
// browser's localStorage in the web build. A missing save starts a new game; a corrupt
// or truncated one is moved aside as game.corrupt-<time>.txt, the player is told, and a new
// game starts.
//
// # Screens
//
// The controller is a set of screens, one shown at a time: the game (gameScreen, game.go),
// its review (reviewScreen, reviewscreen.go), the position editor (editorScreen, editor.go),
// the rules lesson (lessonScreen, lesson.go) and a puzzle (puzzleScreen, puzzle.go). A screen
// is one type implementing the unexported screen interface (screen.go): what it does with a
// tapped point of the board, with an action of its own buttons, how it fills the view, its
// dialogs, Back, what it does when it is left, and whether the computer may move meanwhile.
// Tap, SelectSquare, View, Back and the computer's search ask the screen shown; the menu, the
// settings' dialogs, the toast and the save are the controller's and work on every screen.
// Every change of screen goes through one switch, Controller.show, which leaves the old
// screen (its leave), stops the computer's search when the new one does not let it move,
// clears the selection and starts the search when the new one does and it is the
// computer's turn.
//
// # Adding a screen
//
// A new screen is one type and one registration:
//
//  1. In its own file: the type (a pointer to a struct holding what the screen shows) with
//     the seven methods of screen; its buttons' actions (render.Action) and its dialogs'
//     kinds (dialogKind); an exported command that opens it with c.show(&myScreen{…}) (Back
//     or a "Done" button returns with c.showGame()); and its door: the menu button, the
//     actions that open it from any screen (the menu entry's, those of a chooser dialog)
//     and that dialog.
//  2. The door in the list doors (screen.go), at the place its button takes in the menu.
//
// Nothing else in the controller changes: Tap, View, Back, the menu and the search find the
// new screen through the interface and the door.
package controller
