#!/usr/bin/env bash
# Token scale benchmark (issue 12 point 3, issue 14 point 9).
#
#   scripts/bench-token-scale.sh [--sizes 100k,1m] [--no-build] [--doctor] [--keep DIR]
#                                [--baseline OTHER-CATALOG-BINARY]
#
# For each size N it generates, deterministically, one DTCG file of N tokens (groups
# g*/s* nested two deep, 100 tokens per inner group: dimensions, colours and numbers; a
# fifth of them aliases, 2 % Tokens Studio math) and the same rows as CSV, then runs, each
# under /usr/bin/time -v (wall time, peak resident memory):
#   1. import       catalog add tokens.json (a new catalog)
#   2. add          catalog add Card.json (a component using a token through an alias)
#   3. add (2nd)    catalog add Badge.json (an unrelated component using another token)
#   4. render       catalog render Badge
#   5. tokens set   catalog tokens set <the token under Card's alias> 13
#   6. doctor       catalog doctor (whole catalog; only with --doctor)
#   7. sqlite3      sqlite3 .import of the same rows from CSV into a table of the same shape
# and prints a table with CPU time (user + system) beside wall time: on a shared machine the
# CPU time is the steadier figure. Release build of `catalog` (built first unless --no-build).
# --baseline runs the catalog steps with another binary too (an older build, rows labelled
# "before"), in the same run, and prints the after/before ratios.
set -euo pipefail

sizes="100k,1m"
build=1
doctor=0
keep=""
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --doctor) doctor=1; shift ;;
    --keep) keep="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-token-scale: unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ "$build" = 1 ]; then
  swift build -c release --product catalog >&2
