package classes

import "fmt"

func winShow(x winOnly) string { return fmt.Sprint(x) }
