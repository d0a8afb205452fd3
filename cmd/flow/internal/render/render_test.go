package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"flow/grammar"
)

const booking = `import "std/web"

flow book "Book a flight" {
  fact destination: text
  enter "where to" = destinaton
}
`

// rangeOf returns the range of the first occurrence of needle in src.
func rangeOf(t *testing.T, file, src, needle string) grammar.Range {
	t.Helper()
	i := strings.Index(src, needle)
	if i < 0 {
		t.Fatalf("%q not in source", needle)
	}
	return grammar.Range{Filename: file, Start: posAt(src, i), End: posAt(src, i+len(needle))}
}

func posAt(src string, off int) grammar.Pos {
	line := 1 + strings.Count(src[:off], "\n")
	col := off - (strings.LastIndex(src[:off], "\n") + 1) + 1
	return grammar.Pos{Offset: off, Line: line, Column: col}
}

func unknownFact(t *testing.T) grammar.Diagnostics {
	return grammar.Diagnostics{{
		Severity: grammar.Error,
		Code:     "E012",
		Summary:  `unknown fact "destinaton"`,
		Hint:     `did you mean "destination"?`,
		Range:    rangeOf(t, "booking.flow", booking, "destinaton"),
	}}
}

func TestTextSnippet(t *testing.T) {
	var b bytes.Buffer
	if err := Text(&b, unknownFact(t), SourceMap{"booking.flow": []byte(booking)}, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `booking.flow:5:22: error E012: unknown fact "destinaton"
    5 |   enter "where to" = destinaton
      |                      ^^^^^^^^^^
  hint: did you mean "destination"?
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestTextPrivateIsNotQuoted: a diagnostic on a line that may hold a secret
// names the place and the hint but never prints the line.
func TestTextPrivateIsNotQuoted(t *testing.T) {
	const secrets = "card_number: \"4242-9911\"\ncvv: [771]\n"
	d := &grammar.Diagnostic{
		Severity: grammar.Error, Code: "E062", Summary: "secret cvv must be text",
		Hint: "write it as text", Range: rangeOf(t, "card.yaml", secrets, "[771]"), Private: true,
	}
	var b bytes.Buffer
	if err := Text(&b, grammar.Diagnostics{d}, SourceMap{"card.yaml": []byte(secrets)}, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "card.yaml:2:6: error E062: secret cvv must be text\n  hint: write it as text\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestTextColorOnlyWhenAsked(t *testing.T) {
	src := SourceMap{"booking.flow": []byte(booking)}
	var plain, color bytes.Buffer
	Text(&plain, unknownFact(t), src, TextOptions{})
	Text(&color, unknownFact(t), src, TextOptions{Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Errorf("plain output has escape codes: %q", plain.String())
	}
	if !strings.Contains(color.String(), styleRed+"error E012"+styleReset) {
		t.Errorf("coloured output lacks a red severity: %q", color.String())
	}
	if stripANSI(color.String()) != plain.String() {
		t.Errorf("colour changes the text:\n%s\nvs\n%s", stripANSI(color.String()), plain.String())
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// caretLine returns the line of carets of a text rendering and the source
// line above it.
func caretLine(t *testing.T, out string) (source, carets string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, "^") && i > 0 {
			return lines[i-1], l
		}
	}
	t.Fatalf("no caret line in %q", out)
	return "", ""
}

func TestTextCaretAlignsAfterMultiByteAndTabs(t *testing.T) {
	src := "flow f \"d\" {\n\tenter \"café — ünïcode\" = destinaton\n}\n"
	d := grammar.Diagnostics{{Severity: grammar.Error, Code: "E012", Summary: "unknown fact", Range: rangeOf(t, "a.flow", src, "destinaton")}}
	var b bytes.Buffer
	Text(&b, d, SourceMap{"a.flow": []byte(src)}, TextOptions{})
	source, carets := caretLine(t, b.String())
	srcRunes, caretRunes := []rune(source), []rune(carets)
	start := strings.IndexRune(carets, '^')
	startRunes := utf8.RuneCountInString(carets[:start])
	if got := string(srcRunes[startRunes : startRunes+10]); got != "destinaton" {
		t.Errorf("carets start under %q, want under destinaton\n%s\n%s", got, source, carets)
	}
	if n := strings.Count(carets, "^"); n != 10 || len(caretRunes) != startRunes+10 {
		t.Errorf("want 10 carets ending the line, got %d in %q", n, carets)
	}
	if strings.Contains(source, "\t") {
		t.Errorf("tab not expanded: %q", source)
	}
}

func TestTextSanitisesHostileBytes(t *testing.T) {
	src := "flow f \"d\" {\n  do \"\x1b[31mred\xff\xfe\u202e\" bad\n}\n"
	d := grammar.Diagnostics{{Severity: grammar.Error, Code: "E001", Summary: "bad\x1b[2J thing\nsecond line", Range: rangeOf(t, "a.flow", src, "bad")}}
	var b bytes.Buffer
	Text(&b, d, SourceMap{"a.flow": []byte(src)}, TextOptions{})
	out := b.String()
	if strings.ContainsRune(out, 0x1b) || strings.ContainsRune(out, '\u202e') {
		t.Errorf("escape or bidi control reached the output: %q", out)
	}
	if !utf8.ValidString(out) {
		t.Errorf("output is not valid UTF-8: %q", out)
	}
	if !strings.HasPrefix(out, "a.flow:2:22: error E001: bad\uFFFD[2J thing second line\n") {
		t.Errorf("header not sanitised to one line: %q", out)
	}
	source, carets := caretLine(t, out)
	start := utf8.RuneCountInString(carets[:strings.IndexRune(carets, '^')])
	if got := string([]rune(source)[start : start+3]); got != "bad" {
		t.Errorf("carets under %q, want bad\n%s\n%s", got, source, carets)
	}
}

func TestTextLongLineIsWindowed(t *testing.T) {
	long := strings.Repeat("x", 5000) + " needle " + strings.Repeat("y", 5000)
	src := "flow f \"d\" {\n  do \"" + long + "\"\n}\n"
	d := grammar.Diagnostics{{Severity: grammar.Warning, Code: "L001", Summary: "s", Range: rangeOf(t, "a.flow", src, "needle")}}
	var b bytes.Buffer
	Text(&b, d, SourceMap{"a.flow": []byte(src)}, TextOptions{})
	source, carets := caretLine(t, b.String())
	if n := utf8.RuneCountInString(source); n > maxSnippetWidth+20 {
		t.Errorf("snippet line has %d runes, want a window of about %d", n, maxSnippetWidth)
	}
	start := utf8.RuneCountInString(carets[:strings.IndexRune(carets, '^')])
	if got := string([]rune(source)[start : start+6]); got != "needle" {
		t.Errorf("carets under %q, want needle", got)
	}
	if !strings.Contains(source, "…") {
		t.Errorf("a cut line should show an ellipsis: %q", source)
	}
}

func TestTextOddRanges(t *testing.T) {
	src := []byte("flow f \"d\" {\n  do \"x\"\n")
	cases := []struct {
		name   string
		r      grammar.Range
		caret  bool
		header string
	}{
		{"past the last line", grammar.Range{Filename: "a.flow", Start: grammar.Pos{Offset: 999, Line: 40, Column: 3}}, false, "a.flow:40:3: "},
		{"empty at end of file", grammar.Range{Filename: "a.flow", Start: posAt(string(src), len(src)), End: posAt(string(src), len(src))}, true, "a.flow:3:1: "},
		{"column past the line", grammar.Range{Filename: "a.flow", Start: grammar.Pos{Offset: 14, Line: 2, Column: 90}, End: grammar.Pos{Line: 2, Column: 95}}, true, "a.flow:2:90: "},
		{"over several lines", grammar.Range{Filename: "a.flow", Start: posAt(string(src), 0), End: posAt(string(src), 20)}, true, "a.flow:1:1: "},
		{"no position", grammar.Range{Filename: "gone.flow"}, false, "gone.flow: "},
		{"nothing", grammar.Range{}, false, "flow: "},
		{"unknown file", grammar.Range{Filename: "other.flow", Start: grammar.Pos{Line: 1, Column: 1}}, false, "other.flow:1:1: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			d := grammar.Diagnostics{{Severity: grammar.Error, Code: "E001", Summary: "s", Range: c.r}}
			if err := Text(&b, d, SourceMap{"a.flow": src}, TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(b.String(), c.header) {
				t.Errorf("header: got %q, want prefix %q", b.String(), c.header)
			}
			if got := strings.Contains(b.String(), "^"); got != c.caret {
				t.Errorf("caret shown = %v, want %v:\n%s", got, c.caret, b.String())
			}
		})
	}
}

func TestTextRelatedFixesDetail(t *testing.T) {
	src := "flow f \"d\" {\n  fact a: text\n  fact a: text\n}\n"
	d := grammar.Diagnostics{{
		Severity: grammar.Error, Code: "E010", Summary: `duplicate name "a"`,
		Detail:  "facts, secrets and variables share one namespace",
		Range:   grammar.Range{Filename: "a.flow", Start: posAt(src, 35), End: posAt(src, 36)},
		Related: []grammar.Related{{Message: "first declared here", Range: grammar.Range{Filename: "a.flow", Start: posAt(src, 20), End: posAt(src, 21)}}},
		Fixes:   []grammar.Fix{{Message: "rename it"}},
		Hint:    "rename one of them\nor remove it",
	}, {Severity: grammar.Warning, Code: "L001", Summary: "second", Range: grammar.Range{Filename: "a.flow", Start: posAt(src, 2), End: posAt(src, 4)}}}
	var b bytes.Buffer
	Text(&b, d, SourceMap{"a.flow": []byte(src)}, TextOptions{})
	want := `a.flow:3:8: error E010: duplicate name "a"
    3 |   fact a: text
      |        ^
  facts, secrets and variables share one namespace
a.flow:2:8: note: first declared here
    2 |   fact a: text
      |        ^
  fix: rename it
  hint: rename one of them
        or remove it

a.flow:1:3: warning L001: second
    1 | flow f "d" {
      |   ^^
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, nil); err != nil {
		t.Fatal(err)
	}
	if b.String() != "[]\n" {
		t.Errorf("no diagnostics: got %q, want []", b.String())
	}
	b.Reset()
	diags := unknownFact(t)
	diags[0].Related = []grammar.Related{{Message: "declared here", Range: rangeOf(t, "booking.flow", booking, "destination")}}
	JSON(&b, diags)
	var recs []map[string]any
	if err := json.Unmarshal(b.Bytes(), &recs); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if len(recs) != 1 {
		t.Fatalf("got %d records", len(recs))
	}
	r := recs[0]
	want := map[string]any{"file": "booking.flow", "line": 5.0, "col": 22.0, "severity": "error", "code": "E012",
		"summary": `unknown fact "destinaton"`, "hint": `did you mean "destination"?`}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("%s = %v, want %v", k, r[k], v)
		}
	}
	if end := r["end"].(map[string]any); end["line"] != 5.0 || end["col"] != 32.0 {
		t.Errorf("end = %v, want 5:32", end)
	}
	if rel := r["related"].([]any)[0].(map[string]any); rel["line"] != 4.0 || rel["message"] != "declared here" {
		t.Errorf("related = %v", rel)
	}
	if _, ok := r["detail"]; ok {
		t.Errorf("empty detail should be left out: %v", r)
	}
}

