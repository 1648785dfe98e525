package analyzer

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// A struct type whose only values are package-level variables that no
// code copies is judged where the linker puts them; one whose variable
// is copied, or exported (go vet sees no other package), as heap objects.
func TestGlobalsWhereTheLinkerPutsThem(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withLines(t, "128"), "globals")
}
