//go:build !amd64 && !arm64

package archmod

const cacheLineSize = 64
