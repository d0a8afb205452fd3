#!/usr/bin/env bash
# Runs every example flow of package flows on its fixture site in Chromium
# with the local decider, cold (BenchmarkExamples, package runtime) and warm
# (BenchmarkExamplesWarm: replaying the resolution cache one untimed cold
# run filled), and the hand-written chromedp program doing the same actions
# on the same site (BenchmarkFloor, package surfaces/browser/fixturetest),
# then prints one row per example: the cold run's steps, decisions and
# actions, the warm run's decisions, the three wall times (ns/op: mean per
# run, setup outside the timer) and the ratios to the floor.
#
# The three are measured one example at a time, back to back, so that a
# shared machine's load, which drifts over minutes, weighs on an example's
# flow runs and its floor alike: the ratios are what this compares.
# Usage: bench/examples/run.sh [RUNS]   (RUNS per example, default 3)
# Where a run's time goes, step by step (observe, decide, act, settle; looks
# and acts): go test ./runtime -run '^$' -bench ExamplesSplit -benchtime 1x -v
set -euo pipefail
runs="${1:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# bench PKG NAME EXAMPLE: one benchmark's output for one example.
bench() {
  local out
  out="$(cd "$root" && go test "$1" -run '^$' -bench "^$2\$/^$3\$" -benchtime "${runs}x" -count 1 2>&1)" ||
    { echo "$out" >&2; exit 1; }
  echo "$out"
}

# metric UNIT OUTPUT: the value before UNIT on the output's benchmark line.
metric() {
  awk -v unit="$1" '/^Benchmark/ { for (i = 2; i < NF; i++) if ($(i+1) == unit) print $i }' <<<"$2"
}

names="$(cd "$root/flows" && ls ./*.flow | sed 's|^\./||; s|\.flow$||')"
[ -n "$names" ] || { echo "no example flows in $root/flows" >&2; exit 1; }

echo "runs per example: $runs; wall times are means in seconds; ratios are to the floor"
printf '%-18s %6s %10s %8s %7s %8s %8s %8s %6s %6s\n' example steps decisions actions warm_dec cold_s warm_s floor_s cold_x warm_x
for name in $names; do
  cold="$(bench ./runtime BenchmarkExamples "$name")"
  warm="$(bench ./runtime BenchmarkExamplesWarm "$name")"
  floor="$(bench ./surfaces/browser/fixturetest BenchmarkFloor "$name")"
  floor_ns="$(metric ns/op "$floor")"
  warm_ns="$(metric ns/op "$warm")"
  [ -n "$floor_ns" ] || { echo "no floor result for $name:" >&2; echo "$floor" >&2; exit 1; }
  [ -n "$warm_ns" ] || { echo "no warm result for $name:" >&2; echo "$warm" >&2; exit 1; }
  awk -v n="$name" -v s="$(metric steps "$cold")" -v d="$(metric decisions "$cold")" -v a="$(metric actions "$cold")" \
    -v wd="$(metric decisions "$warm")" -v f="$(metric ns/op "$cold")" -v w="$warm_ns" -v g="$floor_ns" \
    'BEGIN { printf "%-18s %6g %10g %8g %7g %8.2f %8.2f %8.2f %6.1f %6.1f\n", n, s, d, a, wd, f / 1e9, w / 1e9, g / 1e9, f / g, w / g }'
done
