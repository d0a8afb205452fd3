package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

// report is the outcome of a benchmark run: one row per task and the total.
type report struct {
	Rows      []taskRow       `json:"tasks"`
	Successes int             `json:"successes"`
	Episodes  int             `json:"episodes"`
	Duration  time.Duration   `json:"duration_ns"`
	Results   []episodeResult `json:"episodes_detail"`
}

// taskRow summarises one task's episodes.
type taskRow struct {
	Task      string  `json:"task"`
	Successes int     `json:"successes"`
	Episodes  int     `json:"episodes"`
	MeanRaw   float64 `json:"mean_raw_reward"`
	// MeanTime is the mean wall time of an episode, flow run included.
	MeanTime time.Duration `json:"mean_time_ns"`
	// Failure is the most common way the task's episodes failed (the
	// first episode's words, as failureKey groups them), and Count how
	// many episodes failed that way.
	Failure string `json:"common_failure,omitempty"`
	Count   int    `json:"common_failure_count,omitempty"`
}

func newReport(results []episodeResult, tasks []string, took time.Duration) report {
	rep := report{Duration: took, Results: results}
	for _, task := range tasks {
		row := taskRow{Task: task}
		failures := map[string]int{}
		example := map[string]string{} // a key's first failure, in its own words
		for _, r := range results {
			if r.Task != task {
				continue
			}
			row.Episodes++
			row.MeanRaw += r.Raw
			row.MeanTime += r.Duration
			if r.Success() {
				row.Successes++
			} else {
				key := failureKey(r.Failure)
				failures[key]++
				if _, ok := example[key]; !ok {
					example[key] = servedPage.ReplaceAllString(r.Failure, "")
				}
			}
		}
		if row.Episodes == 0 {
			continue
		}
		row.MeanRaw /= float64(row.Episodes)
		row.MeanTime /= time.Duration(row.Episodes)
		key, n := mostCommon(failures)
		row.Failure, row.Count = example[key], n
		rep.Rows = append(rep.Rows, row)
		rep.Successes += row.Successes
		rep.Episodes += row.Episodes
	}
	return rep
}

// failureKey groups failures that differ only in the episode's own values:
// quoted text (with its escaped quotes) and the served address are left
// out, so "press \"ONE\"" and "press \"TWO\"" count as one way of failing.
func failureKey(s string) string {
	s = servedPage.ReplaceAllString(s, "")
	var b strings.Builder
	inQuote, escaped := false, false
	for _, r := range s {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == '"':
			if !inQuote {
				b.WriteString(`"…"`)
			}
			inQuote = !inQuote
		case inQuote:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// servedPage matches where a failure names the task page on the harness's
// server, whose port changes from run to run.
var servedPage = regexp.MustCompile(` at http://127\.0\.0\.1:\d+/\S*?\.html`)

// mostCommon returns the key with the highest count, ties broken by name so
// the table is stable.
func mostCommon(m map[string]int) (string, int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if len(keys) == 0 {
		return "", 0
	}
	return keys[0], m[keys[0]]
}

// Markdown renders the table and the overall rate.
func (rep report) Markdown() string {
	var b strings.Builder
	b.WriteString("| task | success | mean raw reward | mean time | most common failure |\n|---|---|---|---|---|\n")
	for _, r := range rep.Rows {
		fail := ""
		if r.Failure != "" {
			fail = fmt.Sprintf("%d×: %s", r.Count, clip(r.Failure, 160))
		}
		fail = strings.ReplaceAll(fail, "|", `\|`)
		fmt.Fprintf(&b, "| %s | %d/%d | %.2f | %.1fs | %s |\n", r.Task, r.Successes, r.Episodes, r.MeanRaw, r.MeanTime.Seconds(), fail)
	}
	rate := 0.0
	if rep.Episodes > 0 {
		rate = 100 * float64(rep.Successes) / float64(rep.Episodes)
	}
	fmt.Fprintf(&b, "\nOverall: %d/%d episodes succeeded (%.1f%%) over %d tasks in %s.\n",
		rep.Successes, rep.Episodes, rate, len(rep.Rows), rep.Duration.Round(time.Second))
	return b.String()
}

// JSON renders the report with every episode.
func (rep report) JSON() ([]byte, error) { return json.MarshalIndent(rep, "", "  ") }
