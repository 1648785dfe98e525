// Package cpu detects CPU features, as golang.org/x/sys/cpu does, each
// GOARCH's in a struct of its own padded on both sides; its line is 64
// bytes on arm64 too, too short for arm64's 128-byte lines.
package cpu

// CacheLinePad is a line of the GOARCH built for.
type CacheLinePad struct{ _ [cacheLineSize]byte }

type x86Flags struct {
	_                                               CacheLinePad
	HasAES, HasADX, HasAVX, HasAVX2, HasBMI1        bool
	HasBMI2, HasERMS, HasFMA, HasOSXSAVE, HasPOPCNT bool
	HasRDRAND, HasSSE2, HasSSE3, HasSSSE3           bool
	_                                               CacheLinePad
}

// X86 holds the x86 features, set at init.
var X86 x86Flags

type arm64Flags struct {
	_                                      CacheLinePad
	HasFP, HasASIMD, HasAES, HasPMULL      bool
	HasSHA1, HasSHA2, HasCRC32, HasATOMICS bool
	_                                      CacheLinePad
}

// ARM64 holds the arm64 features.
var ARM64 arm64Flags

type ppc64Flags struct {
	_                                   CacheLinePad
	HasDARN, HasSCV, IsPOWER8, IsPOWER9 bool
	_                                   CacheLinePad
}

// PPC64 holds the ppc64 features.
var PPC64 ppc64Flags

type s390xFlags struct {
	_                                     CacheLinePad
	HasZARCH, HasSTFLE, HasLDISP, HasEIMM bool
	HasDFP, HasETF3EH, HasMSA, HasAES     bool
	_                                     CacheLinePad
}

// S390X holds the s390x features.
var S390X s390xFlags

// state is the same shape as the flags, in a heap object of its own.
type state struct {
	_                   CacheLinePad
	probed, a, b, c, d  bool
	e, f, g, h, i, j, k bool
	_                   CacheLinePad
}

var current = new(state)

// Probe marks the state probed.
func Probe() { current.probed = true }
