import CatalogModel

/// Tokens Studio's forms inside values, read as DTCG 2025.10 (issue 14 point 3): font
/// weights written as strings (`"600"`, `"Regular"`), and composite members (typography,
/// border, shadow) that hold unitless strings or math (`"16 * 1.5"`, `"{size.base} * 2"`),
/// computed as Tokens Studio and `sd-transforms` compute them (`ts/resolveMath`: references
/// resolved, then the expression evaluated; a unitless dimension is px).
public enum TokensStudioMembers {
  /// A composite value read as DTCG, with what could not be computed.
  public struct Reading: Sendable, Equatable {
    /// The value with every member that could be read in DTCG form.
    public var value: JSONValue
    /// One note per member that was converted (for the import's warnings).
    public var notes: [String]
    /// Members whose math could not be computed (`fontSize: …`), kept as written.
    public var uncomputed: [String]
    /// ``value`` with each uncomputed member replaced by a zero of its type, for checking
    /// the rest of the value.
    public var checkable: JSONValue
  }

  /// A font weight written as a string: a number (`"600"`) or a weight name in any case,
  /// with or without spaces and hyphens (`"Regular"`, `"SemiBold"`, `"extra bold"`), read
  /// as its number by DTCG 2025.10 §8.4's table of names (as `sd-transforms`'
  /// `ts/typography/fontWeight` does).
  /// - Parameter text: The string.
  /// - Returns: The weight from 1 to 1000, or nil when the string is neither.
  public static func fontWeight(_ text: String) -> Double? {
    let t = text.trimmingSpaces
    if let n = DecimalText.value(t) { return (1...1000).contains(n) ? n : nil }
    var key = String(t.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    // A style after the weight (`"Bold Italic"`, Figma's style names; `"Italic"` alone is
    // the regular weight): the weight is read, the style is not a weight (``isItalic(_:)``).
    if isItalic(t) {
      key = String(key.dropLast("italic".count))
      if key.isEmpty { return 400 }
    }
    for (name, number) in TokenExporter.fontWeightNumbers
    where String(name.filter { $0 != "-" }) == key {
      return Double(number)
    }
    return nil
  }

  /// Whether a font weight string names an italic style (`"Bold Italic"`, `"Italic"`), as
  /// Figma's style names do; sd-transforms reads the weight and sets `font-style: italic`.
  /// - Parameter text: The string.
  /// - Returns: True when it ends in "italic", in any case.
  public static func isItalic(_ text: String) -> Bool {
    text.trimmingSpaces.lowercased().hasSuffix("italic")
  }

  /// A CSS colour string as Tokens Studio writes one: `#rrggbb` (and the other hex forms),
  /// `rgb(r, g, b)`, `rgba(r, g, b, a)` and `rgba(#rrggbb, a)`, with an alpha as a number
  /// or a percentage; read as an sRGB DTCG colour (Color module).
  /// - Parameter text: The string.
  /// - Returns: The colour value, or nil for any other form (a reference inside it, a name).
  public static func color(_ text: String) -> JSONValue? {
    let noReference: (String) throws -> JSONValue = { reference in
      throw MemberFailure(message: "{\(reference)} is a reference")
    }
    return (try? color(text, reference: noReference)) ?? nil
  }

  /// A colour function as Tokens Studio writes one, its references resolved (the one rule
  /// for colour expressions, issue 14 point 3): `#rrggbb`, `rgb(r, g, b)`, `rgba(r, g, b,
  /// a)`, `rgba(#rrggbb, a)` and `rgba({colors.blue}, a)` (Tokens Studio's colour modifier
  /// form: the referenced colour with the alpha `a`, which replaces the colour's own, as
  /// Tokens Studio writes `rgba(r, g, b, a)` from the colour's red, green and blue). The
  /// alpha is a number from 0 to 1, a percentage (`50%`) or math naming a number token
  /// (`{opacity.half}`).
  /// - Parameters:
  ///   - text: The string.
  ///   - reference: A referenced token's resolved value (`{path}` → its value, the path as
  ///     written between the braces); throws when it cannot be resolved.
  /// - Returns: The DTCG colour (`{"colorSpace": …, "components": […], "alpha"?, "hex"?}`),
  ///   or nil when the text is none of these forms.
  /// - Throws: What `reference` throws; ``MemberFailure`` when a referenced token is not a
  ///   colour or the alpha is not a number from 0 to 1.
  public static func color(_ text: String, reference: (String) throws -> JSONValue) throws
    -> JSONValue?
  {
    let t = text.trimmingSpaces
    if t.hasPrefix("#") { return TokenValue.hexColor(t) }
    let lower = t.lowercased()
    guard lower.hasPrefix("rgb"), t.hasSuffix(")"), let open = t.firstIndex(of: "(") else {
      return nil
    }
    let args = t[t.index(after: open)..<t.index(before: t.endIndex)].split(separator: ",").map {
      String($0).trimmingSpaces
    }
    func unit(_ a: String) throws -> Double? {
      if a.hasSuffix("%"), let n = DecimalText.value(a.dropLast()) { return n / 100 }
      if let n = DecimalText.value(a) { return n }
      guard a.utf8.contains(UInt8(ascii: "{")) else { return nil }
      let q = try TokenMath.evaluate(a) { operand in
        guard let q = TokenGraph.quantity(try reference(operand)) else {
          throw MemberFailure(message: "{\(operand)} is not a number")
        }
        return q
      }
      guard q.unit == nil else {
        throw MemberFailure(
          message:
            "the alpha \"\(a)\" gives \(TokenValue.format(q.value))\(q.unit ?? ""); a number from 0 to 1 is needed"
        )
      }
      return q.value
    }
    var base: JSONObject
    var rest: ArraySlice<String>
    if let first = args.first, first.hasPrefix("#"),
      let hex = TokenValue.hexColor(first)?.objectValue
    {
      base = hex
      rest = args.dropFirst()
    } else if let first = args.first, let target = TokenAlias.target(of: .string(first)) {
      base = try referencedColor(target, reference(target))
      base["alpha"] = nil
      rest = args.dropFirst()
    } else {
      guard args.count >= 3 else { return nil }
      var components: [JSONValue] = []
      for a in args.prefix(3) {
        guard let n = DecimalText.value(a), (0...255).contains(n) else { return nil }
        components.append(.number((n / 255 * 10000).rounded() / 10000))
      }
      base = JSONObject([("colorSpace", .string("srgb")), ("components", .array(components))])
      rest = args.dropFirst(3)
    }
    guard rest.count <= 1 else { return nil }
    if let a = rest.first {
      guard let alpha = try unit(a), (0...1).contains(alpha) else {
        if a.utf8.contains(UInt8(ascii: "{")) {
          throw MemberFailure(message: "the alpha \"\(a)\" is not a number from 0 to 1")
        }
        return nil
      }
      if alpha != 1 { base["alpha"] = .number(alpha) }
    }
    return .object(base)
  }

  /// A referenced token's resolved value as the colour a colour function starts from: a
  /// DTCG colour object (any colour space) or a hex string.
  /// - Throws: ``MemberFailure`` naming the reference when the value is no colour.
  static func referencedColor(_ reference: String, _ value: JSONValue) throws -> JSONObject {
    if let s = value.stringValue, let hex = TokenValue.hexColor(s.trimmingSpaces)?.objectValue {
      return hex
    }
    if let o = value.objectValue, o["colorSpace"] != nil,
      case .valid = TokenValue.check(value, type: "color", strict: true)
    {
      return o
    }
    throw MemberFailure(
      message:
        "{\(reference)} is not a color (its value is \(TokenValue.shortDescription(value))); a colour function needs a color token"
    )
  }

  /// Whether a member of a composite is an expression the token graph computes when the
  /// token is used (issue 14 point 3): Tokens Studio math in a dimension or number member
  /// (`"{size.w} * 2"`, `"16 * 1.5"`), or a colour function naming a token in a colour
  /// member (`"rgba({colors.blue}, 50%)"`). A whole-member alias is not one.
  /// - Parameters:
  ///   - raw: The member's value.
  ///   - memberType: The member's DTCG type (`dimension`, `number`, `color`).
  /// - Returns: True for such an expression.
  static func isMemberExpression(_ raw: JSONValue, memberType: String) -> Bool {
    guard case .string(let s) = raw, TokenAlias.target(of: raw) == nil else { return false }
    switch memberType {
    case "dimension", "number": return TokenMath.isExpression(s)
    case "color": return isColorExpression(s)
    default: return false
    }
  }

  /// Whether a member is an expression that names a token (``isMemberExpression(_:memberType:)``
  /// holding a `{…}` reference): what an import keeps as written for the token graph to
  /// compute, while math of literals alone (`"16 * 1.5"`) names nothing and is computed.
  /// - Parameters:
  ///   - raw: The member's value.
  ///   - memberType: The member's DTCG type.
  /// - Returns: True for such an expression.
  static func isMemberExpressionNamingTokens(_ raw: JSONValue, memberType: String) -> Bool {
    guard case .string(let s) = raw, s.utf8.contains(UInt8(ascii: "{")) else { return false }
    return isMemberExpression(raw, memberType: memberType)
  }

  /// Whether a colour string is a colour function naming tokens (`rgba({colors.blue},
  /// 50%)`): the colour expressions the token graph computes (``color(_:reference:)``).
  /// Other text naming tokens (`linear-gradient({c} 0%, …)`) is no colour DTCG or the
  /// catalog can compute, and is reported as such.
  /// - Parameter text: A colour token's value, or a colour member's.
  /// - Returns: True when it starts with `rgb` (any case) and holds a `{…}` reference.
  public static func isColorExpression(_ text: String) -> Bool {
    text.utf8.contains(UInt8(ascii: "{"))
      && text.trimmingSpaces.lowercased().hasPrefix("rgb")
  }

  /// The member types of a composite that may hold expressions
  /// (``isMemberExpression(_:memberType:)``), colour included.
  static func expressionMemberTypes(_ type: String) -> [String: String]? {
    guard var members = memberTypes(type) else { return nil }
    if type != "typography" { members["color"] = "color" }
    return members
  }

  /// Calls `body` with each member expression of a composite value (one layer, or an array
  /// of layers for a shadow): its name, its type and its text.
  static func forEachMemberExpression(
    _ value: JSONValue, type: String, _ body: (String, String, String) -> Void
  ) {
    guard let members = expressionMemberTypes(type) else { return }
    func layer(_ v: JSONValue) {
      guard let o = v.objectValue else { return }
      for (name, raw) in o.members {
        if let memberType = members[name], isMemberExpression(raw, memberType: memberType),
          let s = raw.stringValue
        {
          body(name, memberType, s)
        }
      }
    }
    if let layers = value.arrayValue { layers.forEach(layer) } else { layer(value) }
  }

  /// Whether a composite value holds a member expression
  /// (``isMemberExpression(_:memberType:)``).
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its `$type`.
  /// - Returns: True when one member is an expression.
  public static func hasMemberExpression(_ value: JSONValue, type: String) -> Bool {
    switch value {
    case .object, .array: break
    default: return false
    }
    var found = false
    forEachMemberExpression(value, type: type) { _, _, _ in found = true }
    return found
  }

  /// The references inside a composite's member expressions, in order (what the token
  /// graph resolves before computing them).
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its `$type`.
  /// - Returns: The references as written (`$root` normalised).
  static func memberExpressionReferences(_ value: JSONValue, type: String) -> [String] {
    var found: [String] = []
    forEachMemberExpression(value, type: type) { _, _, text in
      found += TokenGraph.bracedReferences(in: text)
    }
    return found
  }

  /// A composite value with each member expression that names a token replaced by a
  /// placeholder of the member's type (0px, 0, an opaque black): the value whose other
  /// members the value check reads, while the token graph computes and reports the
  /// expressions. (Member math of literals names nothing, so an import computes it.)
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its `$type`.
  /// - Returns: The value with placeholders, or nil when it holds no member expression.
  public static func withPlaceholders(_ value: JSONValue, type: String) -> JSONValue? {
    guard let members = expressionMemberTypes(type) else { return nil }
    var replaced = false
    func layer(_ v: JSONValue) -> JSONValue {
      guard var o = v.objectValue else { return v }
      for (name, raw) in o.members {
        guard let memberType = members[name],
          isMemberExpressionNamingTokens(raw, memberType: memberType)
        else { continue }
        o[name] = placeholder(memberType)
        replaced = true
      }
      return .object(o)
    }
    let result = value.arrayValue.map { .array($0.map(layer)) } ?? layer(value)
    return replaced ? result : nil
  }

  /// A value of a member type that the value check accepts (0px, 0, opaque black).
  static func placeholder(_ memberType: String) -> JSONValue {
    switch memberType {
    case "number": .number(0)
    case "color":
      .object(
        JSONObject([
          ("colorSpace", .string("srgb")),
          ("components", .array([.number(0), .number(0), .number(0)])),
        ]))
    default: .object(JSONObject([("value", .number(0)), ("unit", .string("px"))]))
    }
  }

  /// The DTCG type of each member of a composite type that Tokens Studio may write as a
  /// string or as math; nil for a type with none.
  static func memberTypes(_ type: String) -> [String: String]? {
    switch type {
    case "typography":
      ["fontSize": "dimension", "letterSpacing": "dimension", "lineHeight": "number"]
    case "border": ["width": "dimension"]
    case "shadow":
      ["offsetX": "dimension", "offsetY": "dimension", "blur": "dimension", "spread": "dimension"]
    default: nil
    }
  }

  /// Reads a Tokens Studio composite value (`typography`, `border`, `shadow`, one layer or an
  /// array) as DTCG: a shadow's `x`/`y` become `offsetX`/`offsetY` and its `type:
  /// "innerShadow"` becomes `inset: true`; a dimension member written `"16"`, `"4px"` or as
  /// math becomes `{"value": 24, "unit": "px"}`; a number member (`lineHeight`) written as a
  /// string or math becomes a number; a `fontWeight` string its number. An alias member is
  /// left as it is.
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its DTCG type.
  ///   - remBase: Points per rem, for `px` and `rem` mixed.
  ///   - typographyDefaults: Whether a typography member the value leaves out is filled in
  ///     (``typographyDefaults``): Tokens Studio's typography members are optional, DTCG
  ///     2025.10 §9.7 requires all five.
  ///   - keepsExpressionsNamingTokens: Whether a member expression that names a token
  ///     (`"{size.w} * 2"`, `"rgba({colors.blue}, 50%)"`) is kept as written, so the link to
  ///     the token survives and the token graph computes it when the token is used (an
  ///     import); it is then a placeholder in ``Reading/checkable``. Otherwise it is computed.
  ///   - reference: A referenced token's resolved value (`{path}` → value, the path as
  ///     stored); throws when it cannot be resolved.
  /// - Returns: The reading, or nil when `type` has no such members or nothing changed.
  public static func read(
    _ value: JSONValue, type: String, remBase: Double = TokenValue.defaultRemBase,
    typographyDefaults: Bool = false, keepsExpressionsNamingTokens: Bool = false,
    reference: (String) throws -> JSONValue
  ) -> Reading? {
    guard let members = memberTypes(type) else { return nil }
    func quantity(_ operand: String) throws -> TokenMath.Quantity {
      guard let q = TokenGraph.quantity(try reference(operand)) else {
        throw TokenMath.Failure(message: "{\(operand)} is not a number or dimension")
      }
      return q
    }
    func keeps(_ raw: JSONValue, _ memberType: String) -> Bool {
      keepsExpressionsNamingTokens
        && isMemberExpressionNamingTokens(raw, memberType: memberType)
    }
    var notes: [String] = []
    var uncomputed: [String] = []
    var zeroed: [(Int, String)] = []
    func layer(_ v: JSONValue, _ prefix: String, _ index: Int) -> JSONValue {
      guard let o = v.objectValue else { return v }
      var out = JSONObject()
      var percentOfSize: [String: FontRelative] = [:]
      for (key, raw) in o.members {
        var name = key
        if type == "shadow", key == "x" || key == "y", o["offset" + key.uppercased()] == nil {
          name = "offset" + key.uppercased()
        }
        if type == "shadow", key == "type", let s = raw.stringValue,
          s == "innerShadow" || s == "dropShadow"
        {
          if s == "innerShadow" { out["inset"] = .bool(true) }
          notes.append(
            "\(prefix)type \"\(s)\" is Tokens Studio's; read as inset: \(s == "innerShadow") (§9.5)"
          )
          continue
        }
        if name != key {
          notes.append("\(prefix)\(key) is Tokens Studio's name; read as \(name) (§9.5)")
        }
        var member = raw
        if type == "typography", let relative = Self.fontRelative(name, raw) {
          // Read once the font size is known (below).
          percentOfSize[name] = relative
          out[name] = raw
          continue
        }
        if type == "typography", key == "fontWeight", let s = raw.stringValue,
          TokenAlias.target(of: raw) == nil, let n = fontWeight(s)
        {
          member = .number(n)
          notes.append(
            "\(prefix)fontWeight \"\(s)\" is read as \(TokenValue.format(n)) (§8.4)"
              + (Self.isItalic(s)
                ? "; italic is a font style, for which DTCG typography has no member (§9.7), so it is not kept"
                : ""))
        } else if name == "color", type != "typography", keeps(raw, "color") {
          notes.append(
            "\(prefix)color '\(raw.stringValue ?? "")' names a token; it is kept and computed when the token is used"
          )
          zeroed.append((index, name))
        } else if name == "color", type != "typography", let s = raw.stringValue,
          isColorExpression(s)
        {
          do {
            if let c = try color(s, reference: reference) {
              member = c
              notes.append("\(prefix)color '\(s)' is read as a color (Color module)")
            } else {
              uncomputed.append(
                "\(prefix)color: '\(s)' is not a colour function the catalog computes (rgb() or rgba() of a color token and an alpha)"
              )
              zeroed.append((index, name))
            }
          } catch {
            uncomputed.append("\(prefix)color: '\(s)': \(error)")
            zeroed.append((index, name))
          }
        } else if name == "color", type != "typography", let s = raw.stringValue,
          TokenAlias.target(of: raw) == nil, let c = color(s)
        {
          member = c
          notes.append("\(prefix)color '\(s)' is read as an sRGB color (Color module)")
        } else if let memberType = members[name], keeps(raw, memberType) {
          notes.append(
            "\(prefix)\(name) \"\(raw.stringValue ?? "")\" names a token; it is kept and computed when the token is used"
          )
          zeroed.append((index, name))
        } else if let memberType = members[name] {
          switch Self.member(raw, type: memberType, remBase: remBase, reference: quantity) {
          case .success(let (v, note))?:
            member = v
            notes.append("\(prefix)\(name): \(note)")
          case .failure(let f)?:
            uncomputed.append("\(prefix)\(name): \(f)")
            zeroed.append((index, name))
          case nil: break
          }
        }
        out[name] = member
      }
      if type == "typography" {
        for (name, relative) in percentOfSize.sorted(by: { $0.key < $1.key }) {
          switch relative {
          case .automatic:
            // Figma's "AUTO" line height: CSS's `normal`, which CSS 2 §10.8.1 advises be
            // 1.0–1.2; sd-transforms writes `normal`. DTCG needs a number (§9.7).
            out[name] = .number(1.2)
            notes.append(
              "\(prefix)\(name) \"\(o[name]?.stringValue ?? "")\" (Figma's automatic line height, CSS normal) is read as 1.2"
            )
          case .percent(let p):
            // The font size as stored, or through its alias (as member math reads operands).
            var fontSize: (value: Double, unit: String)?
            if let size = out["fontSize"]?.objectValue, let n = size["value"]?.numberValue,
              let unit = size["unit"]?.stringValue
            {
              fontSize = (n, unit)
            } else if let size = out["fontSize"], let target = TokenAlias.target(of: size),
              let q = try? quantity(target)
            {
              fontSize = (q.value, q.unit ?? "px")
            }
            // A font size kept as an expression naming tokens: its value now, or why not.
            var why = ""
            if fontSize == nil, case .string(let text)? = out["fontSize"],
              TokenMath.isExpression(text)
            {
              do {
                let q = try TokenMath.evaluate(text, remBase: remBase, reference: quantity)
                fontSize = (q.value, q.unit ?? "px")
              } catch {
                why = " (fontSize \"\(text)\": \(error))"
              }
            }
            guard let (n, unit) = fontSize else {
              uncomputed.append(
                "\(prefix)\(name): \"\(o[name]?.stringValue ?? "")\" is a percentage of the font size, which is not a dimension here\(why)"
              )
              zeroed.append((index, name))
              continue
            }
            // Tokens Studio's letter spacing in % is relative to the font size (sd-transforms
            // writes it in em); DTCG dimensions are px or rem (§8.2), so it is that share of
            // the size, in the size's unit.
            let v = n * p / 100
            out[name] = .object(JSONObject([("value", .number(v)), ("unit", .string(unit))]))
            notes.append(
              "\(prefix)\(name) \"\(o[name]?.stringValue ?? "")\" of the font size is read as \(TokenValue.format(v))\(unit) (§8.2)"
            )
          }
        }
      }
      if type == "typography", typographyDefaults {
        for (name, fill) in Self.typographyDefaults where out[name] == nil {
          out[name] = fill
          notes.append(
            "\(prefix)\(name) is missing (optional in Tokens Studio, required by §9.7); read as \(Self.describeDefault(fill)), the CSS default sd-transforms writes"
          )
        }
      }
      return .object(out)
    }
    let result: JSONValue
    if let layers = value.arrayValue {
      result = .array(layers.enumerated().map { layer($1, "[\($0)] ", $0) })
    } else {
      result = layer(value, "", -1)
    }
    guard result != value || !uncomputed.isEmpty || !zeroed.isEmpty else { return nil }
    var checkable = result
    for (index, name) in zeroed {
      let zero = placeholder(name == "color" ? "color" : members[name] ?? "dimension")
      if index < 0, var o = checkable.objectValue {
        o[name] = zero
        checkable = .object(o)
      } else if var layers = checkable.arrayValue, layers.indices.contains(index),
        var o = layers[index].objectValue
      {
        o[name] = zero
        layers[index] = .object(o)
        checkable = .array(layers)
      }
    }
    return Reading(value: result, notes: notes, uncomputed: uncomputed, checkable: checkable)
  }

  /// A typography member Tokens Studio writes relative to the font: a letter spacing in
  /// percent of the font size, or Figma's automatic line height.
  enum FontRelative: Equatable {
    /// `"AUTO"` (any case) as a line height.
    case automatic
    /// `"5%"` as a letter spacing: that share of the font size.
    case percent(Double)
  }

  /// Whether a typography member is written relative to the font (``FontRelative``).
  /// - Parameters:
  ///   - name: The member's DTCG name.
  ///   - raw: Its value as written.
  /// - Returns: How it is relative, or nil.
  static func fontRelative(_ name: String, _ raw: JSONValue) -> FontRelative? {
    guard let s = raw.stringValue?.trimmingSpaces, TokenAlias.target(of: raw) == nil else {
      return nil
    }
    if name == "lineHeight", s.lowercased() == "auto" { return .automatic }
    if name == "letterSpacing", s.hasSuffix("%"), let n = DecimalText.value(s.dropLast()) {
      return .percent(n)
    }
    return nil
  }

  /// What a Tokens Studio typography value that leaves a member out means, as DTCG 2025.10
  /// §9.7 members: the values sd-transforms' CSS typography shorthand writes for a missing
  /// member (`400 16px/1 sans-serif`, `ts/typography/css/shorthand`) and CSS's initial
  /// letter spacing (`normal`, 0). In file order of §9.7's members.
  public static let typographyDefaults: [(name: String, value: JSONValue)] = [
    ("fontFamily", .string("sans-serif")),
    ("fontSize", .object(JSONObject([("value", .number(16)), ("unit", .string("px"))]))),
    ("fontWeight", .number(400)),
    ("letterSpacing", .object(JSONObject([("value", .number(0)), ("unit", .string("px"))]))),
    ("lineHeight", .number(1)),
  ]

  /// A default member's value as a note writes it (`0px`, `400`, `sans-serif`).
  static func describeDefault(_ value: JSONValue) -> String {
    if let o = value.objectValue, let n = o["value"]?.numberValue, let u = o["unit"]?.stringValue {
      return "\(TokenValue.format(n))\(u)"
    }
    if let n = value.numberValue { return TokenValue.format(n) }
    return value.stringValue.map { "\"\($0)\"" } ?? JSONWriter.compact(value)
  }

  /// One dimension or number member as DTCG, or nil when it is already DTCG or an alias.
  static func member(
    _ raw: JSONValue, type: String, remBase: Double,
    reference: (String) throws -> TokenMath.Quantity
  ) -> Result<(JSONValue, String), MemberFailure>? {
    func dimension(_ n: Double, _ unit: String) -> JSONValue {
      .object(JSONObject([("value", .number(n)), ("unit", .string(unit))]))
    }
    switch raw {
    case .number(let number) where type == "dimension":
      let n = number.value
      return .success(
        (
          dimension(n, "px"),
          "\(TokenValue.format(n)) has no unit; read as \(TokenValue.format(n))px (§8.2)"
        ))
    case .string(let s) where TokenAlias.target(of: raw) == nil:
      let t = s.trimmingSpaces
      if type == "number", t.hasSuffix("%"), let n = DecimalText.value(t.dropLast()) {
        return .success(
          (.number(n / 100), "\"\(s)\" is read as \(TokenValue.format(n / 100)) (§8.7)"))
      }
      let q: TokenMath.Quantity
      do {
        q = try TokenMath.evaluate(t, remBase: remBase, reference: reference)
      } catch {
        return TokenMath.isExpression(t)
          ? .failure(MemberFailure(message: "\"\(s)\": \(error)")) : nil
      }
      if type == "number" {
        guard q.unit == nil else {
          return .failure(
            MemberFailure(
              message:
                "\"\(s)\" gives \(TokenValue.format(q.value))\(q.unit ?? ""); a number is needed"))
        }
        return .success(
          (.number(q.value), "\"\(s)\" is read as \(TokenValue.format(q.value)) (§8.7)"))
      }
      let unit = q.unit ?? "px"
      let v = dimension(q.value, unit)
      if let problem = TokenValue.pointsProblem(v, type: "dimension", remBase: remBase) {
        return .failure(MemberFailure(message: problem))
      }
      return .success((v, "\"\(s)\" is read as \(TokenValue.format(q.value))\(unit) (§8.2)"))
    default:
      return nil
    }
  }

  /// A reading's notes as one warning: `Tokens Studio members read as DTCG: …`, or empty.
  /// - Parameter reading: The reading.
  /// - Returns: The warning's text.
  public static func notes(_ reading: Reading) -> String {
    reading.notes.isEmpty
      ? "" : "Tokens Studio members read as DTCG: \(reading.notes.joined(separator: "; "))"
  }

  /// A reference of a composite member's expression, resolved with a file's tokens
  /// (aliases and math followed by ``TokenResolver``, built on first use).
  /// - Parameters:
  ///   - reference: The operand's path as written.
  ///   - tokens: The file's tokens.
  ///   - index: Their indices by path.
  ///   - resolver: The resolver over `tokens`, made on first use.
  /// - Returns: The referenced token's resolved value.
  /// - Throws: ``TokenMath/Failure`` when the token is not in the file;
  ///   ``TokenResolver/Failure`` when it cannot be computed.
  static func operand(
    _ reference: String, in tokens: [DesignToken], index: [String: Int],
    _ resolver: inout TokenResolver?
  ) throws -> JSONValue {
    let path = TokenGraph.storedPath(reference)
    guard index[path] != nil else {
      throw TokenMath.Failure(message: "{\(reference)} is not a token of this file")
    }
    let r: TokenResolver
    if let resolver {
      r = resolver
    } else {
      var byPath: [String: DesignToken] = [:]
      for token in tokens { byPath[token.path] = token }
      r = TokenResolver(tokens: byPath)
      resolver = r
    }
    return try r.resolveValue(path).value
  }

  /// Why a member's math cannot be computed.
  public struct MemberFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The message.
    public var description: String { message }
  }
}
