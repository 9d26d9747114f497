/// The one shape of every "where + what" message: the places from the outermost to the
/// innermost (file and position, component, JSON path), each followed by `: `, then what
/// is wrong — `Card.json:14:21: TrackRow: body.children[1].spacing: unknown token
/// {space.xxl}`, the form compilers print and editors jump to. Definition, resolution,
/// catalog, doctor and Swift bridge diagnostics all describe themselves through it.
public enum DiagnosticText {
  /// `place: place: message`, leaving out places that are nil or empty.
  /// - Parameters:
  ///   - places: Where, outermost first.
  ///   - message: What is wrong and what was expected.
  /// - Returns: The message with its places.
  public static func whereAndWhat(_ places: [String?], _ message: String) -> String {
    let shown = places.compactMap { $0 }.filter { !$0.isEmpty }
    return shown.isEmpty ? message : shown.joined(separator: ": ") + ": " + message
  }

  /// The most characters of a user's text (a value, a condition) a message echoes.
  public static let excerptLength = 80

  /// `text` as a message echoes it: whole when short, else its first ``excerptLength``
  /// characters, "…" and its length (a 100 KB condition or a value of 50,000 minus signs
  /// must not flood the terminal). The one shortening rule for quoted user text.
  /// - Parameter text: The text as written.
  /// - Returns: The text, or its start followed by `… (N characters)`.
  public static func excerpt(_ text: String) -> String {
    // Counted in UTF-8 bytes first: a short text is returned without walking Characters.
    if text.utf8.count <= excerptLength { return text }
    let count = text.count
    return count <= excerptLength ? text : "\(text.prefix(excerptLength))… (\(count) characters)"
  }

  /// The places alone, joined by `: ` (empty when none is known).
  /// - Parameter places: Where, outermost first.
  /// - Returns: The joined places.
  public static func place(_ places: [String?]) -> String {
    places.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
  }
}
