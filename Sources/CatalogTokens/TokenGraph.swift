import CatalogModel
import Synchronization

/// The token graph of a catalog or of a file: every token by path (the winning token per
/// path once sets are merged by precedence, DTCG Resolver §6), its references (an alias,
/// DTCG Format §7.1, or the `{…}` operands of Tokens Studio math) and, computed once and
/// memoised, each token's resolved value.
///
/// Every derived value is computed at most once per graph: a token that adds the previous
/// one twice costs one evaluation, not 2ⁿ. Resolution is iterative (an explicit stack, so
/// the input never controls the depth of Swift recursion) and linear in the number of
/// tokens and references. The reverse graph (which tokens refer to a token, through any
/// chain of aliases, math and composite values) answers `tokens usage`, `tokens remove`,
/// dry runs, lint and doctor in one way.
public final class TokenGraph: Sendable {
  /// A resolved token as memoised: the value at the end of its chain, after math.
  struct Node: Sendable {
    /// The final value (an evaluated math expression is a dimension or number).
    var value: JSONValue
    /// The `$type` of the token holding the value (nil when it has none).
    var type: String?
    /// The expression evaluated at the end of the chain, if any.
    var math: String?
    /// The number of steps below this token (0 for a literal value).
    var depth: Int
  }

  /// One token that refers to another through a chain of references.
  public struct Dependent: Sendable, Equatable {
    /// The dependent token's path.
    public var path: String
    /// The chain from the dependent down to the token asked about, both included:
    /// `["space.gap", "space.base"]` when `space.gap` is `{space.base}`.
    public var chain: [String]
  }

  private struct State: Sendable {
    var resolved: [String: Result<Node, TokenResolver.Failure>] = [:]
    var dependents: [String: [String]]?
  }

  /// The tokens, by path.
  public let tokens: [String: DesignToken]
  /// Points per rem (Tokens Studio math converts `rem` to `px` with it).
  public let remBase: Double
  private let state = Mutex(State())
  /// Each alias token's target path, computed once.
  let aliasTargets: [String: String]

  /// The paths of the alias tokens (whose whole `$value` is one reference, Format §7.1.1),
  /// each once, in no order: fewer than the tokens, for checks that visit the aliases only.
  public var aliasPaths: Dictionary<String, String>.Keys { aliasTargets.keys }

  /// The paths of the tokens with a composite type (``TokenValue/compositeTypes``) that are
  /// not aliases, each once, in no order: the only tokens whose members may name other
  /// tokens, for checks that visit those only (a large import holds few of them).
  public let compositePaths: [String]

  /// Creates a graph; nothing is resolved until asked.
  /// - Parameters:
  ///   - tokens: Tokens by dotted path (the winning token per path when sets are merged).
  ///   - remBase: Points (px) per rem, 16 unless the catalog says otherwise.
  public init(tokens: [String: DesignToken], remBase: Double = TokenValue.defaultRemBase) {
    self.tokens = tokens
    self.remBase = remBase
    var targets: [String: String] = [:]
    var composites: [String] = []
    for (path, token) in tokens {
      if let t = token.aliasTarget {
        targets[path] = t
      } else if let type = token.type, TokenValue.compositeTypes.contains(type) {
        composites.append(path)
      }
    }
    aliasTargets = targets
    compositePaths = composites
  }

  /// The alias chain from a token: the token, then each alias target while it names a
  /// token (at most ``TokenResolver/maximumChainLength`` + 1 entries).
  /// - Parameter path: A token path.
  /// - Returns: The paths in order.
  public func aliasChain(from path: String) -> [String] {
    var chain = [path]
    var current = path
    while let target = aliasTargets[current], tokens[target] != nil,
      chain.count <= TokenResolver.maximumChainLength
    {
      chain.append(target)
      current = target
    }
    return chain
  }

  // MARK: - References

  /// The stored path a reference names: `{group.$root}` names the token stored under the
  /// group's path (DTCG Format §6.2, root tokens).
  /// - Parameter reference: The text between the braces.
  /// - Returns: The token path.
  public static func storedPath(_ reference: String) -> String {
    TokenPath.stored(reference)
  }

