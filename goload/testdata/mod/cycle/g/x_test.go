package g_test

import (
	"testing"

	"example.com/mod/cycle/f"
	"example.com/mod/cycle/g"
)

func TestW(t *testing.T) {
	var w f.W
	w.G = g.G{N: 1}
}
