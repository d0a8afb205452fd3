#!/usr/bin/env bash
# Runs every example flow of package flows on its fixture site in Chromium
# with the local decider, cold (BenchmarkExamples, package runtime) and warm
# (BenchmarkExamplesWarm: replaying the resolution cache one untimed cold
# run filled), and the hand-written chromedp program doing the same actions
# on the same site (BenchmarkFloor, package surfaces/browser/fixturetest),
# then prints one row per example: the cold run's steps, decisions and
# actions, the most decisions of a warm run, the three wall times (the median of
# the rounds' runs, setup outside the timer) and the ratios to the floor
# (the median of the rounds' own ratios).
#
# A shared machine's load drifts within seconds, so the three are measured
# in rounds: each round runs the cold flow, the warm flow and the floor
# once each, one process apiece, in an order that turns from round to
# round; a burst of load then weighs on one run of each kind at most, and
# the median leaves it out. The ratios are what this compares: each
# round's ratios are taken within the round (its three runs share its
# load), and the printed ratio is their median, each round's listed after
# the table. (The ratio of the medians moved by a third between two runs
# of 3 rounds on one tree, the floor's median alone from 0.61 to 1.11 s.)
# Usage: bench/examples/run.sh [ROUNDS]   (default 5)
# Where a run's time goes, step by step (observe, decide, act, settle; looks
# and acts): go test ./runtime -run '^$' -bench ExamplesSplit -benchtime 1x -v
set -euo pipefail
rounds="${1:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT

(cd "$root" && go test -c -o "$bin/runtime.test" ./runtime && go test -c -o "$bin/floor.test" ./surfaces/browser/fixturetest)

# once KIND EXAMPLE: one timed run's benchmark line (the test binary runs
# in its package's directory, as go test runs it).
once() {
  local test dir bench out
  case "$1" in
  cold) test=runtime dir=runtime bench=BenchmarkExamples ;;
  warm) test=runtime dir=runtime bench=BenchmarkExamplesWarm ;;
  floor) test=floor dir=surfaces/browser/fixturetest bench=BenchmarkFloor ;;
  esac
  out="$(cd "$root/$dir" && "$bin/$test.test" -test.run '^$' -test.bench "^$bench\$/^$2\$" -test.benchtime 1x -test.count 1 2>&1)" ||
    { echo "$out" >&2; exit 1; }
  grep '^Benchmark' <<<"$out" || { echo "no $1 result for $2:" >&2; echo "$out" >&2; exit 1; }
}

# metric UNIT LINES: the value before UNIT on each benchmark line.
metric() {
  awk -v unit="$1" '{ for (i = 2; i < NF; i++) if ($(i+1) == unit) print $i }' <<<"$2"
}

# median: the middle of the numbers on stdin (the mean of the two middle
# ones for an even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

names="$(cd "$root/flows" && ls ./*.flow | sed 's|^\./||; s|\.flow$||')"
[ -n "$names" ] || { echo "no example flows in $root/flows" >&2; exit 1; }

echo "rounds: $rounds; wall times are medians in seconds; ratios are to the floor"
printf '%-18s %6s %10s %8s %7s %8s %8s %8s %6s %6s\n' example steps decisions actions warm_dec cold_s warm_s floor_s cold_x warm_x
each=""
for name in $names; do
  cold="" warm="" floor="" cold_x="" warm_x=""
  for ((r = 0; r < rounds; r++)); do
    case $((r % 3)) in
    0) order="cold warm floor" ;;
    1) order="warm floor cold" ;;
    2) order="floor cold warm" ;;
    esac
    for kind in $order; do
      line="$(once "$kind" "$name")"
      printf -v "$kind" '%s%s\n' "${!kind}" "$line"
    done
    # This round's ratios: the last line of each kind is this round's.
    c="$(metric ns/op "$cold" | tail -1)" w="$(metric ns/op "$warm" | tail -1)" f="$(metric ns/op "$floor" | tail -1)"
    cold_x+="$(awk -v c="$c" -v f="$f" 'BEGIN { printf "%.2f", c / f }') "
    warm_x+="$(awk -v w="$w" -v f="$f" 'BEGIN { printf "%.2f", w / f }') "
  done
  c="$(metric ns/op "$cold" | median)" w="$(metric ns/op "$warm" | median)" f="$(metric ns/op "$floor" | median)"
  awk -v n="$name" -v s="$(metric steps "$cold" | median)" -v d="$(metric decisions "$cold" | median)" \
    -v a="$(metric actions "$cold" | median)" -v wd="$(metric decisions "$warm" | sort -g | tail -1)" \
    -v c="$c" -v w="$w" -v f="$f" \
    -v cx="$(tr ' ' '\n' <<<"$cold_x" | grep . | median)" -v wx="$(tr ' ' '\n' <<<"$warm_x" | grep . | median)" \
    'BEGIN { printf "%-18s %6g %10g %8g %7g %8.2f %8.2f %8.2f %6.2f %6.2f\n", n, s, d, a, wd, c / 1e9, w / 1e9, f / 1e9, cx, wx }'
  each+="$(printf '%-18s cold %s| warm %s' "$name" "$cold_x" "$warm_x")"$'\n'
done
echo "each round's ratios:"
printf '%s' "$each"
