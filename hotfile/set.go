package hotfile

import (
	"errors"
	"fmt"

	"github.com/cachelint/cachelint/layout"
)

// Pos is where a directive or table row is.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// HotField marks one field hot.
type HotField struct {
	Pos
	Struct string
	Field  string
	Hot    layout.Hot
	// Pin is set for a pin line, which keeps the field where it is in a
	// reorganization; Hot is then unused.
	Pin bool
	// Table is set for a net_cachelines row: a field missing from the
	// struct is then a warning, since tables and binaries drift.
	Table bool
	// Type is the table's Type cell. For fields of a named inner struct
	// the kernel spells it struct_HOLDER_TYPE (struct_icsk_ack_u8 for
	// inet_connection_sock's icsk_ack.pending), which lets Apply mark the
	// holding member.
	Type string
	// Cold is set for a table row whose access cells are all blank: the
	// field is on no fast path. Apply checks it against the groups and
	// marks nothing.
	Cold bool
	// Join is set for a join line: the group the field may enter; Hot is
	// then unused.
	Join string
}

// Directive is a percpu, budget or ignore directive; exactly one of PerCPU,
// Budget and Ignore is set.
type Directive struct {
	Pos
	Struct string
	PerCPU bool
	Budget *layout.Budget
	Ignore *layout.Ignore
}

// Set is what one or more hot files, tables and kernel sources say.
type Set struct {
	Hot        []HotField
	Directives []Directive
	Groups     []GroupLimit
}

// ErrNotStructTable is wrapped by the error Load returns for a
// net_cachelines table whose rows are not struct members (snmp.rst lists
// LINUX_MIB_* enum constants), so a caller given a folder of tables can
// skip it.
var ErrNotStructTable = errors.New("not a table of struct members")

// ErrNoTableHeader is wrapped by the error Load returns for an .rst file
// (or one with table rows) that lacks the header of a net_cachelines table:
// in a folder of tables, index.rst.
var ErrNoTableHeader = errors.New("no fastpath_tx_access or fastpath_rx_access column header, so not a net_cachelines table")

// Limits on what Load and parse read. The kernel's largest net_cachelines
// table is 10 KB and a hot file names a few hundred fields; these leave
// room for generated files many times that size.
const (
	MaxFileSize   = 16 << 20
	MaxLineLength = 1 << 20
)

// ErrTooLarge is wrapped by the errors for a file or a line over its limit.
var ErrTooLarge = errors.New("over the size limit")

// GroupLimit says how many bytes a kernel cacheline group may take: the
// kernel's CACHELINE_ASSERT_GROUP_SIZE(struct STRUCT, GROUP, SIZE), read
// from its sources (LoadAsserts), or a hot file's "STRUCT group GROUP
// size=N". The kernel fails to build when the group grows past it, so a
// proposal may grow the group up to it, and says where to raise it when a
// better order needs more.
type GroupLimit struct {
	Pos
	Struct string
	Group  string
	Size   int64
	// Assert is the kernel's assertion as its source spells it, spaces
	// collapsed; "" for a hot-file line.
	Assert string
}
