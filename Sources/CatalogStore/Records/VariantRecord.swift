// Same shape as InstanceRecord, ResolverContextRecord and Alignment (two stored properties and the
// public memberwise initialiser Swift does not synthesise, kept because they are different
// rows/values and code outside their module creates them: CatalogService's RecordMapping).
/// A named set of arguments stored with a component (a row of `component_variant`).
public struct VariantRecord: Sendable, Equatable {
  /// The variant's name (`no-artist`).
  public var name: String
  /// Its arguments as a JSON object (`{"title": "Intro"}`).
  public var arguments: String

  /// Creates a variant record.
  ///
  /// - Parameters:
  ///   - name: The variant's name.
  ///   - arguments: Its arguments as JSON object text.
  public init(name: String, arguments: String) {
    self.name = name
    self.arguments = arguments
  }
}
