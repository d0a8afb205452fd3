package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadFixtures(t *testing.T) {
	fx, err := loadFixtures("testdata/package", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(fx) != 5 {
		t.Fatalf("%d fixtures, want 5", len(fx))
	}
	if f := fx[0]; f.ID() != "demo/controls" || f.Hidden || !bool(f.Screenshot) || f.Index != 0 {
		t.Errorf("first fixture %+v", f)
	}
	// "screenshot" is true, false or the variants to photograph.
	if f := fx[2]; !f.Hidden || !bool(f.Screenshot) {
		t.Errorf("third fixture: hidden %v, screenshot %v; want both true", f.Hidden, f.Screenshot)
	}
	if f := fx[3]; f.HTML != "" || bool(f.Screenshot) {
		t.Errorf("the empty fixture %+v", f)
	}
	p := page(fx[0])
	for _, want := range []string{`<html lang="en" class="govuk-template">`, `<title>demo/controls</title>`,
		`href="/govuk-frontend.min.css"`, `class="govuk-template__body govuk-frontend-supported"`,
		`import { initAll } from "/govuk-frontend.min.js"; initAll();`, fx[0].HTML} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %q:\n%s", want, p)
		}
	}
}

// TestLoadFixturesNamesWhatIsMissing: without the package the error names
// the file looked for and says how to fetch it.
func TestLoadFixturesNamesWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := loadFixtures(dir, "")
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "dist", "govuk", "govuk-frontend.min.css")) || !strings.Contains(err.Error(), "fetch.sh") {
		t.Errorf("no package: %v", err)
	}
	for _, f := range []string{"govuk-frontend.min.css", "govuk-frontend.min.js"} {
		os.MkdirAll(filepath.Join(dir, "dist", "govuk"), 0o755)
		os.WriteFile(filepath.Join(dir, "dist", "govuk", f), nil, 0o644)
	}
	if _, err := loadFixtures(dir, ""); err == nil || !strings.Contains(err.Error(), "fixtures.json") || !strings.Contains(err.Error(), "fetch.sh") {
		t.Errorf("no fixtures: %v", err)
	}
	if _, err := loadFixtures("testdata/package", "radios"); err == nil || !strings.Contains(err.Error(), `no component "radios"`) {
		t.Errorf("unknown component: %v", err)
	}
}