  /// The tokens a token's value needs to be resolved: its alias target (Format §7.1.1),
  /// or the `{…}` references of its expression (``expression(_:)``: Tokens Studio math for
  /// a dimension, a number or an untyped token, a colour function naming tokens for a
  /// color, member expressions of a composite); nothing for a literal.
  /// - Parameter token: A token.
  /// - Returns: Token paths, in the order they appear.
  public static func valueReferences(of token: DesignToken) -> [String] {
    if let target = token.aliasTarget { return [target] }
    switch expression(token) {
    case .math(let text)?, .color(let text)?: return bracedReferences(in: text)
    case .members(let type)?:
      return TokensStudioMembers.memberExpressionReferences(token.value, type: type)
    case nil: return []
    }
  }

  /// Every `{…}` reference anywhere in a token's value, composite members included
  /// (`typography.fontSize = "{size.16}"`): what makes a token depend on another for usage.
  /// - Parameter token: A token.
  /// - Returns: Token paths (duplicates removed, in order).
  public static func allReferences(of token: DesignToken) -> [String] {
    // A whole-value alias (most references of a large file) is read by bytes, as
    // ``valueReferences(of:)`` reads it, without a walk over its Characters.
    if let target = token.aliasTarget { return [target] }
    return references(in: token.value)
  }

  /// Every `{…}` reference in any string of a JSON value (a token's value, or a component
  /// definition whose lengths, strokes and colours may name tokens), `$root` normalised.
  /// - Parameter value: A JSON value.
  /// - Returns: Token paths (duplicates removed, in order).
  public static func references(in value: JSONValue) -> [String] {
    // The common shapes first, without a walk: a number, a string, an object of scalars
    // (a dimension or a colour).
    switch value {
    case .string(let s): return unique(bracedReferences(in: s))
    case .number, .bool, .null: return []
    case .object(let o)
    where o.members.allSatisfy({
      // Bytes, not Characters: a `{` byte that is not a `{` Character (a combining mark
      // after it) only sends the value to the walk below, which finds what it holds.
      if case .string(let s) = $0.value { return !s.utf8.contains(UInt8(ascii: "{")) }
      if case .number = $0.value { return true }
      return false
    }):
      return []
    default: break
    }
    var found: [String] = []
    var stack: [JSONValue] = [value]
    while let value = stack.popLast() {
      switch value {
      case .string(let s): found += bracedReferences(in: s)
      case .array(let a): stack += a.reversed()
      case .object(let o): stack += o.members.map(\.value).reversed()
      default: break
      }
    }
    return unique(found)
  }

  /// `paths` without repeats, in order.
  private static func unique(_ paths: [String]) -> [String] {
    guard paths.count > 1 else { return paths }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }

  /// The `{path}` references in a string, `$root` normalised. The text between the braces
  /// is the path as written: DTCG names may hold spaces (Format §5.1.1: `{brand
  /// colors.primary}`), so `{ space.sm }` names the token ` space`.`sm `, not `space.sm`,
  /// for import, usage and rename alike (a dangling one says so, ``TokenAlias``).
  static func bracedReferences(in text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
    // ASCII text in one buffer (nearly every value) takes the same rule on bytes: there a
    // Character is one byte (CR LF, the one two-byte ASCII Character, is neither brace and
    // is copied whole either way). Walking Characters cost about 6,000 instructions per
    // alias of an import (issue 12 point 3).
    if let found = text.utf8.withContiguousStorageIfAvailable({ u -> [String]? in
      var result: [String] = []
      var start = -1
      for i in 0..<u.count {
        let b = u[i]
        if b >= 0x80 { return nil }
        if b == UInt8(ascii: "{") {
          start = i + 1
        } else if b == UInt8(ascii: "}") {
          if start >= 0, start < i {
            result.append(
              storedPath(
                String(decoding: UnsafeBufferPointer(rebasing: u[start..<i]), as: UTF8.self)))
          }
          start = -1
        }
      }
      return result
    }), let found {
      return found
    }
    return bracedReferencesByCharacters(in: text)
  }

  /// ``bracedReferences(in:)`` by Characters, for any text (the ASCII path is checked
  /// against it).
  /// - Parameter text: A string.
  /// - Returns: The references, `$root` normalised.
  package static func bracedReferencesByCharacters(in text: String) -> [String] {
    var result: [String] = []
    var current: String?
    for c in text {
      if c == "{" {
        current = ""
      } else if c == "}" {
        if let r = current, !r.isEmpty { result.append(storedPath(r)) }
        current = nil
      } else if current != nil {
        current?.append(c)
      }
    }
    return result
  }

  // MARK: - Resolution

