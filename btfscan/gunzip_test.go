package btfscan

import (
	"encoding/binary"
	"reflect"
	"testing"
)

// TestGunzip checks gzip inputs whose trailer does not give the size of
// what they hold, and one too short to have a trailer.
func TestGunzip(t *testing.T) {
	t.Parallel()
	raw := tinyRaw(t)
	want, err := (&File{path: "tiny", spec: mustDecoder(t, raw), ptrSize: 8}).Structs()
	if err != nil {
		t.Fatal(err)
	}
	lying := func(size uint32) []byte {
		data := gz(t, raw)
		binary.LittleEndian.PutUint32(data[len(data)-4:], size)
		return data
	}
	for _, c := range []struct {
		name string
		data []byte
		want string // the error after "PATH: ", if any
	}{
		// Two members: the trailer gives the size of the second.
		{"members", append(gz(t, raw[:100]), gz(t, raw[100:])...), ""},
		// The gzip reader checks the size itself, after the data (and says
		// "gzip:" itself); a trailer past the limits is inflated into
		// nothing to tell a bomb from a defect.
		{"trailer-small", lying(10), "corrupt gzip: gzip: invalid checksum"},
		{"trailer-large", lying(uint32(len(raw)) * 2), "corrupt gzip: gzip: invalid checksum"},
		{"trailer-huge", lying(1 << 31), "corrupt gzip: gzip: invalid checksum"},
		{"short", gz(t, raw)[:10], "corrupt gzip: unexpected EOF"},
	} {
		path := write(t, c.name+".gz", c.data)
		f, err := Open(path)
		if c.want != "" {
			if err == nil || err.Error() != path+": "+c.want {
				t.Errorf("%s: err = %v, want %s: %s", c.name, err, path, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got, err := f.Structs()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, want)
		}
	}
}

func mustDecoder(t testing.TB, raw []byte) *decoder {
	t.Helper()
	d, err := newDecoder(raw)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
