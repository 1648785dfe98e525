package cpu

const cacheLineSize = 64

func init() {
	ARM64.HasFP = true
	ARM64.HasASIMD = true
}
