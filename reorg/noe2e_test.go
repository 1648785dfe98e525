//go:build !e2e

package reorg_test

// kernelSweepStep is 8 in go test ./...: TestProposalsHoldOnKernel
// proposes for one in eight Linux 6.18 structs, the whole sweep being
// e2e_test.go's.
const kernelSweepStep = 8
