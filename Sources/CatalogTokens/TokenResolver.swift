import CatalogModel

/// Follows token aliases to their values across a merged set of tokens, lazily, as DTCG
/// recommends (Format §7.2: references are kept and resolved when a value is needed).
public struct TokenResolver: Sendable {
  /// A resolved token: its final value and the chain of aliases that led there.
  public struct Resolution: Sendable, Equatable {
    /// The final, non-alias value.
    public var value: JSONValue
    /// The type of the token at the end of the chain (or the first token's own type).
    public var type: String?
    /// Every token path visited, first the one asked for, last the one holding the value;
    /// when that value is Tokens Studio math, the expression as written comes last
    /// (``math``).
    public var chain: [String]
    /// Points, for dimensions (px 1:1, rem × base) and numbers.
    public var points: Double?
    /// `$deprecated` of the first token, if any.
    public var deprecated: JSONValue?
    /// For each step of `chain`, the resolver context that chose that token
    /// (`density=compact`, Resolver §6), or nil; empty when no step has one.
    public var origins: [String?] = []
    /// The Tokens Studio math expression that computed the value, as written
    /// (`{space.base} * 2`), when the chain ends in math; it is then `chain`'s last step.
    public var math: String?
    /// The steps of `chain` reached through a `{group.$root}` reference (Format §6.2): a
    /// root token is stored under its group's path, and is written as it was named.
    /// Ascending.
    public var rootSteps: [Int] = []

    /// Each step of `chain` as messages show it: a token path in braces (`{space.md}`),
    /// a root token as its alias named it (`{grp.$root}`, not `{grp}`, review 16), the
    /// math expression that ends a chain as written (`{space.base} * 2`: it holds its own
    /// braces, so it is not wrapped again). The one rule for writing a chain's steps.
    public var steps: [String] {
      chain.enumerated().map { i, step in
        if math != nil && i == chain.count - 1 { return step }
        return rootSteps.contains(i) ? "{\(step).$root}" : "{\(step)}"
      }
    }

    /// `{space.md} (density=compact)` for each step (``steps``), for provenance.
    public var describedChain: [String] {
      steps.enumerated().map { i, step in
        let origin = i < origins.count ? origins[i] : nil
        return origin.map { "\(step) (\($0))" } ?? step
      }
    }
  }

  /// Why a token could not be resolved.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No token has this path.
    case unknown(path: String, referencedFrom: String?)
    /// The chain loops; every member is listed in order.
    case cycle([String])
    /// The chain is longer than ``TokenResolver/maximumChainLength``.
    case tooLong(path: String)
    /// A math expression in a value is malformed or mixes units.
    case math(path: String, message: String)
    /// The value, or the result of its math or unit conversion, is not a finite number of
    /// points (``TokenValue/pointsProblem(_:type:remBase:)``): refused wherever a value is
    /// accepted, even by a lenient import, and reported by `doctor` when stored.
    case outOfRange(path: String, message: String)
    /// The stored value is not one its type can hold (Tokens Studio's `linear-gradient(…)`
    /// as a colour, a token with no type, a colour function whose form cannot be computed): kept by a lenient import rather than dropped (issue 14
    /// point 3), and reported by `doctor` and `lint` until it is fixed.
    case invalid(path: String, message: String)

    /// Whether the failure is only that a token names no token yet (a dangling alias or
    /// math operand, DTCG Format §7.4.5): a state an import keeps on purpose
    /// (`--allow-dangling`) or `tokens remove --force` leaves, which resolves once the token
    /// exists. `doctor` and `lint --tokens` both report it as a warning, and every other
    /// failure (a cycle, a chain too long, math that cannot be computed) as an error.
    public var isDangling: Bool {
      if case .unknown = self { return true }
      return false
    }

