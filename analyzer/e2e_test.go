//go:build e2e

package analyzer

// e2e is set by go test -tags e2e, which .ci/run gives: it runs the
// end-to-end check that builds and vets the fixed packages for several
// GOARCHes.
const e2e = true
