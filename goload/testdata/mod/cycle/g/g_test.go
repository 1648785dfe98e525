package g

import "testing"

func TestN(t *testing.T) { _ = G{N: 1} }
