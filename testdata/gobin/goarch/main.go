// Command goarch is a fixture for the line size of Go binaries per
// GOARCH: the runtime's structs padded with cpu.CacheLinePad are right for
// the lines of the GOARCH they are built for.
package main

func main() {}
