/// What `catalog list` shows of a stored component: its `component` row without the
/// definition, with its `component_parameter` and `component_variant` rows.
public struct ComponentSummaryRecord: Sendable, Equatable {
  /// The component's name.
  public var name: String
  /// Its description, or `nil`.
  public var description: String?
  /// The revision of the stored definition (1 or more).
  public var revision: Int
  /// Its parameters, in the order the definition declares them.
  public var parameters: [ParameterRecord]
  /// The names of its variants, in the order the definition lists them.
  public var variantNames: [String]

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - name: The component's name.
  ///   - description: Its description, or `nil`.
  ///   - revision: The revision number.
  ///   - parameters: Its parameters, in order.
  ///   - variantNames: Its variants' names, in order.
  public init(
    name: String, description: String?, revision: Int, parameters: [ParameterRecord],
    variantNames: [String]
  ) {
    self.name = name
    self.description = description
    self.revision = revision
    self.parameters = parameters
    self.variantNames = variantNames
  }
}
