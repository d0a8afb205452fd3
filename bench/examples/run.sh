#!/usr/bin/env bash
# Runs every example flow of package flows on its fixture site in Chromium
# with the local decider, cold (BenchmarkExamples, package runtime) and warm
# (BenchmarkExamplesWarm: replaying the resolution cache one untimed cold
# run filled), and the hand-written chromedp program doing the same actions
# on the same site (BenchmarkFloor, package surfaces/browser/fixturetest),
# then prints one row per example: the cold run's steps, decisions and
# actions, the warm run's decisions, the three wall times (ns/op: mean per
# run, setup outside the timer) and the ratios to the floor.
# Usage: bench/examples/run.sh [RUNS]   (RUNS per example, default 3)
# Where a run's time goes, step by step (observe, decide, act, settle; looks
# and acts): go test ./runtime -run '^$' -bench ExamplesSplit -benchtime 1x -v
set -euo pipefail
runs="${1:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

flow_out="$(cd "$root" && go test ./runtime -run '^$' -bench '^BenchmarkExamples$' -benchtime "${runs}x" -count 1 2>&1)" ||
  { echo "$flow_out" >&2; exit 1; }
warm_out="$(cd "$root" && go test ./runtime -run '^$' -bench '^BenchmarkExamplesWarm$' -benchtime "${runs}x" -count 1 2>&1)" ||
  { echo "$warm_out" >&2; exit 1; }
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

echo "runs per example: $runs; wall times are means in seconds; ratios are to the floor"
printf '%-18s %6s %10s %8s %7s %8s %8s %8s %6s %6s\n' example steps decisions actions warm_dec cold_s warm_s floor_s cold_x warm_x
for name in $names; do
  steps="$(metric "$name" steps "$flow_out")"
  decisions="$(metric "$name" decisions "$flow_out")"
  actions="$(metric "$name" actions "$flow_out")"
  flow_ns="$(metric "$name" ns/op "$flow_out")"
  warm_dec="$(metric "$name" decisions "$warm_out")"
  warm_ns="$(metric "$name" ns/op "$warm_out")"
  floor_ns="$(metric "$name" ns/op "$floor_out")"
  [ -n "$floor_ns" ] || { echo "no floor result for $name" >&2; exit 1; }
  [ -n "$warm_ns" ] || { echo "no warm result for $name" >&2; exit 1; }
  awk -v n="$name" -v s="$steps" -v d="$decisions" -v a="$actions" -v wd="$warm_dec" -v f="$flow_ns" -v w="$warm_ns" -v g="$floor_ns" \
    'BEGIN { printf "%-18s %6g %10g %8g %7g %8.2f %8.2f %8.2f %6.1f %6.1f\n", n, s, d, a, wd, f / 1e9, w / 1e9, g / 1e9, f / g, w / g }'
done
