package cache_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flow/runtime/cache"
	"flow/surfaces"
)

// shop is a screen with two product cards, each with its own "Add"
// button, and a search field at the top.
func shop() surfaces.Screen {
	tea := []string{"main", `card "Green tea"`}
	mug := []string{"main", `card "Camping mug"`}
	return surfaces.Screen{
		URL: "http://127.0.0.1:41234/shop?q=tea",
		Candidates: []surfaces.Candidate{
			{Ref: "e1", Role: "searchbox", Name: "Search", Path: []string{"banner"}, Editable: true, InputType: "search"},
			{Ref: "e2", Role: "button", Name: "Add", Path: tea, Bounds: surfaces.Bounds{X: 10, Y: 100}},
			{Ref: "e3", Role: "button", Name: "Add", Path: mug, Bounds: surfaces.Bounds{X: 10, Y: 300}},
		},
		Context: []surfaces.ContextLine{
			{Ref: "t1", Text: "Green tea", Role: "heading", Path: tea, Next: 1},
			{Ref: "t2", Text: "€4.50", Path: tea, Next: 1},
			{Ref: "t3", Text: "Camping mug", Role: "heading", Path: mug, Next: 2},
			{Ref: "t4", Text: "€12.00", Path: mug, Next: 2},
		},
	}
}

