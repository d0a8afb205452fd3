package suite

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"flow/grammar"
)

// testSuffix ends the name of a case file.
const testSuffix = ".test.yaml"

// discover expands paths into flow files and case files, each once,
// slash-separated and sorted. A folder is searched recursively, leaving out
// hidden folders, `_` folders, testdata, vendor and node_modules, as `flow
// lint` and the go tool do; a file is taken when it is a .flow or a
// .test.yaml file.
func discover(paths []string) (flows, tests []string, diags grammar.Diagnostics) {
	seen := map[string]bool{}
	add := func(p string) {
		p = path.Clean(filepath.ToSlash(p))
		if seen[p] {
			return
		}
		seen[p] = true
		switch {
		case strings.HasSuffix(p, ".flow"):
			flows = append(flows, p)
		case strings.HasSuffix(p, testSuffix):
			tests = append(tests, p)
		}
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			diags = append(diags, fileDiag(filepath.ToSlash(root), err))
			continue
		}
		if !info.IsDir() {
			if !strings.HasSuffix(root, ".flow") && !strings.HasSuffix(root, testSuffix) {
				d := fileDiag(filepath.ToSlash(root), errors.New("not a .flow or "+testSuffix+" file"))
				d.Hint = "name flow files, case files or folders"
				diags = append(diags, d)
				continue
			}
			add(root)
			continue
		}
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				diags = append(diags, fileDiag(filepath.ToSlash(p), err))
				return nil
			}
			if d.IsDir() {
				if p != root && skipDir(d.Name()) {
					return fs.SkipDir
				}
				return nil
			}
			add(p)
			return nil
		})
		if err != nil {
			diags = append(diags, fileDiag(filepath.ToSlash(root), err))
		}
	}
	slices.Sort(flows)
	slices.Sort(tests)
	if len(flows) == 0 && len(tests) == 0 && len(diags) == 0 {
		diags = append(diags, &grammar.Diagnostic{Severity: grammar.Error, Code: CodeBadCase,
			Summary: "no .flow files in " + strings.Join(paths, ", "),
			Hint:    "name the folders that hold the library's flows",
			Range:   grammar.Range{Filename: filepath.ToSlash(paths[0]), Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}}})
	}
	return flows, tests, diags
}

func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
		name == "testdata" || name == "vendor" || name == "node_modules"
}

// fileDiag reports a file that cannot be used, at its start.
func fileDiag(name string, err error) *grammar.Diagnostic {
	return &grammar.Diagnostic{Severity: grammar.Error, Code: CodeBadCase, Summary: "cannot read " + name + ": " + reason(err),
		Range: grammar.Range{Filename: name, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}}}
}

// reason is an error without the path a PathError repeats.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "no such file or folder"
	}
	return err.Error()
}
