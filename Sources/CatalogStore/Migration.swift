/// One numbered schema migration: the text of `migrations/NNNN_name.sql`.
///
/// The `.sql` files at the top of the repository are the source of truth.
/// `scripts/generate-migrations.sh` embeds them in `Migrations+Generated.swift` (as
/// ``all``) so the built program needs no resource bundle, and `MigrationTests` proves the
/// two agree byte for byte.
struct Migration: Equatable, Sendable {
  /// The migration's number; `PRAGMA user_version` is set to it when it has run.
  let version: Int
  /// The file name without number and extension (`create_catalog`).
  let name: String
  /// The file's SQL, exactly as written.
  let sql: String
}
