//go:build !unix

package input

import "os"

func mapFile(*os.File) ([]byte, bool) { return nil, false }

func unmapFile([]byte) error { return nil }

func dropPages([]byte) {}
