package stdlib

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	nonstopPattern   = regexp.MustCompile(`(?i)\b(?:non[- ]?stop|direct|no (?:stops?|stopovers?|layovers?|changes))\b`)
	stopCountPattern = regexp.MustCompile(`(?i)\b(\d+|zero|one|two|three|four|five)[- ]?\+?\s?(?:stops?|stopovers?|layovers?|connections?|changes?|transfers?)\b`)
)

var smallNumbers = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

// FindStops returns the number of stops a card states: "Nonstop",
// "Direct", "non-stop" and "no stops" are 0; "1 stop", "2 stops",
// "one stopover", "1 layover", "2 changes" count. The first statement in
// the text wins.
func FindStops(text string) (int, bool) {
	zero := nonstopPattern.FindStringIndex(text)
	count := stopCountPattern.FindStringSubmatchIndex(text)
	switch {
	case count != nil && (zero == nil || count[0] < zero[0]):
		word := strings.ToLower(text[count[2]:count[3]])
		if n, ok := smallNumbers[word]; ok {
			return n, true
		}
		n, err := strconv.Atoi(word)
		return n, err == nil
	case zero != nil:
		return 0, true
	}
	return 0, false
}

// ParseStops reads a number of stops ("nonstop", "direct", "1 stop",
// "2 stops", "non-stop") from text that states one; see [FindStops].
func ParseStops(text string) (int, error) {
	if n, ok := FindStops(text); ok {
		return n, nil
	}
	return 0, parseErr("stops", text, `expected "nonstop", "direct" or "N stops"`)
}
