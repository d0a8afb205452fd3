#!/usr/bin/env bash
# Runs flow's BenchmarkObserve2000 and Playwright's ariaSnapshot on the same
# generated page (surfaces/browser/testdata/bench2000.html) with the same
# Chromium and switches, then prints both medians, the ratio and how many
# controls each names. Usage: bench/ariasnapshot/run.sh [RUNS]
set -euo pipefail
runs="${1:-15}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund >/dev/null)
fi

go_out="$(cd "$root" && go test ./surfaces/browser -run '^$' -bench '^BenchmarkObserve2000$' -benchtime "${runs}x" -count 1)"
go_line="$(grep '^BenchmarkObserve2000' <<<"$go_out")" || { echo "$go_out" >&2; exit 1; }
go_median="$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "median-ms") print $i}' <<<"$go_line")"
go_named="$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "named") print $i}' <<<"$go_line")"

node_line="$(cd "$here" && node ariasnapshot.js --runs "$runs")"
node_median="$(sed -E 's/.*"median_ms":([0-9.]+).*/\1/' <<<"$node_line")"
node_named="$(sed -E 's/.*"named":([0-9]+).*/\1/' <<<"$node_line")"

echo "page: surfaces/browser/testdata/bench2000.html (2000 controls), runs: $runs"
printf 'flow Observe   median %8.2f ms, controls named %s\n' "$go_median" "$go_named"
printf 'ariaSnapshot   median %8.2f ms, controls named %s\n' "$node_median" "$node_named"
awk -v a="$go_median" -v b="$node_median" 'BEGIN { printf "ratio flow/ariaSnapshot: %.2f (below 1 means flow is faster)\n", a / b }'
