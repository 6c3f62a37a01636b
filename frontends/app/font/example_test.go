package font_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/frontends/app/font"
)

func Example() {
	missing, err := font.Missing(font.Kai, "帥俥炮 楚河漢界 Tướng 好")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", missing) // only the characters the app needs are embedded
	face, err := font.NewFace(font.Sans, 20)
	if err != nil {
		panic(err)
	}
	// The hhea table (read with fontTools): ascent 1918 + descent 483 units of 2048 per em.
	fmt.Println(face.Metrics().Height.Round(), "px line height")
	// Output:
	// ['好']
	// 23 px line height
}
