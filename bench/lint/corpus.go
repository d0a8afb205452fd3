package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"flow/internal/flowgen"
)

// writeFlows writes flowgen's library of n files of about steps steps into
// dir, as BenchmarkLint1000 does, and returns its size in bytes.
func writeFlows(dir string, n, steps int, seed int64) (int64, error) {
	var size int64
	for _, f := range flowgen.Library(n, steps, seed) {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(p, f.Source, 0o644); err != nil {
			return 0, err
		}
		size += int64(len(f.Source))
	}
	return size, nil
}

// goFiles chooses the Go source gofmt reads: the non-test .go files of
// src, in the lexical order filepath.WalkDir visits them, leaving out
// testdata, vendor and hidden or `_` folders (as the go tool does), until
// their sizes add up to at least want bytes. The choice depends only on
// the Go tree, so the same Go version always gives the same files. It
// returns the paths relative to src and their total size.
func goFiles(src string, want int64) ([]string, int64, error) {
	var files []string
	var size int64
	errEnough := fmt.Errorf("enough")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != src && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		files = append(files, rel)
		size += info.Size()
		if size >= want {
			return errEnough
		}
		return nil
	})
	if err != nil && err != errEnough {
		return nil, 0, err
	}
	if size < want {
		return nil, 0, fmt.Errorf("%s holds only %d bytes of Go, less than the %d wanted", src, size, want)
	}
	return files, size, nil
}

// copyFiles copies the files (relative to from) into to, keeping their
// paths, so that gofmt reads them from the same file system as flow lint
// reads its library.
func copyFiles(from, to string, files []string) error {
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(from, rel))
		if err != nil {
			return err
		}
		p := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
