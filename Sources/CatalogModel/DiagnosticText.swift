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

  /// The places alone, joined by `: ` (empty when none is known).
  /// - Parameter places: Where, outermost first.
  /// - Returns: The joined places.
  public static func place(_ places: [String?]) -> String {
    places.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
  }
}
