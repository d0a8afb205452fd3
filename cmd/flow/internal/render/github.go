package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"flow/grammar"
)

// GitHub writes diags as GitHub Actions workflow commands, one line each:
//
//	::error file=booking.flow,line=12,col=22,endLine=12,endColumn=32,title=E012::unknown fact "destinaton"
//
// Errors become `::error`, warnings `::warning`, and anything else
// `::notice`. The hint follows the summary on a second line of the message.
// Columns count code points, found through src; without the source they
// count bytes.
func GitHub(w io.Writer, diags grammar.Diagnostics, src Sources) error {
	bw := bufio.NewWriter(w)
	for _, d := range diags {
		if d == nil {
			continue
		}
		cmd := "notice"
		switch d.Severity {
		case grammar.Error:
			cmd = "error"
		case grammar.Warning:
			cmd = "warning"
		}
		var props []string
		r := d.Range
		if r.Filename != "" {
			props = append(props, "file="+escapeProperty(r.Filename))
		}
		if r.Start.IsValid() {
			end := endPoint(r)
			endCol := runeColumn(src, r.Filename, grammar.Pos{Offset: r.End.Offset, Line: end.Line, Column: end.Col})
			if !r.End.IsValid() {
				endCol = runeColumn(src, r.Filename, r.Start)
			}
			props = append(props,
				fmt.Sprintf("line=%d", r.Start.Line),
				fmt.Sprintf("col=%d", runeColumn(src, r.Filename, r.Start)),
				fmt.Sprintf("endLine=%d", end.Line),
				fmt.Sprintf("endColumn=%d", endCol))
		}
		if d.Code != "" {
			props = append(props, "title="+escapeProperty(d.Code))
		}
		msg := d.Summary
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		if len(props) > 0 {
			cmd += " " + strings.Join(props, ",")
		}
		fmt.Fprintf(bw, "::%s::%s\n", cmd, escapeData(msg))
	}
	return bw.Flush()
}

// escapeData escapes a workflow command's message, as the Actions toolkit's
// escapeData does.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value, as the Actions
// toolkit's escapeProperty does.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
