module github.com/cachelint/cachelint/internal/cmd

go 1.26.0

require (
	github.com/cachelint/cachelint v0.0.0
	github.com/google/pprof v0.0.0-20261105003125-4bf881d7fb0b
	golang.org/x/tools v0.52.0
)

require (
	github.com/cilium/ebpf v0.22.0 // indirect
	github.com/klauspost/compress v1.18.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/cachelint/cachelint => ../..
