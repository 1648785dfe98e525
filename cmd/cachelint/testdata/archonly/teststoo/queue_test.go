package teststoo

import "testing"

func TestQueue(t *testing.T) {
	var q Queue
	q.head.Add(hostWord)
}
