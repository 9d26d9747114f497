#!/usr/bin/env bash
# Batch speed (issue 17, point 5): builds a catalog of N generated components with V
# variants each (default 500 × 4) on top of the examples, then times `catalog site` and
# `catalog lint` over it with the release binary, in one run.
#
#   scripts/bench-site-lint.sh [--components N] [--variants V] [--catalog PATH-TO-BINARY]
#
# Each generated component is a padded VStack (token spacing) holding an HStack of a
# framed Color, a TrackRow instance and a Spacer, an optional Text, and an AlbumCard
# instance shown unless `compact`: about 20 laid-out views per case, instances two levels
# deep, every length a token. Prints wall and CPU seconds per command, pages written and
# findings, and the load average (machines are shared: compare within one run).
set -euo pipefail
cd "$(dirname "$0")/.."
components=500
variants=4
bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --components) components="$2"; shift 2 ;;
    --variants) variants="$2"; shift 2 ;;
    --catalog) bin="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done
if [ "$variants" -lt 1 ] || [ "$variants" -gt 4 ]; then
  echo "--variants takes 1 to 4" >&2
  exit 64
fi
if [ -z "$bin" ]; then
  swift build -c release --product catalog >&2
  bin="$(swift build -c release --show-bin-path)/catalog"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/components"
bad-inputs/cost/generate-cards.sh "$tmp/components" "$components" "$variants"
db="$tmp/catalog.db"
"$bin" --db "$db" init >/dev/null
"$bin" --db "$db" add examples/tokens/spacing.tokens.json examples/components/*.json >/dev/null
"$bin" --db "$db" add "$tmp"/components/*.json >/dev/null
count="$("$bin" --db "$db" list | grep -c '^BenchCard' || true)"

# Runs a command, printing wall and CPU seconds (user + system) from bash's `time`.
measure() {
  local label="$1"
  shift
  local TIMEFORMAT="%R %U %S"
  local times
  times="$({ time "$@" >"$tmp/$label.out" 2>"$tmp/$label.err"; } 2>&1)" || true
  read -r wall user sys <<<"$times"
  printf '%-6s wall %6.2f s   cpu %6.2f s   %s\n' "$label" "$wall" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
    "$(tail -n 1 "$tmp/$label.out" | cut -c1-70)"
}
echo "catalog-bench site/lint: $count generated components × $variants variants (+ $(ls examples/components/*.json | wc -l) examples), $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
measure site "$bin" --db "$db" site "$tmp/site"
echo "       $(find "$tmp/site" -name '*.html' | wc -l) pages, $(du -sh "$tmp/site" | cut -f1)"
measure lint "$bin" --db "$db" lint
measure site2 "$bin" --db "$db" site "$tmp/site"
echo "(site2: the same site written again over the first, replacing it)"
