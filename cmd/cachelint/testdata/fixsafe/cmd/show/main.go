// Command show prints what the fixture's packages compute from their
// layouts: offsets, encoding/binary bytes, reflect's field names, and
// structs of its own printed with %v and encoded as JSON. -fix must not
// change a byte of it.
package main

import (
	"encoding/json"
	"fmt"

	"fixsafe/classes"
	"fixsafe/internal/codec"
	"fixsafe/internal/counters"
	"fixsafe/internal/crlf"
	"fixsafe/internal/pads"
	"fixsafe/internal/view"
	"fixsafe/internal/wire"
)

// printed is printed with %v: its fields in order.
type printed struct {
	Name  string //cachelint:hot
	Pad   [7]uint64
	Count uint64 //cachelint:hot
}

// encoded is encoded as JSON: its keys in order.
type encoded struct {
	Name  string //cachelint:hot
	Pad   [7]uint64
	Count uint64 //cachelint:hot
}

func main() {
	fmt.Printf("%v\n", printed{Name: "p", Count: 3})
	b, err := json.Marshal(encoded{Name: "e", Count: 4})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	fmt.Println("view:", view.LitJ(), view.OffsetJ(), view.Encoded(), view.SecondName(), view.CastJ(),
		view.ConvJ(), view.AnonJ(), view.Walked(), view.Size(), view.PlainJ())
	fmt.Println("codec:", codec.Bytes(wire.NewHeader(1, 10)), codec.LenOffset(), codec.Sum())
	fmt.Println("counters:", counters.Count(3), counters.Tally(2), counters.Set(5))
	fmt.Println("pads:", pads.RoundTrip(4, 5), pads.Sum())
	fmt.Println("crlf:", crlf.Sum())
	fmt.Println("classes:", classes.FmtD(), classes.FmtGo(), classes.PtrStr(), classes.Logged(), classes.Mapped(),
		classes.CtxVal(), classes.Channed(), classes.Boxed(), classes.Sliced(), classes.Added(), classes.Helped(),
		classes.Kept(), classes.OffsetByName(), classes.GenericReflect(), classes.SetByIndex(), classes.Folded(),
		classes.XMLEnc(), classes.Debug(), classes.Arch(), len(classes.Entries{}), len(classes.Pairs()), classes.Fine(),
		classes.Carried(), classes.Shown(), classes.Pooled(), classes.Cycled(), classes.AsValue(), classes.Buffered())
}
