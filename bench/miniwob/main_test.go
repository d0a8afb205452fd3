package main

import (
	"reflect"
	"testing"
)

func TestParseSeeds(t *testing.T) {
	for in, want := range map[string][]int{"3": {0, 1, 2}, "4,9": {4, 9}, "7,": {7}, " 2 ": {0, 1}} {
		got, err := parseSeeds(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseSeeds(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"x", "0", "-2", "1,b", "", ","} {
		if got, err := parseSeeds(in); err == nil {
			t.Errorf("parseSeeds(%q) = %v, want an error", in, got)
		}
	}
}
