// Package big has a struct with a member bigger than a line, which only
// bigfield, the check addcheck adds, reports.
package big

type blob struct {
	head int64
	big  [128]byte // want `blob: member big \(128 bytes\) is bigger than a line \(64-byte lines\)`
	tail int64
}

//cachelint:ignore bigfield measured
type ignored struct {
	head int64
	big  [128]byte
}
