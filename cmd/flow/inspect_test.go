package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectShowsTheAttachedActiveTab: after a run attached to a browser
// fails, `flow inspect --browser-url` with no URL prints the page the run
// left the tab on, as it is, and loads nothing.
func TestInspectShowsTheAttachedActiveTab(t *testing.T) {
	chromium := startChromium(t)
	site, _ := serve(t, "shop")
	flowFile := filepath.Join(t.TempDir(), "look.flow")
	src := `flow look "Look for something the shop does not show" {
  fact site: url = "http://localhost:8080/"
  browse "${site}"
  verify "a purple unicorn is shown"
}
`
	if err := os.WriteFile(flowFile, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := flowRun("run", flowFile, "--fact", "site="+site, "--browser-url", chromium, "--quiet"); code != 1 {
		t.Fatalf("run exit %d, want 1 (the verify fails)\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := flowRun("inspect", "--browser-url", chromium)
	if code != 0 {
		t.Fatalf("inspect exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "# browser "+site) || !strings.Contains(out, `# title "Greenleaf · Kitchen & coffee"`) {
		t.Errorf("inspect did not show the tab the run left:\n%s", out)
	}
	if code, _, errOut := flowRun("inspect"); code != 2 || !strings.Contains(errOut, "--browser-url") {
		t.Errorf("inspect with neither URL nor --browser-url: exit %d, %q; want 2 naming --browser-url", code, errOut)
	}
}
