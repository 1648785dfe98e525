package profile

import (
	"fmt"
	"testing"
)

// The functions no sample is in read fields of a type together: with
// Lock alone sampled, fastRlock reads rbias, rmask and rslots, and RLock
// reads rbias and inhibitUntil (it writes rw, and writes rbias only
// seldom, on a line of its own: atomic.StoreInt32 counts as a write);
// sampled, they count for nothing.
func TestUnsampledWith(t *testing.T) {
	p, err := Load("", "./testdata/unsampled")
	if err != nil {
		t.Fatal(err)
	}
	const key = "github.com/cachelint/cachelint/profile/testdata/unsampled.RBMutex"
	for _, c := range []struct {
		sampled []string
		field   string
		want    string
	}{
		{[]string{"Lock"}, "rbias", "[[rbias rmask rslots]]"},
		{[]string{"Lock"}, "inhibitUntil", "[]"},
		{[]string{"Lock"}, "rw", "[]"},
		{[]string{"Lock", "fastRlock"}, "rbias", "[]"},
		{[]string{"Lock", "fastRlock", "RLock"}, "rmask", "[]"},
	} {
		got := fmt.Sprint(p.unsampledWith(sampling(p, c.sampled...), key, c.field))
		if got != c.want {
			t.Errorf("sampled %v: %s read with %s, want %s", c.sampled, c.field, got, c.want)
		}
	}
}
