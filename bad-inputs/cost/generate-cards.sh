#!/usr/bin/env bash
# Writes N generated components with V variants each (1 to 4) into DIR, as JSON files
# BenchCard1.json … (issue 17, point 5; issue 12, point 2): the input of
# scripts/bench-site-lint.sh and of the `site`/`lint` cases of bad-inputs/cost/run.sh.
#
#   bad-inputs/cost/generate-cards.sh DIR N V
#
# Each component is a padded VStack (token spacing) holding an HStack of a framed Color, a
# TrackRow instance and a Spacer, an optional Text, and an AlbumCard instance shown unless
# `compact`: about 20 laid-out views per case, instances two levels deep, every length a
# token. They need the example catalog's tokens (examples/tokens/spacing.tokens.json) and
# components (examples/components/*.json).
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 DIR N V" >&2
  exit 64
fi
dir="$1"
components="$2"
variants="$3"
if [ "$variants" -lt 1 ] || [ "$variants" -gt 4 ]; then
  echo "V takes 1 to 4" >&2
  exit 64
fi
mkdir -p "$dir"
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
  cat >"$dir/BenchCard$i.json" <<EOF
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
