module github.com/cachelint/cachelint/internal/cmd

go 1.26.0

require github.com/cachelint/cachelint v0.0.0

require github.com/klauspost/compress v1.18.0 // indirect

replace github.com/cachelint/cachelint => ../..
