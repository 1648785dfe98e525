//go:build ppc64 || ppc64le

package cpu

const cacheLineSize = 128

func init() { PPC64.IsPOWER8 = true }
