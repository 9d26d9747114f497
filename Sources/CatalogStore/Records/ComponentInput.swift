/// Everything ``CatalogStore/saveComponent(_:expectedRevision:isRevert:)`` writes for one
/// component: its definition and the rows a caller derived from it.
///
/// The store does not read the definition; the caller (the CLI, after parsing and
/// checking it) fills ``parameters``, ``variants``, ``lengths`` and ``instances`` so
/// `sqlite3` users can query them.
public struct ComponentInput: Sendable, Equatable {
  /// The component's name, an identifier (`TrackRow`).
  public var name: String
  /// A one-line description, or `nil`.
  public var description: String?
  /// The definition as JSON text; must be a JSON object.
  public var definition: String
  /// The parameters, in the order the definition lists them.
  public var parameters: [ParameterRecord]
  /// The variants, in the order the definition lists them.
  public var variants: [VariantRecord]
  /// Every length written in the definition.
  public var lengths: [LengthRecord]
  /// Every place the definition uses another stored component.
  public var instances: [InstanceRecord]

  /// Creates the input for one save.
  ///
  /// - Parameters:
  ///   - name: The component's name, an identifier.
  ///   - description: A one-line description, or `nil`.
  ///   - definition: The definition as JSON text (a JSON object).
  ///   - parameters: The parameters, in order.
  ///   - variants: The variants, in order.
  ///   - lengths: Every length written in the definition.
  ///   - instances: Every use of another stored component.
  public init(
    name: String, description: String? = nil, definition: String,
    parameters: [ParameterRecord] = [], variants: [VariantRecord] = [],
    lengths: [LengthRecord] = [], instances: [InstanceRecord] = []
  ) {
    self.name = name
    self.description = description
    self.definition = definition
    self.parameters = parameters
    self.variants = variants
    self.lengths = lengths
    self.instances = instances
  }
}
