import CatalogModel

extension TokenGraph {
  /// A composite token whose members still hold Tokens Studio math (`"16 * 1.5"`, kept by a
  /// lenient import that could not compute it): the members computed
  /// (``TokensStudioMembers/read(_:type:remBase:reference:)``) with literal tokens as
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
