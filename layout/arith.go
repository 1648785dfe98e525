package layout

// AlignUp rounds n up to a multiple of a.
func AlignUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// FloorDiv divides rounding towards minus infinity, for negative offsets of
// neighbouring elements.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
