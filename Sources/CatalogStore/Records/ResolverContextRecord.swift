/// One context of a stored modifier (`compact` of `density`). Only the store creates one
/// (``ResolverModifierRecord/appendContext(named:tokenCount:)``), so its memberwise
/// initialiser stays internal.
public struct ResolverContextRecord: Sendable, Equatable {
  /// The context's name.
  public var name: String
  /// How many tokens its sources define.
  public var tokenCount: Int
}
