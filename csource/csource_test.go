package csource

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// parseOne parses the definition of struct s in src.
func parseOne(t *testing.T, src string) (*def, error) {
	t.Helper()
	f, err := parseFile("x.h", []byte(src))
	if err != nil {
		return nil, err
	}
	defs, err := f.findDefs("s")
	if err != nil {
		return nil, err
	}
	if len(defs) != 1 {
		t.Fatalf("%d definitions", len(defs))
	}
	return defs[0], nil
}

// TestDeclarators checks the names read from the declarations the
// kernel's headers write.
func TestDeclarators(t *testing.T) {
	for _, c := range []struct{ decl, want string }{
		{"int a, *b, c[4];", "a b c"},
		{"struct list_head *next, *prev;", "next prev"},
		{"void (*fn)(struct s *s, int);", "fn"},
		{"int (*arr)[4];", "arr"},
		{"void (*handlers[2])(void);", "handlers"},
		{"typeof(int) y;", "y"},
		{"u8 priv[] ____cacheline_aligned __counted_by(priv_len);", "priv"},
		{"int x __attribute__((aligned(8)));", "x"},
		{"struct inet_hashinfo *hashinfo ____cacheline_aligned_in_smp;", "hashinfo"},
		{"/* typedef u64 */ long long unsigned int l; /* 0 8 */", "l"},
		{"unsigned long priv_flags:32, lltx:1;", "priv_flags lltx"},
		{"union { int x; struct { int y; }; };", "{x y}"},
		{"struct { int z; } named;", "named"},
		{"struct { struct list_head upper; } __packed adj;", "adj"},
		{"struct_group(g, int p; unsigned long q:1;);", "{p q g}"},
		{"DECLARE_BITMAP(bm, 70);", "bm"},
		{"DECLARE_HASHTABLE\t(qdisc_hash, 4);", "qdisc_hash"},
		{"NET_DEV_STAT(rx_packets);", "{rx_packets __rx_packets}"},
		{"DECLARE_FLEX_ARRAY(u8, data);", "{__empty_data data}"},
		{"void *__ctx[] CRYPTO_MINALIGN_ATTR;", "__ctx"},
		{"struct __packed { u8 a; } ;", "{a}"},
		{"__cacheline_group_begin(tx) ____cacheline_aligned;", "__cacheline_group_begin__tx"},
		{"__cacheline_group_end_aligned(tx);", "__cacheline_group_end__tx __cacheline_group_pad__tx"},
		{"unsigned int :0;", "<:0/4>"},
		{"long :3;", "<:3/8>"},
	} {
		d, err := parseOne(t, "struct s {\n\t"+c.decl+"\n};\n")
		if err != nil {
			t.Errorf("%s: %v", c.decl, err)
			continue
		}
		var got []string
		for _, p := range d.elems[0].decls[0].parts {
			switch {
			case p.unnamed != nil:
				got = append(got, "<:"+itoa(p.unnamed.width)+"/"+itoa(p.unnamed.size)+">")
			case p.name == "":
				got = append(got, "{"+strings.Join(p.inner, " ")+"}")
			default:
				got = append(got, p.name)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: %s, want %s", c.decl, g, c.want)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestElements checks what moves with a declaration: the comments and
// blank lines before it, the comment after it on its line, a block
// whole, declarations sharing a line together.
func TestElements(t *testing.T) {
	src := `struct s {	/* header */
	/* leading
	 * comment */
	int a;		/* trailing
			 * continued */

	int b; int c;
#ifdef CONFIG_X /* why */
	int d;
# if defined(Y)
	int e;
# else
	long e;
# endif
#endif
	#define S_FLAG 1
	int f;
	/* tail */
};
`
	d, err := parseOne(t, src)
	if err != nil {
		t.Fatal(err)
	}
	type span struct{ first, start, last int }
	var got []span
	for _, e := range d.elems {
		got = append(got, span{e.first + 1, e.start + 1, e.last + 1})
	}
	want := []span{{2, 4, 5}, {6, 7, 7}, {8, 8, 15}, {16, 17, 17}}
	if !slices.Equal(got, want) {
		t.Errorf("elements (first, start, last line) %v, want %v", got, want)
	}
	if d.tail != 17 || d.close != 18 {
		t.Errorf("tail from line %d, closing line %d", d.tail+1, d.close+1)
	}
	if !d.elems[2].block || len(d.elems[1].decls) != 2 {
		t.Errorf("block %v, decls on line 7: %d", d.elems[2].block, len(d.elems[1].decls))
	}
}

// TestEndianBlock checks the kernel's byte-order bit-fields (iphdr,
// tcphdr): both branches declare the same names, the #else stops the
// build with #error; the block is one element declaring them.
func TestEndianBlock(t *testing.T) {
	d, err := parseOne(t, `struct s {
#if defined(__LITTLE_ENDIAN_BITFIELD)
	__u8	ihl:4,
		version:4;
#elif defined (__BIG_ENDIAN_BITFIELD)
	__u8	version:4,
		ihl:4;
#else
#error	"Please fix <asm/byteorder.h>"
#endif
	__u8	tos;
};
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.elems) != 2 || !d.elems[0].block || len(d.elems[0].decls) != 2 {
		t.Errorf("%d elements, the first a block %v", len(d.elems), len(d.elems) > 0 && d.elems[0].block)
	}
}

// TestNotUnderstood checks that what the parser does not understand is
// an error naming the line, never a guess.
func TestNotUnderstood(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"\tint a;\n\tFIELDS(b);\n", "x.h:3: FIELDS(...) is a macro"},
		{"\tint a;\n#pragma pack(1)\n\tint b;\n", "x.h:3: #pragma inside the struct: not understood"},
		{"#ifdef X\n\tint a;\n", "x.h:2: no #endif closes this block"},
		{"\tint a\n#ifdef X\n\t__aligned(8)\n#endif\n\t;\n", "x.h:3: a preprocessor line inside the declaration that starts on line 2"},
		{"\tstruct inner { int a; };\n", "x.h:2: struct inner defined inside the struct declares no member"},
		{"\tint :x;\n", "x.h:2: an unnamed bit-field whose width is not a number"},
		{"\tint a; };\n", "x.h:2: the closing brace shares its line"},
		{"\tint a; /* open\n", "x.h:2: comment does not end"},
	} {
		_, err := parseOne(t, "struct s {\n"+c.body+"};\n")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.body, err, c.want)
		}
	}
}

// TestDiffNoNewline checks the hunk marker git needs when the file's last
// line has no newline.
func TestDiffNoNewline(t *testing.T) {
	old := []string{"struct s {", "\tint a;", "\tint b;", "};"}
	ops := diffOps(old, []edit{{from: 1, to: 4, lines: []string{"\tint b;", "\tint a;", "} __attribute__((aligned(64)));"}}})
	var b bytes.Buffer
	if err := writeUnified(&b, "x.h", ops, true); err != nil {
		t.Fatal(err)
	}
	want := `--- a/x.h
+++ b/x.h
@@ -1,4 +1,4 @@
 struct s {
-	int a;
 	int b;
-};
\ No newline at end of file
+	int a;
+} __attribute__((aligned(64)));
\ No newline at end of file
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestDiffFuncLine checks that a hunk's header names what git diff names
// by default: the last line before it starting with a letter, '_' or '$'.
func TestDiffFuncLine(t *testing.T) {
	old := []string{"#define X 1", "struct s {", "\tint a;", "\tint b;", "\tint c;", "\tint d;", "\tint e;", "\tint f;", "};"}
	ops := diffOps(old, []edit{{from: 2, to: 9, lines: []string{"\tint a;", "\tint b;", "\tint c;", "\tint d;", "\tint f;", "\tint e;", "};"}}})
	var b bytes.Buffer
	if err := writeUnified(&b, "x.h", ops, false); err != nil {
		t.Fatal(err)
	}
	if head := strings.Split(b.String(), "\n")[2]; head != "@@ -4,6 +4,6 @@ struct s {" {
		t.Errorf("hunk header %q", head)
	}
	if got := funcLine([]string{"static const char *" + strings.Repeat("x", 90) + " = {"}, 1); len(got) != 81 {
		t.Errorf("funcLine of a long line: %d bytes %q, want a space and 80", len(got), got)
	}
}

// TestKernelRename checks that in a kernel header (one including by
// <uapi/...>, as only the kernel's do) a member named rcu_head is the
// binary's callback_head, and elsewhere keeps its name (userspace RCU
// libraries have their own struct rcu_head).
func TestKernelRename(t *testing.T) {
	for _, c := range []struct{ include, want string }{
		{"#include <uapi/linux/net_tstamp.h>\n", "callback_head"},
		{"#include <urcu.h>\n", "rcu_head"},
	} {
		d, err := parseOne(t, c.include+"struct s {\n\tstruct rcu_head rcu_head;\n};\n")
		if err != nil {
			t.Fatal(err)
		}
		if got := d.elems[0].decls[0].parts[0].name; got != c.want {
			t.Errorf("%q: member %s, want %s", c.include, got, c.want)
		}
	}
}

// TestHoleComments checks that a comment giving the hole before a member,
// as pahole prints one, follows what the proposal does to that hole: the
// new size where one is left, gone where none is, as it was where the
// comment did not give the hole the binary has.
func TestHoleComments(t *testing.T) {
	member := func(name string, off, size int64) layout.Member {
		return layout.Member{Name: name, Type: "x", Offset: off, Size: size, Align: size, BitOffset: off * 8}
	}
	for _, c := range []struct {
		name, comment string
		members       []layout.Member // the binary's, in the source's order
		order         []int           // the proposal's order
		want          string          // the comment after the rewrite, "" for none
	}{
		{"smaller", "/* XXX 7 bytes hole, try to pack */",
			[]layout.Member{member("a", 0, 1), member("b", 8, 8), member("c", 16, 1), member("d", 17, 1)}, []int{0, 2, 1, 3},
			"/* XXX 6 bytes hole, try to pack */"},
		{"gone", "/* 4 bytes hole */",
			[]layout.Member{member("a", 0, 4), member("b", 8, 8), member("c", 16, 4)}, []int{0, 2, 1}, ""},
		{"one byte", "/* 3 bytes hole */",
			[]layout.Member{member("a", 0, 1), member("b", 4, 4), member("c", 8, 1), member("d", 9, 1)}, []int{0, 2, 3, 1},
			"/* 1 byte hole */"},
		{"not the binary's", "/* 2 bytes hole */",
			[]layout.Member{member("a", 0, 4), member("b", 8, 8), member("c", 16, 4)}, []int{0, 2, 1}, "/* 2 bytes hole */"},
	} {
		var src strings.Builder
		src.WriteString("struct s {\n")
		for i, m := range c.members {
			if i == 1 {
				src.WriteString("\t" + c.comment + "\n")
			}
			src.WriteString("\tx " + m.Name + ";\n")
		}
		src.WriteString("};\n")
		d, err := parseOne(t, src.String())
		if err != nil {
			t.Fatal(err)
		}
		last := c.members[len(c.members)-1]
		s := &layout.Struct{Name: "s", Members: c.members, Size: (last.Offset + last.Size + 7) / 8 * 8, Align: 8}
		if err := d.match(s); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ps := &layout.Struct{Name: "s", Align: 8}
		var off int64
		for _, k := range c.order {
			m := c.members[k]
			m.Offset = (off + m.Align - 1) / m.Align * m.Align
			m.BitOffset = m.Offset * 8
			off = m.Offset + m.Size
			ps.Members = append(ps.Members, m)
		}
		ps.Size = (off + 7) / 8 * 8
		lines, err := d.rewrite(s, &layout.Proposal{Struct: ps, From: c.order}, idioms{f: d.f, line: 64})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, l := range lines {
			if strings.Contains(l, "hole") {
				got = append(got, strings.TrimSpace(l))
			}
		}
		if want := slices.DeleteFunc([]string{c.want}, func(s string) bool { return s == "" }); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q\n%s", c.name, got, want, strings.Join(lines, "\n"))
		}
	}
}

// TestBlockLeftOut checks the builds that leave out a block the binary
// has: each member's bytes, with the hole after it, where the member is,
// joined into one build by Block, so that a proposal moving some of the
// block's members is judged as that build lays it out.
func TestBlockLeftOut(t *testing.T) {
	d, err := parseOne(t, "struct s {\n\tint a;\n#ifdef CONFIG_X\n\tlong p;\n\tint q;\n\tchar r;\n#endif\n\tint z;\n};\n")
	if err != nil {
		t.Fatal(err)
	}
	s := &layout.Struct{Name: "s", Lang: layout.LangC, Size: 32, Align: 8, Members: []layout.Member{
		{Name: "a", Type: "int", Offset: 0, Size: 4, Align: 4},
		{Name: "p", Type: "long", Offset: 8, Size: 8, Align: 8, BitOffset: 64},
		{Name: "q", Type: "int", Offset: 16, Size: 4, Align: 4, BitOffset: 128},
		{Name: "r", Type: "char", Offset: 20, Size: 1, Align: 1, BitOffset: 160},
		{Name: "z", Type: "int", Offset: 24, Size: 4, Align: 4, BitOffset: 192},
	}}
	if err := d.match(s); err != nil {
		t.Fatal(err)
	}
	var got []string
	block := 0
	for _, v := range d.variations(s, 64) {
		got = append(got, v.Member+" "+itoa(v.Deltas[0]))
		if block == 0 {
			block = v.Block
		}
		if v.Block == 0 || v.Block != block || !strings.HasSuffix(v.Why, " left out") {
			t.Errorf("variation %+v, want one of block %d, left out", v, block)
		}
	}
	if want := []string{"p -8", "q -4", "r -1"}; !slices.Equal(got, want) {
		t.Errorf("variations %q, want %q", got, want)
	}
}
