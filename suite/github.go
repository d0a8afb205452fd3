package suite

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteGitHub writes a GitHub Actions workflow command per case that did
// not pass cleanly: an error at the flow's source line for a failure, a
// warning for a flaky pass. GitHub shows them on the pull request's diff.
func WriteGitHub(w io.Writer, rep *Report) error {
	bw := bufio.NewWriter(w)
	for _, r := range rep.Results {
		var kind, msg string
		switch r.Status {
		case Fail:
			kind, msg = "error", fmt.Sprintf("%s: %s (expected %s)", r.Case, r.Reason, r.Expected)
		case Flaky:
			kind, msg = "warning", fmt.Sprintf("%s is flaky: it passed on attempt %d", r.Case, r.Attempts)
		default:
			continue
		}
		props := []string{"title=" + escapeProperty("flow test: "+r.Case)}
		file, line, col := r.File, 0, 0
		if r.Where != nil {
			file, line, col = r.Where.File, r.Where.Line, r.Where.Col
		}
		props = append(props, "file="+escapeProperty(file))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line), fmt.Sprintf("col=%d", col))
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", kind, strings.Join(props, ","), escapeData(msg))
	}
	return bw.Flush()
}

// escapeData and escapeProperty follow the workflow command syntax of
// GitHub's actions/toolkit (core/src/command.ts).
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
