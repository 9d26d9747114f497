/// One modifier of a stored resolver document (Resolver §4.1.5): its contexts in order and
/// its default.
public struct ResolverModifierRecord: Sendable, Equatable {
  /// The modifier's name (`density`).
  public var name: String
  /// Its description, if any.
  public var description: String?
  /// The default context, or nil when an input is required.
  public var defaultContext: String?
  /// The contexts in document order, each with the number of tokens its sources define.
  public var contexts: [ResolverContextRecord]

  /// Creates a record.
  /// - Parameters:
  ///   - name: The modifier's name.
  ///   - description: Its description.
  ///   - defaultContext: Its default context.
  ///   - contexts: Its contexts in order.
  public init(
    name: String, description: String? = nil, defaultContext: String?,
    contexts: [ResolverContextRecord]
  ) {
    self.name = name
    self.description = description
    self.defaultContext = defaultContext
    self.contexts = contexts
  }
}
