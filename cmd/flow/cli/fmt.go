package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"flow/grammar"

	ucli "github.com/urfave/cli/v2"
)

// fmt is `flow fmt [-w] [-l] [--check] [PATH…]`, after gofmt: print the
// canonical text, or list (-l), rewrite (-w) or check (--check) the files
// whose text differs from it.
func (e *env) fmt(c *ucli.Context) error {
	write, list, check := c.Bool("write"), c.Bool("list"), c.Bool("check")
	if check && write {
		return usagef(c, "--check writes nothing; it cannot be combined with -w")
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}
	var paths []string
	useStdin := false
	for _, a := range args {
		if a == "-" {
			useStdin = true
			continue
		}
		paths = append(paths, a)
	}
	if useStdin && write {
		return usagef(c, "cannot write standard input back (-w needs file names)")
	}

	var diags grammar.Diagnostics
	unformatted := false
	one := func(name string, src []byte) {
		out, d := grammar.FormatSource(name, src)
		diags = append(diags, d...)
		if d.HasErrors() {
			return
		}
		same := bytes.Equal(out, src)
		if !same {
			unformatted = true
		}
		switch {
		case check || list:
			if !same {
				fmt.Fprintln(e.stdout, name)
			}
			if list && write && !same {
				if err := writeFileAtomic(name, out); err != nil {
					diags = append(diags, writeDiag(name, err))
				}
			}
		case write:
			if !same {
				if err := writeFileAtomic(name, out); err != nil {
					diags = append(diags, writeDiag(name, err))
				}
			}
		default:
			e.stdout.Write(out)
		}
	}

	if useStdin {
		src, err := readLimited(e.stdin)
		if err != nil {
			diags = append(diags, fileDiag(stdinName, err))
		} else if d := binaryDiag(stdinName, src); d != nil {
			diags = append(diags, d)
		} else {
			e.sources.put(stdinName, src)
			one(stdinName, src)
		}
	}
	if len(paths) > 0 {
		files, d := collectFlowFiles(paths)
		diags = append(diags, d...)
		for _, name := range files {
			src, d := e.sources.readSource(name)
			if d != nil {
				diags = append(diags, d)
				continue
			}
			one(name, src)
		}
	}

	if len(diags) > 0 {
		if err := e.printText(c, e.stderr, diags); err != nil {
			return err
		}
	}
	switch {
	case diags.HasErrors():
		return exitError{ExitErrors}
	case check && unformatted:
		return exitError{ExitUnformatted}
	}
	return nil
}

// writeFileAtomic replaces name's content with data, keeping its mode. The
// new text is written to a temporary file beside it and renamed over it, so
// an interrupted write never leaves half a file.
func writeFileAtomic(name string, data []byte) error {
	// Write through a symbolic link, as an editor would, rather than
	// replacing the link with a file.
	if target, err := filepath.EvalSymlinks(name); err == nil {
		name = target
	}
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// writeDiag reports a file that could not be written back.
func writeDiag(name string, err error) *grammar.Diagnostic {
	d := fileDiag(name, err)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	d.Summary = "cannot write file: " + err.Error()
	d.Hint = "the file is unchanged"
	return d
}
