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
package controller
