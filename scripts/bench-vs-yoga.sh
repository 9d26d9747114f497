#!/usr/bin/env bash
# scripts/bench-vs-yoga.sh: catalog (resolve + layout) against Yoga (layout) on the same
# nested tree, timed in one run so that the ratio means something on a shared machine.
#
#   scripts/bench-vs-yoga.sh [--rounds 5] [--sizes 1k,10k,100k,1m] [--variants orig,text,box]
#                            [--trees nested,nested-args]
#                            [--yoga ../shared/anchors/yoga/yoga-bench] [--no-build]
#                            [--bench PATH]
#
# Each round runs, for every size, one `catalog-bench --trees nested --machine --warmup`
# process (the warm-up lays out a 100-leaf tree untimed, so the Swift runtime's first-call
# costs are not counted per node), one `catalog-bench --trees nested-args` process (the same
# tree with arguments on every row, so nothing is copied; catalog only, not in the ratio)
# and then one `yoga-bench --variant V` process per variant,
# so the two engines alternate and see the same machine load. Inside a process a tree is
# laid out 5 times up to 10k leaves, 3 times at 100k, once at 1m (its median and minimum are
# kept). The table shows the median over the rounds of those medians, and in parentheses
# the ratio of the minima (the least disturbed runs). The tree and the node count are the same for both (Yoga's README:
# driver.cpp builds catalog-bench's nested tree; nodes are counted the catalog way, a padding
# modifier being its own node), so
#
#   ratio = catalog resolve+layout nodes/s / Yoga layout nodes/s = Yoga layout time / catalog time
#
# `--bench PATH` runs that catalog-bench binary instead of the package's release build (and
# builds nothing): a copy of the binary keeps being measured while the package is rebuilt.
# Above 1 catalog is faster. Bytes per node: peak resident memory (GNU time's %M) of the
# process at that size minus the same binary's peak at 10 leaves, divided by the node count.
# The machine's load average is printed before and after (other engineers share the cores).
# Also printed, per catalog tree and size: resolve and layout each in ns per node (median of
# the rounds' medians, and the least of their minima), the resolver's figure on 100k leaves
# against issue 17's 300 ns target, and how far the cost per node moves from 1k to 1m.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=5
sizes=1k,10k,100k,1m
variants=orig,text,box
trees=nested,nested-args
yoga=../shared/anchors/yoga/yoga-bench
build=1
bench=
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --trees) trees=$2; shift 2 ;;
    --yoga) yoga=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --bench) bench=$2; build=0; shift 2 ;;
    -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-vs-yoga: unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done
[ -x "$yoga" ] || { echo "bench-vs-yoga: no Yoga benchmark at $yoga (see ../shared/anchors/yoga/README.md)" >&2; exit 66; }
[ -x /usr/bin/time ] || { echo "bench-vs-yoga: needs GNU time (Debian package: time)" >&2; exit 69; }

if [ "$build" = 1 ]; then
  swift build -c release --product catalog-bench >&2
fi
[ -n "$bench" ] || bench="$(swift build -c release --show-bin-path)/catalog-bench"
[ -x "$bench" ] || { echo "bench-vs-yoga: $bench is missing (drop --no-build, or check --bench)" >&2; exit 66; }

leaves() {
  case "$1" in
    *k) echo $(( ${1%k} * 1000 )) ;;
    *m) echo $(( ${1%m} * 1000000 )) ;;
    *) echo "$1" ;;
  esac
}

raw=$(mktemp)
rss=$(mktemp)
trap 'rm -f "$raw" "$rss"' EXIT

# Repeats inside one process (its median and minimum are recorded): small trees take a
# millisecond, less than a time slice on a loaded machine, so they are repeated more. 100k
# and 1m are repeated three times alike, for both engines, so each size's median is a call
# like the others' (a program laying out many trees; the first call of a process also pays
# for its fresh memory, which one call at 1m measured alone).
repeats() {
  local n
  n=$(leaves "$1")
  if [ "$n" -le 10000 ]; then echo 5; else echo 3; fi
}

