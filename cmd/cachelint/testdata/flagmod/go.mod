module example.com/flagmod

go 1.22
