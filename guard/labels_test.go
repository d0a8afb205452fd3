package guard

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// maxFalseBlockRate bounds the share of benign labels in testdata/labels.txt
// that the guard may read as guarded. A false block refuses a press and
// ends a run with a clear outcome; a miss presses what cannot be taken
// back, so misses have no allowance at all.
const maxFalseBlockRate = 0.05

// labelCase is one line of testdata/labels.txt.
type labelCase struct {
	line        int
	class       Class
	role, label string
}

func readLabels(t testing.TB) []labelCase {
	t.Helper()
	f, err := os.Open("testdata/labels.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	classes := map[string]Class{"none": None, "irreversible": Irreversible, "payment": Payment}
	var cases []labelCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.SplitN(text, "|", 3)
		if len(fields) != 3 {
			t.Fatalf("labels.txt:%d: want class | role | label, got %q", n, text)
		}
		class, ok := classes[strings.TrimSpace(fields[0])]
		if !ok {
			t.Fatalf("labels.txt:%d: unknown class %q", n, fields[0])
		}
		cases = append(cases, labelCase{n, class, strings.TrimSpace(fields[1]), strings.TrimSpace(fields[2])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestLabels reads every label of testdata/labels.txt with its role. A
// guarded label read as none (a miss) or as the other class fails; benign
// labels read as guarded are false blocks, reported and bounded.
func TestLabels(t *testing.T) {
	cases := readLabels(t)
	var guarded, benign, misses, wrong, blocks int
	for _, c := range cases {
		got := ClassifyControl(c.role, c.label)
		switch {
		case c.class == None:
			benign++
			if got.Class != None {
				blocks++
				t.Logf("labels.txt:%d: false block: %s %q reads as %v (%q)", c.line, c.role, c.label, got.Class, got.Phrase)
			}
		case got.Class == None:
			guarded++
			misses++
			t.Errorf("labels.txt:%d: miss: %s %q reads as none; want %v", c.line, c.role, c.label, c.class)
		default:
			guarded++
			if got.Class != c.class {
				wrong++
				t.Errorf("labels.txt:%d: %s %q reads as %v (%q); want %v", c.line, c.role, c.label, got.Class, got.Phrase, c.class)
			}
		}
	}
	if guarded < 110 || benign < 90 {
		t.Errorf("labels.txt holds %d guarded and %d benign labels; want at least 110 and 90", guarded, benign)
	}
	rate := float64(blocks) / float64(benign)
	t.Logf("%d labels: %d guarded, %d missed, %d of the wrong class; %d benign, %d falsely blocked (%.1f%%, bound %.0f%%)",
		len(cases), guarded, misses, wrong, benign, blocks, 100*rate, 100*maxFalseBlockRate)
	if rate > maxFalseBlockRate {
		t.Errorf("false-block rate %.1f%% exceeds %.0f%%", 100*rate, 100*maxFalseBlockRate)
	}
}

// BenchmarkClassifyLabels classifies every label of testdata/labels.txt
// once per iteration, as the runtime does for the candidates of a screen.
func BenchmarkClassifyLabels(b *testing.B) {
	cases := readLabels(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			ClassifyControl(c.role, c.label)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cases)), "ns/label")
}

// BenchmarkClassifyPlacedLabels is BenchmarkClassifyLabels for controls on
// a list item, where a bare "Cancel" is read a second time.
func BenchmarkClassifyPlacedLabels(b *testing.B) {
	cases := readLabels(b)
	path := []string{"main", "list", "listitem #2"}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			ClassifyPlaced(c.role, c.label, path)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cases)), "ns/label")
}
