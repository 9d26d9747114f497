/// The character classes `trimmed(_:)` strips, as Foundation's `CharacterSet` defines them
/// (Apple's CharacterSet documentation): `whitespaces` is Unicode general category Zs and
/// the tab; `newlines` is U+000A–U+000D, U+0085, U+2028 and U+2029.
package enum TrimmedCharacters: Sendable {
  /// Category Zs and U+0009 (Foundation's `.whitespaces`).
  case whitespaces
  /// U+000A–U+000D, U+0085, U+2028, U+2029 (Foundation's `.newlines`).
  case newlines
  /// Both (Foundation's `.whitespacesAndNewlines`).
  case whitespacesAndNewlines

  /// Whether `scalar` is in the class.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: `true` when it is stripped.
  package func contains(_ scalar: Unicode.Scalar) -> Bool {
    let space = scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    let newline =
      (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85
      || scalar.value == 0x2028 || scalar.value == 0x2029
    switch self {
    case .whitespaces: return space
    case .newlines: return newline
    case .whitespacesAndNewlines: return space || newline
    }
  }
}

extension StringProtocol {
  /// The text without the leading and trailing scalars of `characters`, as Foundation's
  /// `trimmingCharacters(in:)` with the matching `CharacterSet`, without Foundation
  /// (issue 17, point 4).
  ///
  /// - Parameter characters: The class to strip at both ends.
  /// - Returns: The trimmed text.
  package func trimmed(_ characters: TrimmedCharacters) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !characters.contains($0) }),
      let last = scalars.lastIndex(where: { !characters.contains($0) })
    else { return "" }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
  }
}
