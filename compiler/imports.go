package compiler

import (
	"path"
	"strings"

	"flow/grammar"
	"flow/stdlib"
)

// parseUnit parses one file and registers it with the session.
func (s *session) parseUnit(p string, src []byte, std bool) *unit {
	if u, ok := s.units[p]; ok {
		return u
	}
	file, diags := grammar.Parse(p, src)
	return s.addUnit(p, file, diags, std)
}

// addUnit registers a parsed file with the session (once per path).
func (s *session) addUnit(p string, file *grammar.File, diags grammar.Diagnostics, std bool) *unit {
	if u, ok := s.units[p]; ok {
		return u
	}
	s.diags = append(s.diags, diags...)
	if file == nil {
		file = &grammar.File{Name: p}
	}
	u := &unit{path: p, std: std, file: file, imports: map[string]*importInfo{}, flows: map[string]*flowInfo{}, partial: diags.HasErrors()}
	s.units[p] = u
	s.order = append(s.order, u)
	return u
}

// resolveImports is the resolve_imports stage: it loads every import of the
// given files, transitively, names each import and reports unknown paths,
// bad or duplicate names and cycles.
func (s *session) resolveImports() {
	for _, u := range s.roots {
		s.loadImports(u, map[*unit]bool{})
	}
}

// loadImports resolves u's imports. onStack holds the files whose imports
// are being resolved above u: importing one of them again closes a cycle.
func (s *session) loadImports(u *unit, onStack map[*unit]bool) {
	if u.resolved {
		return
	}
	u.resolved = true
	onStack[u] = true
	defer delete(onStack, u)
	for _, imp := range u.file.Imports {
		if imp.Path == nil {
			continue
		}
		raw, ok := imp.Path.Value()
		if !ok {
			s.errorf(imp.Path.Range, UnknownImport, "write the path as plain text", "an import path cannot interpolate")
			continue
		}
		name, nameRange := importName(imp, raw)
		if name == "" {
			s.errorf(nameRange, BadImportName, `name it with as: import "`+raw+`" as NAME`,
				"import %q has no name: %q is not an identifier", raw, lastElem(raw))
			continue
		}
		target := s.loadImport(u, raw, imp)
		if prev, dup := u.imports[name]; dup {
			d := s.errorf(nameRange, DuplicateImport, "give one of them another name with as", "two imports are named %s", name)
			d.Related = []grammar.Related{{Message: "the other import named " + name, Range: prev.decl.Range}}
			continue
		}
		u.imports[name] = &importInfo{decl: imp, target: target}
		if target == nil {
			continue
		}
		if onStack[target] {
			s.errorf(imp.Path.Range, ImportCycle, "move what both files need into a third file that imports neither",
				"import cycle: %s imports %s, which imports it back", u.path, target.path)
			continue
		}
		s.loadImports(target, onStack)
	}
}

// loadImport finds and parses the file an import names, or reports why it
// cannot. It returns nil when there is no such file.
func (s *session) loadImport(from *unit, raw string, imp *grammar.Import) *unit {
	switch {
	case strings.HasPrefix(raw, "std/"):
		name := strings.TrimPrefix(raw, "std/")
		if u, ok := s.units[raw]; ok {
			return u
		}
		src, ok := stdlib.Source(name)
		if !ok {
			var names []string
			for _, n := range stdlib.Names() {
				names = append(names, "std/"+strings.TrimPrefix(n, "std/"))
			}
			s.errorf(imp.Path.Range, UnknownImport, didYouMean(raw, names, "the standard library has "+strings.Join(names, ", ")),
				"unknown standard library %q", raw)
			return nil
		}
		return s.parseUnit(raw, src, true)
	case strings.HasPrefix(raw, "./") || strings.HasPrefix(raw, "../"):
		if from.std {
			s.errorf(imp.Path.Range, UnknownImport, "", "a standard library file cannot import %q", raw)
			return nil
		}
		p := path.Join(path.Dir(from.path), raw)
		if u, ok := s.units[p]; ok {
			return u
		}
		src, ok := s.mem[p]
		if !ok {
			var err error
			src, err = s.cfg.readFile(p)
			if err != nil {
				s.errorf(imp.Path.Range, UnknownImport, "the path is relative to "+path.Dir(from.path)+"/",
					"cannot import %q: no file %s", raw, p)
				return nil
			}
		}
		return s.parseUnit(p, src, false)
	default:
		s.errorf(imp.Path.Range, UnknownImport, `start the path with std/ (the standard library), ./ or ../ (a file beside this one)`,
			"import path %q must start with std/, ./ or ../", raw)
		return nil
	}
}

// importName returns the name an import binds and the range to report a bad
// name at; the name is empty when it is not an identifier.
func importName(imp *grammar.Import, raw string) (string, grammar.Range) {
	if imp.Alias != nil {
		return imp.Alias.Name, imp.Alias.Range
	}
	n := lastElem(raw)
	if !isIdent(n) {
		return "", imp.Path.Range
	}
	return n, imp.Path.Range
}

func lastElem(raw string) string {
	return strings.TrimSuffix(path.Base(raw), ".flow")
}

// isIdent reports whether s is a flow identifier.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}
