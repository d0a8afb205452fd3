package guard

import (
	"strings"
	"testing"
)

// BenchmarkClassify classifies one typical button label; the runtime does
// this for every candidate it might press.
func BenchmarkClassify(b *testing.B) {
	for b.Loop() {
		Classify("Proceed to secure checkout 🔒 €1,234.50")
	}
}

// BenchmarkMask masks a 10 kB trace line against five secrets.
func BenchmarkMask(b *testing.B) {
	m := NewMasker(map[string]string{"a": "hunter22", "b": "4111111111111111", "c": "123", "d": "p@ss w0rd", "e": "tok_abcdef"})
	line := strings.Repeat(`{"step":"4.2","text":"typed into the field","value":"${x}"} `, 160)
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		m.Mask(line)
	}
}
