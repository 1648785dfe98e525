package profile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/cachelint/cachelint/input"
)

// The pprof format is a protocol buffer (profile.proto in
// github.com/google/pprof). A service's profile repeats each stack under
// many label sets (one per request, say): tens of megabytes of samples
// over a few thousand stacks. The decoder reads the profile as a stream
// and sums the samples of each stack as it reads them, skipping their
// labels, so that what it holds grows with the distinct stacks and
// locations, not with the samples.
//
// It reads every protocol buffer profile that
// github.com/google/pprof/profile.Parse accepts, but for a field number 0
// (errFieldZero), and makes the same checks of what cachelint uses; a
// defect in what it skips (labels, comments) it does not see.
// TestDecodeAgainstPprof and FuzzDecode compare the two.

// MaxSamples bounds the samples of a profile. What decoding costs grows
// with the bytes decoded, which input.MaxStream bounds, and with the
// samples, each a lookup of its stack: a profile of a service sampled at
// 1,000 Hz (ten times Go's default) on 64 cores for a quarter of an hour
// has 58 million. The size of the gzip bounds neither: a service's
// profile repeats its stacks under many labels and compresses hundreds
// of times.
const MaxSamples = 1 << 26

// pprofProfile is what cachelint uses of a pprof profile.
type pprofProfile struct {
	sampleTypes []valueType
	periodType  valueType // zero when the profile has none
	// mappingFiles are the files of the mappings, in the profile's order:
	// the first is the program's.
	mappingFiles []string
	functions    []pprofFunction
	locations    []pprofLocation
	// stacks are the distinct stacks of the samples, in the order they
	// first appear, with the sum of their samples' values.
	stacks []pprofStack
}

type valueType struct{ Type, Unit string }

type pprofFunction struct {
	id         uint64
	name, file string
	// startLine is the line of the function's func keyword (0 when the
	// profile does not say): it tells a function literal's samples from
	// those of the function declared around it on the same line.
	startLine int64
}

type pprofLocation struct {
	id    uint64
	lines []pprofLine // innermost inlined frame first
}

type pprofLine struct {
	function int32 // index in functions
	line     int64
}

type pprofStack struct {
	locations []int32 // indexes in locations, leaf first
	values    []int64 // one per sample type
}

// Fields of the messages of profile.proto that cachelint reads.
const (
	profileSampleType  = 1
	profileSample      = 2
	profileMapping     = 3
	profileLocation    = 4
	profileFunction    = 5
	profileStringTable = 6
	profileTimeNanos   = 9
	profilePeriodType  = 11

	valueTypeType = 1
	valueTypeUnit = 2

	sampleLocationID = 1
	sampleValue      = 2
	sampleLabel      = 3

	mappingID       = 1
	mappingFilename = 5

	locationID   = 1
	locationLine = 4

	lineFunctionID = 1
	lineLine       = 2

	functionID       = 1
	functionName     = 2
	functionFilename = 4
	functionStart    = 5
)

// Wire types.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

// decoder holds what has been read of a profile, with string table
// indexes unresolved: the string table may come last.
type decoder struct {
	r   *bufio.Reader
	off int64  // offset in the profile of r's next byte
	buf []byte // a field longer than r's buffer
	// messages counts the messages of the profile read: a defect before
	// the first says the input is not a profile at all.
	messages int

	strings   []byte // the string table's strings, end to end
	stringEnd []int  // where each ends in strings

	sampleTypes [][2]int64 // string indexes of type and unit
	periodType  [2]int64
	timeNanos   int64

	mappings  []int64 // filename index of each mapping
	mappingID map[uint64]bool

	functions  []rawFunction
	functionID map[uint64]int32

	locations  []rawLocation
	locationID map[uint64]int32
	lines      []rawLine

	// stackOf maps the encoded location ids of a sample to its stack.
	stackOf map[string]int32
	stacks  []rawStack
	nids    int     // the location ids of the stacks, in all
	values  []int64 // the stacks' sums, nvalues each
	nvalues int     // values per sample; -1 before the first sample
	totals  []int64 // the sum of every sample, per value
	// samples counts the samples read, up to maxSamples.
	samples, maxSamples int
	// scratch space for one sample
	sampleIDs    []uint64
	sampleValues []int64
	key, canon   []byte
}

