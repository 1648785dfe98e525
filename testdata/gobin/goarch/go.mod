module goarch
go 1.26
