package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFlags: bad flags are refused with exit code 2 and a message; seeds read as N or
// FIRST-LAST.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-game", "go"}, {"-seeds", "5-2"}, {"-seeds", "x"}, {"-nope"}} {
		var out, errOut strings.Builder
		assert.Equal(t, 2, run(args, &out, &errOut), "%v", args)
		assert.NotEmpty(t, errOut.String(), "%v", args)
	}
	first, last, err := parseSeeds("3-9")
	assert.NoError(t, err)
	assert.Equal(t, [2]uint64{3, 9}, [2]uint64{first, last})
	first, last, err = parseSeeds("12")
	assert.NoError(t, err)
	assert.Equal(t, [2]uint64{12, 12}, [2]uint64{first, last})
	assert.Equal(t, "4k4/9/9/9/9/9/9/9/9/4K4 w", positionKey("4k4/9/9/9/9/9/9/9/9/4K4 w - - 3 20"))
}
