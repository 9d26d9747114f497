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
names=(short long compact full)
arguments=(
  '{ "title": "A" }'
  '{ "title": "A much longer title for this item", "detail": "Detail" }'
  '{ "compact": true }'
  '{ "title": "Full", "detail": "Everything", "compact": false }'
)
for ((i = 1; i <= components; i++)); do
  list=""
  for ((k = 0; k < variants; k++)); do
    list+="${list:+, }\"${names[$k]}\": ${arguments[$k]}"
  done
  cat >"$tmp/components/BenchCard$i.json" <<EOF
{
  "name": "BenchCard$i",
  "description": "Generated card $i for the batch benchmark.",
  "parameters": {
    "title": { "type": "string", "default": "Item $i" },
    "detail": { "type": "string", "optional": true },
    "compact": { "type": "boolean", "default": false }
  },
  "variants": { $list },
  "body": {
    "type": "VStack", "alignment": "leading", "spacing": "{space.sm}",
    "children": [
      { "type": "HStack", "spacing": "{space.md}",
        "children": [
          { "type": "Color", "color": "blue",
            "modifiers": [ { "frame": { "width": "{size.artwork}", "height": "{size.artwork}" } } ] },
          { "type": "TrackRow", "arguments": { "title": "\$title", "artist": "\$detail" } },
          { "type": "Spacer" }
        ] },
      { "type": "Text", "text": "\$detail", "when": "\$detail", "foregroundColor": "secondary" },
      { "type": "AlbumCard", "when": "!\$compact", "arguments": { "title": "\$title", "compact": true } }
    ],
    "modifiers": [
      { "padding": { "edges": ["horizontal"], "length": "{space.inset.horizontal}" } },
      { "padding": { "edges": ["vertical"], "length": "{space.md}" } }
    ]
  }
}
EOF
done
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
