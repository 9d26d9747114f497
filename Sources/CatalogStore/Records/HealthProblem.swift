import CatalogModel

/// One thing `catalog doctor` found wrong with a catalog file.
///
/// Each problem names the check that found it (``check``), where it is (a table and row,
/// a component and JSON path, a token path) and what is wrong, in words.
public struct HealthProblem: Sendable, Equatable, CustomStringConvertible {
  /// The check that found it: `integrity`, `foreign-keys`, `schema`, `missing-token`,
  /// `missing-component`, `missing-alias` or (from the command line, which can parse
  /// definitions) `definition`.
  public var check: String
  /// Where: `TrackRow body.children[0].modifiers[0].padding.length`, `token space.md`,
  /// `table component_length`; empty for the whole file.
  public var location: String
  /// What is wrong, as a sentence without a final period.
  public var message: String
  /// A warning, not an error: the catalog is as a command deliberately left it (an alias
  /// kept by `--allow-dangling` that names no token yet); `doctor` lists it and still
  /// exits 0 when there is nothing else.
  public var isWarning: Bool

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - check: The check's name.
  ///   - location: Where it is.
  ///   - message: What is wrong.
  ///   - isWarning: A warning rather than an error.
  public init(check: String, location: String, message: String, isWarning: Bool = false) {
    self.check = check
    self.location = location
    self.message = message
    self.isWarning = isWarning
  }

  /// The one `schema` problem: a file whose schema version is not this build's, older
  /// (`catalog init` migrates it) or newer (a newer catalog wrote it).
  /// - Parameters:
  ///   - found: The file's schema version.
  ///   - current: This build's schema version (``CatalogStore/latestSchemaVersion``).
  ///   - othersSkipped: Whether the other checks were skipped because of it (said in the
  ///     message).
  /// - Returns: The problem.
  public static func schema(found: Int, current: Int, othersSkipped: Bool) -> HealthProblem {
    let message =
      found < current
      ? "schema version \(found) is older than this catalog's \(current); run `catalog init` to upgrade it\(othersSkipped ? " (the other checks need the current schema)" : "")"
      : "schema version \(found) is newer than this catalog's \(current); upgrade catalog\(othersSkipped ? " (the other checks need a schema it knows)" : "")"
    return HealthProblem(check: "schema", location: "", message: message)
  }

  /// Why a reference (a whole-value alias, a math operand, a composite member) names no
  /// token, in words that are true whatever left it so, from the token's history: a token
  /// with that path existed and was removed (`tokens remove --force`, a rename, `--prune
  /// --force`), or none was ever saved (an import kept the reference with
  /// `--allow-dangling`, or a forced change). `doctor`'s one wording for every such
  /// warning.
  /// - Parameters:
  ///   - target: The token path the reference names.
  ///   - removed: Whether the token history holds a removal of `target`.
  /// - Returns: A clause for the warning.
  public static func danglingReason(_ target: String, removed: Bool) -> String {
    removed
      ? "a token {\(target)} existed and was removed (`catalog tokens history \(target)` shows when)"
      : "no token {\(target)} has ever been saved in this catalog (an import kept the reference with --allow-dangling, or a change was forced)"
  }

  /// `check: location: message`, as `catalog doctor` prints it (``DiagnosticText``).
  public var description: String { DiagnosticText.whereAndWhat([check, location], message) }
}
