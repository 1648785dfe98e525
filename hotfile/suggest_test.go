package hotfile

import (
	"slices"
	"testing"
)

func TestSuggest(t *testing.T) {
	names := []string{"net_device", "netdev_queue", "send", "recv", "rx_pkts", "rx_bytes", "Conn", "example.com/netq.Conn"}
	for _, c := range []struct{ name, want string }{
		{"net_devic", "net_device"},
		{"netdevice", "net_device"},
		{"sned", "send"},       // a swap is one edit
		{"rx_pkst", "rx_pkts"}, // of the last two
		{"conn", "Conn"},       // case
		{"example.com/netqq.Conn", "example.com/netq.Conn"},
		{"tx", ""},        // nothing near
		{"inet_sock", ""}, // too far from all
		{"rx_bytes", ""},  // itself is no suggestion
		{"sendmsg", ""},   // three edits from send, in a 7-byte name
		{"net_devices", "net_device"},
	} {
		if got := Suggest(c.name, slices.Values(names)); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"ab", "ba", 1}, {"abcd", "acbd", 1}, {"ca", "abc", 3},
	} {
		if got := editDistance(c.a, c.b, 100); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := editDistance(c.a, c.b, 1); got != min(c.want, 1) {
			t.Errorf("editDistance(%q, %q, limit 1) = %d, want %d", c.a, c.b, got, min(c.want, 1))
		}
	}
}
