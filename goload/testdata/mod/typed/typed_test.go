package typed

import "testing"

type testConn struct{ a, b int }

func TestSend(t *testing.T) {
	var c Conn
	if c.Send() != 1 {
		t.Fatal(testConn{})
	}
}