  /// The memoised resolution of a token, computing it (and everything it needs) on first use.
  func node(_ path: String) -> Result<Node, TokenResolver.Failure> {
    state.withLock { state in
      if let known = state.resolved[path] { return known }
      guard let token = tokens[path] else {
        return .failure(.unknown(path: path, referencedFrom: nil))
      }
      // A literal needs no walk (most tokens of a large file): its own value, at once, and
      // not memoised (the token holds it already; a million literals are not kept twice).
      if let node = literalNode(path, token) { return node }
      // An alias of a literal (most aliases of a large file) is that literal's value one
      // step down (§7.2), computed at once and not memoised, like the literal itself.
      if let target = aliasTargets[path], let literal = tokens[target],
        case .success(var node)? = literalNode(target, literal)
      {
        node.depth = 1
        return .success(node)
      }
      resolveIteratively(path, into: &state.resolved)
      return state.resolved[path] ?? .failure(.unknown(path: path, referencedFrom: nil))
    }
  }

  /// Depth-first over references with an explicit stack: each token is finished once all the
  /// tokens it names are (Format §7.2: a reference resolves to the value of its target).
  /// A token met again while still on the stack closes a cycle (§7.2.3); a token more than
  /// ``TokenResolver/maximumChainLength`` steps above a literal fails (``compute``), and so
  /// does every token above it. The stack is an array, so depth costs memory, not Swift
  /// stack.
  private func resolveIteratively(
    _ start: String, into resolved: inout [String: Result<Node, TokenResolver.Failure>]
  ) {
    struct Frame {
      var path: String
      var references: [String]
      var next = 0
    }
    var stack: [Frame] = []
    var onStack: [String: Int] = [:]
    func push(_ path: String) {
      let references = tokens[path].map(Self.valueReferences) ?? []
      onStack[path] = stack.count
      stack.append(Frame(path: path, references: references))
    }
    func finish(_ result: Result<Node, TokenResolver.Failure>) {
      guard let frame = stack.popLast() else { return }
      onStack[frame.path] = nil
      resolved[frame.path] = result
    }
    push(start)
    while let top = stack.last {
      let index = stack.count - 1
      if top.next < top.references.count {
        let reference = top.references[top.next]
        stack[index].next += 1
        if resolved[reference] != nil || isLiteral(reference) { continue }
        if let at = onStack[reference] {
          finish(.failure(.cycle(stack[at...].map(\.path))))
          continue
        }
        guard tokens[reference] != nil else {
          finish(.failure(.unknown(path: reference, referencedFrom: top.path)))
          continue
        }
        push(reference)
        continue
      }
      finish(compute(top.path, top.references, resolved))
    }
  }

  /// One token's value once every token it names is resolved: an alias takes its target's
  /// value (§7.2); math is evaluated with its operands' values (Tokens Studio); any other
  /// value is its own.
  private func compute(
    _ path: String, _ references: [String],
    _ resolved: [String: Result<Node, TokenResolver.Failure>]
  ) -> Result<Node, TokenResolver.Failure> {
    guard let token = tokens[path] else {
      return .failure(.unknown(path: path, referencedFrom: nil))
    }
    if let target = aliasTargets[path] {
      switch memoised(target, resolved) {
      case .success(var node)?:
        node.depth += 1
        if TokenResolver.isTooLong(steps: node.depth) { return .failure(.tooLong(path: path)) }
        return .success(node)
      case .failure(let failure)?: return .failure(failure)
      case nil: return .failure(.unknown(path: target, referencedFrom: path))
      }
    }
    if let expression = Self.expression(token), !expression.isMath {
      return expressionNode(path, token, expression) { memoised($0, resolved) }
    }
    guard !references.isEmpty || isMath(token), case .string(let text) = token.value else {
      if let problem = storedValueProblem(token) {
        return .failure(.invalid(path: path, message: problem))
      }
      return .success(Node(value: token.value, type: token.type, math: nil, depth: 0))
    }
    var depth = 0
    do {
      let q = try TokenMath.evaluate(text, remBase: remBase) { reference in
        let path = Self.storedPath(reference)
        switch memoised(path, resolved) {
        case .success(let node)?:
          depth = max(depth, node.depth + 1)
          if let q = Self.quantity(node.value) { return q }
          throw TokenMath.Failure(message: "{\(reference)} is not a number or dimension")
        case .failure(let failure)?: throw failure
        case nil: throw TokenResolver.Failure.unknown(path: path, referencedFrom: token.path)
        }
      }
      if TokenResolver.isTooLong(steps: depth) { return .failure(.tooLong(path: path)) }
      if let problem = Self.mathTypeMismatch(q, type: token.type, expression: text) {
        return .failure(.math(path: path, message: problem))
      }
      // A dimension token's unitless result is in px, as Tokens Studio writes it.
      let unit = q.unit ?? (token.type == "dimension" ? "px" : nil)
      let value: JSONValue =
        unit.map { .object(JSONObject([("value", .number(q.value)), ("unit", .string($0))])) }
        ?? .number(q.value)
      // The result's points must be finite (`{a.rem} * 100` can overflow in the rem to px
      // conversion): the one rule for points.
      if let problem = TokenValue.pointsProblem(value, type: token.type, remBase: remBase) {
        return .failure(.outOfRange(path: path, message: "\"\(text)\" = \(problem)"))
      }
      return .success(Node(value: value, type: token.type, math: text, depth: depth))
    } catch let failure as TokenResolver.Failure {
      return .failure(failure)
    } catch let failure as TokenMath.Failure where failure.isOutOfRange {
      return .failure(.outOfRange(path: path, message: failure.message))
    } catch {
      return .failure(.math(path: path, message: "\(error)"))
    }
  }

