import CatalogService

/// What an import warning says about a token, for ``WarningPrinter``: whether the token's
/// value is not computed (it is never hidden behind the limit), not imported at all, or
/// imported after a conversion.
enum ImportWarningKind: CaseIterable, Hashable {
  /// The token is kept but its value is not computed: math or an alias that does not
  /// resolve (`kept, but its value cannot be computed`, a dangling alias kept with
  /// `--allow-dangling`); doctor and lint report it until it computes.
  case uncomputed
  /// The token was skipped (`not imported: …`).
  case notImported
  /// Anything else: a construct converted to DTCG, a note.
  case other

  /// The kind of a warning line, from the wording the token file reader gives each kind
  /// (`TokenFileParser`, `TokenAlias.danglingMessage`, `LegacyTokenConverter`).
  /// - Parameter line: The warning as printed.
  init(_ line: String) {
    if line.contains("cannot be computed") || line.contains(" names no token ") {
      self = .uncomputed
    } else if line.contains("not imported") {
      self = .notImported
    } else {
      self = .other
    }
  }

  /// `3 tokens not imported` for the summary line.
  /// - Parameter count: How many warnings of this kind were hidden.
  /// - Returns: The phrase.
  func counted(_ count: Int) -> String {
    switch self {
    case .uncomputed: return "\(count) not computed"
    case .notImported: return "\(Plural.count(count, "token")) not imported"
    case .other: return "\(count) other"
    }
  }
}