func TestTargetFoundAgainOnlyWhereItWas(t *testing.T) {
	s := shop()
	tea := cache.Sign(s, 1, s.Candidates)
	if tea.Twins != 1 || tea.Heading != "Green tea" || strings.Join(tea.Near, "|") != "Green tea|€4.50" {
		t.Fatalf("signature %+v: want 1 twin, heading and the lines before it", tea)
	}

	// A page drawn again issues new references and moves things: found.
	redrawn := shop()
	for i := range redrawn.Candidates {
		redrawn.Candidates[i].Ref = "n" + redrawn.Candidates[i].Ref
		redrawn.Candidates[i].Bounds.Y += 50
	}
	if i, why := tea.Find(redrawn, redrawn.Candidates); i != 1 {
		t.Errorf("redrawn page: got %d (%s), want the tea's Add", i, why)
	}

	cases := []struct {
		name string
		edit func(*surfaces.Screen)
		why  string
	}{
		{"renamed", func(s *surfaces.Screen) { s.Candidates[1].Name = "Add to basket" }, `no button "Add" in card "Green tea" on the screen`},
		{"moved", func(s *surfaces.Screen) {
			s.Candidates[1].Path = []string{"main", `card "Black tea"`}
		}, `button "Add" in card "Green tea" moved to card "Black tea"`},
		{"doubled", func(s *surfaces.Screen) {
			s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "e9", Role: "button", Name: "Add", Path: s.Candidates[1].Path})
		}, `2 controls are button "Add" in card "Green tea" now`},
		{"a new look-alike", func(s *surfaces.Screen) {
			s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "e9", Role: "button", Name: "Add", Path: []string{"main", `card "Kettle"`}})
		}, `3 controls are button "Add" now, 2 when it was stored`},
		{"another group under the same path", func(s *surfaces.Screen) {
			s.Context[0].Text = "Black tea"
		}, `moved to a group headed "Black tea"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := shop()
			c.edit(&s)
			i, why := tea.Find(s, s.Candidates)
			if i != -1 || !strings.Contains(why, c.why) {
				t.Errorf("got %d (%q), want a miss saying %q", i, why, c.why)
			}
		})
	}
}

func TestDigestSeesWhatTheDeciderSees(t *testing.T) {
	base := cache.Digest(shop(), "the cart shows 1 item")
	other := shop()
	other.URL = "http://127.0.0.1:50000/shop?q=tea" // another port: the same site
	for i := range other.Candidates {
		other.Candidates[i].Ref = "x" + other.Candidates[i].Ref
		other.Candidates[i].Bounds.X += 3
	}
	if got := cache.Digest(other, "the cart shows 1 item"); got != base {
		t.Errorf("new refs, bounds and port changed the digest")
	}
	changes := map[string]func(*surfaces.Screen){
		"price":   func(s *surfaces.Screen) { s.Context[1].Text = "€4.90" },
		"state":   func(s *surfaces.Screen) { s.Candidates[1].States = []surfaces.State{surfaces.StateDisabled} },
		"value":   func(s *surfaces.Screen) { s.Candidates[0].Value = "mug" },
		"address": func(s *surfaces.Screen) { s.URL = "http://127.0.0.1:41234/shop?q=mug" },
	}
	for name, edit := range changes {
		s := shop()
		edit(&s)
		if cache.Digest(s, "the cart shows 1 item") == base {
			t.Errorf("a changed %s left the digest as it was", name)
		}
	}
	if cache.Digest(shop(), "the cart shows 2 items") == base {
		t.Error("another statement has the same digest")
	}
}

func TestBookFileIsStableAndDropsChangedSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".flow-cache", cache.FileName("shop.flow", "buy"))
	if want := "shop.buy.yaml"; filepath.Base(path) != want {
		t.Fatalf("file name %s, want %s", filepath.Base(path), want)
	}
	b, err := cache.Open(path, cache.ReadWrite, "buy", "shop.flow")
	if err != nil {
		t.Fatal(err)
	}
	s := shop()
	// Put in an order the file must not keep.
	b.PutTarget(cache.Key{Step: "10", Question: "target", Ask: "add the tea", N: 1}, `do "add the tea"`, cache.Sign(s, 1, s.Candidates))
	b.PutAnswer(cache.Key{Step: "2", Question: "judge", Ask: "results are listed"}, `wait_for "results are listed"`, cache.Answer{Digest: "d1", Probability: 0.2})
	b.PutAnswer(cache.Key{Step: "2", Question: "judge", Ask: "results are listed"}, `wait_for "results are listed"`, cache.Answer{Digest: "d2", Probability: 0.9})
	b.PutTarget(cache.Key{Step: "3.1", Question: "field:search", Ask: "search", Value: "tea", N: 1}, `enter "search" = q`, cache.Sign(s, 0, s.Candidates))
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, want 0644", info.Mode().Perm())
	}
	text := string(first)
	if i, j, k := strings.Index(text, `step: "2"`), strings.Index(text, `step: "3.1"`), strings.Index(text, `step: "10"`); i < 0 || i > j || j > k {
		t.Errorf("entries not in step order (2, 3.1, 10):\n%s", text)
	}
	if strings.Index(text, "digest: d2") > strings.Index(text, "digest: d1") {
		t.Errorf("the newest answer is not first:\n%s", text)
	}

	again, err := cache.Open(path, cache.ReadWrite, "buy", "shop.flow")
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := again.Answer(cache.Key{Step: "2", Question: "judge", Ask: "results are listed"}, "d1"); !ok || a.Probability != 0.2 {
		t.Errorf("answer d1 read back as %+v, %v", a, ok)
	}
	if _, ok := again.Target(cache.Key{Step: "10", Question: "target", Ask: "add the tea", N: 2}); ok {
		t.Error("the second press of a step found the first one's target")
	}
	out, err := again.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, first) {
		t.Errorf("read and written again, the file changed:\n%s\nwas:\n%s", out, first)
	}

	// Step 10 now reads otherwise and step 3.1 is gone: both go.
	dropped := again.Keep(map[string]string{"2": `wait_for "results are listed"`, "10": `do "add the green tea"`})
	if dropped != 2 || len(again.Entries()) != 1 {
		t.Errorf("dropped %d, kept %d entries; want 2 and 1", dropped, len(again.Entries()))
	}

	if _, err := cache.Open(path, cache.Read, "checkout", "shop.flow"); err == nil || !strings.Contains(err.Error(), "flow cache clear") {
		t.Errorf("another flow's book opened with %v, want an error with the hint", err)
	}
	if err := os.WriteFile(path, []byte("entries: {"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := cache.Open(path, cache.Read, "buy", "shop.flow"); err == nil || !strings.Contains(err.Error(), "not a flow cache") {
		t.Errorf("a broken file opened with %v", err)
	}
}

func TestModes(t *testing.T) {
	for _, word := range cache.Modes {
		m, err := cache.ParseMode(word)
		if err != nil || m.String() != word {
			t.Errorf("%s: %v, %v", word, m, err)
		}
	}
	if _, err := cache.ParseMode("on"); err == nil {
		t.Error("mode on accepted")
	}
	if !cache.ReadWrite.Reads() || !cache.ReadWrite.Writes() || cache.Read.Writes() || cache.Write.Reads() || cache.Off.Reads() {
		t.Error("modes read or write wrongly")
	}
	// A book in read mode never changes its file.
	path := filepath.Join(t.TempDir(), "x.f.yaml")
	b, _ := cache.Open(path, cache.Read, "f", "x.flow")
	b.PutAnswer(cache.Key{Step: "1", Question: "judge"}, "verify", cache.Answer{Digest: "d"})
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("read mode wrote %s (%v)", path, err)
	}
}
