module example.com/txpath

go 1.24
