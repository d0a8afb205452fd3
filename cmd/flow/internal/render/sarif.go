package render

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"flow/grammar"
)

// Tool describes the program and its rules for [SARIF].
type Tool struct {
	Name           string // "flow"
	Version        string
	InformationURI string
	Rules          []Rule // the code catalogue; results point into it
}

// Rule is one entry of the code catalogue as SARIF shows it.
type Rule struct {
	ID       string           // the stable code: E012, L003
	Name     string           // a short CamelCase or snake_case name, optional
	Summary  string           // one line
	Help     string           // the full help text: what it means, a bad example, the fix
	Severity grammar.Severity // the default severity
	HelpURI  string           // optional
}

// The SARIF 2.1.0 shapes, trimmed to what flow fills in.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool       sarifTool     `json:"tool"`
		ColumnKind string        `json:"columnKind"`
		Results    []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		Name                 string       `json:"name,omitempty"`
		ShortDescription     *sarifText   `json:"shortDescription,omitempty"`
		FullDescription      *sarifText   `json:"fullDescription,omitempty"`
		Help                 *sarifText   `json:"help,omitempty"`
		HelpURI              string       `json:"helpUri,omitempty"`
		DefaultConfiguration sarifRuleCfg `json:"defaultConfiguration"`
	}
	sarifRuleCfg struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId,omitempty"`
		RuleIndex        *int            `json:"ruleIndex,omitempty"`
		Level            string          `json:"level"`
		Message          sarifText       `json:"message"`
		Locations        []sarifLocation `json:"locations,omitempty"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	}
	sarifLocation struct {
		ID               *int                  `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
		Message          *sarifText            `json:"message,omitempty"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)

// sarifSchema is where the 2.1.0 schema is published.
const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// SARIF writes diags as a SARIF 2.1.0 log with one run. The driver's rules
// are tool.Rules in order; each result names its rule by code and index. A
// diagnostic whose code is not in the catalogue still becomes a result, with
// its ruleId and no index. Relative file names are given relative to
// %SRCROOT% so code-scanning services place them in the repository.
func SARIF(w io.Writer, diags grammar.Diagnostics, src Sources, tool Tool) error {
	index := make(map[string]int, len(tool.Rules))
	driver := sarifDriver{
		Name:           tool.Name,
		Version:        tool.Version,
		InformationURI: tool.InformationURI,
		Rules:          make([]sarifRule, 0, len(tool.Rules)),
	}
	for i, r := range tool.Rules {
		index[r.ID] = i
		rule := sarifRule{
			ID:                   r.ID,
			Name:                 r.Name,
			HelpURI:              r.HelpURI,
			DefaultConfiguration: sarifRuleCfg{Level: sarifLevel(r.Severity)},
		}
		if r.Summary != "" {
			rule.ShortDescription = &sarifText{r.Summary}
		}
		if r.Help != "" {
			rule.FullDescription = &sarifText{firstParagraph(r.Help)}
			rule.Help = &sarifText{r.Help}
		}
		driver.Rules = append(driver.Rules, rule)
	}

	results := make([]sarifResult, 0, len(diags))
	for _, d := range diags {
		if d == nil {
			continue
		}
		msg := d.Summary
		if d.Detail != "" {
			msg += "\n" + d.Detail
		}
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		res := sarifResult{
			RuleID:  d.Code,
			Level:   sarifLevel(d.Severity),
			Message: sarifText{msg},
		}
		if i, ok := index[d.Code]; ok {
			res.RuleIndex = &i
		}
		if loc, ok := sarifLoc(d.Range, src); ok {
			res.Locations = []sarifLocation{loc}
		}
		for i, r := range d.Related {
			if loc, ok := sarifLoc(r.Range, src); ok {
				id := i + 1
				loc.ID = &id
				loc.Message = &sarifText{r.Message}
				res.RelatedLocations = append(res.RelatedLocations, loc)
			}
		}
		results = append(results, res)
	}

	log := sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:       sarifTool{Driver: driver},
			ColumnKind: "unicodeCodePoints",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifLevel(s grammar.Severity) string {
	switch s {
	case grammar.Error:
		return "error"
	case grammar.Warning:
		return "warning"
	}
	return "note"
}

func sarifLoc(r grammar.Range, src Sources) (sarifLocation, bool) {
	if r.Filename == "" {
		return sarifLocation{}, false
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifact(r.Filename)}}
	if r.Start.IsValid() {
		end := endPoint(r)
		endCol := runeColumn(src, r.Filename, r.Start)
		if r.End.IsValid() && !r.End.Before(r.Start) {
			endCol = runeColumn(src, r.Filename, r.End)
		}
		loc.PhysicalLocation.Region = &sarifRegion{
			StartLine:   r.Start.Line,
			StartColumn: runeColumn(src, r.Filename, r.Start),
			EndLine:     end.Line,
			EndColumn:   endCol,
		}
	}
	return loc, true
}

// artifact turns a file name into a SARIF artifact location: an absolute
// path becomes a file URI, a relative one a URI reference under %SRCROOT%.
func artifact(name string) sarifArtifact {
	slash := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		u := url.URL{Scheme: "file", Path: slash}
		if !strings.HasPrefix(slash, "/") {
			u.Path = "/" + slash // a Windows drive path
		}
		return sarifArtifact{URI: u.String()}
	}
	u := url.URL{Path: strings.TrimPrefix(slash, "./")}
	return sarifArtifact{URI: u.String(), URIBaseID: "%SRCROOT%"}
}

// firstParagraph is the text up to the first blank line, for a rule's
// fullDescription; the whole text is its help.
func firstParagraph(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[:i]
	}
	return s
}