  /// A literal token's resolution (its own value: not an alias, not math), or nil.
  private func literalNode(_ path: String, _ token: DesignToken) -> Result<
    Node, TokenResolver.Failure
  >? {
    guard aliasTargets[path] == nil, !isMath(token) else { return nil }
    if let problem = storedValueProblem(token) {
      return .failure(.invalid(path: path, message: problem))
    }
    // A stored dimension whose points are not finite (`1e308rem`, kept before the rule):
    // refused here so every reader, and doctor, sees it.
    if token.type == "dimension",
      let problem = TokenValue.pointsProblem(token.value, type: token.type, remBase: remBase)
    {
      return .failure(.outOfRange(path: path, message: problem))
    }
    return .success(Node(value: token.value, type: token.type, math: nil, depth: 0))
  }

  /// Whether `path` names a literal token, which is resolved without being memoised.
  private func isLiteral(_ path: String) -> Bool {
    guard aliasTargets[path] == nil, let token = tokens[path] else { return false }
    return !isMath(token)
  }

  /// A resolution as memoised, or a literal's computed at once.
  private func memoised(
    _ path: String, _ resolved: [String: Result<Node, TokenResolver.Failure>]
  ) -> Result<Node, TokenResolver.Failure>? {
    if let known = resolved[path] { return known }
    guard let token = tokens[path] else { return nil }
    return literalNode(path, token)
  }

  /// Whether the token is computed from an expression (``expression(_:)``), so it is not
  /// a literal: whole-value math, a colour function naming tokens, member expressions.
  private func isMath(_ token: DesignToken) -> Bool {
    Self.expression(token) != nil
  }

  /// A resolved value as a math operand: a dimension object, a number, or a string holding
  /// a number or a legacy dimension (`"0"`, `"8px"`, as Tokens Studio files write them).
  static func quantity(_ value: JSONValue) -> TokenMath.Quantity? {
    if let o = value.objectValue, let n = o["value"]?.numberValue, let u = o["unit"]?.stringValue {
      return TokenMath.Quantity(n, unit: u)
    }
    if let n = value.numberValue { return TokenMath.Quantity(n, unit: nil) }
    if case .string(let s) = value {
      if let n = DecimalText.value(s.trimmingSpaces) { return TokenMath.Quantity(n, unit: nil) }
      if let (n, u) = TokenValue.legacyDimension(s) { return TokenMath.Quantity(n, unit: u) }
    }
    return nil
  }

  // MARK: - Dependents

