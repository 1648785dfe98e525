package testedglobal

import "testing"

// The package is checked through its test variant; the uses of its
// package-level variables are sought over both.
func TestProbe(t *testing.T) {
	probe()
	if !current.a {
		t.Fatal("not set")
	}
}
