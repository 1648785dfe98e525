// The hashes that keys and file names are made of, below every other
// file of the package.

package dwarfscan

import "hash/maphash"

// fingerprint identifies a type as its spelling in a member would.
type fingerprint [2]uint64

var fpSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func hashBytes(b []byte) fingerprint {
	return fingerprint{maphash.Bytes(fpSeeds[0], b), maphash.Bytes(fpSeeds[1], b)}
}
