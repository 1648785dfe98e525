//go:build unix

package btfscan

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGunzipFIFO reads a gzip from a pipe, which has no size and cannot be
// read at an offset.
func TestGunzipFIFO(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(tinyBTF)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	zipped := gz(t, data)
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		w.Write(zipped)
	}()
	// Opening the pipe a second time would wait for a writer for ever;
	// go test's -timeout stops that.
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if ss, err := f.Structs("tiny"); err != nil || len(ss) != 1 || ss[0].Size != 64 {
		t.Errorf("%v, %v", ss, err)
	}
}
