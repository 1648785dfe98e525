//go:build !unix

package dwarfscan

import "os"

func mapFile(*os.File) ([]byte, bool) { return nil, false }

func unmapFile([]byte) error { return nil }
