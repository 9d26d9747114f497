// Same shape as VariantRecord, ResolverContextRecord and Alignment (two stored properties and the
// public memberwise initialiser Swift does not synthesise, kept because they are different
// rows/values and code outside their module creates them: CatalogService's RecordMapping).
/// A place where a definition uses another stored component (a row of `component_instance`).
public struct InstanceRecord: Sendable, Equatable {
  /// Where the instance is: `body.children[0]`.
  public var jsonPath: String
  /// The name of the component used (`VSStack`).
  public var instanceOf: String

  /// Creates an instance record.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the instance is in the definition.
  ///   - instanceOf: The component it uses.
  public init(jsonPath: String, instanceOf: String) {
    self.jsonPath = jsonPath
    self.instanceOf = instanceOf
  }
}
