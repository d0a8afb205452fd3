package compiler

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"flow/grammar"
	"flow/plan"
	"flow/stdlib"
)

// factsFlow compiles a flow declaring one fact of every type, plus secrets.
func factsFlow(t testing.TB) *plan.Flow {
	t.Helper()
	src := `flow f "Every type of fact" {
  fact origin: text
  fact zip: text
  fact travellers: number = 1
  fact direct: bool = false
  fact day: date
  fact budget_limit: money = "100 EUR"
  fact mail: email = "ada@example.com"
  fact site: url = "https://example.com/"
  fact tags: list = ["a"]
  secret password
  secret pin
  browse "${site}"
  enter {
    "from" = origin
    "zip" = zip
    "travellers" = travellers
    "direct" = direct
    "day" = day
    "limit" = budget_limit
    "mail" = mail
    "tags" = tags
    "password" = password
    "pin" = pin
  }
  verify "done"
}
`
	prog, diags := Compile("f.flow", []byte(src))
	if diags.HasErrors() {
		t.Fatalf("compile: %v", diags)
	}
	return prog.Flows[0]
}

func TestLoadFactsValues(t *testing.T) {
	flow := factsFlow(t)
	yaml := "origin: Lisbon\nzip: 01234\nday: 2026-12-24\ntravellers: 2\nbudget_limit: \"€12.50\"\ntags: [x, y]\ndirect: true\n"
	got, diags := LoadFacts(flow, "facts.yaml", []byte(yaml), []string{"travellers=3", "site=http://localhost:8080/"})
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics: %v", diags)
	}
	want := map[string]any{
		"origin":       "Lisbon",
		"zip":          "01234", // text keeps the scalar as written
		"travellers":   float64(3),
		"direct":       true,
		"day":          stdlib.Date{Year: 2026, Month: 12, Day: 24},
		"budget_limit": stdlib.Money{Amount: 12.5, Currency: "EUR"},
		"mail":         "ada@example.com", // the default
		"site":         "http://localhost:8080/",
		"tags":         []string{"x", "y"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("values:\n got %#v\nwant %#v", got, want)
	}
}

func TestLoadFactsQuotedDate(t *testing.T) {
	flow := factsFlow(t)
	got, diags := LoadFacts(flow, "facts.yaml", []byte("origin: a\nzip: b\nday: \"2026-01-02\"\n"), nil)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if got["day"] != (stdlib.Date{Year: 2026, Month: 1, Day: 2}) {
		t.Errorf("day = %#v", got["day"])
	}
}

