package classes

import "fmt"

func archShow(x armOnly) string { return fmt.Sprint(x) }
