package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// fixture is one rendered example of a component, as
// dist/govuk/components/NAME/fixtures.json holds it.
type fixture struct {
	Component string `json:"-"`
	Index     int    `json:"-"` // its place in the file, for its URL
	Name      string `json:"name"`
	HTML      string `json:"html"`
	// Hidden marks an example the project's review app does not list (a
	// test variant); Screenshot one its visual tests photograph. Both are
	// measured all the same; the report counts them.
	Hidden     bool       `json:"hidden"`
	Screenshot screenshot `json:"screenshot"`
	// PageTemplateOptions are classes the review app puts on <html> and
	// <body> around this example (the rebrand, an inverse background).
	PageTemplateOptions struct {
		HTMLClasses string `json:"htmlClasses"`
		BodyClasses string `json:"bodyClasses"`
	} `json:"pageTemplateOptions"`
}

// screenshot is a fixture's "screenshot" field: false, true, or the
// variants to photograph ({"variants": ["default", "no-js"]}), which is
// true too.
type screenshot bool

func (s *screenshot) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*s = screenshot(v)
	case nil:
		*s = false
	default:
		*s = true
	}
	return nil
}

// ID names the fixture in reports: "component/name".
func (f fixture) ID() string { return f.Component + "/" + f.Name }

// componentsDir is where the package keeps its components.
func componentsDir(dir string) string { return filepath.Join(dir, "dist", "govuk", "components") }

// loadFixtures reads every components/*/fixtures.json under dir (the
// unpacked package), components in name order and fixtures in file order;
// only restricts it to one component when not empty.
func loadFixtures(dir, only string) ([]fixture, error) {
	hint := "run bench/govuk/fetch.sh (or pass -dir, the directory it prints)"
	for _, need := range []string{"govuk-frontend.min.css", "govuk-frontend.min.js"} {
		p := filepath.Join(dir, "dist", "govuk", need)
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("%s: %w; %s", p, unwrapPathErr(err), hint)
		}
	}
	files, err := filepath.Glob(filepath.Join(componentsDir(dir), "*", "fixtures.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no */fixtures.json; %s", componentsDir(dir), hint)
	}
	sort.Strings(files)
	var all []fixture
	found := false
	for _, file := range files {
		comp := filepath.Base(filepath.Dir(file))
		if only != "" && comp != only {
			continue
		}
		found = true
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Component string    `json:"component"`
			Fixtures  []fixture `json:"fixtures"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if len(doc.Fixtures) == 0 {
			return nil, fmt.Errorf("%s: no fixtures", file)
		}
		for i, f := range doc.Fixtures {
			// An empty html is a fixture too (label "empty" renders
			// nothing): a page with no control.
			if f.Name == "" {
				return nil, fmt.Errorf("%s: fixture %d has no name", file, i)
			}
			f.Component, f.Index = comp, i
			all = append(all, f)
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no component %q", componentsDir(dir), only)
	}
	return all, nil
}

// unwrapPathErr drops the path a *fs.PathError repeats.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// fixtureURL is where the server serves f.
func fixtureURL(base string, f fixture) string {
	return base + "/fixture/" + f.Component + "/" + strconv.Itoa(f.Index)
}

// page is the document a fixture is shown in: the review app's page
// template reduced to what the components need (the package's style sheet,
// the class that says its script runs, its script started by initAll), and
// a title naming the fixture, by which the measurement checks that
// Chromium's tree is of the page flow observed.
func page(f fixture) string {
	htmlClass := strings.TrimSpace("govuk-template " + f.PageTemplateOptions.HTMLClasses)
	bodyClass := strings.TrimSpace("govuk-template__body govuk-frontend-supported " + f.PageTemplateOptions.BodyClasses)
	return `<!DOCTYPE html><html lang="en" class="` + html.EscapeString(htmlClass) + `"><head>` +
		`<meta charset="utf-8"><title>` + html.EscapeString(f.ID()) + `</title>` +
		`<link rel="stylesheet" href="/govuk-frontend.min.css">` +
		`</head><body class="` + html.EscapeString(bodyClass) + `">` +
		f.HTML +
		`<script type="module">import { initAll } from "/govuk-frontend.min.js"; initAll();</script>` +
		`</body></html>`
}

// handler serves the fixtures at /fixture/COMPONENT/INDEX and the package's
// dist/govuk folder at the root, where its style sheet looks for its fonts
// and images (/assets/…).
func handler(dir string, fixtures []fixture) http.Handler {
	byPath := map[string]fixture{}
	for _, f := range fixtures {
		byPath[strings.TrimPrefix(fixtureURL("", f), "/fixture/")] = f
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join(dir, "dist", "govuk"))))
	mux.HandleFunc("/fixture/", func(w http.ResponseWriter, r *http.Request) {
		f, ok := byPath[strings.TrimPrefix(r.URL.Path, "/fixture/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page(f)))
	})
	return mux
}
