package hotfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(tables, "*.rst"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed tables: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(filepath.Base(file), data)
	}
	f.Add("hot.txt", []byte("net_device.ifindex hot write path=tx,rx # c\nnet_device percpu\n"+
		"net_device budget path=tx lines=2\nnet_device ignore padding,spread why\nmain.T.f hot\n"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		s, err := Parse(name, data)
		if err != nil {
			return
		}
		s.StructNames()
		st := netDevice()
		if _, err := s.Apply([]*layout.Struct{st}); err == nil {
			st.ResolvePaths()
		}
	})
}
