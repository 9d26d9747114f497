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

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - check: The check's name.
  ///   - location: Where it is.
  ///   - message: What is wrong.
  public init(check: String, location: String, message: String) {
    self.check = check
    self.location = location
    self.message = message
  }

  /// `check: location: message`, as `catalog doctor` prints it (``DiagnosticText``).
  public var description: String { DiagnosticText.whereAndWhat([check, location], message) }
}
