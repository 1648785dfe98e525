package user

import "lib/internal/conf"

var C = conf.Conf{1, [64]byte{}, 2}

var F = conf.Free{Head: 1, Tail: 2}
