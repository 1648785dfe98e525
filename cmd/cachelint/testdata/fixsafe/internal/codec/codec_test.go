package codec

import (
	"fmt"
	"testing"

	"fixsafe/internal/wire"
)

func TestCodec(t *testing.T) {
	want := fmt.Sprint(append(append([]byte{1}, make([]byte, 63)...), 10, 0, 0, 0, 0, 0, 0, 0))
	if got := fmt.Sprint(Bytes(wire.NewHeader(1, 10))); got != want {
		t.Errorf("Bytes = %s, want %s", got, want)
	}
	if got := LenOffset(); got != 64 {
		t.Errorf("LenOffset = %d, want 64", got)
	}
	if got := Sum(); got != 3 {
		t.Errorf("Sum = %d, want 3", got)
	}
}