  /// Every token that refers to `path` through any chain of aliases, math operands and
  /// composite members, nearest first, each with the chain that links it.
  ///
  /// Breadth-first over the reverse graph (built once per graph), so each dependent is
  /// listed once with a shortest chain; cycles end there.
  /// - Parameter path: A token path.
  /// - Returns: The dependents, nearest first, then by path.
  public func dependents(of path: String) -> [Dependent] {
    let reverse = state.withLock { state -> [String: [String]] in
      if let built = state.dependents { return built }
      var built: [String: [String]] = [:]
      for (p, token) in tokens {
        for r in Self.allReferences(of: token) where r != p { built[r, default: []].append(p) }
      }
      for key in built.keys { built[key]?.sort() }
      state.dependents = built
      return built
    }
    var parent: [String: String] = [path: path]
    var frontier = [path]
    var order: [String] = []
    while !frontier.isEmpty {
      var next: [String] = []
      for p in frontier {
        for d in reverse[p] ?? [] where parent[d] == nil {
          parent[d] = p
          next.append(d)
          order.append(d)
        }
      }
      frontier = next
    }
    return order.map { d in
      var chain = [d]
      var current = d
      while let p = parent[current], p != current {
        chain.append(p)
        current = p
      }
      return Dependent(path: d, chain: chain)
    }
  }

  /// `{space.twice} → {space.gap} → {space.base}`: the one way a chain of tokens is shown
  /// (`tokens usage`, `tokens set --dry-run`, a failure reached through a chain).
  /// - Parameter chain: Token paths, from the one named down to the one reached.
  /// - Returns: The chain in braces joined by arrows.
  public static func describe(chain: [String]) -> String {
    BoundedList.chain(chain.map { "{\($0)}" })
  }

  /// A failure as a use of `path` sees it: when `path` reaches a token that names no token
  /// through other tokens (`space.twice` is `{space.gap} * 2`, `space.gap` is
  /// `{space.base}`, and `space.base` is gone), the whole chain
  /// (`unknown token {space.base} (through {space.twice} → {space.gap} → {space.base})`),
  /// found by a breadth-first walk over references (aliases, math, composite members);
  /// otherwise the failure's own sentence.
  /// - Parameters:
  ///   - failure: Why `path` does not resolve.
  ///   - path: The token a component (or argument) names.
  /// - Returns: The sentence.
  public func describe(_ failure: TokenResolver.Failure, reachedFrom path: String) -> String {
    guard case .unknown(let missing, let from?) = failure, from != Self.storedPath(path) else {
      return "\(failure)"
    }
    var parent: [String: String] = [:]
    var frontier = [Self.storedPath(path)]
    var seen = Set(frontier)
    while !frontier.isEmpty, parent[missing] == nil {
      var next: [String] = []
      for p in frontier {
        guard let token = tokens[p] else { continue }
        for r in Self.allReferences(of: token) where seen.insert(r).inserted {
          parent[r] = p
          next.append(r)
        }
      }
      frontier = next
    }
    guard parent[missing] != nil else { return "\(failure)" }
    var chain = [missing]
    while let p = parent[chain[chain.count - 1]] { chain.append(p) }
    return "unknown token {\(missing)} (through \(Self.describe(chain: chain.reversed())))"
  }

  /// Every use of a token: its own uses and the uses of every token that depends on it
  /// through a chain of references (``dependents(of:)``), each with its chain.
  ///
  /// This is the one answer to "who uses this token" for `tokens usage`, `tokens remove`,
  /// the site's "Used by", lint and doctor.
  /// - Parameters:
  ///   - path: A token path.
  ///   - direct: The uses that name a token directly (component lengths, say).
  /// - Returns: Each use with the chain from the token it names down to `path`
  ///   (`["space.gap", "space.base"]`); a direct use has the chain `[path]`.
  public func uses<Use>(of path: String, direct: (String) -> [Use]) -> [(use: Use, chain: [String])]
  {
    var result = direct(path).map { (use: $0, chain: [path]) }
    for d in dependents(of: path) {
      result += direct(d.path).map { (use: $0, chain: d.chain) }
    }
    return result
  }

  /// Every token that the given tokens need, themselves included, through aliases, math and
  /// composite members: the tokens in use when `paths` are the ones components name.
  /// - Parameter paths: Token paths named directly.
  /// - Returns: The closure under references.
  public func required(from paths: [String]) -> Set<String> {
    var seen = Set<String>()
    var queue = paths
    while let p = queue.popLast() {
      guard seen.insert(p).inserted, let token = tokens[p] else { continue }
      queue += Self.allReferences(of: token)
    }
    return seen
  }

  /// Every token path whose resolution fails, with the failure, in path order: what
  /// `doctor` and `lint` report and an import checks.
  /// - Returns: Failing paths and why.
  public func failures() -> [(path: String, failure: TokenResolver.Failure)] {
    tokens.keys.sorted().compactMap { path in
      if case .failure(let f) = node(path) { return (path, f) }
      return nil
    }
  }
}
