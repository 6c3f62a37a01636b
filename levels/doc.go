// Package levels is the table of playing strengths shared by the terminal game
// (examples/play) and the Android app: Easy (depth ≤ 1 ply, 300 ms), Medium (≤ 2 plies,
// 700 ms), Hard (≤ 3 plies, 1200 ms) and Master (no depth cap, 3 s). The first three are the
// levels of the project's seeds. A caller turns a level into search limits by setting the
// search's depth cap to Depth (0 = none) and its time budget to Time.
package levels