type rawFunction struct {
	id         uint64
	name, file int64
	startLine  int64
}

type rawLocation struct {
	id                uint64
	firstLine, nlines int
	at                int64 // where it is, for errors
}

type rawLine struct {
	function uint64
	line     int64
}

type rawStack struct {
	ids  string // the location ids, as varints of the shortest encoding
	nids int
	at   int64 // where it first appears, for errors
}

// decodeError is a defect of the profile at byte off.
type decodeError struct {
	off int64
	msg string
	// notProfile is a defect before the first message of the profile,
	// or an input with none: not a profile at all.
	notProfile bool
	// kind is the input error kind of a profile that keeps the format's
	// rules but not cachelint's (input.ErrNotProfile, input.ErrLimit);
	// nil for a corrupt one.
	kind error
}

func (e *decodeError) Error() string { return e.msg }

func errorAt(off int64, format string, args ...any) error {
	return &decodeError{off: off, msg: fmt.Sprintf(format, args...)}
}

// readPprof decodes the profile in file name, gzipped or not.
func readPprof(name string) (*pprofProfile, error) {
	s, err := input.OpenStream(name)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	p, err := decodePprof(s)
	var de *decodeError
	if errors.As(err, &de) {
		gunzipped := ""
		if s.Gzip {
			gunzipped = " of the gunzipped data"
		}
		if de.kind != nil {
			err = &input.Error{Kind: de.kind, Msg: fmt.Sprintf("pprof profile at byte %d%s", de.off, gunzipped), Err: de}
		} else if de.notProfile {
			if s.Gzip {
				gunzipped = ", once gunzipped"
			}
			err = &input.Error{Kind: input.ErrNotProfile, Msg: input.ErrNotProfile.Error() + gunzipped, Err: de}
		} else {
			err = &input.Error{Kind: input.ErrCorrupt, Msg: fmt.Sprintf("corrupt pprof profile at byte %d%s", de.off, gunzipped), Err: de}
		}
	}
	if err != nil {
		return nil, &input.FileError{Path: name, Err: err}
	}
	return p, nil
}

// decodePprof decodes a profile from r, which is not gzipped.
func decodePprof(r io.Reader) (*pprofProfile, error) {
	return decodeSamples(r, MaxSamples)
}

// decodeSamples decodes a profile of at most maxSamples samples from r.
func decodeSamples(r io.Reader, maxSamples int) (*pprofProfile, error) {
	d := &decoder{
		maxSamples: maxSamples,
		r:          bufio.NewReaderSize(r, 256<<10),
		mappingID:  map[uint64]bool{},
		functionID: map[uint64]int32{},
		locationID: map[uint64]int32{},
		stackOf:    map[string]int32{},
		nvalues:    -1,
	}
	for {
		err := d.field()
		if err == io.EOF {
			break
		}
		if err != nil {
			var de *decodeError
			if errors.As(err, &de) && d.messages == 0 {
				de.notProfile = true
				de.msg = fmt.Sprintf("byte %d: %s", de.off, de.msg)
			}
			return nil, err
		}
	}
	if d.messages == 0 {
		return nil, &decodeError{msg: "no sample types, samples, locations, functions or strings", notProfile: true}
	}
	return d.resolve()
}

// varint reads a varint from r.
func (d *decoder) varint() (uint64, error) {
	b, err := d.r.Peek(maxVarint)
	v, n := uvarint(b)
	if n > 0 {
		d.r.Discard(n)
		d.off += int64(n)
		return v, nil
	}
	switch {
	case len(b) == 0 && err == io.EOF:
		return 0, io.EOF
	case len(b) >= maxVarint:
		return 0, errorAt(d.off, "a varint longer than %d bytes", maxVarint)
	case err == io.EOF:
		return 0, errorAt(d.off, "truncated: the input ends in a varint")
	}
	return 0, err
}

