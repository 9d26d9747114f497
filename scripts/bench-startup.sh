#!/usr/bin/env bash
# scripts/bench-startup.sh: how fast the `catalog` CLI starts, against `sqlite3` reading the
# same row, timed with hyperfine in one run (machines are shared: only ratios mean much).
#
#   scripts/bench-startup.sh [--runs 30] [--rounds 1] [--catalog PATH] [--no-build]
#
# It makes a scratch catalog holding one 50-view component (`Startup50`: a VStack of 12
# HStacks of a Text, a Spacer and a padded Text, and a Divider), then times
#   - `catalog render Startup50` (the tree output, default text metrics),
#   - `catalog list`,
#   - `catalog --help`,
# each against `sqlite3 FILE "select definition from component where name = 'Startup50'"`,
# and prints the ratios of the mean and minimum wall times and of the CPU time (user +
# system) to sqlite3's (catalog / sqlite3; lower is better; issue 17's targets: render <= 2,
# list <= 1.5, --help <= 1.2). With --rounds N the four commands are timed N times in turn
# (each round one hyperfine call over all four) and each figure is the median over the
# rounds: on a shared machine a burst of load then moves one round, not the result.
# Needs hyperfine and sqlite3 (Debian packages `hyperfine`, `sqlite3`; optional, benchmarks
# only: see .ci/run's list).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=30
rounds=1
catalog=""
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --catalog) catalog=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-startup: unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done
for tool in hyperfine sqlite3; do
  command -v "$tool" >/dev/null || { echo "bench-startup: needs $tool (apt-get install $tool)" >&2; exit 69; }
done
if [ -z "$catalog" ]; then
  # The release build as the README tells users to make it: `catalog` links the Swift
  # runtime and Foundation statically (Package.swift), `catalog-swift` beside it.
  if [ "$build" = 1 ]; then swift build -c release >&2; fi
  catalog="$(swift build -c release --show-bin-path)/catalog"
fi
[ -x "$catalog" ] || { echo "bench-startup: no catalog binary at $catalog" >&2; exit 66; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/startup.db"
# 50 views: 12 x (HStack, Text, Spacer, padded Text) = 48, plus the VStack and a Divider.
{
  echo '{ "name": "Startup50", "description": "50 views for scripts/bench-startup.sh.",'
  echo '  "parameters": { "title": { "type": "string", "default": "Title" } },'
  echo '  "body": { "type": "VStack", "alignment": "leading", "children": ['
  for i in $(seq 1 12); do
    echo "    { \"type\": \"HStack\", \"children\": ["
    echo "      { \"type\": \"Text\", \"text\": \"\$title $i\", \"font\": \"headline\" },"
    echo "      { \"type\": \"Spacer\" },"
    echo "      { \"type\": \"Text\", \"text\": \"Detail $i\", \"modifiers\": [ { \"padding\": { \"edges\": [\"leading\"], \"length\": 8 } } ] } ] },"
  done
  echo '    { "type": "Divider" } ] } }'
} >"$work/Startup50.json"
"$catalog" --db "$db" add "$work/Startup50.json" >/dev/null
query="select definition from component where name = 'Startup50'"
[ -n "$(sqlite3 "$db" "$query")" ] || { echo "bench-startup: the component was not stored" >&2; exit 70; }

echo "bench-startup: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
libraries="$(ldd "$catalog" 2>/dev/null || true)"
swift_runtime="static"
grep -q 'libswiftCore' <<<"$libraries" && swift_runtime="shared"
# Foundation (swift-corelibs-foundation, CoreFoundation, ICU) linked in, or FoundationEssentials only.
foundation="FoundationEssentials only"
if command -v nm >/dev/null && nm "$catalog" 2>/dev/null | grep -q -E ' [TtDd] (\$s10Foundation|__CFInitialize)'; then
  foundation="Foundation linked"
fi
# A position-independent executable (ELF type DYN) has its relative relocations applied by the
# loader at every start; the release build is linked without (type EXEC; Package.swift).
position="PIE"
if command -v readelf >/dev/null && readelf -h "$catalog" 2>/dev/null | grep -q 'Type:[[:space:]]*EXEC'; then
  position="no PIE"
fi
echo "catalog: $catalog ($(grep -c '=>\|ld-linux' <<<"$libraries") shared libraries, Swift runtime $swift_runtime, $foundation, $position, $(du -h "$catalog" | cut -f1))"
csv="$work/times.csv"
: >"$csv"
for ((round = 1; round <= rounds; round++)); do
  hyperfine --warmup 3 --runs "$runs" --style basic -N --export-csv "$work/round.csv" \
    -n sqlite3 "sqlite3 $db \"$query\"" \
    -n render "$catalog --db $db render Startup50" \
    -n list "$catalog --db $db list" \
    -n help "$catalog --help" >&2
  tail -n +2 "$work/round.csv" >>"$csv"
done
# Columns of hyperfine's CSV: command, mean, stddev, median, user, system, min, max (seconds).
# Wall time on a shared machine is mostly waiting for a core, so the CPU time each process
# used (user + system) is printed and compared too.
awk -F, -v rounds="$rounds" '
  # The median of a list of numbers (sorted in place).
  function median(values, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && values[j - 1] > values[j]; j--) { t = values[j]; values[j] = values[j - 1]; values[j - 1] = t }
    return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
  }
  {
    k = ++count[$1]
    mean[$1, k] = $2; cpu[$1, k] = $5 + $6; min[$1, k] = $7
  }
  END {
    split("sqlite3 render list help", names, " ")
    for (i = 1; i <= 4; i++) {
      n = names[i]
      for (k = 1; k <= count[n]; k++) {
        a[k] = mean[n, k]; b[k] = cpu[n, k]; c[k] = min[n, k]
        if (n != "sqlite3") { rm[k] = mean[n, k] / mean["sqlite3", k]; rc[k] = cpu[n, k] / cpu["sqlite3", k]; rn[k] = min[n, k] / min["sqlite3", k] }
      }
      M[n] = median(a, count[n]); C[n] = median(b, count[n]); N[n] = median(c, count[n])
      if (n != "sqlite3") { RM[n] = median(rm, count[n]); RC[n] = median(rc, count[n]); RN[n] = median(rn, count[n]) }
    }
    printf "\n%s\n", (rounds > 1 ? "Medians over " rounds " rounds (each ratio is the median of the rounds'"'"' ratios):" : "One round:")
    printf "\n| command | mean ms | min ms | CPU ms (user+sys) | ratio to sqlite3 (mean) | ratio (min) | ratio (CPU) | target |\n|---|---|---|---|---|---|---|---|\n"
    printf "| sqlite3 select | %.2f | %.2f | %.2f | 1.00 | 1.00 | 1.00 | |\n", M["sqlite3"] * 1e3, N["sqlite3"] * 1e3, C["sqlite3"] * 1e3
    split("2 1.5 1.2", targets, " ")
    for (i = 2; i <= 4; i++) {
      n = names[i]
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | <= %s |\n", (n == "help" ? "--help" : n), M[n] * 1e3, N[n] * 1e3, C[n] * 1e3, RM[n], RN[n], RC[n], targets[i - 1]
    }
  }' "$csv"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
