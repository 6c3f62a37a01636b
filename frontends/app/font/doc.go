// Package font embeds the typefaces of the xiangqi app, so that no font is read from the
// system at run time: subsets of AR PL UKai TW (Arphic Public License, for the piece labels
// and the river text 楚河 漢界) and WenQuanYi Micro Hei (Apache-2.0, for every other text).
// Both cover printable ASCII, Latin-1, every Vietnamese letter and the CJK characters the app
// draws (the piece names 帥仕相傌俥炮兵 / 將士象馬車砲卒, Chinese numerals and the words of
// Chinese move notation, with the simplified forms typed notation accepts), and the symbols
// of chars.txt (arrows, ◀ ▶ for steppers, − the minus sign); WenQuanYi Micro Hei has every
// symbol, the Kai subset only what its font has (it draws the piece labels and the river).
// TestEveryStringHasGlyphs checks that every string the app can show has its glyphs. gen.sh regenerates the subsets from Debian's font packages with
// fontTools' subsetter (the output is deterministic: rerunning it reproduces the committed
// files byte for byte with Debian 12's fontTools 4.38); the licences are in LICENSE-ARPHIC.txt
// and LICENSE-WQY.txt. The subsets are TrueType (glyf) fonts, which x/image's sfnt parses and
// rasterises at every size.
package font
