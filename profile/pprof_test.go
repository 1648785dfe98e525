package profile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	pprofile "github.com/google/pprof/profile"

	"github.com/cachelint/cachelint/input"
)

// flatProfile is what the decoder gives, keyed by ids, to compare with
// what pprof's parser gives: the samples summed by stack.
type flatProfile struct {
	SampleTypes []valueType
	PeriodType  valueType
	Mappings    []string
	Functions   map[uint64]flatFunction
	Locations   map[uint64][]flatLine
	Stacks      map[string][]int64 // location ids, leaf first
}

type flatFunction struct {
	Name, File string
	StartLine  int64
}

type flatLine struct {
	Function uint64
	Line     int64
}

func stackKey(ids []uint64) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(id, 10))
	}
	return b.String()
}

func addValues(m map[string][]int64, key string, vs []int64) {
	sum := m[key]
	if sum == nil {
		sum = make([]int64, len(vs))
		m[key] = sum
	}
	for i, v := range vs {
		sum[i] += v
	}
}

func flattenOurs(p *pprofProfile) *flatProfile {
	f := &flatProfile{
		SampleTypes: p.sampleTypes,
		PeriodType:  p.periodType,
		Mappings:    p.mappingFiles,
		Functions:   map[uint64]flatFunction{},
		Locations:   map[uint64][]flatLine{},
		Stacks:      map[string][]int64{},
	}
	for _, fn := range p.functions {
		f.Functions[fn.id] = flatFunction{fn.name, fn.file, fn.startLine}
	}
	for _, l := range p.locations {
		lines := []flatLine{}
		for _, ln := range l.lines {
			lines = append(lines, flatLine{p.functions[ln.function].id, ln.line})
		}
		f.Locations[l.id] = lines
	}
	for _, s := range p.stacks {
		var ids []uint64
		for _, l := range s.locations {
			ids = append(ids, p.locations[l].id)
		}
		addValues(f.Stacks, stackKey(ids), s.values)
	}
	return f
}

func flattenPprof(p *pprofile.Profile) *flatProfile {
	f := &flatProfile{
		Functions: map[uint64]flatFunction{},
		Locations: map[uint64][]flatLine{},
		Stacks:    map[string][]int64{},
	}
	for _, st := range p.SampleType {
		f.SampleTypes = append(f.SampleTypes, valueType{st.Type, st.Unit})
	}
	if p.PeriodType != nil {
		f.PeriodType = valueType{p.PeriodType.Type, p.PeriodType.Unit}
	}
	for _, m := range p.Mapping {
		f.Mappings = append(f.Mappings, m.File)
	}
	for _, fn := range p.Function {
		f.Functions[fn.ID] = flatFunction{fn.Name, fn.Filename, fn.StartLine}
	}
	for _, l := range p.Location {
		lines := []flatLine{}
		for _, ln := range l.Line {
			lines = append(lines, flatLine{ln.Function.ID, ln.Line})
		}
		f.Locations[l.ID] = lines
	}
	for _, s := range p.Sample {
		var ids []uint64
		for _, l := range s.Location {
			ids = append(ids, l.ID)
		}
		addValues(f.Stacks, stackKey(ids), s.Value)
	}
	return f
}

// oracle parses an uncompressed profile with pprof's parser, as
// profile.Parse does but without its fallback to legacy text formats.
func oracle(data []byte) (p *pprofile.Profile, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("pprof panics: %v", r)
		}
	}()
	if p, err = pprofile.ParseUncompressed(data); err != nil {
		return nil, err
	}
	return p, p.CheckValid()
}

