import CatalogModel

extension TokenGraph {
  /// What a token's value is, as the graph computes it (issue 14 points 1 and 3: an
  /// expression that names tokens is kept as written and computed here, so the link to
  /// each token it names survives for `tokens set`, usage, remove, doctor and lint).
  enum Expression {
    /// Tokens Studio math as the whole value of a dimension, number or untyped token.
    case math(String)
    /// A colour function naming tokens as the whole value of a color token
    /// (`rgba({colors.blue}, 50%)`, ``TokensStudioMembers/color(_:reference:)``).
    case color(String)
    /// A composite whose members hold expressions (`"{size.w} * 2"`, `"rgba({c}, 0.5)"`,
    /// ``TokensStudioMembers/isMemberExpression(_:memberType:)``).
    case members(String)

    /// Whether it is whole-value math (computed by the graph's math step).
    var isMath: Bool {
      if case .math = self { return true }
      return false
    }
  }

  /// The expression a token's value is, or nil for a literal or an alias: the one rule for
  /// which tokens the graph computes (``valueReferences(of:)``, resolution, an import's
  /// check of them).
  /// - Parameter token: A token.
  /// - Returns: The expression's kind.
  static func expression(_ token: DesignToken) -> Expression? {
    switch token.value {
    case .string(let text):
      if token.type == nil || token.type == "dimension" || token.type == "number" {
        return TokenMath.isExpression(text) ? .math(text) : nil
      }
      if token.type == "color", TokensStudioMembers.isColorExpression(text) {
        return .color(text)
      }
      return nil
    case .object, .array:
      guard let type = token.type, TokensStudioMembers.hasMemberExpression(token.value, type: type)
      else { return nil }
      return .members(type)
    default: return nil
    }
  }

  /// Whether the graph computes a token from an expression (``expression(_:)``): what an
  /// import checks with the file's tokens, and what a `dtcg` export writes computed.
  /// - Parameter token: A token.
  /// - Returns: True for whole-value math, a colour function naming tokens, or a composite
  ///   with member expressions.
  public static func isExpression(_ token: DesignToken) -> Bool {
    token.aliasTarget == nil && expression(token) != nil
  }

  /// A colour expression or a composite with member expressions, computed once every token
  /// it names is resolved: the colour function (``TokensStudioMembers/color(_:reference:)``)
  /// or each member (``TokensStudioMembers/read(_:type:remBase:typographyDefaults:keepsExpressionsNamingTokens:reference:)``),
  /// the one function of each; whole-value math is computed by the same math evaluator
  /// (``TokenMath/evaluate(_:remBase:reference:)``) that computes a member's.
  /// - Parameters:
  ///   - path: The token's path.
  ///   - token: The token.
  ///   - expression: Its expression (``expression(_:)``), not whole-value math.
  ///   - operand: A referenced token's resolution (nil: it names no token).
  /// - Returns: The node, or the failure `doctor` and `lint` report.
  func expressionNode(
    _ path: String, _ token: DesignToken, _ expression: Expression,
    operand: (String) -> Result<Node, TokenResolver.Failure>?
  ) -> Result<Node, TokenResolver.Failure> {
    var depth = 0
    var failure: TokenResolver.Failure?
    func value(_ reference: String) throws -> JSONValue {
      let target = Self.storedPath(reference)
      switch operand(target) {
      case .success(let node)?:
        depth = max(depth, node.depth + 1)
        return node.value
      case .failure(let f)?:
        failure = failure ?? f
        throw f
      case nil:
        let f = TokenResolver.Failure.unknown(path: target, referencedFrom: path)
        failure = failure ?? f
        throw f
      }
    }
    let computed: JSONValue
    switch expression {
    case .math: return .failure(.math(path: path, message: "not a colour or member expression"))
    case .color(let text):
      do {
        guard let c = try TokensStudioMembers.color(text, reference: value) else {
          return .failure(
            .invalid(
              path: path,
              message:
                "'\(DiagnosticText.excerpt(text))' names tokens in a form the catalog cannot compute; write rgb() or rgba() of a color token and an alpha (rgba({colors.blue}, 50%)), or an alias"
            ))
        }
        computed = c
      } catch {
        if let failure { return .failure(failure) }
        return .failure(.math(path: path, message: "'\(DiagnosticText.excerpt(text))': \(error)"))
      }
    case .members(let type):
      guard
        let reading = TokensStudioMembers.read(
          token.value, type: type, remBase: remBase, reference: value)
      else {
        return .success(Node(value: token.value, type: token.type, math: nil, depth: 0))
      }
      if let failure { return .failure(failure) }
      if !reading.uncomputed.isEmpty {
        return .failure(.math(path: path, message: reading.uncomputed.joined(separator: "; ")))
      }
      computed = reading.value
    }
    if TokenResolver.isTooLong(steps: depth) { return .failure(.tooLong(path: path)) }
    var result = token
    result.value = computed
    if let problem = storedValueProblem(result) {
      return .failure(.invalid(path: path, message: problem))
    }
    let math: String? = if case .color(let text) = expression { text } else { nil }
    return .success(Node(value: computed, type: token.type, math: math, depth: depth))
  }

