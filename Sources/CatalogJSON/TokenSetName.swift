/// The one rule for a token set's name, checked wherever a set is created or renamed
/// (`add`, `tokens import --set`, `tokens set --set`, a catalog folder's manifest and
/// files, a Tokens Studio file's sets, `tokens sets --rename`): a set becomes a file name
/// in a catalog folder and in exports (`<set>.tokens.json`), so its name must be one safe
/// path component.
public enum TokenSetName {
  /// Why `name` cannot name a token set, or nil when it can.
  ///
  /// Refused: an empty or blank name, a path separator (`/`, `\`), `..` anywhere, a name
  /// of only dots, and the characters ``NameText/problem(in:)`` refuses in every name
  /// (control, zero-width, bidirectional).
  /// - Parameter name: The name, already normalised (NFC).
  /// - Returns: The reason in words, or nil.
  public static func problem(in name: String) -> String? {
    if name.allSatisfy({ $0 == " " || $0 == "\t" }) {
      return "a token set's name may not be empty"
    }
    if name.contains("/") || name.contains("\\") {
      return
        "a token set's name may not hold a path separator ('/' or '\\'): it becomes a file name"
    }
    if name.contains("..") || name.allSatisfy({ $0 == "." }) {
      return "a token set's name may not hold '..' or be only dots: it becomes a file name"
    }
    return NameText.problem(in: name)
  }
}