# One measurement: engine variant size round median_ns min_ns nodes rss_kib, and for catalog
# resolve_ns layout_ns min_resolve_ns min_layout_ns, the same four by thread CPU time (its
# engine is `catalog` for the nested
# tree, `catalog-TREE` for the others).
run_catalog() {
  local tree=$1 size=$2 round=$3 out engine=catalog
  [ "$tree" = nested ] || engine="catalog-$tree"
  out=$(/usr/bin/time -f '%M' -o "$rss" "$bench" --trees "$tree" --sizes "$size" --repeat "$(repeats "$size")" --machine --warmup)
  field() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$out"; }
  echo "$engine - $size $round $(field total_ns) $(field min_total_ns) $(field nodes) $(tail -1 "$rss")" \
    "$(field resolve_ns) $(field layout_ns) $(field min_resolve_ns) $(field min_layout_ns)" \
    "$(field resolve_cpu_ns) $(field layout_cpu_ns) $(field min_resolve_cpu_ns) $(field min_layout_cpu_ns)" >>"$raw"
}
run_yoga() {
  local variant=$1 size=$2 round=$3 out
  out=$(/usr/bin/time -f '%M' -o "$rss" "$yoga" --variant "$variant" --sizes "$(leaves "$size")" --repeat "$(repeats "$size")")
  local ms min nodes
  ms=$(sed -n 's/.* layout \([0-9.]*\) ms create+layout.*/\1/p' <<<"$out")
  min=$(sed -n 's/.* min layout \([0-9.]*\) ms.*/\1/p' <<<"$out")
  nodes=$(sed -n 's/.* catalog_nodes \([0-9]*\) .*/\1/p' <<<"$out")
  echo "yoga $variant $size $round $(awk -v ms="$ms" -v min="$min" 'BEGIN { printf "%.0f %.0f", ms * 1e6, min * 1e6 }') $nodes $(tail -1 "$rss")" >>"$raw"
}

echo "bench-vs-yoga: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rounds $rounds, sizes $sizes, Yoga variants $variants, catalog trees $trees; catalog: $bench"
IFS=, read -r -a size_list <<<"$sizes"
IFS=, read -r -a variant_list <<<"$variants"
IFS=, read -r -a tree_list <<<"$trees"
case ",$trees," in *,nested,*) ;; *) echo "bench-vs-yoga: --trees must include nested (the tree of the ratio)" >&2; exit 64 ;; esac
for round in $(seq 1 "$rounds"); do
  # The baseline for bytes per node: the same binaries at 10 leaves.
  run_catalog nested 10 "$round"
  for v in "${variant_list[@]}"; do run_yoga "$v" 10 "$round"; done
  for size in "${size_list[@]}"; do
    for t in "${tree_list[@]}"; do run_catalog "$t" "$size" "$round"; done
    for v in "${variant_list[@]}"; do run_yoga "$v" "$size" "$round"; done
  done
  echo "  round $round done, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