    /// A sentence for `Error: …`.
    public var description: String {
      switch self {
      case .unknown(let path, nil): return "unknown token {\(path)}"
      case .unknown(let path, let from?): return "unknown token {\(path)} (referenced by {\(from)})"
      case .cycle(let members): return TokenGraph.cycleMessage(members)
      case .math(let path, let message): return "cannot compute {\(path)}: \(message)"
      case .outOfRange(_, let message): return message
      case .invalid(let path, let message): return "{\(path)} is not valid DTCG: \(message)"
      case .tooLong(let path):
        return
          "the alias chain from {\(path)} is longer than \(TokenResolver.maximumChainLength) steps"
      }
    }
  }

  /// The steps of an alias chain whose previous token names them as `{group.$root}`.
  /// - Parameters:
  ///   - chain: Token paths, each the alias target of the one before.
  ///   - tokens: The tokens by path.
  /// - Returns: The indices of those steps.
  static func rootSteps(of chain: [String], tokens: [String: DesignToken]) -> [Int] {
    var steps: [Int] = []
    for i in chain.indices.dropFirst() {
      if case .string(let written)? = tokens[chain[i - 1]]?.value, written.hasSuffix(".$root}") {
        steps.append(i)
      }
    }
    return steps
  }

  /// The longest alias chain followed, in steps (one step per alias or math operand
  /// followed): a chain of exactly this many steps resolves, one more is refused.
  public static let maximumChainLength = 1_000

  /// The chain-length rule, the one place it is decided (review 16: a chain of exactly
  /// 1,000 steps was refused as "longer than 1000 steps").
  /// - Parameter steps: Steps from a token down to its literal value (0 for a literal).
  /// - Returns: Whether the chain is longer than ``maximumChainLength``.
  public static func isTooLong(steps: Int) -> Bool { steps > maximumChainLength }

  /// The tokens, by path.
  public var tokens: [String: DesignToken] { graph.tokens }
  /// Points per rem.
  public var remBase: Double { graph.remBase }
  /// The memoised token graph behind every resolution (built once per resolver).
  public let graph: TokenGraph

  /// Creates a resolver.
  /// - Parameters:
  ///   - tokens: Tokens by dotted path (the winning token per path when sets are merged).
  ///   - remBase: Points per rem, 16 unless the catalog says otherwise.
  public init(tokens: [String: DesignToken], remBase: Double = TokenValue.defaultRemBase) {
    graph = TokenGraph(tokens: tokens, remBase: remBase)
  }

  /// Resolves a token path, following aliases and math to the end. Each token is resolved
  /// once per resolver (memoised in ``graph``), iteratively.
  ///
  /// - Parameter path: A dotted path (`space.md`; `sp.$root` is the token stored as `sp`).
  /// - Returns: The value, type, chain and points.
  /// - Throws: ``Failure`` for an unknown token, a cycle (naming every member, starting
  ///   where this token's chain enters it) or an over-long chain.
  public func resolve(_ path: String) throws(Failure) -> Resolution {
    try resolve(path, chain: true)
  }

  /// Resolves a token's value, type and points without building its chain (which costs a
  /// step per alias): for checks that run over every token of a catalog.
  ///
  /// - Parameter path: A dotted path.
  /// - Returns: The resolution, its `chain` holding only `path` and no origins.
  /// - Throws: ``Failure`` as ``resolve(_:)`` does.
  public func resolveValue(_ path: String) throws(Failure) -> Resolution {
    try resolve(path, chain: false)
  }

  private func resolve(_ written: String, chain wantsChain: Bool) throws(Failure) -> Resolution {
    // `{group.$root}` names the token stored under the group's path (Format §6.2): the
    // valid form a component length or argument is stored in (GroupReference).
    let path = TokenGraph.storedPath(written)
    let tokens = graph.tokens
    guard let first = tokens[path] else { throw .unknown(path: path, referencedFrom: nil) }
    let node: TokenGraph.Node
    switch graph.node(path) {
    case .success(let n): node = n
    case .failure(.cycle(let members)):
      // Start the cycle where this token's alias chain enters it.
      let set = Set(members)
      var current: String? = path
      var steps = 0
      while let c = current, !set.contains(c), steps <= Self.maximumChainLength {
        current = graph.aliasTargets[c]
        steps += 1
      }
      if let entry = current, let at = members.firstIndex(of: entry) {
        throw .cycle(Array(members[at...] + members[..<at]))
      }
      throw .cycle(members)
    case .failure(.tooLong): throw .tooLong(path: path)
    case .failure(let f): throw f
    }
    guard wantsChain else {
      let type = node.type ?? first.type
      return Resolution(
        value: node.value, type: type, chain: [path],
        points: TokenValue.points(node.value, type: type, remBase: graph.remBase),
        deprecated: first.deprecated)
    }
    var chain = graph.aliasChain(from: path)
    if let math = node.math { chain.append(math) }
    let type = node.type ?? first.type
    var resolution = Resolution(
      value: node.value, type: type, chain: chain,
      points: TokenValue.points(node.value, type: type, remBase: graph.remBase),
      deprecated: first.deprecated)
    resolution.math = node.math
    resolution.rootSteps = Self.rootSteps(of: chain, tokens: tokens)
    let origins = chain.map { tokens[$0]?.origin }
    if origins.contains(where: { $0 != nil }) { resolution.origins = origins }
    return resolution
  }
}
