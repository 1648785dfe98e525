package cpu

const cacheLineSize = 64

func init() {
	X86.HasAES = true
	X86.HasSSE2 = true
}
