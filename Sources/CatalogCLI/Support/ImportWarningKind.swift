import CatalogModel
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
    // Byte-wise search: an import of a million tokens may print tens of thousands of
    // warnings (2 % math), and `String.contains(_:)` cost about 60,000 instructions a
    // call (issue 12 point 3). The phrases are ASCII, so a byte match is a text match.
    let bytes = Array(line.utf8)
    if Self.bytes(bytes, contain: "cannot be computed")
      || Self.bytes(bytes, contain: " names no token ")
    {
      self = .uncomputed
    } else if Self.bytes(bytes, contain: "not imported") {
      self = .notImported
    } else {
      self = .other
    }
  }

  /// Whether `haystack` holds the UTF-8 bytes of `needle` (a non-empty ASCII phrase).
  private static func bytes(_ haystack: [UInt8], contain needle: StaticString) -> Bool {
    needle.withUTF8Buffer { needle in
      guard let first = needle.first, needle.count <= haystack.count else { return false }
      var i = 0
      let last = haystack.count - needle.count
      while i <= last {
        if haystack[i] == first {
          var j = 1
          while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
          if j == needle.count { return true }
        }
        i += 1
      }
      return false
    }
  }

  /// `3 tokens not imported` for the summary line.
  /// - Parameter count: How many warnings of this kind were hidden.
  /// - Returns: The phrase.
  func counted(_ count: Int) -> String {
    switch self {
    case .uncomputed: return "\(BoundedList.grouped(count)) not computed"
    case .notImported: return "\(Plural.count(count, "token")) not imported"
    case .other: return "\(BoundedList.grouped(count)) other"
    }
  }

  /// What every hidden warning is when all are of this kind, for the summary line
  /// (`… and 30 more warnings (each a token not imported; …)`); nil for ``other``, which
  /// says nothing the count does not.
  /// - Parameter count: How many warnings were hidden.
  /// - Returns: The phrase, or nil.
  func eachPhrase(_ count: Int) -> String? {
    let each = count == 1 ? "a" : "each a"
    switch self {
    case .uncomputed: return "\(each) value not computed"
    case .notImported: return "\(each) token not imported"
    case .other: return nil
    }
  }
}
