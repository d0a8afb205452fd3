#!/usr/bin/env bash
# Runs flow's BenchmarkObserve2000 and BenchmarkObserveCards and Playwright's
# ariaSnapshot on the same generated pages (surfaces/browser/testdata/
# bench2000.html and cards2000.html) with the same Chromium and switches,
# then prints, per page, both medians, the ratio and how many controls each
# names.
#
# On a shared machine the load drifts within a minute, so each page is
# measured in ROUNDS rounds, each running the two tools back to back (RUNS
# observations each): a round's ratio compares the two under much the same
# load. The printed medians are the medians of the rounds' medians, the
# ratio the median of the rounds' ratios (each round's is listed too).
# Usage: bench/ariasnapshot/run.sh [RUNS [ROUNDS]]   (default 15 and 3)
set -euo pipefail
runs="${1:-15}"
rounds="${2:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund >/dev/null)
fi
(cd "$root" && go test -c -o /dev/null ./surfaces/browser) # build once, outside the timings

# metric LINE UNIT prints the value before UNIT on a benchmark line.
metric() { awk -v u="$2" '{for (i = 1; i < NF; i++) if ($(i+1) == u) print $i}' <<<"$1"; }
# median prints the median of its arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# compare BENCH PAGE DESCRIPTION
compare() {
  local go_out go_line node_line go_named node_named r
  local go_medians=() node_medians=() ratios=()
  for ((r = 1; r <= rounds; r++)); do
    go_out="$(cd "$root" && go test ./surfaces/browser -run '^$' -bench "^$1\$" -benchtime "${runs}x" -count 1)"
    go_line="$(grep "^$1-" <<<"$go_out")" || { echo "$go_out" >&2; exit 1; }
    go_medians+=("$(metric "$go_line" median-ms)")
    go_named="$(metric "$go_line" named)"
    node_line="$(cd "$here" && node ariasnapshot.js --runs "$runs" --page "$root/$2")"
    node_medians+=("$(sed -E 's/.*"median_ms":([0-9.]+).*/\1/' <<<"$node_line")")
    node_named="$(sed -E 's/.*"named":([0-9]+).*/\1/' <<<"$node_line")"
    ratios+=("$(awk -v a="${go_medians[-1]}" -v b="${node_medians[-1]}" 'BEGIN { printf "%.2f", a / b }')")
  done
  echo "page: $2 ($3), runs: $runs, rounds: $rounds"
  printf '  flow Observe   median %8.2f ms, controls named %s\n' "$(median "${go_medians[@]}")" "$go_named"
  printf '  ariaSnapshot   median %8.2f ms, controls named %s\n' "$(median "${node_medians[@]}")" "$node_named"
  printf '  ratio flow/ariaSnapshot: %.2f (rounds: %s; below 1 means flow is faster)\n' "$(median "${ratios[@]}")" "${ratios[*]}"
}

compare BenchmarkObserve2000 surfaces/browser/testdata/bench2000.html "2000 varied controls"
compare BenchmarkObserveCards surfaces/browser/testdata/cards2000.html "2000 controls in product cards"