fi
catalog="$(swift build -c release --show-bin-path)/catalog"
[ -x "$catalog" ] || { echo "bench-token-scale: no release catalog at $catalog" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "bench-token-scale: sqlite3 is needed" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-token-scale: /usr/bin/time (Debian 'time') is needed" >&2; exit 1; }

work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

# generate N DIR: DIR/tokens.json and DIR/tokens.csv.
# Token g<G>.s<S>.t<T> (T = 0…99), by T mod 10: 0-3, 5 and 8 dimension (px, the group's
# $type), 6 colour (srgb), 7 number, 4 and 9 an alias of t<T-1> (a dimension). T = 8 and
# 58 are math ("{g.s.t0} * 2 + 1"). So 20 % aliases (issue 14 point 9), 2 % math.
# Written compactly, one token a line (1m tokens: about 45 MB, under the 64 MiB a catalog reads).
generate() {
  local n="$1" dir="$2"
  awk -v n="$n" -v json="$dir/tokens.json" -v csv="$dir/tokens.csv" '
  function dim(g, s, t) { return (g * 7 + s * 3 + t) % 64 }
  BEGIN {
    groups = int(n / 10000); if (groups < 1) groups = 1
    inner = int(n / (groups * 100))
    print "set,path,type,value,resolved_value,resolved_points,alias_of" > csv
    printf "{\n" > json
    for (g = 0; g < groups; g++) {
      printf "\"g%d\":{\n", g > json
      for (s = 0; s < inner; s++) {
        printf "\"s%d\":{\"$type\":\"dimension\",\n", s > json
        for (t = 0; t < 100; t++) {
          p = "g" g ".s" s ".t" t
          k = t % 10
          alias = ""
          if (k == 9 || k == 4) {
            type = "dimension"; target = "g" g ".s" s ".t" (t - 1)
            value = "\"{" target "}\""; alias = target
            if (t == 9 || t == 59) { r = dim(g, s, 0) * 2 + 1 } else { r = dim(g, s, t - 1) }
            resolved = "{\"\"value\"\":" r ",\"\"unit\"\":\"\"px\"\"}"; points = r
            csvvalue = "\"{" target "}\""
          } else if (k == 8 && (t == 8 || t == 58)) {
            type = "dimension"; value = "\"{g" g ".s" s ".t0} * 2 + 1\""
            r = dim(g, s, 0) * 2 + 1
            resolved = "{\"\"value\"\":" r ",\"\"unit\"\":\"\"px\"\"}"; points = r
            csvvalue = "\"{g" g ".s" s ".t0} * 2 + 1\""
          } else if (k == 6) {
            type = "color"
            cr = (g * 37 + t) % 256; cg = (s * 11) % 256; cb = (t * 5) % 256
            hex = sprintf("#%02x%02x%02x", cr, cg, cb)
            comps = sprintf("[%.3f,%.3f,%.3f]", cr / 255, cg / 255, cb / 255)
            value = "{\"colorSpace\":\"srgb\",\"components\":" comps ",\"hex\":\"" hex "\"}"
            csvvalue = value; gsub(/"/, "\"\"", csvvalue); csvvalue = "\"" csvvalue "\""
            resolved = value; gsub(/"/, "\"\"", resolved); points = ""
          } else if (k == 7) {
            type = "number"; r = t / 4; value = r
            csvvalue = r; resolved = r; points = r
          } else {
            type = "dimension"; r = dim(g, s, t)
            value = "{\"value\":" r ",\"unit\":\"px\"}"
            csvvalue = "\"{\"\"value\"\":" r ",\"\"unit\"\":\"\"px\"\"}\""
            resolved = "{\"\"value\"\":" r ",\"\"unit\"\":\"\"px\"\"}"; points = r
          }
          typed = (type == "dimension" ? "" : "\"$type\":\"" type "\",")
          printf "\"t%d\":{%s\"$value\":%s}%s\n", t, typed, value, (t < 99 ? "," : "") > json
          printf "bench,%s,%s,%s,\"%s\",%s,%s\n", p, type, csvvalue, resolved, points, alias > csv
        }
        printf "}%s\n", (s < inner - 1 ? "," : "") > json
      }
      printf "}%s\n", (g < groups - 1 ? "," : "") > json
    }
    printf "}\n" > json
  }'
  cat > "$dir/Card.json" <<'EOF'
{ "name": "Card",
  "body": { "type": "VStack", "spacing": "{g0.s1.t9}",
    "children": [ { "type": "Text", "text": "Title" } ],
    "modifiers": [ { "padding": { "length": "{g0.s0.t9}" } } ] } }
EOF
  cat > "$dir/Badge.json" <<'EOF'
{ "name": "Badge",
  "body": { "type": "Text", "text": "New",
    "modifiers": [ { "padding": { "length": "{g0.s2.t3}" } } ] } }
EOF
}

# measure LABEL COMMAND…: runs it under /usr/bin/time -v; prints
# "LABEL<TAB>wall seconds<TAB>peak MiB<TAB>CPU seconds (user + system)".
measure() {
  local label="$1"; shift
  local log="$work/time.log"
  if ! /usr/bin/time -v -o "$log" "$@" >"$work/out.log" 2>"$work/err.log"; then
    echo "bench-token-scale: '$label' failed:" >&2
    tail -5 "$work/err.log" >&2
    printf '%s\tfailed\t-\t-\n' "$label"
    return 0
  fi
  awk -v label="$label" '
    /Elapsed \(wall clock\)/ {
      n = split($NF, a, ":"); s = 0
      for (i = 1; i <= n; i++) s = s * 60 + a[i]
      wall = s
    }
    /User time \(seconds\)/ { cpu += $NF }
    /System time \(seconds\)/ { cpu += $NF }
    /Maximum resident set size/ { rss = $NF / 1024 }
    END { printf "%s\t%.2f\t%.0f\t%.2f\n", label, wall, rss, cpu }' "$log"
}

load="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $load, $(nproc) cores, catalog: $catalog"
printf '%-8s %-34s %9s %9s %9s\n' "tokens" "step" "wall (s)" "peak MiB" "CPU (s)"
IFS=',' read -ra list <<<"$sizes"
for size in "${list[@]}"; do
  case "$size" in
    *k) n=$(( ${size%k} * 1000 )) ;;
    *m) n=$(( ${size%m} * 1000000 )) ;;
    *) n="$size" ;;
  esac
  dir="$work/$size"
  mkdir -p "$dir"
  generate "$n" "$dir"
  rm -f "$dir"/*.db "$dir"/*.db-wal "$dir"/*.db-shm "$dir/walls"
  {
    # The catalog steps, with the baseline binary (prefixed "before") first when given.
    for bin in ${baseline:+"$baseline"} "$catalog"; do
      tag=""; db="$dir/catalog.db"
      if [ -n "$baseline" ] && [ "$bin" = "$baseline" ]; then tag="before "; db="$dir/before.db"; fi
      measure "${tag}import: catalog add tokens.json" "$bin" --db "$db" add "$dir/tokens.json" --set bench
      measure "${tag}add Card (uses an alias)" "$bin" --db "$db" add "$dir/Card.json"
      measure "${tag}add Badge (unrelated)" "$bin" --db "$db" add "$dir/Badge.json"
      measure "${tag}render Badge" "$bin" --db "$db" render Badge
      measure "${tag}tokens set g0.s0.t8 13" "$bin" --db "$db" tokens set g0.s0.t8 13
      if [ "$doctor" = 1 ]; then measure "${tag}doctor" "$bin" --db "$db" doctor; fi
    done
    measure "sqlite3 .import (same rows, CSV)" sqlite3 "$dir/sqlite.db" \
      'CREATE TABLE token ("set" TEXT, path TEXT, type TEXT, value TEXT, resolved_value TEXT, resolved_points REAL, alias_of TEXT, UNIQUE("set", path));' \
      '.mode csv' ".import --skip 1 $dir/tokens.csv token"
  } | while IFS=$'\t' read -r label wall rss cpu; do
    printf '%-8s %-34s %9s %9s %9s\n' "$size" "$label" "$wall" "$rss" "$cpu"
    printf '%s\t%s\t%s\n' "$label" "$wall" "$cpu" >>"$dir/walls"
  done
  awk -F'\t' -v s="$size" '
    /^import/ { iw = $2; ic = $3 }
    /^before import/ { bw = $2; bc = $3 }
    /^tokens set/ { tw = $2; tc = $3 }
    /^before tokens set/ { btw = $2; btc = $3 }
    /^sqlite3/ { sw = $2; sc = $3 }
    function ratio(label, a, b, c, d) {
      if (a != "" && a != "failed" && b > 0 && d > 0)
        printf "%-8s %-34s %8.2f× %19.2f×\n", s, label, a / b, c / d
    }
    END {
      ratio("ratio import / sqlite3", iw, sw, ic, sc)
      ratio("ratio before import / sqlite3", bw, sw, bc, sc)
      ratio("ratio import after / before", iw, bw, ic, bc)
      ratio("ratio tokens set after / before", tw, btw, tc, btc)
    }' "$dir/walls"
  [ -n "$keep" ] || rm -rf "$dir"
done
