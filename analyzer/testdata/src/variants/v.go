package variants

type limits struct {
	max  uint64 /* want `limits: hot fields occupy 2 lines where 1 would do \(64-byte lines\): max, min; no fix: .*v_test.go:6:7` */ //cachelint:hot
	cold [64]byte
	min  uint64 //cachelint:hot
}

type Stats struct {
	Hits uint64 /* want `Stats: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Hits, Miss; no fix: x_test.go mentions Stats at .*x_test.go:7:14 and is not in this package as the driver checks it` */ //cachelint:hot
	Cold [64]byte
	Miss uint64 //cachelint:hot
}

type Alias struct {
	A uint64 /* want `Alias: hot fields occupy 2 lines where 1 would do \(64-byte lines\): A, B; no fix: x_test.go mentions Alias at .*x_test.go:8:11` */ //cachelint:hot
	Cold [64]byte
	B    uint64 //cachelint:hot
}
