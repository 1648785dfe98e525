module github.com/cachelint/cachelint

go 1.26.0

require github.com/cilium/ebpf v0.22.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/pprof v0.0.0-20261105003125-4bf881d7fb0b
	github.com/klauspost/compress v1.18.0
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/sys v0.49.0 // indirect
)