  /// Whether a composite value (one layer or an array of layers) has a member string that
  /// is math.
  static func hasMemberMath(_ value: JSONValue, depth: Int) -> Bool {
    switch value {
    case .string(let s): return TokenMath.isExpression(s)
    case .object(let o):
      return depth < 2 && o.members.contains { hasMemberMath($0.value, depth: depth + 1) }
    case .array(let a): return depth < 1 && a.contains { hasMemberMath($0, depth: depth + 1) }
    default: return false
    }
  }
}

extension TokenGraph {
  /// Why a literal token's stored value is not one its type can hold, or nil: a value a
  /// lenient import kept rather than dropped (issue 14 point 3: Tokens Studio's
  /// `linear-gradient(…)` as a colour, `"{a}{b}"` as a dimension), which every reader then
  /// sees as a failure and `doctor` and `lint` report until it is fixed.
  ///
  /// Checked with ``TokenValue/check(_:type:strict:references:)``, lenient, for the values
  /// an import can keep this way: a string (only a font family, a font weight, a stroke
  /// style or math hold one, and math is computed before this), a composite, a value of a
  /// type DTCG does not have. A number or an object of a simple type was checked when it
  /// was stored, so a large catalog's dimensions cost nothing here; `doctor`, which must
  /// also find a row written by hand (an `srgb` component of 2), checks every value.
  /// - Parameters:
  ///   - token: A literal token (not an alias, not math).
  ///   - everyValue: True to check numbers and objects of simple types too.
  /// - Returns: The problem, or nil.
  public func storedValueProblem(_ token: DesignToken, everyValue: Bool = false) -> String? {
    // An untyped literal is a value the caller resolves as it is (a resolver document's
    // tokens, a test's); an import never stores one.
    guard let type = token.type else { return nil }
    guard TokenFileParser.knownTypes.contains(type) else {
      return "the type '\(type)' has no DTCG equivalent (§8)"
    }
    // A number or a dimension written as text (`"1.2"`, `"8px"`: a file's own tokens while
    // it is imported, before conversion) is a math operand as it is.
    if type == "number" || type == "dimension", case .string = token.value,
      Self.quantity(token.value) != nil
    {
      return nil
    }
    switch token.value {
    case .string, .array, .bool, .null: break
    case .object: if !everyValue, !TokenValue.compositeTypes.contains(type) { return nil }
    case .number: if !everyValue { return nil }
    }
    let references = TokenValue.References(
      aliasType: { [tokens] in tokens[Self.storedPath($0)]?.type },
      pointer: TokenValue.References.none.pointer)
    if case .invalid(let message) = TokenValue.check(
      token.value, type: type, strict: false, references: references)
    {
      return message
    }
    return nil
  }
}
