module github.com/cachelint/cachelint

go 1.26
