#!/usr/bin/env bash
# Builds catalog.db.example from the definitions in examples/.
#
#   scripts/build-example-catalog.sh [path-to-catalog-binary]
#
# The catalog is written to a temporary file and moved into place, checkpointed into a
# single file (no -wal/-shm beside it). A test (ExampleCatalogTests) checks that the file
# holds exactly what examples/ defines; run this script after changing examples/.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then
  swift build --product catalog >&2
  bin="$(swift build --show-bin-path)/catalog"
fi
# Built beside catalog.db.example, so each token set's recorded source is relative to the
# catalog's folder (examples/tokens/spacing.tokens.json), not a path of this machine.
db="$PWD/.catalog.db.example.$$"
trap 'rm -f "$db" "$db-wal" "$db-shm"' EXIT
"$bin" --db "$db" init >/dev/null
"$bin" --db "$db" add examples/tokens/*.tokens.json examples/components/*.json >/dev/null
# Density modes (a DTCG Resolver document): render --input density=compact.
"$bin" --db "$db" add examples/tokens/*.resolver.json >/dev/null
# The lint demonstration: a component and tokens with planted problems (README, "Lint");
# its broken variant does not render, so add saves it only with --force.
"$bin" --db "$db" add --force examples/lint/*.tokens.json examples/lint/*.json >/dev/null
# One self-contained file: fold the WAL back in. The file stays in WAL mode, as catalog
# leaves every catalog it opens, so rendering from it (the README's first command) does
# not change a byte of the checked-in file.
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
mv "$db" catalog.db.example
echo "wrote catalog.db.example"
