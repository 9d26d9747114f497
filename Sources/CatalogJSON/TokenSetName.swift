/// The one rule for a token set's name, checked wherever a set is created or renamed
/// (`add`, `tokens import --set`, `tokens set --set`, a catalog folder's manifest and
/// files, a Tokens Studio file's sets, `tokens sets --rename`): a set becomes a file name
/// in a catalog folder and in exports (`<set>.tokens.json`), so its name must be a safe
/// relative path.
///
/// Tokens Studio names sets with `/` (`themes/dark`) and shows them as folders; a catalog
/// keeps such a name as it is and a catalog folder writes it as a folder
/// (`tokens/themes/dark.tokens.json`), so each `/`-separated segment must be one safe file
/// name. Two names that differ only in case (`b` and `B`, or the folders of `themes/dark`
/// and `Themes/light`) would be one file or folder on a case-insensitive file system
/// (macOS, Windows), so a new name may not clash that way with an existing one.
public enum TokenSetName {
  /// Why `name` cannot name a token set, or nil when it can.
  ///
  /// Refused: an empty or blank name, one longer than ``maximumLength`` characters or
  /// starting or ending with a space or another Unicode White_Space character, a `\` or `:` (path separators on Windows and, `:`,
  /// in macOS's Finder), an empty `/` segment (a leading or trailing `/`, `//`), a segment
  /// that is `..` or starts with `.` (a hidden file), a segment holding a character
  /// Windows reserves (`<`, `>`, `"`, `|`, `?`, `*`) or ending with `.` or a space, a
  /// segment Windows reserves for a device (`CON`, `PRN`, `AUX`, `NUL`, `COM1`…`COM9`,
  /// `LPT1`…`LPT9`, `COM¹`…, in any case, alone or before a dot), the characters ``NameText/problem(in:)`` refuses in every name
  /// (control, zero-width, bidirectional), and a name whose file or folder would be the
  /// same as an existing set's on a case-insensitive file system
  /// (``caseClash(of:with:)``).
  /// - Parameters:
  ///   - name: The name, already normalised (NFC).
  ///   - existing: The names of the sets the catalog (or the file) already has; the set
  ///     itself may be among them.
  /// - Returns: The reason in words, or nil.
  public static func problem(in name: String, existing: some Sequence<String> = [String]())
    -> String?
  {
    if isBlank(name) {
      return "a token set's name may not be empty"
    }
    if name.contains("\\") || name.contains(":") {
      return
        "a token set's name may not hold '\\' or ':' (path separators on Windows and macOS): it becomes a file name"
    }
    let segments = name.split(separator: "/", omittingEmptySubsequences: false)
    if segments.contains(where: \.isEmpty) {
      return
        "a token set's name may use '/' only between folder names (as Tokens Studio does: 'themes/dark'), never at its start or end or twice in a row: it becomes a file path"
    }
    if let problem = lengthOrSpaceProblem(in: name, kind: "a token set") { return problem }
    for segment in segments {
      if segment.contains("..") || segment.hasPrefix(".") {
        return
          "a token set's name may not hold '..' or start a name or folder with '.': it becomes a file name (a hidden one)"
      }
      if let problem = windowsProblem(in: segment, kind: "a token set") { return problem }
    }
    if let problem = NameText.problem(in: name) { return problem }
    return caseClash(of: name, with: existing)
  }

  /// The Windows device name a file name starts with (`CON`, `con.json`, `Lpt1`), upper
  /// case, or nil: Windows cannot create such a file (Microsoft, "Naming Files, Paths, and
  /// Namespaces"). The one device rule for every name that becomes a file name: token sets,
  /// components, resolver documents.
  /// - Parameter fileName: One file or folder name (no `/`).
  /// - Returns: The device name, or nil.
  public static func windowsDevice(in fileName: some StringProtocol) -> String? {
    let stem = fileName.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
    let trimmed = stem.trimmingSuffixSpaces()
    return devices.contains(trimmed) ? trimmed : nil
  }

  /// Why `name` cannot be one file name for `kind` (a resolver document, written as
  /// `resolvers/NAME.resolver.json`), or nil: empty or blank, longer than
  /// ``maximumLength`` or starting or ending with a space, a `/`, `\` or `:`, `..` or a
  /// leading `.`, a character Windows reserves or a trailing `.`, a Windows device name, or
  /// the characters ``NameText/problem(in:)`` refuses. The token set rule, ``problem(in:existing:)``, also allows folders.
  /// - Parameters:
  ///   - name: The name, already normalised (NFC).
  ///   - kind: What is named, for the message (`a resolver document`).
  /// - Returns: The reason in words, or nil.
  public static func fileNameProblem(in name: String, kind: String) -> String? {
    if isBlank(name) { return "\(kind)'s name may not be empty" }
    if name.contains("/") || name.contains("\\") || name.contains(":") {
      return "\(kind)'s name may not hold '/', '\\' or ':': it becomes a file name"
    }
    if name.contains("..") || name.hasPrefix(".") {
      return "\(kind)'s name may not hold '..' or start with '.': it becomes a file name"
    }
    if let problem = lengthOrSpaceProblem(in: name, kind: kind) { return problem }
    if let problem = windowsProblem(in: name, kind: kind) { return problem }
    return NameText.problem(in: name)
  }

