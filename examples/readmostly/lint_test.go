package readmostly

import (
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/exampletest"
)

// TestCachelintFindsWhatTheBenchmarkMeasures checks that cachelint reports
// a spread on Device and DeviceCompact, nothing on the layouts its fixes
// give, and that those fixes are DeviceProposed and DeviceCompactPadded.
func TestCachelintFindsWhatTheBenchmarkMeasures(t *testing.T) {
	p := exampletest.Run(t)
	fixed := map[string]string{"Device": "DeviceProposed", "DeviceCompact": "DeviceCompactPadded"}
	for typ, want := range fixed {
		fs := p.Of(typ)
		if len(fs) != 1 || fs[0].Category != "spread" {
			t.Errorf("%s: want one spread finding, got %v", typ, fs)
			continue
		}
		if fs[0].Fix != p.Fields[want] {
			t.Errorf("the fix for %s gives\n%s\n%s has\n%s", typ, fs[0].Fix, want, p.Fields[want])
		}
	}
	if fs := p.Of("DeviceCompact"); len(fs) == 1 && !strings.Contains(fs[0].Message, "50% of heap objects") {
		t.Errorf("DeviceCompact: the finding does not give the allocator's share: %s", fs[0].Message)
	}
	for _, f := range p.Findings {
		if _, ok := fixed[f.Type]; !ok {
			t.Errorf("unexpected finding on %s: %s", f.Type, f.Message)
		}
	}
}
