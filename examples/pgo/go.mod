module github.com/cachelint/cachelint/examples/pgo

go 1.24
