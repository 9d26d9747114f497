#!/usr/bin/env bash
# Embeds the migrations in Swift so the built `catalog` works when copied away from the
# build folder (SwiftPM's Bundle.module would stop the program if its resource bundle is
# missing).
#
# Reads migrations/NNNN_name.sql (the source of truth) and writes
# Sources/CatalogStore/Migrations+Generated.swift. Run it after adding or changing a
# migration:
#
#   scripts/generate-migrations.sh          # write the Swift file
#   scripts/generate-migrations.sh --check  # exit 1 if the Swift file is out of date
#
# The output is already in the house style (`scripts/format-lint` leaves it unchanged), so
# formatting the tree does not make `--check` fail.
#
# The test `MigrationTests` also proves the embedded SQL equals the files byte for byte.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
migrations="$root/migrations"
output="$root/Sources/CatalogStore/Migrations+Generated.swift"
check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: scripts/generate-migrations.sh [--check]" >&2; exit 64 ;;
esac

fail() { echo "generate-migrations: $*" >&2; exit 1; }

shopt -s nullglob
files=("$migrations"/*.sql)
[ ${#files[@]} -gt 0 ] || fail "no .sql files in migrations/"

generated="$(mktemp)"
trap 'rm -f "$generated"' EXIT

{
  echo "// GENERATED FILE: do not edit."
  echo "//"
  echo "// Written by scripts/generate-migrations.sh from migrations/*.sql, the source of"
  echo "// truth. To change the schema, add a migrations/NNNN_name.sql file and run the script"
  echo "// again; MigrationTests fails when this file and the .sql files differ."
  echo "//"
  echo "// Same shape as each other: a migration that rebuilds a table (token_cheaper_checks) repeats"
  echo "// its columns and creates again the views that read it (token_resolved, token_usage), as"
  echo "// do the revision tables' change and saved_at columns; kept because SQLite has no shared"
  echo "// definitions and a migration stays as it was applied."
  echo ""
  echo "extension Migration {"
  echo "  /// Every migration in \`migrations/\`, in order (generated)."
  echo "  static let all: [Migration] = ["
} >"$generated"

expected=1
for file in "${files[@]}"; do
  base="$(basename "$file")"
  [[ "$base" =~ ^([0-9]{4})_([a-z0-9_]+)\.sql$ ]] \
    || fail "$base: name migrations NNNN_snake_case_name.sql"
  version=$((10#${BASH_REMATCH[1]}))
  name="${BASH_REMATCH[2]}"
  [ "$version" -eq "$expected" ] \
    || fail "$base: expected migration number $(printf '%04d' "$expected") (no gaps, no repeats)"
  expected=$((expected + 1))
  if LC_ALL=C grep -q $'\r' "$file"; then fail "$base: use LF line endings"; fi
  iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1 || fail "$base: not UTF-8"

  # A raw string literal keeps backslashes and quotes as they are. Use enough '#' that the
  # file cannot close the literal or start an interpolation.
  hashes="#"
  while grep -qF -- "\"\"\"$hashes" "$file" || grep -qF -- "\\$hashes" "$file"; do
    hashes="$hashes#"
  done
  {
    echo "    Migration("
    echo "      version: $version,"
    echo "      name: \"$name\","
    echo "      sql: $hashes\"\"\""
    # Indented as `swift format` indents a literal (8 spaces, blank lines left empty), so
    # the generated file is already formatted; Swift removes the closing delimiter's
    # indentation from every line, so the literal still equals the file byte for byte.
    sed 's/^./        &/' "$file"
    # The newline before the closing delimiter is not part of the literal.
    echo ""
    echo "        \"\"\"$hashes),"
  } >>"$generated"
done

{
  echo "  ]"
  echo "}"
} >>"$generated"

if $check; then
  cmp -s "$generated" "$output" || fail "$output is out of date; run scripts/generate-migrations.sh"
else
  cat "$generated" >"$output"
  echo "wrote ${output#"$root"/} ($((expected - 1)) migrations)"
fi
