/// The one rule for a token set's name, checked wherever a set is created or renamed
/// (`add`, `tokens import --set`, `tokens set --set`, a catalog folder's manifest and
/// files, a Tokens Studio file's sets, `tokens sets --rename`): a set becomes a file name
/// in a catalog folder and in exports (`<set>.tokens.json`), so its name must be one safe
/// path component.
public enum TokenSetName {
  /// Why `name` cannot name a token set, or nil when it can.
  ///
  /// Refused: an empty or blank name, a path separator (`/`, `\`, and `:`, which macOS
  /// and Windows treat as one), `..` anywhere, a leading dot (a hidden file), a name of only
  /// dots, a name Windows reserves for a device (`CON`, `PRN`, `AUX`, `NUL`, `COM1`…`COM9`,
  /// `LPT1`…`LPT9`, in any case, alone or before a dot), and the characters
  /// ``NameText/problem(in:)`` refuses in every name (control, zero-width, bidirectional).
  /// - Parameter name: The name, already normalised (NFC).
  /// - Returns: The reason in words, or nil.
  public static func problem(in name: String) -> String? {
    if name.allSatisfy({ $0 == " " || $0 == "\t" }) {
      return "a token set's name may not be empty"
    }
    if name.contains("/") || name.contains("\\") || name.contains(":") {
      return
        "a token set's name may not hold a path separator ('/', '\\' or ':'): it becomes a file name"
    }
    if name.contains("..") || name.hasPrefix(".") {
      return
        "a token set's name may not hold '..' or start with '.': it becomes a file name (a hidden one)"
    }
    let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
    let devices = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })
    if devices.contains(stem.trimmingSuffixSpaces()) {
      return
        "a token set's name may not be '\(stem)', a device name on Windows: it becomes a file name"
    }
    return NameText.problem(in: name)
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
