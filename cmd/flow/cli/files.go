package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"flow/grammar"
	"flow/internal/suggest"
)

// MaxFileSize is the largest file flow reads: a flow, facts or secrets file.
// Real flow files are a few kilobytes; the limit keeps a stray multi-megabyte
// file (a log, a binary, a generated blob) from costing memory and time, and
// says so with a diagnostic rather than a slow parse.
const MaxFileSize = 8 << 20

// stdinName is the file name diagnostics use for text read from stdin.
const stdinName = "<stdin>"

// errIsDir reports a folder where a file was needed.
var errIsDir = errors.New("is a folder, not a file")

// errTooLarge reports a file over [MaxFileSize].
type errTooLarge struct{ size int64 }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("file is too large (%s; the limit is %s)", megabytes(e.size), megabytes(MaxFileSize))
}

func megabytes(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// readFile reads a file of at most [MaxFileSize] bytes. Sizes are checked
// before reading where the file system knows them, and while reading
// otherwise (a pipe, a device).
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errIsDir
	}
	var size int64
	if info.Mode().IsRegular() {
		if info.Size() > MaxFileSize {
			return nil, errTooLarge{info.Size()}
		}
		size = info.Size()
	}
	return readSized(f, size)
}

// readLimited reads r to its end, failing past [MaxFileSize] bytes.
func readLimited(r io.Reader) ([]byte, error) { return readSized(r, 0) }

// readSized is readLimited for a reader whose size is probably size: the
// buffer is allocated once at that size (with room to see the end, or a
// file that grew), where growing it from nothing would copy it a few times.
func readSized(r io.Reader, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, MaxFileSize+1)); err != nil {
		return nil, err
	}
	if buf.Len() > MaxFileSize {
		return nil, errTooLarge{int64(buf.Len())}
	}
	return buf.Bytes(), nil
}

// fileDiag turns a failure to read or use a whole file into a diagnostic at
// the file's start, so that every output format can place it. The summary
// leaves the name out: every format shows it already.
func fileDiag(name string, err error) *grammar.Diagnostic {
	reason := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		reason = pe.Err.Error()
	}
	d := &grammar.Diagnostic{
		Severity: grammar.Error,
		Summary:  "cannot read file: " + reason,
		Range:    grammar.Range{Filename: name, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}},
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d.Summary = "no such file or folder"
		if s := nearbyName(name); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		}
	case errors.Is(err, fs.ErrPermission):
		d.Hint = "check the file's permissions"
	case errors.As(err, new(errTooLarge)):
		d.Summary = reason
		d.Hint = "flow files are small text files; is this the file you meant?"
	case errors.Is(err, errIsDir):
		d.Summary = "is a folder, not a file"
	}
	return d
}

// nearbyName suggests a file of the same folder whose name is close to the
// missing name's.
func nearbyName(name string) string {
	dir, base := filepath.Split(name)
	entries, err := os.ReadDir(filepath.Clean(dir + "."))
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if s := suggest.Closest(base, names); s != "" {
		return dir + s
	}
	return ""
}

// collectFlowFiles expands paths into flow files: a file is taken as it is
// (whatever its extension: it was named), a folder is searched for *.flow
// files, leaving out hidden folders, `_` folders, testdata, vendor and
// node_modules, as the go tool does. Files are returned once each, in the
// order found; paths that cannot be used become diagnostics.
func collectFlowFiles(paths []string) ([]string, grammar.Diagnostics) {
	var files []string
	var diags grammar.Diagnostics
	seen := map[string]bool{}
	add := func(p string) {
		if key := filepath.Clean(p); !seen[key] {
			seen[key] = true
			files = append(files, p)
		}
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			diags = append(diags, fileDiag(root, err))
			continue
		}
		if !info.IsDir() {
			add(root)
			continue
		}
		before, diagsBefore := len(files), len(diags)
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				diags = append(diags, fileDiag(p, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if p != root && skipDir(d.Name()) {
					return fs.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(d.Name(), ".flow") && (d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) {
				add(p) // a link to a folder or to nothing fails when read, with a diagnostic
			}
			return nil
		})
		if err != nil {
			diags = append(diags, fileDiag(root, err))
		}
		if len(files) == before && len(diags) == diagsBefore {
			diags = append(diags, &grammar.Diagnostic{
				Severity: grammar.Warning,
				Summary:  "no .flow files in " + root,
				Range:    grammar.Range{Filename: root},
			})
		}
	}
	return files, diags
}

