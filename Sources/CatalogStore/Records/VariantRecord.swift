/// A named set of arguments stored with a component (a row of `component_variant`). Added
/// with ``ComponentInput/addVariant(named:arguments:)``, so the memberwise initialiser stays
/// internal.
public struct VariantRecord: Sendable, Equatable {
  /// The variant's name (`no-artist`).
  public var name: String
  /// Its arguments as a JSON object (`{"title": "Intro"}`).
  public var arguments: String
}
