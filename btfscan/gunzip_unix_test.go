//go:build unix

package btfscan

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestGunzipFIFO reads a gzip from a pipe, which has no size and cannot be
// read at an offset.
func TestGunzipFIFO(t *testing.T) {
	data, err := os.ReadFile(tinyBTF)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		w.Write(gz(t, data))
	}()
	// Opening the pipe a second time would wait for a writer for ever.
	done := make(chan struct{})
	var f *File
	go func() {
		defer close(done)
		f, err = Open(path)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Open hangs")
	}
	if err != nil {
		t.Fatal(err)
	}
	if ss, err := f.Structs("tiny"); err != nil || len(ss) != 1 || ss[0].Size != 64 {
		t.Errorf("%v, %v", ss, err)
	}
}