  /// The longest name, in characters (the catalog's CHECK constraints
  /// `token_set_name_is_not_empty` and `resolver_document_name_is_not_empty`).
  public static let maximumLength = 128

  /// Why `name` is too long or starts or ends with a space or any other Unicode
  /// White_Space character (U+00A0 no-break space, U+2003 em space, U+3000 ideographic
  /// space: invisible at the edge of a file name, so `\u{A0}dark` would look like `dark`),
  /// or nil. Only new names are checked: a stored name keeps working.
  private static func lengthOrSpaceProblem(in name: String, kind: String) -> String? {
    if name.count > maximumLength {
      return "\(kind)'s name may be at most \(maximumLength) characters long; it has \(name.count)"
    }
    for edge in [name.unicodeScalars.first, name.unicodeScalars.last] {
      guard let edge, edge.properties.isWhitespace else { continue }
      let what = edge == " " ? "a space" : "a blank character (\(NameText.codePoint(edge)))"
      return "\(kind)'s name may not start or end with \(what)"
    }
    return nil
  }

  /// Whether `name` is empty or only Unicode White_Space.
  private static func isBlank(_ name: String) -> Bool {
    name.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// Why one file or folder name cannot be created on Windows (Microsoft, "Naming Files,
  /// Paths, and Namespaces"), or nil: a character Windows reserves (`<`, `>`, `"`, `|`,
  /// `?`, `*`), a trailing `.` or space (Windows drops it, so `a.` and `a` are one file),
  /// or a device name (``windowsDevice(in:)``).
  private static func windowsProblem(in fileName: some StringProtocol, kind: String) -> String? {
    if let c = fileName.first(where: { "<>\"|?*".contains($0) }) {
      return
        "\(kind)'s name may not hold '\(c)' (Windows reserves <, >, \", |, ? and * in file names): it becomes a file name"
    }
    if fileName.last == "." || fileName.last == " " {
      return
        "\(kind)'s name may not end a name or folder with '.' or a space (Windows drops them from file names): it becomes a file name"
    }
    if let device = windowsDevice(in: fileName) {
      return
        "\(kind)'s name may not be '\(device)', a device name on Windows: it becomes a file name"
    }
    return nil
  }

  /// The Windows device names (Microsoft, "Naming Files, Paths, and Namespaces").
  /// Windows also reserves `COM¹`, `COM²`, `COM³` and the same `LPT` names (superscript
  /// digits; `"COM¹".uppercased()` keeps them).
  private static let devices = Set(
    ["CON", "PRN", "AUX", "NUL"]
      + (Array(1...9).map(String.init) + ["\u{B9}", "\u{B2}", "\u{B3}"]).flatMap {
        ["COM\($0)", "LPT\($0)"]
      })

  /// Why `name` would clash with an existing set's file or folder on a case-insensitive
  /// file system, naming the existing set, or nil.
  ///
  /// `b` clashes with `B` (both `tokens/b.tokens.json`), and `Themes/light` with
  /// `themes/dark` (the folders `tokens/Themes` and `tokens/themes` are one); `themes` and
  /// `themes/dark` do not (a file and a folder). The set's own name does not clash.
  /// - Parameters:
  ///   - name: The new name.
  ///   - existing: The names already taken.
  /// - Returns: The reason in words, or nil.
  public static func caseClash(of name: String, with existing: some Sequence<String>) -> String? {
    let segments = name.split(separator: "/").map(String.init)
    for other in existing where other != name {
      let otherSegments = other.split(separator: "/").map(String.init)
      // The file itself (same depth), or a folder above it (every segment but the last).
      if segments.count == otherSegments.count,
        name.lowercased() == other.lowercased()
      {
        return
          "a token set '\(other)' exists, and '\(name)' differs from it only in case: their files would be one on a case-insensitive file system (macOS, Windows); use the existing name, or rename it first (catalog tokens sets --rename)"
      }
      for depth in 1..<max(1, min(segments.count, otherSegments.count)) {
        let mine = segments.prefix(depth).joined(separator: "/")
        let theirs = otherSegments.prefix(depth).joined(separator: "/")
        if mine != theirs, mine.lowercased() == theirs.lowercased() {
          return
            "a token set '\(other)' exists, and the folder '\(mine)' of '\(name)' differs from its folder '\(theirs)' only in case: they would be one folder on a case-insensitive file system (macOS, Windows); spell the folder '\(theirs)'"
        }
      }
    }
    return nil
  }
}

extension String {
  /// The text without trailing spaces (Windows ignores them in file names).
  fileprivate func trimmingSuffixSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
