package golayout

import (
	"reflect"
	"testing"
)

// Each line size goes to the GOARCH that has it, the packages' own first.
func TestByArch(t *testing.T) {
	for _, tc := range []struct {
		lines  []int64
		goarch string
		want   []ArchLines
	}{
		{[]int64{64, 128}, "amd64", []ArchLines{{"amd64", []int64{64}}, {"arm64", []int64{128}}}},
		{[]int64{64, 128}, "arm64", []ArchLines{{"amd64", []int64{64}}, {"arm64", []int64{128}}}},
		{[]int64{128}, "ppc64le", []ArchLines{{"ppc64le", []int64{128}}}},
		{[]int64{64, 256, 32}, "riscv64", []ArchLines{{"riscv64", []int64{64}}, {"s390x", []int64{256}}, {"arm", []int64{32}}}},
		// No GOARCH has 16- or 512-byte lines: the packages' own build.
		{[]int64{16, 64, 512}, "amd64", []ArchLines{{"amd64", []int64{16, 64, 512}}}},
	} {
		if got := ByArch(tc.lines, tc.goarch); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ByArch(%v, %s) = %v, want %v", tc.lines, tc.goarch, got, tc.want)
		}
	}
}