awk -v sizes="$sizes" -v variants="$variants" -v trees="$trees" '
  function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n ? a[int((n + 1) / 2)] : 0
  }
  function minimum(list,   n, a, i, m) {
    n = split(list, a, " "); m = a[1]
    for (i = 2; i <= n; i++) if (a[i] + 0 < m + 0) m = a[i]
    return m
  }
  {
    key = $1 SUBSEP $2 SUBSEP $3
    times[key] = times[key] " " $5; mins[key] = mins[key] " " $6; nodes[key] = $7; mem[key] = mem[key] " " $8
    if (NF >= 16) {
      res[key] = res[key] " " $9; lay[key] = lay[key] " " $10
      minres[key] = minres[key] " " $11; minlay[key] = minlay[key] " " $12
      cres[key] = cres[key] " " $13; clay[key] = clay[key] " " $14
      cminres[key] = cminres[key] " " $15; cminlay[key] = cminlay[key] " " $16
    }
  }
  function engine(tree) { return tree == "nested" ? "catalog" : "catalog-" tree }
  END {
    ns = split(sizes, S, ","); nv = split(variants, V, ",")
    printf "\ncatalog resolve+layout (median / min over rounds):\n"
    printf "| leaves | nodes | median ms | min ms | ns/node (median) |\n|---|---|---|---|---|\n"
    for (i = 1; i <= ns; i++) {
      k = "catalog" SUBSEP "-" SUBSEP S[i]
      printf "| %s | %d | %.2f | %.2f | %.0f |\n", S[i], nodes[k], median(times[k]) / 1e6, minimum(mins[k]) / 1e6, median(times[k]) / nodes[k]
    }
    nt = split(trees, T, ",")
    printf "\ncatalog resolve and layout, ns per node, median over rounds of each round'"'"'s median / least minimum;\n"
    printf "wall clock, and thread CPU time (not counting waits for a core on a loaded machine):\n"
    printf "| tree | leaves | nodes | resolve | resolve CPU | layout | layout CPU | total | total CPU |\n"
    printf "|---|---|---|---|---|---|---|---|---|\n"
    for (t = 1; t <= nt; t++) {
      lo = 0; hi = 0; sum = 0; cnt = 0
      for (i = 1; i <= ns; i++) {
        k = engine(T[t]) SUBSEP "-" SUBSEP S[i]
        if (!(k in nodes)) continue
        n = nodes[k]
        cpu = (median(cres[k]) + median(clay[k])) / n
        cpumin = (minimum(cminres[k]) + minimum(cminlay[k])) / n
        printf "| %s | %s | %d | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f |\n", T[t], S[i], n, median(res[k]) / n, minimum(minres[k]) / n, median(cres[k]) / n, minimum(cminres[k]) / n, median(lay[k]) / n, minimum(minlay[k]) / n, median(clay[k]) / n, minimum(cminlay[k]) / n, median(times[k]) / n, minimum(mins[k]) / n, cpu, cpumin
        if (cnt == 0 || cpu < lo) lo = cpu
        if (cnt == 0 || cpu > hi) hi = cpu
        sum += cpu; cnt++
        if (S[i] == "100k") goal[t] = sprintf("resolver on %s-100k: %.0f / %.0f ns per node (median / min), CPU time %.0f / %.0f; issue 17 target 300", T[t], median(res[k]) / n, minimum(minres[k]) / n, median(cres[k]) / n, minimum(cminres[k]) / n)
      }
      if (cnt > 1) flat[t] = sprintf("%s: resolve+layout CPU time per node (medians) %.0f to %.0f ns, %+.0f %% / %+.0f %% of their mean %.0f (target within 15 %%)", T[t], lo, hi, (lo / (sum / cnt) - 1) * 100, (hi / (sum / cnt) - 1) * 100, sum / cnt)
    }
    for (t = 1; t <= nt; t++) if (t in goal) printf "%s\n", goal[t]
    for (t = 1; t <= nt; t++) if (t in flat) printf "%s\n", flat[t]
    printf "\nratio = catalog resolve+layout nodes/s / Yoga layout nodes/s, medians (minima):\n"
    printf "| Yoga variant |"; for (i = 1; i <= ns; i++) printf " %s |", S[i]
    printf "\n|---|"; for (i = 1; i <= ns; i++) printf "---|"
    printf "\n"
    for (j = 1; j <= nv; j++) {
      printf "| %s |", V[j]
      for (i = 1; i <= ns; i++) {
        c = "catalog" SUBSEP "-" SUBSEP S[i]; y = "yoga" SUBSEP V[j] SUBSEP S[i]
        printf " %.2f (%.2f) |", median(times[y]) / median(times[c]), minimum(mins[y]) / minimum(mins[c])
      }
      printf "\n"
    }
    printf "\nbytes per node (peak RSS at the size minus peak RSS at 10 leaves, medians):\n"
    printf "| engine |"; for (i = 1; i <= ns; i++) printf " %s |", S[i]
    printf "\n|---|"; for (i = 1; i <= ns; i++) printf "---|"
    printf "\n"
    printf "| catalog |"
    for (i = 1; i <= ns; i++) {
      c = "catalog" SUBSEP "-" SUBSEP S[i]; b = "catalog" SUBSEP "-" SUBSEP "10"
      printf " %.0f |", (median(mem[c]) - median(mem[b])) * 1024 / nodes[c]
    }
    printf "\n"
    for (j = 1; j <= nv; j++) {
      printf "| yoga %s |", V[j]
      for (i = 1; i <= ns; i++) {
        y = "yoga" SUBSEP V[j] SUBSEP S[i]; b = "yoga" SUBSEP V[j] SUBSEP "10"
        printf " %.0f |", (median(mem[y]) - median(mem[b])) * 1024 / nodes[y]
      }
      printf "\n"
    }
  }' "$raw"
