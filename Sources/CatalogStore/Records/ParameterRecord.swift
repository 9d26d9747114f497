/// One of a component's typed inputs (a row of `component_parameter`).
public struct ParameterRecord: Sendable, Equatable {
  /// The parameter's name, an identifier (`title`).
  public var name: String
  /// Its type as the definition writes it (`string`, `length`, `bool`).
  public var type: String
  /// The default value as JSON text (`"Untitled"`, `8`), or `nil` when there is none.
  public var defaultValue: String?
  /// Whether an instance may leave it out without a default (`artist: string?`).
  public var isOptional: Bool

  /// Creates a parameter record.
  ///
  /// - Parameters:
  ///   - name: The parameter's name.
  ///   - type: Its type.
  ///   - defaultValue: The default as JSON text, or `nil`.
  ///   - isOptional: Whether it may be absent.
  public init(name: String, type: String, defaultValue: String? = nil, isOptional: Bool = false) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.isOptional = isOptional
  }
}
