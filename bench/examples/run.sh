#!/usr/bin/env bash
# Runs every example flow of package flows on its fixture site in Chromium
# with the local decider (BenchmarkExamples, package runtime) and the
# hand-written chromedp program doing the same actions on the same site
# (BenchmarkFloor, package surfaces/browser/fixturetest), then prints one
# row per example: the run's steps, decisions and actions, both wall times
# (ns/op: mean per run, setup outside the timer) and their ratio.
# Usage: bench/examples/run.sh [RUNS]   (RUNS per example, default 3)
set -euo pipefail
runs="${1:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

flow_out="$(cd "$root" && go test ./runtime -run '^$' -bench '^BenchmarkExamples$' -benchtime "${runs}x" -count 1 2>&1)" ||
  { echo "$flow_out" >&2; exit 1; }
floor_out="$(cd "$root" && go test ./surfaces/browser/fixturetest -run '^$' -bench '^BenchmarkFloor$' -benchtime "${runs}x" -count 1 2>&1)" ||
  { echo "$floor_out" >&2; exit 1; }

# metric NAME UNIT OUTPUT: the value before UNIT on the line of example NAME.
metric() {
  awk -v name="$1" -v unit="$2" '
    { split($1, p, "/"); sub(/-[0-9]+$/, "", p[2]) }
    p[2] == name { for (i = 2; i < NF; i++) if ($(i+1) == unit) print $i }' <<<"$3"
}

names="$(awk '/^BenchmarkExamples\// { split($1, p, "/"); sub(/-[0-9]+$/, "", p[2]); print p[2] }' <<<"$flow_out")"
[ -n "$names" ] || { echo "no BenchmarkExamples results:" >&2; echo "$flow_out" >&2; exit 1; }

echo "runs per example: $runs; wall times are means in seconds; ratio = flow / floor"
printf '%-18s %6s %10s %8s %10s %10s %7s\n' example steps decisions actions flow_s floor_s ratio
for name in $names; do
  steps="$(metric "$name" steps "$flow_out")"
  decisions="$(metric "$name" decisions "$flow_out")"
  actions="$(metric "$name" actions "$flow_out")"
  flow_ns="$(metric "$name" ns/op "$flow_out")"
  floor_ns="$(metric "$name" ns/op "$floor_out")"
  [ -n "$floor_ns" ] || { echo "no floor result for $name" >&2; exit 1; }
  awk -v n="$name" -v s="$steps" -v d="$decisions" -v a="$actions" -v f="$flow_ns" -v g="$floor_ns" \
    'BEGIN { printf "%-18s %6g %10g %8g %10.2f %10.2f %7.1f\n", n, s, d, a, f / 1e9, g / 1e9, f / g }'
done