// skip discards the next n bytes of r.
func (d *decoder) skip(n uint64) error {
	got, err := d.r.Discard(int(min(n, 1<<62)))
	d.off += int64(got)
	if uint64(got) < n {
		if err == io.EOF {
			return errorAt(d.off, "truncated: the input ends %d bytes into a field of %d bytes", got, n)
		}
		return err
	}
	return nil
}

// bytes reads the next n bytes of r, valid until the next read.
func (d *decoder) bytes(n uint64) ([]byte, error) {
	if n <= uint64(d.r.Size()) {
		b, err := d.r.Peek(int(n))
		if len(b) == int(n) {
			d.r.Discard(int(n))
			d.off += int64(n)
			return b, nil
		}
		if err == io.EOF {
			return nil, errorAt(d.off+int64(len(b)), "truncated: the input ends %d bytes into a field of %d bytes", len(b), n)
		}
		return nil, err
	}
	// A long field is read as it arrives, so that a length past the end
	// of the input costs no more than the input.
	buf := bytes.NewBuffer(d.buf[:0])
	got, err := buf.ReadFrom(io.LimitReader(d.r, int64(min(n, 1<<62))))
	d.off += got
	if err != nil {
		return nil, err
	}
	if uint64(got) < n {
		return nil, errorAt(d.off, "truncated: the input ends %d bytes into a field of %d bytes", got, n)
	}
	d.buf = buf.Bytes()
	return d.buf, nil
}

// field reads one field of the Profile message: io.EOF at the end.
func (d *decoder) field() error {
	at := d.off
	tag, err := d.varint()
	if err != nil {
		return err
	}
	num, wire := tag>>3, int(tag&7)
	if num == 0 {
		return errorAt(at, errFieldZero)
	}
	var v uint64
	var msg []byte
	switch wire {
	case wireVarint:
		if v, err = d.varint(); err == io.EOF {
			err = errorAt(d.off, "truncated: the input ends in field %d", num)
		}
	case wireFixed64:
		err = d.skip(8)
	case wireFixed32:
		err = d.skip(4)
	case wireBytes:
		var n uint64
		if n, err = d.varint(); err == io.EOF {
			err = errorAt(d.off, "truncated: the input ends in field %d", num)
		}
		if err == nil {
			msg, err = d.bytes(n)
		}
	default:
		return errorAt(at, "field %d has wire type %d, which is not one of protocol buffers' (0, 1, 2, 5)", num, wire)
	}
	if err != nil {
		return err
	}
	if err := d.use(num, wire, v, msg, at); err != nil {
		return err
	}
	switch num {
	case profileSampleType, profilePeriodType, profileSample, profileMapping, profileLocation, profileFunction, profileStringTable:
		d.messages++
	}
	return nil
}

// use decodes a field of the Profile message, at byte at, of wire type
// wire: v is a varint's value, msg a length-delimited field's bytes,
// which end where r is.
func (d *decoder) use(num uint64, wire int, v uint64, msg []byte, at int64) error {
	base := d.off - int64(len(msg))
	switch num {
	case profileSampleType, profilePeriodType:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		vt, err := valueTypeOf(msg, base)
		if err != nil {
			return err
		}
		if num == profileSampleType {
			d.sampleTypes = append(d.sampleTypes, vt)
		} else {
			d.periodType = vt
		}
	case profileSample:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		return d.sample(msg, base)
	case profileMapping:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		return d.mapping(msg, base, at)
	case profileLocation:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		return d.location(msg, base, at)
	case profileFunction:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		return d.function(msg, base, at)
	case profileStringTable:
		if wire != wireBytes {
			return wrongWire(at, "Profile", num, wire)
		}
		if len(d.stringEnd) == 0 && len(msg) != 0 {
			return errorAt(at, "the string table's first string is %q, not empty", msg)
		}
		d.strings = append(d.strings, msg...)
		d.stringEnd = append(d.stringEnd, len(d.strings))
	case profileTimeNanos:
		if wire != wireVarint {
			return wrongWire(at, "Profile", num, wire)
		}
		if d.timeNanos != 0 {
			return errorAt(at, "a second time_nanos: profiles concatenated")
		}
		d.timeNanos = int64(v)
	}
	return nil
}

