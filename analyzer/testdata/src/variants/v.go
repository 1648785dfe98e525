package variants

type limits struct {
	max  uint64 /* want `limits: hot fields occupy 2 lines where 1 would do \(64-byte lines\): max, min; no fix: an unkeyed composite literal at .*v_test.go:6:7 depends on the field order` */ //cachelint:hot
	cold [64]byte
	min  uint64 //cachelint:hot
}

type Stats struct {
	Hits uint64 /* want `Stats: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Hits, Miss; no fix: an unkeyed composite literal at .*x_test.go:11:7 depends on the field order` */ //cachelint:hot
	Cold [64]byte
	Miss uint64 //cachelint:hot
}

type Alias struct {
	A uint64 /* want `Alias: hot fields occupy 2 lines where 1 would do \(64-byte lines\): A, B; no fix: an unkeyed composite literal at .*x_test.go:13:9 depends on the field order` */ //cachelint:hot
	Cold [64]byte
	B    uint64 //cachelint:hot
}
