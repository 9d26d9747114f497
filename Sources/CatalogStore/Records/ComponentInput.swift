/// Everything ``CatalogStore/saveComponent(_:expectedRevision:isRevert:)`` writes for one
/// component: its definition and the rows a caller derived from it.
///
/// The store does not read the definition; the caller (CatalogService, after parsing and
/// checking it) fills ``parameters``, ``lengths`` and ``tokens`` and adds the variants and instances
/// (``addVariant(named:arguments:)``, ``addInstance(at:of:)``) so `sqlite3` users can query
/// them.
public struct ComponentInput: Sendable, Equatable {
  /// The component's name, an identifier (`TrackRow`).
  public var name: String
  /// A one-line description, or `nil`.
  public var description: String?
  /// The definition as JSON text; must be a JSON object.
  public var definition: String
  /// The parameters, in the order the definition lists them.
  public var parameters: [ParameterRecord]
  /// The variants, in the order the definition lists them (``addVariant(named:arguments:)``).
  public internal(set) var variants: [VariantRecord] = []
  /// Every length written in the definition.
  public var lengths: [LengthRecord]
  /// Every token the definition names, of every type (``TokenUseRecord/records(of:)``).
  public var tokens: [TokenUseRecord] = []
  /// Every place the definition uses another stored component (``addInstance(at:of:)``).
  public internal(set) var instances: [InstanceRecord] = []

  /// Creates the input for one save.
  ///
  /// - Parameters:
  ///   - name: The component's name, an identifier.
  ///   - description: A one-line description, or `nil`.
  ///   - definition: The definition as JSON text (a JSON object).
  ///   - parameters: The parameters, in order.
  ///   - lengths: Every length written in the definition.
  ///   - tokens: Every token the definition names, of every type.
  public init(
    name: String, description: String? = nil, definition: String,
    parameters: [ParameterRecord] = [], lengths: [LengthRecord] = [],
    tokens: [TokenUseRecord] = []
  ) {
    self.name = name
    self.description = description
    self.definition = definition
    self.parameters = parameters
    self.lengths = lengths
    self.tokens = tokens
  }

  /// Adds a variant after those already added (the definition's order).
  /// - Parameters:
  ///   - name: The variant's name (`no-artist`).
  ///   - arguments: Its arguments as JSON object text (`{"title": "Intro"}`).
  public mutating func addVariant(named name: String, arguments: String) {
    variants.append(VariantRecord(name: name, arguments: arguments))
  }

  /// Adds a place where the definition uses another stored component.
  /// - Parameters:
  ///   - jsonPath: Where the instance is in the definition (`body.children[0]`).
  ///   - component: The name of the component used (`VSStack`).
  public mutating func addInstance(at jsonPath: String, of component: String) {
    instances.append(InstanceRecord(jsonPath: jsonPath, instanceOf: component))
  }
}
