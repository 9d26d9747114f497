#!/usr/bin/env bash
# scripts/callgrind-layout-passes.sh: counts the retains, releases and allocations made
# inside the layout passes (issue 17, point 1), with
# callgrind, on catalog-bench's `mixed` tree (every container kind: frames, ZStacks,
# backgrounds, overlays, offsets, a grid, a 40-member stack that sorts its members) and its
# `texts` tree (texts that wrap, break long words, truncate and hold hard breaks: the text
# measurer's general path, which sizing asks for extents only, never lines).
#
#   scripts/callgrind-layout-passes.sh [--no-build] [--trees mixed,texts] [--bin PATH] [--command PATH]
#   scripts/callgrind-layout-passes.sh --layout-sources DIR
#
# (--bin: a catalog-bench built elsewhere, e.g. before a change; --trees also takes nested
# and the other catalog-bench trees, with the default sizes; --command: any program linking
# CatalogLayout, run without arguments; --layout-sources: a checkout's folder (e.g. from
# `git worktree add` or `git archive` of another commit), whose Sources/CatalogLayout,
# CatalogSystem and CStackSpace are compiled with scripts/layout-driver.swift, the same tree
# as `mixed` built as LayoutNodes, into one optimised program run as --command; this is how
# two commits' layout code is compared on one tree without building the package twice.)
#
# Per tree, two runs of `catalog-bench --trees TREE --repeat 1` (release) under valgrind: one
# collecting only inside `LayoutPass.placeAll` (placement), one inside `LayoutEngine.run`
# (the whole layout: `LayoutPass.init` building the pass's per-node arrays and memo, the
# root's sizing, which recurses through the measure pass, placeAll and the rounding). The
# resolver is outside both. Prints the instructions and the calls made from Swift code to:
# retain (swift_retain, swift_bridgeObjectRetain and their _n forms), release (the same),
# objects (swift_allocObject: class instances, array and dictionary buffers) and other
# allocations (swift_slowAlloc, malloc, posix_memalign: unsafe pointers' memory).
# Needs valgrind (Debian package `valgrind`; optional, benchmarks only).
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
trees=mixed,texts
bin=.build/release/catalog-bench
command=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0; shift ;;
    --trees) trees=$2; shift 2 ;;
    --bin) bin=$2; build=0; shift 2 ;;
    --command) command=$2; build=0; shift 2 ;;
    --layout-sources) sources=$2; build=0; shift 2 ;;
    *)
      echo "usage: $0 [--no-build] [--trees mixed,texts] [--bin PATH] [--command PATH] [--layout-sources DIR]" >&2
      exit 2 ;;
  esac
done
if [ "$build" = 1 ]; then swift build -c release --product catalog-bench >&2; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -n "${sources:-}" ]; then
  # The driver and the checkout's layout module in one optimised program (module name
  # CatalogLayout, so the entry points' names are the package's), as the release build
  # compiles CatalogLayout (-O, whole module, exclusivity unchecked).
  src=$(cd "$sources/Sources" && pwd)
  mkdir "$scratch/cstack"
  printf 'module CStackSpace {\n  header "%s"\n  export *\n}\n' \
    "$src/CStackSpace/include/CStackSpace.h" >"$scratch/cstack/module.modulemap"
  clang -O2 -gdwarf-4 -c "$src/CStackSpace/stack.c" -I "$src/CStackSpace/include" \
    -o "$scratch/stack.o"
  (cd "$scratch" && swiftc -O -wmo -parse-as-library -package-name catalog \
    -module-name CatalogSystem -emit-module -c "$src"/CatalogSystem/*.swift -o CatalogSystem.o)
  cp scripts/layout-driver.swift "$scratch/main.swift"
  # In the scratch folder: -g leaves the module's files beside the program.
  (cd "$scratch" && swiftc -O -wmo -g -enforce-exclusivity=unchecked -package-name catalog \
    -module-name CatalogLayout -I "$scratch" -I "$scratch/cstack" main.swift \
    "$src"/CatalogLayout/*.swift CatalogSystem.o stack.o -o layout-driver >&2)
  command=$scratch/layout-driver
fi
if [ -n "$command" ]; then bin=$command; trees=command; fi

# The mangled names of the two entry points (callgrind matches mangled names): placement is
# `LayoutPass.placeAll`; `LayoutEngine.run` is the whole layout (LayoutPass.init, the
# root's sizing, placeAll, rounding): the sizing pass is not a function of its own.
symbols=$(nm "$bin" | awk '{print $NF}')
place=$(grep -E '^\$s13CatalogLayout0B4PassC8placeAll_.*F$' <<<"$symbols" | head -1)
# (`run(_:in:workspace:)` since the layout works in a `LayoutWorkspace`; `run(_:in:)` before.)
passes=$(grep -E '^\$s13CatalogLayout0B6EngineV3run.*(ProposedSizeV|WorkspaceC)tF$' <<<"$symbols" | head -1)
if [ -z "$place" ] || [ -z "$passes" ]; then
  echo "error: LayoutPass.placeAll or LayoutEngine.run not found in $bin" >&2
  exit 1
fi

count() {
  python3 - "$1" <<'PY'
import re, sys
# Call counts per (caller, callee) arc. Only arcs whose caller is Swift code (mangled `$s`
# names, or unnamed compiler-generated code `0x…`) are counted: the runtime's own arcs
# (swift_bridgeObjectRetain → swift_retain, swift_slowAlloc → malloc) also carry calls made
# while collection was off, thousands more than happened inside (checked with DHAT's
# blocks: a second layout in one process allocates as many blocks as `objects + other`).
groups = {
    "retain": ("swift_retain", "swift_retain_n", "swift_bridgeObjectRetain",
               "swift_bridgeObjectRetain_n"),
    "release": ("swift_release", "swift_release_n", "swift_bridgeObjectRelease",
                "swift_bridgeObjectRelease_n"),
    "objects": ("swift_allocObject",),
    "other allocations": ("swift_slowAlloc", "malloc", "posix_memalign"),
}
names, totals = {}, {}
caller = callee = None
def name(kind_id, text):
    if text: names[kind_id] = text.strip()
    return names.get(kind_id, "")
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"fn=\((\d+)\)(?: (.*))?", line)
    if m:
        caller = name(m.group(1), m.group(2)); callee = None; continue
    m = re.match(r"cfn=\((\d+)\)(?: (.*))?", line)
    if m:
        callee = name(m.group(1), m.group(2)); continue
    m = re.match(r"calls=(\d+)", line)
    if m and callee is not None:
        if caller.startswith("$s") or caller.startswith("0x"):
            for group, members in groups.items():
                if callee.split("'")[0] in members:
                    totals[group] = totals.get(group, 0) + int(m.group(1))
        callee = None
ir = 0
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("summary:") or line.startswith("totals:"):
        ir = int(line.split()[1])
print(f"instructions {ir:,}  " + "  ".join(f"{g} {totals.get(g, 0):,}" for g in groups))
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
