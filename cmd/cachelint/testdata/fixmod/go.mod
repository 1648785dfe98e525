module fixmod

go 1.24