func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
		name == "testdata" || name == "vendor" || name == "node_modules"
}

// sourceCache holds the text of every file read during a command, under the
// name diagnostics use for it, so that a diagnostic can show its source line
// without reading the file again (and sees the text the compiler saw).
type sourceCache struct {
	mu    sync.Mutex
	files map[string][]byte
	// fallback finds files the command did not read itself, such as the
	// standard library's; nil means none.
	fallback func(name string) ([]byte, bool)
}

func newSourceCache() *sourceCache {
	return &sourceCache{files: map[string][]byte{}}
}

// Source returns the text of a file read earlier.
func (s *sourceCache) Source(name string) ([]byte, bool) {
	s.mu.Lock()
	b, ok := s.files[name]
	if !ok {
		b, ok = s.files[filepath.ToSlash(filepath.Clean(name))]
	}
	s.mu.Unlock()
	if !ok && s.fallback != nil {
		return s.fallback(name)
	}
	return b, ok
}

func (s *sourceCache) put(name string, b []byte) {
	s.mu.Lock()
	s.files[name] = b
	s.mu.Unlock()
}

// read reads a file through [readFile] and keeps its text. It is the reader
// handed to the compiler, so imported files show their snippets too.
func (s *sourceCache) read(name string) ([]byte, error) {
	b, err := readFile(filepath.FromSlash(name))
	if err != nil {
		return nil, err
	}
	s.put(name, b)
	return b, nil
}

// binaryDiag reports a file that holds a NUL byte, which no text file does
// (git and grep use the same test), at the first NUL's line and column. A
// binary file is not worth parsing: its first "syntax error" would say
// nothing useful.
func binaryDiag(name string, src []byte) *grammar.Diagnostic {
	i := bytes.IndexByte(src, 0)
	if i < 0 {
		return nil
	}
	line := 1 + bytes.Count(src[:i], []byte("\n"))
	col := i - (bytes.LastIndexByte(src[:i], '\n') + 1) + 1
	at := grammar.Pos{Offset: i, Line: line, Column: col}
	return &grammar.Diagnostic{
		Severity: grammar.Error,
		Code:     grammar.CodeInvalidChar,
		Summary:  "binary file: it holds a NUL byte, and flow files are UTF-8 text",
		Hint:     "is this the file you meant?",
		Range:    grammar.Range{Filename: name, Start: at, End: grammar.Pos{Offset: i + 1, Line: line, Column: col + 1}},
	}
}

// readSource reads a flow file named on the command line and checks that it
// is text; either failure is returned as a diagnostic.
func (s *sourceCache) readSource(name string) ([]byte, *grammar.Diagnostic) {
	src, err := s.read(name)
	if err != nil {
		return nil, fileDiag(name, err)
	}
	if d := binaryDiag(name, src); d != nil {
		return nil, d
	}
	return src, nil
}

// readSources reads the named flow files as [sourceCache.readSource] does,
// several at a time: a library's files are many and small, so most of
// the time goes to system calls and, on a cold cache, waiting for the disk.
// The results keep the order of names.
func (s *sourceCache) readSources(names []string) ([][]byte, []*grammar.Diagnostic) {
	srcs := make([][]byte, len(names))
	diags := make([]*grammar.Diagnostic, len(names))
	workers := min(max(runtime.GOMAXPROCS(0), 4), len(names)/8)
	if workers < 2 {
		for i, name := range names {
			srcs[i], diags[i] = s.readSource(name)
		}
		return srcs, diags
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(names); i = int(next.Add(1) - 1) {
				srcs[i], diags[i] = s.readSource(names[i])
			}
		}()
	}
	wg.Wait()
	return srcs, diags
}
