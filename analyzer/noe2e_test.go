//go:build !e2e

package analyzer

// e2e is unset in go test ./...: see e2e_test.go.
const e2e = false