func TestGitHub(t *testing.T) {
	src := "flow f \"d\" {\n  enter \"é\" = x,y\n}\n"
	diags := grammar.Diagnostics{
		{Severity: grammar.Error, Code: "E012", Summary: "unknown fact \"x\"\n100% wrong", Hint: "did you mean y?", Range: rangeOf(t, "dir,1/a:b.flow", src, "x,y")},
		{Severity: grammar.Warning, Code: "L002", Summary: "w", Range: grammar.Range{Filename: "b.flow", Start: grammar.Pos{Line: 3, Column: 1}}},
		{Severity: grammar.Info, Summary: "n"},
	}
	var b bytes.Buffer
	GitHub(&b, diags, SourceMap{"dir,1/a:b.flow": []byte(src)})
	want := "::error file=dir%2C1/a%3Ab.flow,line=2,col=15,endLine=2,endColumn=18,title=E012::unknown fact \"x\"%0A100%25 wrong%0Ahint: did you mean y?\n" +
		"::warning file=b.flow,line=3,col=1,endLine=3,endColumn=1,title=L002::w\n" +
		"::notice::n\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestSARIF(t *testing.T) {
	src := "flow f \"d\" {\n  enter \"é\" = x\n}\n"
	diags := grammar.Diagnostics{
		{Severity: grammar.Warning, Code: "L002", Summary: "unused", Hint: "remove it", Range: rangeOf(t, "lib/a.flow", src, "x"),
			Related: []grammar.Related{{Message: "here", Range: rangeOf(t, "lib/a.flow", src, "flow")}}},
		{Severity: grammar.Error, Code: "E999", Summary: "not in the catalogue", Range: grammar.Range{Filename: "/abs/b.flow", Start: grammar.Pos{Line: 1, Column: 1}}},
	}
	tool := Tool{Name: "flow", Version: "v1.2.3", Rules: []Rule{
		{ID: "E012", Summary: "unknown name", Help: "A name that is not declared.\n\nExample: ...", Severity: grammar.Error},
		{ID: "L002", Summary: "unused fact", Help: "A fact never used.", Severity: grammar.Warning},
	}}
	var b bytes.Buffer
	if err := SARIF(&b, diags, SourceMap{"lib/a.flow": []byte(src)}, tool); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID                   string
						FullDescription      struct{ Text string }
						Help                 struct{ Text string }
						DefaultConfiguration struct{ Level string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex *int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				RelatedLocations []struct{ Message struct{ Text string } }
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("bad envelope: %+v", log)
	}
	run := log.Runs[0]
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	rules := run.Tool.Driver.Rules
	if len(rules) != 2 || rules[0].ID != "E012" || rules[0].FullDescription.Text != "A name that is not declared." ||
		!strings.Contains(rules[0].Help.Text, "Example") || rules[1].DefaultConfiguration.Level != "warning" {
		t.Errorf("rules = %+v", rules)
	}
	r0 := run.Results[0]
	if r0.RuleID != "L002" || r0.RuleIndex == nil || *r0.RuleIndex != 1 || r0.Level != "warning" || r0.Message.Text != "unused\nhint: remove it" {
		t.Errorf("result 0 = %+v", r0)
	}
	loc := r0.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "lib/a.flow" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact = %+v", loc.ArtifactLocation)
	}
	// "x" is byte column 16 but code point column 15: the é takes two bytes.
	if loc.Region.StartLine != 2 || loc.Region.StartColumn != 15 || loc.Region.EndColumn != 16 {
		t.Errorf("region = %+v", loc.Region)
	}
	if len(r0.RelatedLocations) != 1 || r0.RelatedLocations[0].Message.Text != "here" {
		t.Errorf("related = %+v", r0.RelatedLocations)
	}
	r1 := run.Results[1]
	if r1.RuleIndex != nil || r1.RuleID != "E999" || r1.Level != "error" || r1.Locations[0].PhysicalLocation.ArtifactLocation.URI != "file:///abs/b.flow" {
		t.Errorf("result 1 = %+v", r1)
	}
}