// TestLoadFactsErrors checks each problem's code and exact position.
func TestLoadFactsErrors(t *testing.T) {
	flow := factsFlow(t)
	tests := []struct {
		name      string
		yaml      string
		overrides []string
		want      []string // "LINE:COL CODE|summary substring"; no position for flags
	}{
		{"wrong type", "origin: a\nzip: b\nday: next tuesday\n", nil,
			[]string{"3:6 E062|fact day: \"next tuesday\" is not a date"}},
		{"unknown key", "origin: a\nzip: b\nday: 2026-12-24\norign: x\n", nil,
			[]string{"4:1 E061|orign is not a fact"}},
		{"secret in facts", "origin: a\nzip: b\nday: 2026-12-24\npassword: x\n", nil,
			[]string{"4:1 E061|password is not a fact"}},
		{"missing", "origin: a\n", nil,
			[]string{"1:1 E063|missing required fact zip", "1:1 E063|missing required fact day"}},
		{"duplicate", "origin: a\nzip: b\nday: 2026-12-24\nzip: c\n", nil,
			[]string{"4:1 E060|zip is given twice"}},
		{"not a mapping", "- origin: a\n", nil,
			[]string{"1:1 E060|must hold a mapping"}},
		{"bad yaml", "origin: [a\nzip: b\n", nil,
			[]string{"E060|not valid YAML"}},
		{"list for scalar", "origin: [a, b]\nzip: b\nday: 2026-12-24\n", nil,
			[]string{"1:9 E062|fact origin: expected one value"}},
		{"scalar for list", "origin: a\nzip: b\nday: 2026-12-24\ntags: a\n", nil,
			[]string{"4:7 E062|fact tags: expected a list"}},
		{"bad email", "origin: a\nzip: b\nday: 2026-12-24\nmail: ada\n", nil,
			[]string{"4:7 E062|is not an email address"}},
		{"bad money", "origin: a\nzip: b\nday: 2026-12-24\nbudget_limit: lots\n", nil,
			[]string{"4:15 E062|is not an amount of money"}},
		{"null", "origin:\nzip: b\nday: 2026-12-24\n", nil,
			[]string{"1:8 E062|fact origin: has no value"}},
		{"flags", "origin: a\nzip: b\nday: 2026-12-24\n", []string{"travellers", "nope=1", "travellers=many"},
			[]string{"E064|a --fact flag is not NAME=VALUE", "E061|nope is not a fact", "E062|fact travellers: \"many\" is not a number"}},
		{"unicode column", "origin: \"é\"\nzip: b\nday: \"ü 2026\"\n", nil,
			[]string{"3:6 E062|fact day"}},
		{"second document", "origin: a\nzip: b\nday: 2026-12-24\n---\nx: 1\n", nil,
			[]string{"4:1 E060|more than one YAML document"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := LoadFacts(flow, "facts.yaml", []byte(tt.yaml), tt.overrides)
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%d:%d %s|%s", d.Range.Start.Line, d.Range.Start.Column, d.Code, d.Summary))
				if d.Range.Filename == "" || d.Range.Start.Line < 1 {
					t.Errorf("diagnostic without a position: %v", d)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for _, w := range tt.want {
				head, substr, _ := strings.Cut(w, "|")
				found := false
				for _, g := range got {
					gh, gs, _ := strings.Cut(g, "|")
					found = found || ((gh == head || strings.HasSuffix(gh, " "+head)) && strings.Contains(gs, substr))
				}
				if !found {
					t.Errorf("no diagnostic like %q in:\n%s", w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

// TestLoadFactsFlagNeverEchoesValue passes a secret (and a malformed flag
// holding one) through --fact by mistake: no diagnostic may repeat the value.
func TestLoadFactsFlagNeverEchoesValue(t *testing.T) {
	flow := factsFlow(t)
	const value = "hunter2-s3cret"
	_, diags := LoadFacts(flow, "facts.yaml", []byte("origin: a\nzip: b\nday: 2026-12-24\n"),
		[]string{"password=" + value, "=" + value})
	if len(diags) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", diags)
	}
	for _, d := range diags {
		if strings.Contains(fmt.Sprintf("%s %s %s %v", d.Error(), d.Hint, d.Detail, d.Related), value) {
			t.Errorf("diagnostic repeats the value: %s (hint %q)", d.Error(), d.Hint)
		}
	}
	if !strings.Contains(diags[0].Hint+diags[1].Hint, "FLOW_SECRET_PASSWORD") {
		t.Errorf("no hint names the secret's variable: %q / %q", diags[0].Hint, diags[1].Hint)
	}
}

// A list fact on the command line: comma-separated, an element that holds
// a comma in double quotes as in CSV.
func TestLoadFactsListFlag(t *testing.T) {
	flow := factsFlow(t)
	for _, tc := range []struct {
		arg  string
		want []string
	}{
		{"tags=a,b,c", []string{"a", "b", "c"}},
		{"tags= a , b ,c ", []string{"a", "b", "c"}},
		{"tags=a,,b,", []string{"a", "b"}},
		{"tags=", []string{}},
		{"tags=solo", []string{"solo"}},
		{`tags="Lisbon, PT",Oslo`, []string{"Lisbon, PT", "Oslo"}},
		{`tags=Oslo, "Lisbon, PT" ,"  padded "`, []string{"Oslo", "Lisbon, PT", "  padded "}},
		{`tags="say ""hi"", then go",x`, []string{`say "hi", then go`, "x"}},
		{`tags=5" screen,b`, []string{`5" screen`, "b"}},
		{`tags="",x`, []string{"", "x"}},
		{`tags=a=b,c`, []string{"a=b", "c"}},
	} {
		got, diags := LoadFacts(flow, "", nil, []string{"origin=o", "zip=z", "day=2026-12-24", tc.arg})
		if len(diags) > 0 {
			t.Errorf("%s: %v", tc.arg, diags)
			continue
		}
		if !reflect.DeepEqual(got["tags"], tc.want) {
			t.Errorf("%s: got %q, want %q", tc.arg, got["tags"], tc.want)
		}
	}
}

// A malformed list is named by the flag and the element's number, with a
// hint that says how to quote; the value is never quoted back.
func TestLoadFactsListFlagErrors(t *testing.T) {
	flow := factsFlow(t)
	for _, tc := range []struct{ arg, want string }{
		{`tags="Lisbon, PT`, "fact tags: the quote that opens element 1 of the list is never closed"},
		{`tags=a,"Lisbon" PT,b`, "fact tags: element 2 of the list goes on after its closing quote; a comma must follow it"},
	} {
		_, diags := LoadFacts(flow, "", nil, []string{"origin=o", "zip=z", "day=2026-12-24", tc.arg})
		if len(diags) != 1 {
			t.Errorf("%s: want one diagnostic, got %v", tc.arg, diags)
			continue
		}
		d := diags[0]
		if d.Code != FactType || d.Range.Filename != "--fact tags" || d.Summary != tc.want {
			t.Errorf("%s: got %s %s: %s", tc.arg, d.Code, d.Range.Filename, d.Summary)
		}
		if !strings.Contains(d.Hint, `--fact 'tags="Lisbon, PT",Oslo'`) {
			t.Errorf("%s: the hint does not say how to quote: %s", tc.arg, d.Hint)
		}
		if strings.Contains(d.Summary, "Lisbon") {
			t.Errorf("%s: the message quotes the value: %s", tc.arg, d.Summary)
		}
	}
}

// FactListText writes what parseFactList reads back, element for element.
func TestFactListTextRoundTrip(t *testing.T) {
	for _, items := range [][]string{
		{},
		{"a", "b"},
		{"Lisbon, PT", "Oslo"},
		{`say "hi"`, `"quoted"`, `5" screen`},
		{"", " padded ", "\ttab", "a,b,c"},
	} {
		text := FactListText(items)
		got, err := parseFactList(text)
		if err != nil || !reflect.DeepEqual(got, items) {
			t.Errorf("%q: written %s, read back %q (%v)", items, text, got, err)
		}
	}
}

func TestLoadFactsMissingWithoutFile(t *testing.T) {
	flow := factsFlow(t)
	_, diags := LoadFacts(flow, "", nil, []string{"origin=a", "zip=b"})
	if len(diags) != 1 || diags[0].Code != MissingFact {
		t.Fatalf("want one missing fact, got %v", diags)
	}
	// Without a facts file the error points at the declaration.
	if r := diags[0].Range; r.Filename != "f.flow" || r.Start.Line != 6 {
		t.Errorf("range = %v, want f.flow:6", r)
	}
}

func TestLoadSecrets(t *testing.T) {
	flow := factsFlow(t)
	env := map[string]string{"FLOW_SECRET_PASSWORD": "hunter2-env"}
	got, diags := LoadSecrets(flow, "secrets.yaml", []byte("password: from-file\npin: \"0042\"\n"), func(k string) string { return env[k] })
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if got["password"] != "hunter2-env" || got["pin"] != "0042" {
		t.Errorf("secrets = %v (the environment wins over the file)", got)
	}
}

func TestLoadSecretsMissingNamesVariable(t *testing.T) {
	flow := factsFlow(t)
	_, diags := LoadSecrets(flow, "", nil, func(string) string { return "" })
	if len(diags) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", diags)
	}
	for _, d := range diags {
		if d.Code != MissingSecret || !strings.Contains(d.Summary, "FLOW_SECRET_") {
			t.Errorf("diagnostic %v does not name the variable", d)
		}
	}
	if !strings.Contains(diags.Error(), "FLOW_SECRET_PASSWORD") || !strings.Contains(diags.Error(), "FLOW_SECRET_PIN") {
		t.Errorf("missing variable names in %v", diags)
	}
}

// TestLoadSecretsNeverEcho feeds secrets files with every kind of mistake
// and checks that no diagnostic holds any part of a secret value.
func TestLoadSecretsNeverEcho(t *testing.T) {
	flow := factsFlow(t)
	const secret = "s3cr3tQzx"
	files := []string{
		"password: [" + secret + "\n",
		"password: {a: " + secret + "}\n",
		"pasword: " + secret + "\n",
		"password: " + secret + "\npassword: " + secret + "\n",
		"- " + secret + "\n",
		"password: \"" + secret + "\n",
		"password: " + secret + "\n\t" + secret + ": x\n",
		"password: '" + secret + "'\n---\n" + secret + "\n",
	}
	for _, f := range files {
		_, diags := LoadSecrets(flow, "secrets.yaml", []byte(f), func(string) string { return "" })
		if len(diags) == 0 {
			t.Errorf("%q: want diagnostics", f)
		}
		for _, d := range diags {
			all := d.Summary + d.Detail + d.Hint + d.Error()
			for _, r := range d.Related {
				all += r.Message
			}
			if strings.Contains(all, "s3cr3t") || strings.Contains(all, "Qzx") {
				t.Errorf("%q: diagnostic leaks the secret: %v", f, d)
			}
		}
	}
}

func FuzzLoadFacts(f *testing.F) {
	flow := factsFlow(f)
	for _, seed := range []string{
		"origin: Lisbon\nzip: 01234\nday: 2026-12-24\n",
		"- a\n", "a: [b\n", "tags: [a, {b: c}]\n", "day: 2026-02-30\n", "budget_limit: €12.50\n",
		"origin: &a x\nzip: *a\n", "? [a]\n: b\n", "origin: !!binary aGk=\n",
	} {
		f.Add([]byte(seed), "travellers=2")
	}
	f.Fuzz(func(t *testing.T, data []byte, flag string) {
		_, diags := LoadFacts(flow, "facts.yaml", data, []string{flag})
		for _, d := range diags {
			if d.Range.Filename == "" || d.Range.Start.Line < 1 || d.Range.Start.Column < 1 {
				t.Fatalf("unpositioned diagnostic %v", d)
			}
			if d.Severity == grammar.Error && d.Code == "" {
				t.Fatalf("diagnostic without a code: %v", d)
			}
		}
	})
}
