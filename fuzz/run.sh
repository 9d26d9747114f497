#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a bounded time.
#
#   fuzz/run.sh TARGET SECONDS [libFuzzer options…]
#
# SECONDS = 0 builds the target and runs the seeds and past findings once, then stops
# (what CI does, so the targets keep compiling and old findings stay fixed).
#
# TARGET is `definition` (CatalogModel: JSON parser, definition parser, JSON writer and
# diff; fuzz/DefinitionParserFuzzer.swift), `tokens` (CatalogTokens: JSON/JSON5/YAML
# token files, the DTCG parser and alias resolution; fuzz/TokenImporterFuzzer.swift),
# `condition` (the `when` parser; fuzz/ConditionParserFuzzer.swift), `math` (token math;
# fuzz/TokenMathFuzzer.swift), `json5`, `yaml` (the token-file readers;
# fuzz/JSON5ReaderFuzzer.swift: CatalogJSON's parser in its JSON5 dialect; fuzz/YAMLReaderFuzzer.swift) or `resolver` (DTCG resolver
# documents; fuzz/ResolverDocumentFuzzer.swift).
#
# The targets are compiled with `swiftc -sanitize=fuzzer,address` straight from the
# package's sources (not through SwiftPM, whose test builds cannot link libFuzzer's main),
# into $FUZZ_BUILD (default /tmp/catalog-fuzz). The working corpus starts from
# fuzz/seeds/TARGET and grows in $FUZZ_BUILD/corpus-TARGET, outside the repository.
# Inputs that crash are written to fuzz/findings/TARGET-crash-…; each one found so far is
# kept as a regression test in Tests/CatalogModelTests/FuzzFindingTests.swift (inputs
# in bad-inputs/fuzz/). Needs: the Swift toolchain (its clang runtime ships libFuzzer)
# and libyaml-dev. Run it with `nice` on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:-}"
seconds="${2:-}"
targets="definition, tokens, condition, math, json5, yaml or resolver"
if [ -z "$target" ] || [ -z "$seconds" ]; then
  echo "usage: fuzz/run.sh definition|tokens|condition|math|json5|yaml|resolver SECONDS [libFuzzer options…]" >&2
  exit 64
fi
shift 2
case "$target" in
  definition) entry=fuzz/DefinitionParserFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel) ;;
  tokens) entry=fuzz/TokenImporterFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel CatalogTokens) ;;
  condition) entry=fuzz/ConditionParserFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel) ;;
  math) entry=fuzz/TokenMathFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel CatalogTokens) ;;
  json5) entry=fuzz/JSON5ReaderFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON) ;;
  yaml) entry=fuzz/YAMLReaderFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel CatalogTokens) ;;
  resolver) entry=fuzz/ResolverDocumentFuzzer.swift; modules=(CatalogSystem CatalogEscaping CatalogJSON CatalogModel CatalogTokens) ;;
  *) echo "error: unknown target '$target' ($targets)" >&2; exit 64 ;;
esac
case "$seconds" in
  ''|*[!0-9]*) echo "error: SECONDS must be a whole number, got '$seconds'" >&2; exit 64 ;;
esac

build="${FUZZ_BUILD:-/tmp/catalog-fuzz}/$target"
mkdir -p "$build" "fuzz/findings" "${FUZZ_BUILD:-/tmp/catalog-fuzz}/corpus-$target"
corpus="${FUZZ_BUILD:-/tmp/catalog-fuzz}/corpus-$target"
flags=(-sanitize=fuzzer,address -parse-as-library -package-name catalog -O -g -I "$build" -I Sources/CYAML)

objects=()
for module in "${modules[@]}"; do
  echo "compiling $module…" >&2
  swiftc "${flags[@]}" -wmo -module-name "$module" -emit-module \
    -emit-module-path "$build/$module.swiftmodule" \
    -c Sources/"$module"/*.swift -o "$build/$module.o"
  objects+=("$build/$module.o")
done
echo "linking $target fuzzer…" >&2
swiftc "${flags[@]}" -module-name "${target}Fuzzer" "$entry" "${objects[@]}" -lyaml \
  -o "$build/fuzzer"

limit=(-max_total_time="$seconds")
if [ "$seconds" = 0 ]; then
  limit=(-runs=0)
  corpus="$build/ci-corpus"
  rm -rf "$corpus" && mkdir -p "$corpus"
fi
echo "fuzzing $target for $seconds s (corpus $corpus)…" >&2
exec "$build/fuzzer" "$corpus" "fuzz/seeds/$target" "bad-inputs/fuzz" \
  "${limit[@]}" -timeout=20 -rss_limit_mb=4096 -max_len="${FUZZ_MAX_LEN:-65536}" \
  -artifact_prefix="fuzz/findings/$target-" -print_final_stats=1 "$@"
