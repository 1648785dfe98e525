package analyzer

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// Under the driver go vet runs (the package's own holders, Analyzer), an
// unexported struct the package alone holds, in place in heap objects of
// another unexported type, is judged where those put it; an exported one,
// or one whose holder becomes an interface, is judged as a heap object
// of its own, and its findings say why.
func TestOnePackageHolders(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), printed(Analyzer), "oneholder")
}
