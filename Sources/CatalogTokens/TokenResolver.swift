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
    /// Every token path visited, first the one asked for, last the one holding the value.
    public var chain: [String]
    /// Points, for dimensions (px 1:1, rem × base) and numbers.
    public var points: Double?
    /// `$deprecated` of the first token, if any.
    public var deprecated: JSONValue?
    /// For each step of `chain`, the resolver context that chose that token
    /// (`density=compact`, Resolver §6), or nil; empty when no step has one.
    public var origins: [String?] = []

    /// `{space.md} (density=compact)` for each step, for provenance.
    public var describedChain: [String] {
      chain.enumerated().map { i, p in
        let origin = i < origins.count ? origins[i] : nil
        let step = "{\(p)}"
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

    /// A sentence for `Error: …`.
    public var description: String {
      switch self {
      case .unknown(let path, nil): return "unknown token {\(path)}"
      case .unknown(let path, let from?): return "unknown token {\(path)} (referenced by {\(from)})"
      case .cycle(let members): return "circular token alias: \((members + [members[0]]).map { "{\($0)}" }.joined(separator: " → "))"
      case .math(let path, let message): return "cannot compute {\(path)}: \(message)"
      case .tooLong(let path): return "the alias chain from {\(path)} is longer than \(TokenResolver.maximumChainLength) steps"
      }
    }
  }

  /// The longest alias chain followed.
  public static let maximumChainLength = 1_000

  /// The tokens, by path.
  public let tokens: [String: DesignToken]
  /// Points per rem.
  public let remBase: Double

  /// Creates a resolver.
  /// - Parameters:
  ///   - tokens: Tokens by dotted path (the winning token per path when sets are merged).
  ///   - remBase: Points per rem, 16 unless the catalog says otherwise.
  public init(tokens: [String: DesignToken], remBase: Double = TokenValue.defaultRemBase) {
    self.tokens = tokens
    self.remBase = remBase
  }

  /// Resolves a token path, following aliases to the end.
  ///
  /// - Parameter path: A dotted path (`space.md`).
  /// - Returns: The value, type, chain and points.
  /// - Throws: ``Failure`` for an unknown token, a cycle (naming every member) or an
  ///   over-long chain.
  public func resolve(_ path: String) throws(Failure) -> Resolution {
    try resolve(path, visiting: [])
  }

  private func resolve(_ path: String, visiting: [String]) throws(Failure) -> Resolution {
    guard let first = tokens[path] else { throw .unknown(path: path, referencedFrom: visiting.last) }
    var chain = [path]
    var current = first
    while let target = current.aliasTarget {
      if let start = chain.firstIndex(of: target) {
        throw .cycle(Array(chain[start...]))
      }
      if let start = visiting.firstIndex(of: target) {
        throw .cycle(Array(visiting[start...]) + chain)
      }
      guard let next = tokens[target] else { throw .unknown(path: target, referencedFrom: current.path) }
      chain.append(target)
      if chain.count + visiting.count > Self.maximumChainLength { throw .tooLong(path: path) }
      current = next
    }
    var value = current.value
    let type = current.type ?? first.type
    // Tokens Studio math (`{space.md} * 2`), evaluated lazily with the tokens it names.
    if case .string(let text) = value, type == nil || type == "dimension" || type == "number", TokenMath.isExpression(text) {
      let outer = visiting + chain
      do {
        let q = try TokenMath.evaluate(text) { reference in
          if let start = outer.firstIndex(of: reference) { throw Failure.cycle(Array(outer[start...])) }
          let r = try self.resolve(reference, visiting: outer)
          if let o = r.value.objectValue, let n = o["value"]?.numberValue, let u = o["unit"]?.stringValue {
            return TokenMath.Quantity(n, unit: u)
          }
          if let n = r.value.numberValue { return TokenMath.Quantity(n, unit: nil) }
          throw TokenMath.Failure(message: "{\(reference)} is not a number or dimension")
        }
        value = q.unit.map { .object(JSONObject([("value", .number(q.value)), ("unit", .string($0))])) } ?? .number(q.value)
        chain.append(text)
      } catch let failure as Failure {
        throw failure
      } catch {
        throw .math(path: current.path, message: "\(error)")
      }
    }
    var resolution = Resolution(
      value: value, type: type, chain: chain,
      points: TokenValue.points(value, type: type, remBase: remBase), deprecated: first.deprecated)
    let origins = chain.map { tokens[$0]?.origin }
    if origins.contains(where: { $0 != nil }) { resolution.origins = origins }
    return resolution
  }
}
