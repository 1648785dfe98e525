package cpu

const cacheLineSize = 256

func init() { S390X.HasZARCH = true }
