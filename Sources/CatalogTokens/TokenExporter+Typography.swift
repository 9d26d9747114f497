import CatalogJSON

extension TokenExporter {
  /// A typography value's face as the platform exports need it: the first font family and
  /// the font size in points, with each member's alias resolved (DTCG 2025.10 Format
  /// §9.7 typography: `fontFamily` is a string or a list, most preferred first;
  /// `fontSize` a dimension).
  ///
  /// - Parameters:
  ///   - value: The resolved typography value (members may still be aliases).
  ///   - resolver: Resolves member aliases and converts `rem` with its base.
  /// - Returns: The family, the size in points (px = pt) and a look-up for the other
  ///   members (aliases resolved); nil when the family or a positive size does not resolve.
  static func typographyFace(_ value: JSONValue, _ resolver: TokenResolver) -> (
    family: String, size: Double, member: (String) -> JSONValue?
  )? {
    guard let o = value.objectValue else { return nil }
    let member = { (key: String) -> JSONValue? in
      guard let v = o[key] else { return nil }
      if let target = TokenAlias.target(of: v) { return (try? resolver.resolve(target))?.value }
      return v
    }
    let family: String?
    switch member("fontFamily") {
    case .string(let s)?: family = s
    case .array(let a)?: family = a.first?.stringValue
    default: family = nil
    }
    guard let family,
      let size = member("fontSize").flatMap({
        TokenValue.points($0, type: "dimension", remBase: resolver.remBase)
      }), size > 0
    else { return nil }
    return (family, size, member)
  }
}
