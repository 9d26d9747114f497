/// One modifier of a stored resolver document (Resolver §4.1.5): its contexts in order and
/// its default.
public struct ResolverModifierRecord: Sendable, Equatable {
  /// The modifier's name (`density`).
  public var name: String
  /// Its description, if any.
  public var description: String?
  /// The default context, or nil when an input is required.
  public var defaultContext: String?
  /// The contexts in document order, each with the number of tokens its sources define
  /// (added with ``appendContext(named:tokenCount:)``).
  public internal(set) var contexts: [ResolverContextRecord] = []

  /// Creates a record with no contexts yet; add them in document order with
  /// ``appendContext(named:tokenCount:)``.
  /// - Parameters:
  ///   - name: The modifier's name.
  ///   - description: Its description.
  ///   - defaultContext: Its default context.
  public init(name: String, description: String? = nil, defaultContext: String?) {
    self.name = name
    self.description = description
    self.defaultContext = defaultContext
  }

  /// Adds the modifier's next context, in document order.
  /// - Parameters:
  ///   - name: The context's name.
  ///   - tokenCount: How many tokens its sources define.
  public mutating func appendContext(named name: String, tokenCount: Int) {
    contexts.append(ResolverContextRecord(name: name, tokenCount: tokenCount))
  }
}
