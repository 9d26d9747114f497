import CatalogModel

extension TokenGraph {
  /// A composite token whose members still hold Tokens Studio math (`"16 * 1.5"`, kept by a
  /// lenient import that could not compute it): the members computed
  /// (``TokensStudioMembers/read(_:type:remBase:typographyDefaults:reference:)``) with literal tokens as
  /// operands, or the failure `doctor` and `lint` report (issue 14 point 3: a token is
  /// never dropped, and one that cannot be computed is reported until it is).
  /// - Parameters:
  ///   - path: The token's path.
  ///   - token: The token.
  /// - Returns: The computed value, the failure, or nil when no member holds math.
  func memberMathNode(_ path: String, _ token: DesignToken) -> Result<
    Node, TokenResolver.Failure
  >? {
    switch token.value {
    case .object, .array: break
    default: return nil
    }
    guard let type = token.type, TokensStudioMembers.memberTypes(type) != nil,
      Self.hasMemberMath(token.value, depth: 0)
    else { return nil }
    let reading = TokensStudioMembers.read(token.value, type: type, remBase: remBase) {
      reference in
      let target = Self.storedPath(reference)
      guard let operand = tokens[target], operand.aliasTarget == nil,
        !(operand.value.stringValue.map(TokenMath.isExpression) ?? false),
        let q = Self.quantity(operand.value)
      else {
        throw TokenMath.Failure(message: "{\(reference)} is not a literal number or dimension")
      }
      return q
    }
    guard let reading else { return nil }
    if !reading.uncomputed.isEmpty {
      return .failure(.math(path: path, message: reading.uncomputed.joined(separator: "; ")))
    }
    return .success(Node(value: reading.value, type: token.type, math: nil, depth: 0))
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
  /// `rgba({color}, 0.5)`, `"{a}{b}"` as a dimension), which every reader then
  /// sees as a failure and `doctor` and `lint` report until it is fixed.
  ///
  /// Checked with ``TokenValue/check(_:type:strict:references:)``, lenient, for the values
  /// an import can keep this way: a string (only a font family, a font weight, a stroke
  /// style or math hold one, and math is computed before this), a composite, a value of a
  /// type DTCG does not have. A number or an object of a simple type was checked when it
  /// was stored, so a large catalog's dimensions cost nothing here.
  /// - Parameter token: A literal token (not an alias, not math).
  /// - Returns: The problem, or nil.
  public func storedValueProblem(_ token: DesignToken) -> String? {
    // An untyped literal is a value the caller resolves as it is (a resolver document's
    // tokens, a test's); an import never stores one.
    guard let type = token.type else { return nil }
    guard TokenFileParser.knownTypes.contains(type) else {
      return "the type '\(type)' has no DTCG equivalent (§8)"
    }
    // A number or a dimension written as text (`"1.2"`, `"8px"`: a file's own tokens while
    // it is imported, before conversion) is a math operand as it is.
    if type == "number" || type == "dimension", Self.quantity(token.value) != nil { return nil }
    switch token.value {
    case .string, .array, .bool, .null: break
    case .object: if !TokenValue.compositeTypes.contains(type) { return nil }
    case .number: return nil
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
