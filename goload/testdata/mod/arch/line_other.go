//go:build !arm64

package arch

const lineSize = 64
