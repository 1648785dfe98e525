//go:build e2e

package reorg_test

// kernelSweepStep is 1 under go test -tags e2e, which .ci/run gives:
// TestProposalsHoldOnKernel proposes for every Linux 6.18 struct.
const kernelSweepStep = 1
