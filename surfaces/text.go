package surfaces

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// WriteText renders a screen as text for people (what `flow inspect`
// prints): a header, one line per candidate
//
//	e12 button "Delete" [disabled] in dialog "Confirm" > form
//
// and then the context lines. Values of password fields are never present
// in a Screen, so nothing secret can be printed.
func WriteText(w io.Writer, s Screen) error {
	bw := bufio.NewWriter(w)
	where := s.URL
	if where == "" {
		where = s.App
	}
	bw.WriteString("# " + string(s.Surface) + " " + where + "\n")
	bw.WriteString("# title " + strconv.Quote(s.Title) + ", layer " + string(s.Layer) + ", fingerprint " + s.Fingerprint + "\n")
	for _, c := range s.Candidates {
		bw.WriteString(CandidateLine(c))
		bw.WriteByte('\n')
	}
	if len(s.Context) > 0 {
		bw.WriteString("# text\n")
		for _, l := range s.Context {
			line := l.Ref + " "
			if l.Role != "" {
				line += l.Role + " "
			}
			line += strconv.Quote(l.Text)
			if l.Column != "" {
				line += " column " + strconv.Quote(l.Column)
			}
			if l.Frame != "" {
				line += " frame " + strconv.Quote(l.Frame)
			}
			if len(l.Path) > 0 {
				line += " in " + strings.Join(l.Path, " > ")
			}
			bw.WriteString(line + "\n")
		}
	}
	return bw.Flush()
}

// CandidateLine renders one candidate: ref, role, "name", = "value",
// [states], in path.
func CandidateLine(c Candidate) string {
	var b strings.Builder
	b.WriteString(c.Ref + " " + c.Role + " " + strconv.Quote(c.Name))
	if c.Value != "" {
		b.WriteString(" = " + strconv.Quote(c.Value))
	}
	if len(c.States) > 0 {
		states := make([]string, len(c.States))
		for i, st := range c.States {
			states[i] = string(st)
		}
		b.WriteString(" [" + strings.Join(states, ", ") + "]")
	}
	if c.Frame != "" {
		b.WriteString(" frame " + strconv.Quote(c.Frame))
	}
	if len(c.Path) > 0 {
		b.WriteString(" in " + strings.Join(c.Path, " > "))
	}
	return b.String()
}

// String renders the screen with [WriteText].
func (s Screen) String() string {
	var b strings.Builder
	WriteText(&b, s)
	return b.String()
}