func wrongWire(at int64, msg string, num uint64, wire int) error {
	return errorAt(at, "field %d of a %s has wire type %d", num, msg, wire)
}

// errFieldZero is the error for field number 0, which protocol buffers
// reserve: pprof's parser skips such a field; the decoder stops, so that
// /dev/zero is not read to the limit.
const errFieldZero = "field number 0, which protocol buffers reserve"

// maxVarint is the longest varint: 10 bytes hold 64 bits.
const maxVarint = 10

// uvarint decodes the varint at the start of b, as pprof does: bits past
// 64 are dropped. n is 0 if b ends first or the varint is longer than
// maxVarint.
func uvarint[B string | []byte](b B) (v uint64, n int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	for i := 0; i < len(b) && i < maxVarint; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

// fields iterates over the fields of a message, b, which starts at byte
// base of the profile.
type fields struct {
	b    []byte
	i    int
	base int64
	msg  string // the message's name, for errors

	// The last field read: at is where it starts in b.
	at   int
	num  uint64
	wire int
	v    uint64 // a varint's value
	data []byte // a length-delimited field's bytes

	err error
}

func (f *fields) next() bool {
	if f.i >= len(f.b) || f.err != nil {
		return false
	}
	f.at = f.i
	tag, n := uvarint(f.b[f.i:])
	if n == 0 {
		return f.fail(f.i, "a bad varint")
	}
	f.i += n
	f.num, f.wire = tag>>3, int(tag&7)
	if f.num == 0 {
		return f.fail(f.at, errFieldZero)
	}
	switch f.wire {
	case wireVarint:
		if f.v, n = uvarint(f.b[f.i:]); n == 0 {
			return f.fail(f.i, "a bad varint")
		}
		f.i += n
	case wireFixed64, wireFixed32:
		size := 8
		if f.wire == wireFixed32 {
			size = 4
		}
		if len(f.b)-f.i < size {
			return f.fail(f.i, "runs past its end")
		}
		f.i += size
	case wireBytes:
		size, n := uvarint(f.b[f.i:])
		if n == 0 {
			return f.fail(f.i, "a bad varint")
		}
		f.i += n
		if size > uint64(len(f.b)-f.i) {
			return f.fail(f.at, "field %d is %d bytes long, past the end", f.num, size)
		}
		f.data = f.b[f.i : f.i+int(size)]
		f.i += int(size)
	default:
		return f.fail(f.at, "field %d has wire type %d, which is not one of protocol buffers' (0, 1, 2, 5)", f.num, f.wire)
	}
	return true
}

// fail stops the iteration with an error at b[i].
func (f *fields) fail(i int, format string, args ...any) bool {
	f.err = errorAt(f.base+int64(i), "%s: %s", f.msg, fmt.Sprintf(format, args...))
	return false
}

// want checks that the field has wire type wire.
func (f *fields) want(wire int) bool {
	if f.wire != wire {
		return f.fail(f.at, "field %d has wire type %d, not %d", f.num, f.wire, wire)
	}
	return true
}

// varints calls add with each varint of the field, packed or not.
func (f *fields) varints(add func(uint64)) bool {
	switch f.wire {
	case wireVarint:
		add(f.v)
		return true
	case wireBytes:
		b := f.data
		start := f.i - len(b)
		for i := 0; i < len(b); {
			v, n := uvarint(b[i:])
			if n == 0 {
				return f.fail(start+i, "field %d: a bad varint", f.num)
			}
			add(v)
			i += n
		}
		return true
	}
	return f.want(wireVarint)
}

func valueTypeOf(b []byte, base int64) ([2]int64, error) {
	var vt [2]int64
	f := fields{b: b, base: base, msg: "ValueType"}
	for f.next() {
		switch f.num {
		case valueTypeType, valueTypeUnit:
			if f.want(wireVarint) {
				vt[f.num-valueTypeType] = int64(f.v)
			}
		}
	}
	return vt, f.err
}

// sample adds a Sample to the sums of its stack.
func (d *decoder) sample(b []byte, base int64) error {
	if d.samples == d.maxSamples {
		return &decodeError{off: base, kind: input.ErrLimit, msg: fmt.Sprintf(
			"Sample: more than %d samples, the limit for a profile", d.maxSamples)}
	}
	d.samples++
	f := fields{b: b, base: base, msg: "Sample"}
	// The location ids' encoding is the stack's key when they are one
	// packed field, as writers write them; otherwise they are encoded
	// into one.
	var packed []byte
	chunks := 0
	d.sampleValues = d.sampleValues[:0]
	for f.next() {
		switch f.num {
		case sampleLocationID:
			switch f.wire {
			case wireBytes:
				packed = f.data
				chunks++
			case wireVarint:
				chunks += 2
			default:
				f.want(wireVarint)
			}
		case sampleValue:
			f.varints(func(v uint64) { d.sampleValues = append(d.sampleValues, int64(v)) })
		case sampleLabel:
			f.want(wireBytes)
		}
	}
	if f.err != nil {
		return f.err
	}
	key := packed
	if chunks != 1 {
		d.sampleIDs = d.sampleIDs[:0]
		f = fields{b: b, base: base, msg: "Sample"}
		for f.next() {
			if f.num == sampleLocationID {
				f.varints(func(v uint64) { d.sampleIDs = append(d.sampleIDs, v) })
			}
		}
		if f.err != nil {
			return f.err
		}
		d.key = appendVarints(d.key[:0], d.sampleIDs)
		key = d.key
	}
	s, ok := d.stackOf[string(key)]
	if !ok {
		var err error
		if s, err = d.newStack(key, base); err != nil {
			return err
		}
	}
	if d.nvalues < 0 {
		d.nvalues = len(d.sampleValues)
	}
	if len(d.sampleValues) != d.nvalues {
		return errorAt(base, "Sample: %d values, where the first sample has %d", len(d.sampleValues), d.nvalues)
	}
	if d.totals == nil {
		d.totals = make([]int64, d.nvalues)
	}
	sum := d.values[int(s)*d.nvalues:][:d.nvalues]
	for i, v := range d.sampleValues {
		switch {
		case v < 0:
			// pprof -diff_base writes the base's samples negated.
			return &decodeError{off: base, kind: input.ErrNotProfile, msg: fmt.Sprintf(
				"Sample: value %d is negative, as in a difference of two profiles (pprof -diff_base), which says what changed, not where the time went: give the profile itself", v)}
		case d.totals[i] > math.MaxInt64-v:
			// The sum of every sample bounds the sum of each stack's.
			return &decodeError{off: base, kind: input.ErrLimit, msg: fmt.Sprintf(
				"Sample: the values of the samples sum past %d", int64(math.MaxInt64))}
		}
		d.totals[i] += v
		sum[i] += v
	}
	return nil
}

// newStack adds the stack whose location ids are encoded in key, the
// ids of a sample at byte at.
func (d *decoder) newStack(key []byte, at int64) (int32, error) {
	d.sampleIDs = d.sampleIDs[:0]
	for i := 0; i < len(key); {
		v, n := uvarint(key[i:])
		if n == 0 {
			return 0, errorAt(at, "Sample: location ids: a bad varint")
		}
		d.sampleIDs = append(d.sampleIDs, v)
		i += n
	}
	// A varint may be written longer than it needs: the stack is the
	// same as that of its shortest encoding, which the stack keeps.
	canon := string(key)
	if d.canon = appendVarints(d.canon[:0], d.sampleIDs); !bytes.Equal(d.canon, key) {
		if s, ok := d.stackOf[string(d.canon)]; ok {
			d.stackOf[canon] = s
			return s, nil
		}
		d.stackOf[canon] = int32(len(d.stacks))
		canon = string(d.canon)
	}
	if len(d.stacks) == 1<<31-1 {
		return 0, errorAt(at, "more than %d stacks", 1<<31-1)
	}
	s := int32(len(d.stacks))
	d.stackOf[canon] = s
	d.stacks = append(d.stacks, rawStack{ids: canon, nids: len(d.sampleIDs), at: at})
	d.nids += len(d.sampleIDs)
	if d.nvalues < 0 {
		d.nvalues = len(d.sampleValues)
	}
	d.values = append(d.values, make([]int64, d.nvalues)...)
	return s, nil
}

func appendVarints(b []byte, vs []uint64) []byte {
	for _, v := range vs {
		for v >= 0x80 {
			b = append(b, byte(v)|0x80)
			v >>= 7
		}
		b = append(b, byte(v))
	}
	return b
}

func (d *decoder) mapping(b []byte, base, at int64) error {
	f := fields{b: b, base: base, msg: "Mapping"}
	var id uint64
	var file int64
	for f.next() {
		switch f.num {
		case mappingID:
			if f.want(wireVarint) {
				id = f.v
			}
		case mappingFilename:
			if f.want(wireVarint) {
				file = int64(f.v)
			}
		}
	}
	if f.err != nil {
		return f.err
	}
	if id == 0 {
		return errorAt(at, "Mapping: id 0, which is reserved")
	}
	if d.mappingID[id] {
		return errorAt(at, "Mapping: a second mapping of id %d", id)
	}
	d.mappingID[id] = true
	d.mappings = append(d.mappings, file)
	return nil
}

func (d *decoder) function(b []byte, base, at int64) error {
	f := fields{b: b, base: base, msg: "Function"}
	var fn rawFunction
	for f.next() {
		switch f.num {
		case functionID:
			if f.want(wireVarint) {
				fn.id = f.v
			}
		case functionName:
			if f.want(wireVarint) {
				fn.name = int64(f.v)
			}
		case functionFilename:
			if f.want(wireVarint) {
				fn.file = int64(f.v)
			}
		case functionStart:
			if f.want(wireVarint) {
				fn.startLine = int64(f.v)
			}
		}
	}
	if f.err != nil {
		return f.err
	}
	if fn.id == 0 {
		return errorAt(at, "Function: id 0, which is reserved")
	}
	if _, dup := d.functionID[fn.id]; dup {
		return errorAt(at, "Function: a second function of id %d", fn.id)
	}
	if len(d.functions) == 1<<31-1 {
		return errorAt(at, "more than %d functions", 1<<31-1)
	}
	d.functionID[fn.id] = int32(len(d.functions))
	d.functions = append(d.functions, fn)
	return nil
}

func (d *decoder) location(b []byte, base, at int64) error {
	f := fields{b: b, base: base, msg: "Location"}
	loc := rawLocation{firstLine: len(d.lines), at: at}
	for f.next() {
		switch f.num {
		case locationID:
			if f.want(wireVarint) {
				loc.id = f.v
			}
		case locationLine:
			if !f.want(wireBytes) {
				break
			}
			var ln rawLine
			lf := fields{b: f.data, base: base + int64(f.i-len(f.data)), msg: "Line"}
			for lf.next() {
				switch lf.num {
				case lineFunctionID:
					if lf.want(wireVarint) {
						ln.function = lf.v
					}
				case lineLine:
					if lf.want(wireVarint) {
						ln.line = int64(lf.v)
					}
				}
			}
			if lf.err != nil {
				return lf.err
			}
			d.lines = append(d.lines, ln)
		}
	}
	if f.err != nil {
		return f.err
	}
	loc.nlines = len(d.lines) - loc.firstLine
	if loc.id == 0 {
		return errorAt(at, "Location: id 0, which is reserved")
	}
	if _, dup := d.locationID[loc.id]; dup {
		return errorAt(at, "Location: a second location of id %d", loc.id)
	}
	if len(d.locations) == 1<<31-1 {
		return errorAt(at, "more than %d locations", 1<<31-1)
	}
	d.locationID[loc.id] = int32(len(d.locations))
	d.locations = append(d.locations, loc)
	return nil
}

// str resolves string index i.
func (d *decoder) str(i int64, what string) (string, error) {
	if i < 0 || i >= int64(len(d.stringEnd)) {
		return "", fmt.Errorf("%s: string %d, past the string table's %d strings", what, i, len(d.stringEnd))
	}
	start := 0
	if i > 0 {
		start = d.stringEnd[i-1]
	}
	return string(d.strings[start:d.stringEnd[i]]), nil
}

// resolve checks the references between the messages read, which may
// come in any order, and resolves them.
func (d *decoder) resolve() (*pprofProfile, error) {
	p := &pprofProfile{}
	// The errors here are of the whole profile: at its end.
	fail := func(err error) (*pprofProfile, error) {
		return nil, &decodeError{off: d.off, msg: err.Error()}
	}
	for _, vt := range d.sampleTypes {
		t, err := d.str(vt[0], "sample type")
		if err != nil {
			return fail(err)
		}
		u, err := d.str(vt[1], "sample unit")
		if err != nil {
			return fail(err)
		}
		p.sampleTypes = append(p.sampleTypes, valueType{t, u})
	}
	var err error
	if p.periodType.Type, err = d.str(d.periodType[0], "period type"); err != nil {
		return fail(err)
	}
	if p.periodType.Unit, err = d.str(d.periodType[1], "period unit"); err != nil {
		return fail(err)
	}
	if len(d.stacks) > 0 {
		if len(d.sampleTypes) == 0 {
			return fail(errors.New("samples but no sample types"))
		}
		if d.nvalues != len(d.sampleTypes) {
			return fail(fmt.Errorf("samples of %d values, for %d sample types", d.nvalues, len(d.sampleTypes)))
		}
	}
	for _, m := range d.mappings {
		file, err := d.str(m, "mapping file")
		if err != nil {
			return fail(err)
		}
		p.mappingFiles = append(p.mappingFiles, file)
	}
	p.functions = make([]pprofFunction, len(d.functions))
	for i, fn := range d.functions {
		name, err := d.str(fn.name, fmt.Sprintf("function %d: name", fn.id))
		if err != nil {
			return fail(err)
		}
		file, err := d.str(fn.file, fmt.Sprintf("function %d: file name", fn.id))
		if err != nil {
			return fail(err)
		}
		p.functions[i] = pprofFunction{id: fn.id, name: name, file: file, startLine: fn.startLine}
	}
	lines := make([]pprofLine, len(d.lines))
	for i, ln := range d.lines {
		fn, ok := d.functionID[ln.function]
		if !ok {
			loc := d.locations[0]
			for _, l := range d.locations {
				if i >= l.firstLine && i < l.firstLine+l.nlines {
					loc = l
				}
			}
			return nil, errorAt(loc.at, "Location %d: a line of function %d, which the profile lacks", loc.id, ln.function)
		}
		lines[i] = pprofLine{function: fn, line: ln.line}
	}
	p.locations = make([]pprofLocation, len(d.locations))
	for i, l := range d.locations {
		p.locations[i] = pprofLocation{id: l.id, lines: lines[l.firstLine:][:l.nlines:l.nlines]}
	}
	locs := make([]int32, 0, d.nids)
	p.stacks = make([]pprofStack, len(d.stacks))
	for i, s := range d.stacks {
		first := len(locs)
		for j := 0; j < len(s.ids); {
			id, n := uvarint(s.ids[j:])
			j += n
			l, ok := d.locationID[id]
			if !ok {
				return nil, errorAt(s.at, "Sample: location %d, which the profile lacks", id)
			}
			locs = append(locs, l)
		}
		p.stacks[i] = pprofStack{
			locations: locs[first:len(locs):len(locs)],
			values:    d.values[i*d.nvalues:][:d.nvalues:d.nvalues],
		}
	}
	return p, nil
}

// frameName is a profile's function name with type arguments left out:
// "pkg.(*Ring[...]).Push" and "pkg.(*Ring[go.shape.int]).Push" are
// "pkg.(*Ring).Push".
func frameName(name string) string {
	if !strings.Contains(name, "[") {
		return name
	}
	var b strings.Builder
	depth := 0
	for _, c := range name {
		switch {
		case c == '[':
			depth++
		case c == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// frame is what one inlined frame of a location executes.
type frame struct {
	lines []*lineInfo // nil for a file outside the load
	name  string      // the function's name
	fn    int32       // its index in prof.functions
}

// loc is what a location executes, innermost inlined frame first.
type loc struct {
	matched bool
	frames  []frame
	// shared: one of its frames is a runtime entry point whose
	// samples are not the caller's work (shared).
	shared bool
}
