// Command lint compares the speed of `flow lint` with that of `gofmt -l` on
// as many bytes of Go source.
//
// It writes the library BenchmarkLint1000 (cmd/flow/bench_test.go) lints,
// flowgen's 1,000 generated files of about 40 steps, into a temporary
// folder, and copies beside it the Go files [goFiles] chooses from
// $(go env GOROOT)/src: the first non-test .go files in lexical walk order
// (testdata, vendor, hidden and `_` folders left out) whose sizes add up to
// at least the library's. It then times, in turns, `flow lint --strict`
// over the library (in-process through cli.Main, as the benchmark does) and
// the gofmt binary of that Go tree (`gofmt -l`, a process of its own: its
// start, about a millisecond, is counted), and prints the wall and CPU time
// of each, their time per byte and the ratio of flow's time per byte to
// gofmt's. Both use every core (gofmt formats files in parallel).
//
// Usage:
//
//	go run ./bench/lint [-runs 10] [-files 1000] [-steps 40] [-seed 1] [-goroot DIR]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"flow/cmd/flow/cli"
	"flow/internal/cputime"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	runs := fs.Int("runs", 10, "timed runs of each command, taken in turns")
	nFiles := fs.Int("files", 1000, "generated flow files")
	steps := fs.Int("steps", 40, "steps per generated file")
	seed := fs.Int64("seed", 1, "flowgen's seed")
	goroot := fs.String("goroot", "", "the Go tree whose src and bin/gofmt are used (default: go env GOROOT)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *runs < 1 || *nFiles < 1 {
		fmt.Fprintln(stderr, "lint: -runs and -files must be at least 1")
		return 2
	}
	if err := compare(stdout, *runs, *nFiles, *steps, *seed, *goroot); err != nil {
		fmt.Fprintln(stderr, "lint:", err)
		return 1
	}
	return 0
}

// sample is one timed run: its wall time and the CPU time it used.
type sample struct{ wall, cpu time.Duration }

func compare(out io.Writer, runs, nFiles, steps int, seed int64, goroot string) error {
	if goroot == "" {
		b, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %v", err)
		}
		goroot = strings.TrimSpace(string(b))
	}
	gofmt := filepath.Join(goroot, "bin", "gofmt")
	tmp, err := os.MkdirTemp("", "flow-lint-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	flowDir, goDir := filepath.Join(tmp, "flows"), filepath.Join(tmp, "go")

	flowBytes, err := writeFlows(flowDir, nFiles, steps, seed)
	if err != nil {
		return err
	}
	src := filepath.Join(goroot, "src")
	files, goBytes, err := goFiles(src, flowBytes)
	if err != nil {
		return err
	}
	if err := copyFiles(src, goDir, files); err != nil {
		return err
	}

	lint := func() (sample, error) {
		var errb strings.Builder
		cpu0, t0 := cputime.Used(), time.Now()
		code := cli.Main([]string{"flow", "lint", "--strict", flowDir}, strings.NewReader(""), io.Discard, &errb)
		s := sample{time.Since(t0), cputime.Used() - cpu0}
		if code != cli.ExitOK {
			return s, fmt.Errorf("flow lint exited %d:\n%s", code, errb.String())
		}
		return s, nil
	}
	format := func() (sample, error) {
		cmd := exec.Command(gofmt, "-l", goDir)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &errb
		t0 := time.Now()
		err := cmd.Run()
		s := sample{wall: time.Since(t0)}
		if cmd.ProcessState != nil {
			s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		// The files it lists (a generated one may not be formatted) are
		// no failure: it read and formatted every file to find them.
		if err != nil || errb.Len() > 0 {
			return s, errors.Join(err, fmt.Errorf("gofmt -l: %s", errb.String()))
		}
		return s, nil
	}

	// One untimed run each: the files are in the page cache and the
	// binaries loaded before the clock starts.
	var flowRuns, goRuns []sample
	for i := -1; i < runs; i++ {
		// Turns alternate which goes first, so a burst of load elsewhere
		// on the machine falls on both.
		first, second := lint, format
		if i%2 != 0 {
			first, second = format, lint
		}
		a, err := first()
		if err != nil {
			return err
		}
		b, err := second()
		if err != nil {
			return err
		}
		if i < 0 {
			continue
		}
		if i%2 != 0 {
			a, b = b, a
		}
		flowRuns, goRuns = append(flowRuns, a), append(goRuns, b)
	}

	fmt.Fprintf(out, "flow lint --strict  %4d files %8d bytes  flowgen.Library(%d, %d, %d)\n", nFiles, flowBytes, nFiles, steps, seed)
	fmt.Fprintf(out, "gofmt -l            %4d files %8d bytes  %s: %s … %s\n", len(files), goBytes, src,
		filepath.ToSlash(files[0]), filepath.ToSlash(files[len(files)-1]))
	fmt.Fprintf(out, "%d runs each, in turns\n\n", runs)
	fmt.Fprintf(out, "%-11s %9s %9s %9s %12s %13s\n", "", "wall min", "median", "max", "cpu median", "ns/byte")
	fw, gw := row(out, "flow lint", flowRuns, flowBytes), row(out, "gofmt -l", goRuns, goBytes)
	fmt.Fprintf(out, "\nflow lint / gofmt -l, wall time per byte: %.2f× (medians), %.2f× (minimums)\n",
		fw.median/gw.median, fw.min/gw.min)
	return nil
}

// perByte is a command's wall time per byte, by its median and fastest run.
type perByte struct{ median, min float64 }

// row prints one command's times and returns its wall time per byte.
func row(out io.Writer, name string, runs []sample, size int64) perByte {
	wall := make([]time.Duration, len(runs))
	cpu := make([]time.Duration, len(runs))
	for i, s := range runs {
		wall[i], cpu[i] = s.wall, s.cpu
	}
	slices.Sort(wall)
	slices.Sort(cpu)
	med, cmed := median(wall), median(cpu)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/1e6) }
	fmt.Fprintf(out, "%-11s %9s %9s %9s %12s %13.1f\n", name, ms(wall[0]), ms(med), ms(wall[len(wall)-1]), ms(cmed),
		float64(med)/float64(size))
	return perByte{float64(med) / float64(size), float64(wall[0]) / float64(size)}
}

// median of sorted durations.
func median(d []time.Duration) time.Duration {
	n := len(d)
	if n%2 == 1 {
		return d[n/2]
	}
	return (d[n/2-1] + d[n/2]) / 2
}
