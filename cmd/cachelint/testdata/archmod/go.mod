module example.com/archmod

go 1.22
