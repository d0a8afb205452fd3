package stdlib

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// library holds the standard flow library, one NAME.flow per `std/NAME`.
//
//go:embed std/*.flow
var library embed.FS

// Source returns the text of the standard library file imported as
// `std/NAME`; name is NAME ("web"), without "std/" or ".flow".
func Source(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	data, err := library.ReadFile(path.Join("std", name+".flow"))
	if err != nil {
		return nil, false
	}
	return data, true
}

// Names lists the standard library's NAMEs, sorted: each is importable as
// `std/NAME` and documented by `flow doc std/NAME`.
func Names() []string {
	entries, _ := fs.ReadDir(library, "std") // the embedded directory always exists
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".flow"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}
