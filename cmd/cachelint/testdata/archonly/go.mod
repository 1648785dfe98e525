module example.com/archonly

go 1.22
