/// An invalid component definition: which component, where (file, line and column when
/// known, and the JSON path inside the definition) and what was expected.
///
/// Its description reads like a compiler diagnostic:
/// `Card.json:14:21: TrackRow: body.children[1].modifiers[0].padding.length: unknown token {space.xxl}`.
public struct DefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The component's name, when known.
  public var component: String?
  /// The file and position, as `file:line:column`, when known.
  public var location: String?
  /// The JSON path of the offending value inside the definition.
  public var path: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - component: The component's name, if known.
  ///   - location: `file:line:column`, if known.
  ///   - path: The JSON path.
  ///   - message: What is wrong and what was expected.
  public init(component: String?, location: String? = nil, path: String, message: String) {
    self.component = component
    self.location = location
    self.path = path
    self.message = message
  }

  /// `location: component: path: message`, leaving out what is unknown.
  public var description: String {
    DiagnosticText.whereAndWhat([location, component, path], message)
  }
}
