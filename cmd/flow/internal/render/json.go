package render

import (
	"encoding/json"
	"io"

	"flow/grammar"
)

// Record is one diagnostic as [JSON] writes it: flat, with the start of the
// range as file/line/col and its end beside, so a script can use it without
// knowing the grammar's types. Columns count bytes, starting at 1.
type Record struct {
	File     string          `json:"file"`
	Line     int             `json:"line"`
	Col      int             `json:"col"`
	End      Point           `json:"end"`
	Severity string          `json:"severity"`
	Code     string          `json:"code"`
	Summary  string          `json:"summary"`
	Detail   string          `json:"detail,omitempty"`
	Hint     string          `json:"hint,omitempty"`
	Related  []RelatedRecord `json:"related,omitempty"`
	Fixes    []FixRecord     `json:"fixes,omitempty"`
}

// Point is a line and a byte column, both starting at 1.
type Point struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// RelatedRecord is a second place that explains a diagnostic.
type RelatedRecord struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	End     Point  `json:"end"`
	Message string `json:"message"`
}

// FixRecord is a suggested change: replace each edit's range with its text.
type FixRecord struct {
	Message string       `json:"message"`
	Edits   []EditRecord `json:"edits"`
}

// EditRecord replaces the text from line:col up to end with NewText.
type EditRecord struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	End     Point  `json:"end"`
	NewText string `json:"new_text"`
}

// Records converts diags into the records [JSON] writes.
func Records(diags grammar.Diagnostics) []Record {
	out := make([]Record, 0, len(diags))
	for _, d := range diags {
		if d == nil {
			continue
		}
		rec := Record{
			File:     d.Range.Filename,
			Line:     d.Range.Start.Line,
			Col:      d.Range.Start.Column,
			End:      endPoint(d.Range),
			Severity: d.Severity.String(),
			Code:     d.Code,
			Summary:  d.Summary,
			Detail:   d.Detail,
			Hint:     d.Hint,
		}
		for _, r := range d.Related {
			rec.Related = append(rec.Related, RelatedRecord{
				File: r.Range.Filename, Line: r.Range.Start.Line, Col: r.Range.Start.Column,
				End: endPoint(r.Range), Message: r.Message,
			})
		}
		for _, f := range d.Fixes {
			fix := FixRecord{Message: f.Message, Edits: []EditRecord{}}
			for _, e := range f.Edits {
				fix.Edits = append(fix.Edits, EditRecord{
					File: e.Range.Filename, Line: e.Range.Start.Line, Col: e.Range.Start.Column,
					End: endPoint(e.Range), NewText: e.NewText,
				})
			}
			rec.Fixes = append(rec.Fixes, fix)
		}
		out = append(out, rec)
	}
	return out
}

// endPoint is the end of r, or its start when the end is unknown, so that a
// consumer can always take End as given.
func endPoint(r grammar.Range) Point {
	if !r.End.IsValid() || r.End.Before(r.Start) {
		return Point{r.Start.Line, r.Start.Column}
	}
	return Point{r.End.Line, r.End.Column}
}

// JSON writes diags as an indented JSON array of [Record] values, `[]` when
// there are none, followed by a newline.
func JSON(w io.Writer, diags grammar.Diagnostics) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(Records(diags))
}
