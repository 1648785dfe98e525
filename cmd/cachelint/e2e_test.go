//go:build e2e

package main

// e2e is set by go test -tags e2e, which .ci/run gives: it runs the
// end-to-end check that builds, vets and tests a module for several
// GOARCHes before and after -fix.
const e2e = true
