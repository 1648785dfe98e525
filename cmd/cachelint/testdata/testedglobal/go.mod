module testedglobal

go 1.24
