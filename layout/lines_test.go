package layout

import "testing"

func TestUnionLength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spans []span
		want  int64
	}{
		{nil, 0},
		{[]span{{0, 1}}, 1},
		{[]span{{5, 9}, {0, 3}, {2, 6}}, 9},
		{[]span{{0, 2}, {2, 4}}, 4},
		{[]span{{-3, -1}, {0, 1}}, 3},
		{[]span{{0, 10}, {2, 3}, {4, 5}}, 10},
	} {
		if got := unionLength(c.spans); got != c.want {
			t.Errorf("unionLength(%v) = %d, want %d", c.spans, got, c.want)
		}
	}
}
