package suite

import (
	"fmt"
	"html/template"
	"io"
	"time"
)

// indexPage is the report's index: one row per case, linking the case's
// own report when it has one. Plain HTML and inline CSS: it opens offline.
var indexPage = template.Must(template.New("index").Funcs(template.FuncMap{
	"dur": func(d interface{ MarshalText() ([]byte, error) }) string {
		b, _ := d.MarshalText()
		if t, err := time.ParseDuration(string(b)); err == nil {
			return roundDuration(t)
		}
		return string(b)
	},
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>flow test: {{.Title}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35em .6em;border-bottom:1px solid #ddd;vertical-align:top}
.pass{color:#176c2c}.fail{color:#b3261e;font-weight:600}.flaky{color:#9a6700}.skipped{color:#777}
.why{font-size:12px;color:#555;max-width:60em}
</style></head><body>
<h1>flow test: {{.Title}}</h1>
<p>{{.Counts.Total}} cases: {{.Counts.Passed}} passed, {{.Counts.Failed}} failed, {{.Counts.Flaky}} flaky, {{.Counts.Skipped}} skipped in {{dur .Duration}}{{if .Shard}} (shard {{.Shard}}){{end}}</p>
<table><thead><tr><th>verdict</th><th>case</th><th>outcome</th><th>expected</th><th>time</th><th>attempts</th></tr></thead><tbody>
{{range .Results}}<tr><td class="{{.Status}}">{{.Status}}</td>
<td>{{if and .Run .Run.Report}}<a href="{{.Run.Report}}">{{.Case}}</a>{{else}}{{.Case}}{{end}}<div class="why">{{.File}}{{with .Where}} · {{.File}}:{{.Line}}:{{.Col}}{{end}}</div>{{with .Reason}}<div class="why">{{.}}</div>{{end}}</td>
<td>{{.Outcome}}</td><td>{{.Expected}}</td><td>{{dur .Duration}}</td><td>{{.Attempts}}</td></tr>
{{end}}</tbody></table></body></html>
`))

// WriteIndex writes an HTML page listing the report's cases, each linking
// its own report (Result.Run.Report, a path relative to the page) when it
// has one. Every text on it comes from masked results.
func WriteIndex(w io.Writer, rep *Report) error {
	title := fmt.Sprintf("%d passed, %d failed", rep.Counts.Passed+rep.Counts.Flaky, rep.Counts.Failed)
	return indexPage.Execute(w, struct {
		*Report
		Title string
	}{rep, title})
}
