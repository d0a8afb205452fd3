package compiler

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"flow/grammar"
)

// TestWant compiles and lints every flow file of testdata/src, go/analysis
// style: each `# want "regexp"` comment must be matched by a diagnostic on
// its line (by "CODE summary"), and each diagnostic of the file must be
// wanted. Files named clean_*.flow hold no want and must produce nothing.
func TestWant(t *testing.T) {
	files, err := filepath.Glob("testdata/src/*.flow")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			_, diags := Compile(name, src, WithLint(), WithMaxErrors(0))
			checkWants(t, name, src, diags)
		})
	}
}

var wantRe = regexp.MustCompile(`#\s*want\s+((?:"(?:[^"\\]|\\.)*"\s*)+)\s*$`)
var wantArgRe = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// wants reads the `# want "re" …` expectations of src by line.
func wants(t *testing.T, src []byte) map[int][]*regexp.Regexp {
	out := map[int][]*regexp.Regexp{}
	for i, line := range strings.Split(string(src), "\n") {
		m := wantRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, a := range wantArgRe.FindAllStringSubmatch(m[1], -1) {
			pat, err := strconv.Unquote(`"` + a[1] + `"`)
			if err != nil {
				t.Fatalf("line %d: bad want %s", i+1, a[0])
			}
			out[i+1] = append(out[i+1], regexp.MustCompile(pat))
		}
	}
	return out
}

// checkWants matches the diagnostics of file name against its wants.
func checkWants(t *testing.T, name string, src []byte, diags grammar.Diagnostics) {
	t.Helper()
	want := wants(t, src)
	for _, d := range diags {
		if d.Range.Filename != name {
			// Imported files hold no wants: nothing may be reported there.
			t.Errorf("%s: unexpected diagnostic in an imported file: %s %s", d.Range, d.Code, d.Summary)
			continue
		}
		text := d.Code + " " + d.Summary
		line := d.Range.Start.Line
		matched := false
		for i, re := range want[line] {
			if re.MatchString(text) {
				want[line] = append(want[line][:i], want[line][i+1:]...)
				matched = true
				break
			}
		}
		if !matched {
			t.Errorf("%s: unexpected diagnostic: %s (hint: %s)", d.Range, text, d.Hint)
		}
	}
	for line, res := range want {
		for _, re := range res {
			t.Errorf("%s:%d: no diagnostic matching %q", name, line, re)
		}
	}
}