func gunzip(t testing.TB, data []byte) []byte {
	t.Helper()
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// testProfiles are profiles of the kinds the decoder must read, by name,
// uncompressed: real ones recorded by runtime/pprof, and ones written by
// pprof's writer and rewritten, with labels, several sample types,
// unpacked fields and fields out of order.
func testProfiles(t testing.TB, cpu string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	data, err := os.ReadFile(cpu)
	if err != nil {
		t.Fatal(err)
	}
	out["runtime/pprof cpu"] = gunzip(t, data)
	var heap bytes.Buffer
	runtime.GC()
	if err := pprof.Lookup("heap").WriteTo(&heap, 0); err != nil {
		t.Fatal(err)
	}
	out["runtime/pprof heap"] = gunzip(t, heap.Bytes())

	// pprof's writer, with each sample repeated under labels.
	p, err := pprofile.ParseData(data)
	if err != nil {
		t.Fatal(err)
	}
	var samples []*pprofile.Sample
	for i := range 3 {
		for _, s := range p.Sample {
			c := *s
			c.Label = map[string][]string{"request": {fmt.Sprintf("req-%d", i)}, "span": {"a", "b"}}
			c.NumLabel = map[string][]int64{"bytes": {int64(i * 100)}}
			c.NumUnit = map[string][]string{"bytes": {"bytes"}}
			samples = append(samples, &c)
		}
	}
	p.Sample = samples
	var w bytes.Buffer
	if err := p.WriteUncompressed(&w); err != nil {
		t.Fatal(err)
	}
	out["pprof labels"] = bytes.Clone(w.Bytes())

	// Three sample types, stacks of one and two locations (which pprof's
	// writer writes unpacked) and of none.
	p.SampleType = append(p.SampleType, &pprofile.ValueType{Type: "wall", Unit: "nanoseconds"})
	for i, s := range p.Sample {
		s.Value = append(s.Value, int64(i))
		switch i % 4 {
		case 1:
			s.Location = s.Location[:min(1, len(s.Location))]
		case 2:
			s.Location = s.Location[:min(2, len(s.Location))]
		case 3:
			if i < 40 {
				s.Location = nil
			}
		}
	}
	w.Reset()
	if err := p.WriteUncompressed(&w); err != nil {
		t.Fatal(err)
	}
	out["pprof three types, short stacks"] = w.Bytes()

	for name, data := range map[string][]byte{"runtime/pprof cpu": out["runtime/pprof cpu"], "pprof labels": out["pprof labels"]} {
		out[name+", reversed"] = reverseFields(t, data)
		out[name+", repacked"] = repack(t, data)
	}
	return out
}

// topFields splits a message into its fields' encodings.
func topFields(t testing.TB, data []byte) [][]byte {
	t.Helper()
	var out [][]byte
	f := fields{b: data, msg: "Profile"}
	for f.next() {
		out = append(out, data[f.at:f.i])
	}
	if f.err != nil {
		t.Fatal(f.err)
	}
	return out
}

// reverseFields writes the fields of a profile in reverse order, the
// string table first (its order is its indexes): the functions and
// locations before the samples that use them.
func reverseFields(t testing.TB, data []byte) []byte {
	var strs, rest []byte
	fs := topFields(t, data)
	for i := len(fs) - 1; i >= 0; i-- {
		f := fields{b: fs[i]}
		f.next()
		if f.num == profileStringTable {
			strs = append(fs[i], strs...)
		} else {
			rest = append(rest, fs[i]...)
		}
	}
	return append(strs, rest...)
}

func appendTag(b []byte, num uint64, wire int) []byte {
	return appendVarints(b, []uint64{num<<3 | uint64(wire)})
}

// repack rewrites each sample: its location ids half in a packed field,
// half unpacked, each with a varint one byte longer than it needs; its
// values packed, after the locations.
func repack(t testing.TB, data []byte) []byte {
	var out []byte
	for _, field := range topFields(t, data) {
		f := fields{b: field}
		f.next()
		if f.num != profileSample {
			out = append(out, field...)
			continue
		}
		var ids, vals []uint64
		var other []byte
		sf := fields{b: f.data, msg: "Sample"}
		for sf.next() {
			switch sf.num {
			case sampleLocationID:
				sf.varints(func(v uint64) { ids = append(ids, v) })
			case sampleValue:
				sf.varints(func(v uint64) { vals = append(vals, v) })
			default:
				other = append(other, f.data[sf.at:sf.i]...)
			}
		}
		if sf.err != nil {
			t.Fatal(sf.err)
		}
		var msg []byte
		half := len(ids) / 2
		var packed []byte
		for _, id := range ids[:half] {
			// id as a varint with a redundant last byte: 0x80 then 0x00.
			v := appendVarints(nil, []uint64{id})
			v[len(v)-1] |= 0x80
			packed = append(append(packed, v...), 0)
		}
		if half > 0 {
			msg = appendTag(msg, sampleLocationID, wireBytes)
			msg = appendVarints(msg, []uint64{uint64(len(packed))})
			msg = append(msg, packed...)
		}
		for _, id := range ids[half:] {
			msg = appendTag(msg, sampleLocationID, wireVarint)
			msg = appendVarints(msg, []uint64{id})
		}
		msg = append(msg, other...)
		pv := appendVarints(nil, vals)
		msg = appendTag(msg, sampleValue, wireBytes)
		msg = appendVarints(msg, []uint64{uint64(len(pv))})
		msg = append(msg, pv...)
		out = appendTag(out, profileSample, wireBytes)
		out = appendVarints(out, []uint64{uint64(len(msg))})
		out = append(out, msg...)
	}
	return out
}

// TestDecodeAgainstPprof decodes profiles with the decoder and with
// pprof's parser, and checks that they agree on everything the mapping
// uses: the stacks and their summed values, the locations' lines, the
// functions' names and files, the sample types and the mappings.
func TestDecodeAgainstPprof(t *testing.T) {
	for name, data := range testProfiles(t, workloadProfile(t)) {
		want, err := oracle(data)
		if err != nil {
			t.Fatalf("%s: pprof: %v", name, err)
		}
		got, err := decodePprof(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(flattenPprof(want), flattenOurs(got)); diff != "" {
			t.Errorf("%s: the decoder and pprof differ (-pprof +decoder):\n%s", name, diff)
		}
		// The decoder's stacks are distinct and as many as pprof's.
		if n := len(flattenPprof(want).Stacks); len(got.stacks) != n {
			t.Errorf("%s: %d stacks, pprof %d", name, len(got.stacks), n)
		}
		t.Logf("%s: %d bytes, %d samples, %d stacks, %d locations", name, len(data), len(want.Sample), len(got.stacks), len(got.locations))
	}
}

// FuzzDecode checks that the decoder never panics or hangs, and that
// whatever pprof's parser accepts, the decoder reads the same.
func FuzzDecode(f *testing.F) {
	for _, data := range testProfiles(f, workloadProfile(f)) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodePprof(bytes.NewReader(data))
		var de *decodeError
		if err != nil && !errors.As(err, &de) {
			t.Fatalf("an error that is not a decodeError: %v", err)
		}
		want, werr := oracle(data)
		if werr != nil {
			return
		}
		if err != nil && strings.Contains(err.Error(), errFieldZero) {
			return // pprof skips a field number 0
		}
		if err != nil && de.kind != nil {
			// Within the format, past cachelint's rules: a negative
			// value, or values summing past int64.
			if !negativeOrOverflow(want) {
				t.Fatalf("the decoder refuses a profile of non-negative values that sum within int64: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("pprof reads the profile, the decoder fails: %v", err)
		}
		if diff := cmp.Diff(flattenPprof(want), flattenOurs(got)); diff != "" {
			t.Errorf("the decoder and pprof differ (-pprof +decoder):\n%s", diff)
		}
	})
}

// negativeOrOverflow reports whether p has a negative sample value, or
// values of one type that sum past int64.
func negativeOrOverflow(p *pprofile.Profile) bool {
	var totals []int64
	for _, s := range p.Sample {
		for i, v := range s.Value {
			if i >= len(totals) {
				totals = append(totals, 0)
			}
			if v < 0 || totals[i] > math.MaxInt64-v {
				return true
			}
			totals[i] += v
		}
	}
	return false
}

// rewrite returns the profile data with fn applied to it.
func rewrite(t *testing.T, data []byte, fn func(p *pprofile.Profile)) []byte {
	t.Helper()
	p := must(pprofile.ParseData(data))
	fn(p)
	var b bytes.Buffer
	if err := p.WriteUncompressed(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDecodeErrors(t *testing.T) {
	raw := gunzip(t, must(os.ReadFile(workloadProfile(t))))
	// What pprof -diff_base writes: the base's samples negated.
	diff := rewrite(t, raw, func(p *pprofile.Profile) {
		base := make([]*pprofile.Sample, len(p.Sample))
		for i, s := range p.Sample {
			c := *s
			c.Value = []int64{-2 * s.Value[0], -2 * s.Value[1]}
			base[i] = &c
		}
		p.Sample = append(p.Sample, base...)
	})
	// Samples of values near MaxInt64, which once summed to negative.
	huge := rewrite(t, raw, func(p *pprofile.Profile) {
		for _, s := range p.Sample {
			s.Value = []int64{math.MaxInt64 / 2, math.MaxInt64 / 2}
		}
	})
	dir := t.TempDir()
	file := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	gz := func(data []byte) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(data)
		zw.Close()
		return b.Bytes()
	}
	for _, c := range []struct {
		name, file string
		kind       error
		want       string
	}{
		{"text", file("notes.txt", []byte("this is not a profile\n")), input.ErrNotProfile, "notes.txt: not a pprof profile: byte 0: "},
		{"Go source", file("main.go", []byte("package main\n\nfunc main() {}\n")), input.ErrNotProfile, "main.go: not a pprof profile: byte 2: "},
		{"gzipped text", file("notes.gz", gz([]byte("this is not a profile\n"))), input.ErrNotProfile, "notes.gz: not a pprof profile, once gunzipped: "},
		{"empty", file("empty.pprof", nil), input.ErrNotProfile, "empty.pprof: not a pprof profile: no sample types"},
		{"directory", dir, nil, dir + ": a directory"},
		// A device is judged by its first byte, not read to its end.
		{"device", "/dev/zero", input.ErrNotProfile, "/dev/zero: not a pprof profile: byte 0: " + errFieldZero},
		{"truncated", file("cut.pprof", raw[:len(raw)/2]), input.ErrCorrupt, "cut.pprof: corrupt pprof profile at byte "},
		{"truncated gzip", file("cut.pprof.gz", gz(raw)[:len(gz(raw))/2]), input.ErrCorrupt, "cut.pprof.gz: corrupt gzip: unexpected EOF"},
		{"concatenated", file("two.pprof", append(append([]byte{}, raw...), raw...)), input.ErrCorrupt, "a second time_nanos: profiles concatenated"},
		{"difference", file("diff.pprof", diff), input.ErrNotProfile, "diff.pprof: pprof profile at byte "},
		{"difference", file("diff.pprof", diff), input.ErrNotProfile, "is negative, as in a difference of two profiles (pprof -diff_base), which says what changed, not where the time went: give the profile itself"},
		{"near MaxInt64", file("huge.pprof", huge), input.ErrLimit, ": Sample: the values of the samples sum past 9223372036854775807"},
	} {
		_, err := readPprof(c.file)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want %q", c.name, err, c.want)
			continue
		}
		var fe *input.FileError
		if !errors.As(err, &fe) || fe.Path != c.file {
			t.Errorf("%s: %v is not a FileError naming %s", c.name, err, c.file)
		}
		if c.kind != nil && !errors.Is(err, c.kind) {
			t.Errorf("%s: %v is not %v", c.name, err, c.kind)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// BenchmarkDecode decodes a profile of the workload with each sample
// repeated under 2,000 request labels, gzipped as pprof writes it, with the
// decoder and with pprof's parser.
func BenchmarkDecode(b *testing.B) {
	p, err := pprofile.ParseData(must(os.ReadFile(workloadProfile(b))))
	if err != nil {
		b.Fatal(err)
	}
	var samples []*pprofile.Sample
	for i := range 2000 {
		for _, s := range p.Sample {
			c := *s
			c.Label = map[string][]string{"request": {fmt.Sprintf("req-%08d", i)}}
			samples = append(samples, &c)
		}
	}
	p.Sample = samples
	var gz bytes.Buffer
	if err := p.Write(&gz); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d samples, %d bytes gzipped", len(samples), gz.Len())
	b.Run("decoder", func(b *testing.B) {
		for b.Loop() {
			zr, err := gzip.NewReader(bytes.NewReader(gz.Bytes()))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := decodePprof(zr); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pprof", func(b *testing.B) {
		for b.Loop() {
			if _, err := pprofile.Parse(bytes.NewReader(gz.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestManySamples decodes a profile of 2 million samples over a few
// stacks, each under a label, which gzip shrinks hundreds of times: past
// the 32 times that bounds a gzipped binary, but within what bounds a
// stream, MaxStream bytes and MaxSamples samples.
// Past MaxSamples, decoding stops with an error naming the limit.
func TestManySamples(t *testing.T) {
	t.Parallel()
	const nsamples, nstacks, nlabels = 2_000_000, 7, 4
	p := &pprofile.Profile{
		SampleType: []*pprofile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &pprofile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	}
	for i := range nstacks + 1 {
		fn := &pprofile.Function{ID: uint64(i + 1), Name: fmt.Sprintf("main.f%d", i), Filename: "main.go", StartLine: int64(10 * i)}
		p.Function = append(p.Function, fn)
		p.Location = append(p.Location, &pprofile.Location{ID: uint64(i + 1), Line: []pprofile.Line{{Function: fn, Line: int64(10*i + 1)}}})
	}
	var head bytes.Buffer
	if err := p.WriteUncompressed(&head); err != nil {
		t.Fatal(err)
	}
	raw := head.Bytes()
	var table []string
	for _, field := range topFields(t, raw) {
		if f := (fields{b: field}); f.next() && f.num == profileStringTable {
			table = append(table, string(f.data))
		}
	}
	var msg []byte
	for i := range nsamples {
		s := i % nstacks
		msg = msg[:0]
		ids := appendVarints(nil, []uint64{uint64(s + 1), uint64(nstacks + 1)}) // leaf, then main
		msg = appendTag(msg, sampleLocationID, wireBytes)
		msg = appendVarints(msg, []uint64{uint64(len(ids))})
		msg = append(msg, ids...)
		vals := appendVarints(nil, []uint64{1, 10_000_000})
		msg = appendTag(msg, sampleValue, wireBytes)
		msg = appendVarints(msg, []uint64{uint64(len(vals))})
		msg = append(msg, vals...)
		// A label whose key and value are strings of the table: main.go
		// and the function names.
		label := appendTag(nil, 1, wireVarint)
		label = appendVarints(label, []uint64{uint64(slices.Index(table, "main.go"))})
		label = appendTag(label, 2, wireVarint)
		label = appendVarints(label, []uint64{uint64(slices.Index(table, fmt.Sprintf("main.f%d", i%nlabels)))})
		msg = appendTag(msg, sampleLabel, wireBytes)
		msg = appendVarints(msg, []uint64{uint64(len(label))})
		msg = append(msg, label...)
		raw = appendTag(raw, profileSample, wireBytes)
		raw = appendVarints(raw, []uint64{uint64(len(msg))})
		raw = append(raw, msg...)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if len(raw) <= 32*gz.Len() || len(raw) <= input.MinInflated {
		t.Fatalf("%d bytes gzipped to %d: not past the ratio that bounds a gzipped binary", len(raw), gz.Len())
	}
	t.Logf("%d samples: %d bytes, %d gzipped", nsamples, len(raw), gz.Len())
	path := filepath.Join(t.TempDir(), "service.pprof")
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readPprof(path)
	if err != nil {
		t.Fatalf("%d samples, %d bytes gzipped to %d: %v", nsamples, len(raw), gz.Len(), err)
	}
	if len(got.stacks) != nstacks {
		t.Fatalf("%d stacks, want %d", len(got.stacks), nstacks)
	}
	for i, s := range got.stacks {
		n := int64(nsamples / nstacks)
		if i < nsamples%nstacks {
			n++
		}
		if want := []int64{n, n * 10_000_000}; !slices.Equal(s.values, want) {
			t.Errorf("stack %d: values %v, want %v", i, s.values, want)
		}
	}

	_, err = decodeSamples(bytes.NewReader(raw), nsamples-1)
	want := fmt.Sprintf("Sample: more than %d samples, the limit for a profile", nsamples-1)
	var de *decodeError
	if !errors.As(err, &de) || de.kind != input.ErrLimit || de.msg != want {
		t.Errorf("one sample past the limit: err = %v, want %q (ErrLimit)", err, want)
	}
}
