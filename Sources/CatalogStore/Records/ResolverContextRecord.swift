// Same shape as InstanceRecord, VariantRecord and Alignment (two stored properties and the public
// memberwise initialiser Swift does not synthesise, kept because they are different rows/values and
// code outside their module creates them: CatalogService counts a context's tokens).
/// One context of a stored modifier (`compact` of `density`).
public struct ResolverContextRecord: Sendable, Equatable {
  /// The context's name.
  public var name: String
  /// How many tokens its sources define.
  public var tokenCount: Int

  /// Creates a record.
  /// - Parameters:
  ///   - name: The context's name.
  ///   - tokenCount: Tokens its sources define.
  public init(name: String, tokenCount: Int) {
    self.name = name
    self.tokenCount = tokenCount
  }
}
