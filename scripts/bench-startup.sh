#!/usr/bin/env bash
# scripts/bench-startup.sh: how fast the `catalog` CLI starts, against `sqlite3` reading the
# same row, timed with hyperfine in one run (machines are shared: only ratios mean much).
#
#   scripts/bench-startup.sh [--runs 30] [--catalog PATH] [--no-build]
#
# It makes a scratch catalog holding one 50-view component (`Startup50`: a VStack of 12
# HStacks of a Text, a Spacer and a padded Text, and a Divider), then times
#   - `catalog render Startup50` (the tree output, default text metrics),
#   - `catalog list`,
#   - `catalog --help`,
# each against `sqlite3 FILE "select definition from component where name = 'Startup50'"`,
# and prints the ratios of the mean and minimum wall times and of the CPU time (user +
# system) to sqlite3's (catalog / sqlite3; lower is better; issue 17's targets: render <= 2,
# list <= 1.5, --help <= 1.2).
# Needs hyperfine and sqlite3 (Debian packages `hyperfine`, `sqlite3`; optional, benchmarks
# only: see .ci/run's list).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=30
catalog=""
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
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
echo "catalog: $catalog ($(grep -c '=>\|ld-linux' <<<"$libraries") shared libraries, Swift runtime $swift_runtime, $foundation, $(du -h "$catalog" | cut -f1))"
csv="$work/times.csv"
hyperfine --warmup 3 --runs "$runs" --style basic -N --export-csv "$csv" \
  -n sqlite3 "sqlite3 $db \"$query\"" \
  -n render "$catalog --db $db render Startup50" \
  -n list "$catalog --db $db list" \
  -n help "$catalog --help" >&2
# Columns of hyperfine's CSV: command, mean, stddev, median, user, system, min, max (seconds).
# Wall time on a shared machine is mostly waiting for a core, so the CPU time each process
# used (user + system) is printed and compared too.
awk -F, '
  NR > 1 { mean[$1] = $2; cpu[$1] = $5 + $6; min[$1] = $7 }
  END {
    printf "\n| command | mean ms | min ms | CPU ms (user+sys) | ratio to sqlite3 (mean) | ratio (min) | ratio (CPU) | target |\n|---|---|---|---|---|---|---|---|\n"
    printf "| sqlite3 select | %.2f | %.2f | %.2f | 1.00 | 1.00 | 1.00 | |\n", mean["sqlite3"] * 1e3, min["sqlite3"] * 1e3, cpu["sqlite3"] * 1e3
    split("render list help", names, " "); split("2 1.5 1.2", targets, " ")
    for (i = 1; i <= 3; i++) {
      n = names[i]
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | <= %s |\n", (n == "help" ? "--help" : n), mean[n] * 1e3, min[n] * 1e3, cpu[n] * 1e3, mean[n] / mean["sqlite3"], min[n] / min["sqlite3"], cpu[n] / cpu["sqlite3"], targets[i]
    }
  }' "$csv"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
