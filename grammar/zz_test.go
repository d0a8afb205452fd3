package grammar

import (
	"strings"
	"testing"
	"time"
)

func TestZZ(t *testing.T) {
	for _, line := range []string{"flow\n", "flow a \"b\" {\n}\n", "flow a \"b\" {\n  do x\n}\n"} {
		src := strings.Repeat(line, (10<<20)/len(line))
		start := time.Now()
		_, d := Parse("x", []byte(src))
		t.Logf("%q: %d diags in %v", line, len(d), time.Since(start))
	}
}
