#!/usr/bin/env bash
# scripts/callgrind-layout-passes.sh: counts the calls to swift_retain, swift_release,
# swift_allocObject and malloc made inside the layout passes (issue 17, point 1), with
# callgrind, on catalog-bench's `mixed` tree (every container kind: frames, ZStacks,
# backgrounds, overlays, offsets, a grid, a 40-member stack that sorts its members).
#
#   scripts/callgrind-layout-passes.sh [--no-build] [--trees mixed] [--bin PATH] [--command PATH]
#
# (--bin: a catalog-bench built elsewhere, e.g. before a change; --trees also takes nested
# and the other catalog-bench trees, with the default sizes; --command: any program linking
# CatalogLayout, run without arguments, e.g. a small driver laying out a `LayoutNode` tree.)
#
# Two runs of `catalog-bench --trees mixed --repeat 1` (release) under valgrind: one
# collecting only inside `LayoutPass.placeAll` (placement), one inside `LayoutEngine.run`
# (the whole layout: `LayoutPass.init` building the pass's per-node arrays and memo, the
# root's sizing, which recurses through the measure pass, placeAll and the rounding). The
# resolver is outside both. Prints the instructions and the calls to
# each function (swift_retain_n and the like counted with their function).
# Needs valgrind (Debian package `valgrind`; optional, benchmarks only).
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
trees=mixed
bin=.build/release/catalog-bench
command=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0; shift ;;
    --trees) trees=$2; shift 2 ;;
    --bin) bin=$2; build=0; shift 2 ;;
    --command) command=$2; build=0; shift 2 ;;
    *) echo "usage: $0 [--no-build] [--trees mixed] [--bin PATH] [--command PATH]" >&2; exit 2 ;;
  esac
done
if [ -n "$command" ]; then bin=$command; trees=command; fi
if [ "$build" = 1 ]; then swift build -c release --product catalog-bench >&2; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The mangled names of the two entry points (callgrind matches mangled names): placement is
# `LayoutPass.placeAll`; `LayoutEngine.run` is the whole layout (LayoutPass.init, the
# root's sizing, placeAll, rounding): the sizing pass is not a function of its own.
symbols=$(nm "$bin" | awk '{print $NF}')
place=$(grep -E '^\$s13CatalogLayout0B4PassC8placeAll_.*F$' <<<"$symbols" | head -1)
passes=$(grep -E '^\$s13CatalogLayout0B6EngineV3run.*ProposedSizeVtF$' <<<"$symbols" | head -1)
if [ -z "$place" ] || [ -z "$passes" ]; then
  echo "error: LayoutPass.placeAll or LayoutEngine.run not found in $bin" >&2
  exit 1
fi

count() {
  python3 - "$1" <<'PY'
import re, sys
names, totals = {}, {}
current = None
wanted = ("swift_retain", "swift_release", "swift_allocObject", "malloc")
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"cfn=\((\d+)\)(?: (.*))?", line)
    if m:
        if m.group(2): names[m.group(1)] = m.group(2).strip()
        current = names.get(m.group(1), "")
        continue
    m = re.match(r"fn=\((\d+)\)(?: (.*))?", line)
    if m and m.group(2): names[m.group(1)] = m.group(2).strip()
    m = re.match(r"calls=(\d+)", line)
    if m and current is not None:
        for w in wanted:
            if current == w or current.startswith(w + "_n") or current == w + "'2":
                totals[w] = totals.get(w, 0) + int(m.group(1))
        current = None
ir = 0
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("summary:") or line.startswith("totals:"):
        ir = int(line.split()[1])
print(f"instructions {ir:,}  " + "  ".join(f"{w} {totals.get(w, 0):,}" for w in wanted))
PY
}

for tree in ${trees//,/ }; do
  for part in placement layout; do
    if [ "$part" = placement ]; then symbol=$place; else symbol=$passes; fi
    out="$scratch/$tree.$part.out"
    if [ -n "$command" ]; then args=(); else args=(--trees "$tree" --repeat 1); fi
    valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
      --toggle-collect="$symbol" "$bin" "${args[@]}" >/dev/null 2>"$scratch/log" \
      || { cat "$scratch/log" >&2; exit 1; }
    printf '%-8s %-12s ' "$tree" "$part"
    count "$out"
  done
done
