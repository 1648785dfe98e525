package falsesharing

import (
	"testing"

	"github.com/cachelint/cachelint/internal/exampletest"
)

// TestCachelintFlagsBeforeOnly checks that the benchmark compares what
// cachelint says: falseshare on RxQueue, nothing on RxQueuePadded, and a
// fix for RxQueue that gives RxQueuePadded's fields.
func TestCachelintFlagsBeforeOnly(t *testing.T) {
	p := exampletest.Run(t)
	var falseshare bool
	for _, f := range p.Findings {
		if f.Type != "RxQueue" {
			t.Errorf("unexpected finding on %s: %s", f.Type, f.Message)
			continue
		}
		falseshare = falseshare || f.Category == "falseshare"
		if f.Fix != p.Fields["RxQueuePadded"] {
			t.Errorf("the fix for %q gives\n%s\nRxQueuePadded has\n%s", f.Message, f.Fix, p.Fields["RxQueuePadded"])
		}
	}
	if !falseshare {
		t.Error("no falseshare finding on RxQueue")
	}
}
