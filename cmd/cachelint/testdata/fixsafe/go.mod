module fixsafe

go 1.26
