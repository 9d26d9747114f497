import CatalogModel

/// A component that cannot be resolved: which component, the JSON path, and what is wrong.
public struct ResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The component whose definition holds the problem.
  public var component: String
  /// The JSON path inside that definition ("" for the component as a whole).
  public var path: String
  /// What is wrong and what was expected.
  public var message: String

  /// `Component: path: message`.
  public var description: String { DiagnosticText.whereAndWhat([component, path], message) }
}
