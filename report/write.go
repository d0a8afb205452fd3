package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"flow/guard"
	"flow/plan"
	"flow/runtime"
)

// Input is what a report is made from.
type Input struct {
	// Events are the run's events in order, as a sink received them.
	Events []runtime.Event
	// Source is the flow's source file; nil leaves the source out.
	Source []byte
	// ShotDir is the folder the trace's shot names are relative to (the
	// trace's own folder). Shots found there are copied beside the
	// report; "" means they are beside the report already.
	ShotDir string
	// Masker masks the source: a flow file may hold a secret's value (a
	// test card in a comment), and the events are masked already. Nil
	// masks nothing.
	Masker *guard.Masker
}

// FileName is the report's page inside its folder.
const FileName = "index.html"

//go:embed report.html.tmpl
var pageSource string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"dur":     formatDuration,
	"pct":     func(part, whole float64) string { return fmt.Sprintf("%.3f%%", 100*part/whole) },
	"fl":      func(i int) float64 { return float64(i) },
	"share":   share,
	"percent": func(p float64) string { return fmt.Sprintf("%.0f%%", 100*p) },
	"badge":   badge,
	"indent":  func(depth int) string { return fmt.Sprintf("%.1fem", 1.2*float64(depth)) },
}).Parse(pageSource))

// Write builds the report of a run into dir (created if need be) and
// returns the path of its page. Shots the trace names are copied from
// in.ShotDir; a shot that is missing leaves its step without a picture,
// and a name that would leave the folder ("../x.png") is not followed.
func Write(dir string, in Input) (string, error) {
	src := in.Source
	if in.Masker != nil && len(src) > 0 {
		src = []byte(in.Masker.Mask(string(src)))
	}
	run := Build(in.Events, src)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, s := range run.Steps {
		if s.Shot == "" {
			continue
		}
		if !filepath.IsLocal(filepath.FromSlash(s.Shot)) || !strings.HasSuffix(s.Shot, ".png") {
			s.Shot = ""
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(s.Shot))
		if in.ShotDir != "" {
			src := filepath.Join(in.ShotDir, filepath.FromSlash(s.Shot))
			if !sameFile(src, dst) {
				if err := copyFile(src, dst); err != nil {
					s.Shot = ""
					continue
				}
			}
		}
		f, err := os.Open(dst)
		if err != nil {
			s.Shot = ""
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width == 0 || cfg.Height == 0 {
			s.Shot = ""
			continue
		}
		s.ShotW, s.ShotH = cfg.Width, cfg.Height
	}
	var buf bytes.Buffer
	if err := Render(&buf, run); err != nil {
		return "", err
	}
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// Render writes the page of run to w. Shots are linked by their names,
// relative to the page.
func Render(w io.Writer, run *Run) error {
	return page.Execute(w, run)
}

func sameFile(a, b string) bool {
	ia, err := os.Stat(a)
	if err != nil {
		return false
	}
	ib, err := os.Stat(b)
	return err == nil && os.SameFile(ia, ib)
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// formatDuration prints a duration for people: 840µs, 12ms, 1.4s, 2m05s.
// It takes a time.Duration or a plan.Duration.
func formatDuration(v any) string {
	d := asDuration(v)
	switch {
	case d <= 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}

func asDuration(v any) time.Duration {
	switch d := v.(type) {
	case time.Duration:
		return d
	case plan.Duration:
		return time.Duration(d)
	}
	return 0
}

// share is part's share of whole as a CSS width, at least a sliver when
// part is not zero so every phase that took time shows.
func share(part plan.Duration, whole time.Duration) string {
	if whole <= 0 || part <= 0 {
		return "0%"
	}
	return fmt.Sprintf("%.2f%%", max(0.5, min(100, 100*float64(part)/float64(whole))))
}

// badge is the CSS class of an outcome.
func badge(outcome string) string {
	switch outcome {
	case runtime.StepDone, string(runtime.Completed):
		return "ok"
	case string(runtime.StoppedBefore):
		return "stop"
	case "":
		return "none"
	}
	return "bad"
}
