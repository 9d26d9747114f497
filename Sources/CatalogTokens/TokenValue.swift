import CatalogModel

/// Checks a `$value` against its `$type` (DTCG Format §8 primitive types, §9 composite
/// types, and the Color module) and converts dimensions to points.
///
/// Sub-values of composite types may be aliases (`"{space.sm}"`, which must name a token
/// of the sub-value's type, Format §9) or JSON Pointer references (`{"$ref": "#/…"}`,
/// Format §7.3, resolved through ``References``); sub-values of primitive types may only
/// be `$ref`s (a curly-brace alias inside a dimension's `value` is an error).
public enum TokenValue {
  /// The outcome of checking a value.
  public enum Check: Sendable, Equatable {
    /// The value fits the type as written.
    case valid
    /// The value is a non-standard form that was converted (with a note for the warning).
    case converted(JSONValue, note: String)
    /// The value does not fit; the message says what was expected.
    case invalid(String)
  }

  /// What a check needs to follow references inside a value.
  public struct References {
    /// The resolved `$type` of the token an alias names (`space.sm` → `dimension`); nil
    /// when no such token exists (that is reported separately).
    public var aliasType: (String) -> String?
    /// Resolves a `{"$ref": "#/…"}` object to the value it points at (already free of
    /// references), or throws a message.
    public var pointer: (JSONValue) throws(ReferenceFailure) -> JSONValue
    /// Creates the context.
    /// - Parameters:
    ///   - aliasType: Type lookup for aliases.
    ///   - pointer: `$ref` resolution.
    public init(
      aliasType: @escaping (String) -> String?,
      pointer: @escaping (JSONValue) throws(ReferenceFailure) -> JSONValue
    ) {
      self.aliasType = aliasType
      self.pointer = pointer
    }
    /// No references resolve: aliases have no known type, `$ref` is refused.
    public static var none: References {
      References(
        aliasType: { _ in nil },
        pointer: { _ throws(ReferenceFailure) in
          throw ReferenceFailure(message: "JSON Pointer references are not available here (§7.3)")
        })
    }
  }

  /// A reference that cannot be followed; the message names the problem and the section.
  public struct ReferenceFailure: Error, Sendable, Equatable {
    /// What is wrong.
    public var message: String
    /// Creates a failure.
    public init(message: String) { self.message = message }
  }

  /// How many points one `rem` is: 16, the browser default font size (DTCG Format §8.2.1
  /// allows the lossy conversion; `px` is 1 pt, as §8.2 suggests for iOS).
  public static let defaultRemBase = 16.0

  /// The font weight names of Format §8.4.
  public static let fontWeightNames: [String] = [
    "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book",
    "medium", "semi-bold",
    "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black",
  ]

  /// The stroke style keywords of Format §9.2.
  public static let strokeStyleNames = [
    "solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset",
  ]

  /// The composite types (Format §9).
  public static let compositeTypes: Set<String> = [
    "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
  ]

  /// Checks `value` for `type` without references (see ``check(_:type:strict:references:)``).
  ///
  /// - Parameters:
  ///   - value: A `$value` that is not an alias.
  ///   - type: A DTCG type name.
  ///   - strict: When true, non-standard forms are invalid instead of converted.
  /// - Returns: Whether the value fits, was converted, or is invalid.
  public static func check(_ value: JSONValue, type: String, strict: Bool) -> Check {
    check(value, type: type, strict: strict, references: .none)
  }

  /// Checks `value` for `type`, following references inside it.
  ///
  /// Lenient forms (`strict == false`), each converted with a note: string dimensions
  /// (`"4px"`, `"1.5rem"`, `"0"`), unitless numeric strings for dimensions (`"18"`, read as
  /// px, as Tokens Studio writes them), Tokens Studio math (`"{space.md} * 2"`, kept and
  /// computed when used) and CSS colour strings (`"#0078d4"`, kept as written).
  ///
  /// - Parameters:
  ///   - value: A `$value` that is not a whole-value alias.
  ///   - type: A DTCG type name.
  ///   - strict: When true, non-standard forms are invalid instead of converted.
  ///   - references: How to follow aliases and `$ref`s inside the value.
  /// - Returns: Whether the value fits, was converted, or is invalid.
  public static func check(_ value: JSONValue, type: String, strict: Bool, references: References)
    -> Check
  {
    // `"1e400px"`, `"1e-400"`: a number out of a Double's range is refused as such, not
    // read as math or as 0 (DecimalText.isOutOfRange, the one range rule).
    if case .string(let text) = value, type == "dimension" || type == "number" {
      let trimmed = text.trimmingSpaces
      let number = ["rem", "px"].first { trimmed.hasSuffix($0) }.map {
        String(trimmed.dropLast($0.count))
      }
      if let n = [trimmed, number].compactMap({ $0 }).first(where: DecimalText.isOutOfRange) {
        return .invalid(
          "the number \(n) in \"\(DiagnosticText.excerpt(text))\" is out of range; expected a finite number (\(NumberOverflow.expectation(n)))"
        )
      }
    }
    if case .string(let text) = value, type == "dimension" || type == "number",
      TokenMath.isExpression(text)
    {
      return strict
        ? .invalid(
          "\"\(DiagnosticText.excerpt(text))\" is a math expression, which DTCG 2025.10 does not define (Tokens Studio writes them)"
        )
        : .converted(
          value,
          note:
            "\"\(DiagnosticText.excerpt(text))\" is a Tokens Studio math expression, not DTCG; it is kept and computed when the token is used"
        )
    }
    if case .string(let s) = value, type == "dimension" {
      if let (n, unit) = legacyDimension(s) {
        if strict {
          return .invalid(
            "a dimension's $value must be {\"value\": number, \"unit\": \"px\" | \"rem\"}; \"\(DiagnosticText.excerpt(s))\" is the older string form (§8.2)"
          )
        }
        let converted = JSONValue.object(
          JSONObject([("value", .number(n)), ("unit", .string(unit))]))
        // The string form obeys the same points rule as the object form (`"1e308rem"`).
        if let problem = pointsProblem(converted, type: type) { return .invalid(problem) }
        return .converted(
          converted,
          note:
            "the dimension \"\(DiagnosticText.excerpt(s))\" is the older string form; read as {\"value\": \(JSONWriter.number(n)), \"unit\": \"\(unit)\"} (DTCG 2025.10 §8.2)"
        )
      }
      if !strict, let n = DecimalText.value(s.trimmingSpaces) {
        let converted = JSONValue.object(
          JSONObject([("value", .number(n)), ("unit", .string("px"))]))
        if let problem = pointsProblem(converted, type: type) { return .invalid(problem) }
        return .converted(
          converted,
          note:
            "the dimension \"\(DiagnosticText.excerpt(s))\" has no unit; read as {\"value\": \(JSONWriter.number(n)), \"unit\": \"px\"} as Tokens Studio does (DTCG 2025.10 §8.2 requires a unit)"
        )
      }
    }
    if case .string(let s) = value, type == "color", !strict,
      TokensStudioMembers.isColorExpression(s)
    {
      return .converted(
        value,
        note:
          "'\(DiagnosticText.excerpt(s))' is a Tokens Studio colour function naming a token, not DTCG; it is kept and computed when the token is used"
      )
    }
    // Member expressions that name tokens (`"{size.w} * 2"`, `"rgba({c}, 50%)"`) are kept
    // and computed by the token graph, which reports them; the other members are checked.
    if !strict, compositeTypes.contains(type),
      let placeholders = TokensStudioMembers.withPlaceholders(value, type: type)
    {
      if let message = problem(placeholders, type: type, references: references, depth: 0) {
        return .invalid(message)
      }
      return .converted(
        value,
        note:
          "its members hold Tokens Studio expressions naming tokens, not DTCG; they are kept and computed when the token is used"
      )
    }
    if case .string(let s) = value, type == "color", !s.hasPrefix("{") {
      if strict || !(s.hasPrefix("#") || s.hasPrefix("rgb") || s.hasPrefix("hsl")) {
        return .invalid(
          "a color's $value must be {\"colorSpace\": …, \"components\": […]}; '\(DiagnosticText.excerpt(s))' is the older string form (§8.1, Color module)"
        )
      }
      if let converted = cssColor(s) {
        return .converted(
          converted,
          note:
            "the color '\(DiagnosticText.excerpt(s))' is the older string form; read as {\"colorSpace\": \"srgb\", …} (DTCG 2025.10 Color module)"
        )
      }
      return .invalid(
        "'\(DiagnosticText.excerpt(s))' is not a CSS colour the catalog reads (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla() with values in range); a color's $value is {\"colorSpace\": …, \"components\": […]} (§8.1, Color module)"
      )
    }
    if let message = problem(value, type: type, references: references, depth: 0) {
      return .invalid(message)
    }
    return .valid
  }

  /// The first problem of a stored composite value (Format §9) against the tokens it names:
  /// the check import runs (``check(_:type:strict:references:)``), so a member alias must
  /// name a token of the member's type (`color: the alias {c} names a dimension token; a
  /// color is needed here`). The one rule for `tokens set`, the dependents check of every
  /// token change and `doctor`. Stored values hold no `$ref` (import inlines them).
  /// - Parameters:
  ///   - value: A composite token's `$value` (not a whole-value alias).
  ///   - type: Its `$type`; nil is returned for a type that is not composite.
  ///   - aliasType: The `$type` of the token an alias names, nil when none exists.
  /// - Returns: The problem in words (member first), or nil.
  public static func compositeMemberProblem(
    _ value: JSONValue, type: String, aliasType: @escaping (String) -> String?
  ) -> String? {
    guard compositeTypes.contains(type) else { return nil }
    let references = References(aliasType: aliasType, pointer: References.none.pointer)
    if case .invalid(let message) = check(
      value, type: type, strict: false, references: references)
    {
      return message
    }
    return nil
  }

  /// Reads `#rgb`, `#rrggbb` or `#rrggbbaa` as an sRGB colour value.
  /// - Parameter s: The string.
  /// - Returns: `{"colorSpace": "srgb", "components": […], "alpha"?, "hex"}` or nil.
  public static func hexColor(_ s: String) -> JSONValue? {
    guard s.hasPrefix("#") else { return nil }
    var hex = String(s.dropFirst()).lowercased()
    guard hex.allSatisfy({ $0.isHexDigit }) else { return nil }
    if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
    guard hex.count == 6 || hex.count == 8 else { return nil }
    var bytes: [Double] = []
    var i = hex.startIndex
    while i < hex.endIndex {
      let j = hex.index(i, offsetBy: 2)
      bytes.append(Double(Int(hex[i..<j], radix: 16) ?? 0) / 255)
      i = j
    }
    let round = { (x: Double) in (x * 10000).rounded() / 10000 }
    var members: [(key: String, value: JSONValue)] = [
      ("colorSpace", .string("srgb")),
      ("components", .array(bytes.prefix(3).map { .number(round($0)) })),
    ]
    if bytes.count == 4 { members.append(("alpha", .number(round(bytes[3])))) }
    members.append(("hex", .string("#" + hex.prefix(6))))
    return .object(JSONObject(members))
  }

  // MARK: - Types

  static func problem(_ value: JSONValue, type: String, references: References, depth: Int)
    -> String?
  {
    guard depth < 64 else { return "the value is nested too deeply" }
    // A `$ref` object stands for the value it points at (Format §7.3).
    if let resolved = pointed(value, references) {
      switch resolved {
      case .success(let v): return problem(v, type: type, references: references, depth: depth + 1)
      case .failure(let f): return f.message
      }
    }
    switch type {
    case "dimension": return dimensionProblem(value, references)
    case "number":
      return value.numberValue != nil
        ? nil : "a number token's $value must be a JSON number; got \(value.typeName) (§8.7)"
    case "duration": return durationProblem(value, references)
    case "fontFamily":
      if value.stringValue != nil { return nil }
      if let a = value.arrayValue, !a.isEmpty, a.allSatisfy({ $0.stringValue != nil }) {
        return nil
      }
      return
        "a fontFamily's $value must be a string or a non-empty array of strings; got \(JSONWriter.compact(value)) (§8.3)"
    case "fontWeight":
      if let n = value.numberValue {
        return (1...1000).contains(n)
          ? nil : "a numeric fontWeight must be from 1 to 1000; got \(format(n)) (§8.4)"
      }
      if let s = value.stringValue, fontWeightNames.contains(s) { return nil }
      return
        "a fontWeight's $value must be a number from 1 to 1000 or one of \(fontWeightNames.joined(separator: ", ")) (case-sensitive); got \(JSONWriter.compact(value)) (§8.4)"
    case "cubicBezier":
      guard let a = value.arrayValue, a.count == 4 else {
        return
          "a cubicBezier's $value must be an array of four numbers [P1x, P1y, P2x, P2y]; got \(JSONWriter.compact(value)) (§8.6)"
      }
      for (i, element) in a.enumerated() {
        let e = (pointed(element, references).flatMap { try? $0.get() }) ?? element
        if let s = e.stringValue, s.hasPrefix("{") {
          return
            "a cubicBezier is not a composite type, so its coordinates cannot be aliases ('\(s)'); write numbers (§8.6, §9)"
        }
        guard let x = e.numberValue else {
          return "a cubicBezier's coordinates must be numbers; got \(e.typeName) (§8.6)"
        }
        if i % 2 == 0, !(0...1).contains(x) {
          return
            "a cubicBezier's x coordinates (P1x, P2x) must be in [0, 1]; got \(format(x)) (§8.6)"
        }
      }
      return nil
    case "color": return colorProblem(value, references)
    case "strokeStyle":
      if let s = value.stringValue {
        return strokeStyleNames.contains(s)
          ? nil
          : "a strokeStyle keyword must be one of \(strokeStyleNames.joined(separator: ", ")); got '\(s)' (§9.2)"
      }
      guard let o = value.objectValue else {
        return
          "a strokeStyle's $value must be a keyword or {\"dashArray\": […], \"lineCap\": …}; got \(value.typeName) (§9.2)"
      }
      guard let dashes = o["dashArray"] else {
        return "a custom strokeStyle needs \"dashArray\", an array of dimensions (§9.2)"
      }
      guard let lineCap = o["lineCap"] else {
        return "a custom strokeStyle needs \"lineCap\": \"round\", \"butt\" or \"square\" (§9.2)"
      }
      let dashArray = (pointed(dashes, references).flatMap { try? $0.get() }) ?? dashes
      if case .failure(let f)? = pointed(dashes, references) { return f.message }
      guard let array = dashArray.arrayValue else {
        return
          "a strokeStyle's dashArray must be an array of dimensions; got \(dashArray.typeName) (§9.2)"
      }
      if array.isEmpty { return "a strokeStyle's dashArray must not be empty (§9.2)" }
      for (i, dash) in array.enumerated() {
        if let p = subProblem(dash, type: "dimension", references: references, depth: depth) {
          return "dashArray[\(i)]: \(p)"
        }
      }
      guard let cap = lineCap.stringValue, ["round", "butt", "square"].contains(cap) else {
        return
          "a strokeStyle's lineCap must be \"round\", \"butt\" or \"square\"; got \(JSONWriter.compact(lineCap)) (§9.2)"
      }
      return nil
    case "border":
      return compositeProblem(
        value, type: "border", section: "§9.3",
        fields: [("color", "color"), ("width", "dimension"), ("style", "strokeStyle")],
        optional: [], references: references, depth: depth)
    case "transition":
      return compositeProblem(
        value, type: "transition", section: "§9.4",
        fields: [
          ("duration", "duration"), ("delay", "duration"), ("timingFunction", "cubicBezier"),
        ], optional: [], references: references, depth: depth)
    case "shadow":
      let fields = [
        ("color", "color"), ("offsetX", "dimension"), ("offsetY", "dimension"),
        ("blur", "dimension"), ("spread", "dimension"),
      ]
      if let layers = value.arrayValue {
        if layers.isEmpty {
          return "a shadow's $value must be an object or a non-empty array of shadow objects (§9.5)"
        }
        for (i, layer) in layers.enumerated() {
          if case .string(let s) = layer, let target = TokenAlias.target(of: layer) {
            if let t = references.aliasType(target), t != "shadow" {
              return
                "[\(i)]: the alias \(s) names a \(t) token; a shadow layer must be a shadow (§9.5)"
            }
            continue
          }
          if let p = compositeProblem(
            layer, type: "shadow", section: "§9.5", fields: fields,
            optional: [("inset", "boolean")], references: references, depth: depth)
          {
            return "[\(i)]: \(p)"
          }
        }
        return nil
      }
      return compositeProblem(
        value, type: "shadow", section: "§9.5", fields: fields, optional: [("inset", "boolean")],
        references: references, depth: depth)
    case "gradient":
      guard let stops = value.arrayValue else {
        return
          "a gradient's $value must be an array of stops {\"color\", \"position\"}; got \(value.typeName) (§9.6)"
      }
      if stops.isEmpty { return "a gradient needs at least one stop (§9.6)" }
      for (i, stop) in stops.enumerated() {
        var s = stop
        if let r = pointed(stop, references) {
          switch r {
          case .success(let v): s = v
          case .failure(let f): return "[\(i)]: \(f.message)"
          }
        }
        if let p = compositeProblem(
          s, type: "gradient stop", section: "§9.6",
          fields: [("color", "color"), ("position", "number")], optional: [],
          references: references, depth: depth)
        {
          return "[\(i)]: \(p)"
        }
      }
      return nil
    case "typography":
      return compositeProblem(
        value, type: "typography", section: "§9.7",
        fields: [
          ("fontFamily", "fontFamily"), ("fontSize", "dimension"), ("fontWeight", "fontWeight"),
          ("letterSpacing", "dimension"), ("lineHeight", "number"),
        ],
        optional: [], references: references, depth: depth)
    default:
      return "unknown $type '\(type)' (§8, §9)"
    }
  }

  /// A `$ref` object resolved, or nil when `value` is not one.
  static func pointed(_ value: JSONValue, _ references: References) -> Result<
    JSONValue, ReferenceFailure
  >? {
    guard let o = value.objectValue, o["$ref"] != nil else { return nil }
    do {
      return .success(try references.pointer(value))
    } catch {
      return .failure(error)
    }
  }

  /// `value` with a JSON Pointer `$ref` followed (``pointed(_:_:)``), or the reference's
  /// problem.
  static func pointee(_ value: JSONValue, _ references: References) -> (
    value: JSONValue, problem: String?
  ) {
    switch pointed(value, references) {
    case nil: (value, nil)
    case .success(let target)?: (target, nil)
    case .failure(let failure)?: (value, failure.message)
    }
  }

  /// A member of a value that is not of a composite type (a dimension's `value`, a color's
  /// components and alpha): a JSON Pointer `$ref` is followed, and a curly-brace alias is
  /// refused, because only a composite token's members may alias (Format §9).
  /// - Parameters:
  ///   - raw: The member as written.
  ///   - references: The file's references.
  ///   - type: The value's type (`color`, `dimension`).
  ///   - member: The member as a message names it (`its alpha`, `component 2`).
  ///   - section: The section naming the member's rules.
  ///   - advice: Text after the alias problem (`; alias the whole token instead`).
  /// - Returns: The member's value, and the problem when it has one.
  static func plainMember(
    _ raw: JSONValue, _ references: References, of type: String, named member: String,
    section: String, advice: String = ""
  ) -> (value: JSONValue, problem: String?) {
    let (value, problem) = pointee(raw, references)
    if problem != nil { return (value, problem) }
    if let s = value.stringValue, s.hasPrefix("{") {
      return (
        value,
        "a \(type) is not a composite type, so \(member) cannot be an alias ('\(s)')\(advice) (\(section), §9)"
      )
    }
    return (value, nil)
  }

  /// Where a color's rules are: Format §8.1 and the Color module.
  static let colorSection = "§8.1, Color module"

  static func subProblem(_ value: JSONValue, type: String, references: References, depth: Int)
    -> String?
  {
    if case .string(let s) = value, let target = TokenAlias.target(of: value) {
      if let t = references.aliasType(target), t != type {
        return "the alias \(s) names a \(t) token; a \(type) is needed here (§9, §7.4.5)"
      }
      return nil
    }
    if case .string(let s) = value, s.hasPrefix("{") || s.hasSuffix("}") {
      return "'\(s)' is not a valid alias; write {group.token} (§7.1.1)"
    }
    if type == "boolean" {
      return value.boolValue != nil ? nil : "must be true or false; got \(value.typeName)"
    }
    return problem(value, type: type, references: references, depth: depth + 1)
  }

  static func compositeProblem(
    _ value: JSONValue, type: String, section: String, fields: [(String, String)],
    optional: [(String, String)],
    references: References, depth: Int
  ) -> String? {
    guard let o = value.objectValue else {
      return
        "a \(type)'s $value must be an object with \(fields.map { "\"\($0.0)\"" }.joined(separator: ", ")); got \(value.typeName) (\(section))"
    }
    for (name, fieldType) in fields {
      guard let field = o[name] else {
        return "a \(type) needs \"\(name)\", a \(fieldType) (\(section))"
      }
      if let p = subProblem(field, type: fieldType, references: references, depth: depth) {
        return "\(name): \(p)"
      }
    }
    for (name, fieldType) in optional {
      if let field = o[name],
        let p = subProblem(field, type: fieldType, references: references, depth: depth)
      {
        return "\(name): \(p)"
      }
    }
    return nil
  }

  static func dimensionProblem(_ value: JSONValue, _ references: References) -> String? {
    if let problem = quantityProblem(
      value, references, type: "dimension", units: ["px", "rem"], section: "§8.2")
    {
      return problem
    }
    return pointsProblem(value, type: "dimension")
  }

  /// The one rule for a value's points (``points(_:type:remBase:)``): every conversion
  /// (rem × 16) must give a finite number, so no token holds infinite points that a JSON
  /// output could not write and a layout could not use. Checked where a value is accepted
  /// (import, `tokens set`, composite members) and, for math and stored values, by the
  /// resolver (``TokenResolver``), which `doctor` runs.
  /// - Parameters:
  ///   - value: A dimension or number value (not an alias).
  ///   - type: Its type.
  ///   - remBase: Points per rem.
  /// - Returns: What is wrong (naming the value and its points), or nil.
  public static func pointsProblem(
    _ value: JSONValue, type: String?, remBase: Double = defaultRemBase
  ) -> String? {
    guard let p = points(value, type: type, remBase: remBase), !p.isFinite else { return nil }
    return
      "\(shortDescription(value)) is out of range: at \(JSONWriter.number(remBase)) px per rem it is more points than a number holds (\(NumberOverflow.limit); DTCG §8.2)"
  }

  static func durationProblem(_ value: JSONValue, _ references: References) -> String? {
    quantityProblem(value, references, type: "duration", units: ["ms", "s"], section: "§8.5")
  }

  /// The one rule for DTCG's `{"value": number, "unit": …}` values, which dimension (Format
  /// §8.2) and duration (§8.5) share: an object of exactly a finite number (not an alias:
  /// neither is a composite type, §9) and one of the type's units, given even for 0.
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - references: The JSON Pointer references in scope (`{"$ref": …}` for `value`).
  ///   - type: `dimension` or `duration`.
  ///   - units: The type's units.
  ///   - section: The Format section that defines the type.
  /// - Returns: What is wrong, or nil.
  static func quantityProblem(
    _ value: JSONValue, _ references: References, type: String, units: [String], section: String
  ) -> String? {
    // The units as a message names them, made only for a message (a valid value, nearly
    // every one of a large import, needs none; issue 12 point 3).
    var quoted: [String] { units.map { "\"\($0)\"" } }
    guard let o = value.objectValue else {
      return
        "a \(type)'s $value must be {\"value\": number, \"unit\": \(quoted.joined(separator: " | "))}; got \(JSONWriter.compact(value)) (\(section))"
    }
    guard let raw = o["value"] else {
      return "a \(type)'s $value needs \"value\", a number (\(section))"
    }
    let (v, problem) = plainMember(
      raw, references, of: type, named: "its \"value\"", section: section,
      advice: "; alias the whole token instead")
    if let problem { return problem }
    guard let n = v.numberValue, n.isFinite else {
      return "a \(type)'s \"value\" must be a number; got \(v.typeName) (\(section))"
    }
    var either: String { quoted.joined(separator: " or ") }
    guard let u = o["unit"] else {
      return "a \(type)'s $value needs \"unit\": \(either), even for 0 (\(section))"
    }
    guard let unit = u.stringValue, units.contains(unit) else {
      return "a \(type)'s unit must be \(either); got \(JSONWriter.compact(u)) (\(section))"
    }
    if o.count != 2 {
      return
        "a \(type)'s $value has only \"value\" and \"unit\"; got \(o.keys.joined(separator: ", ")) (\(section))"
    }
    return nil
  }

  static func colorProblem(_ value: JSONValue, _ references: References) -> String? {
    guard let o = value.objectValue else {
      return
        "a color's $value must be {\"colorSpace\": …, \"components\": […]}; got \(value.typeName) (§8.1, Color module)"
    }
    guard let spaceValue = o["colorSpace"] else {
      return
        "a color needs \"colorSpace\", one of \(ColorSpace.names.joined(separator: ", ")) (§8.1, Color module)"
    }
    guard let name = spaceValue.stringValue, let space = ColorSpace.all[name] else {
      return
        "unknown colorSpace \(JSONWriter.compact(spaceValue)); expected one of \(ColorSpace.names.joined(separator: ", ")) (§8.1, Color module)"
    }
    guard let rawComponents = o["components"] else {
      return "a color needs \"components\", an array of three numbers (§8.1, Color module)"
    }
    let (componentsValue, problem) = pointee(rawComponents, references)
    if let problem { return problem }
    guard let components = componentsValue.arrayValue else {
      return
        "a color's components must be an array of three numbers or \"none\"; got \(componentsValue.typeName) (§8.1, Color module)"
    }
    guard components.count == 3 else {
      return
        "a \(name) color has exactly 3 components; got \(components.count) (§8.1, Color module)"
    }
    for (i, raw) in components.enumerated() {
      let (c, problem) = plainMember(
        raw, references, of: "color", named: "component \(i + 1)", section: colorSection)
      if let problem { return problem }
      if c == .string("none") { continue }
      guard let n = c.numberValue else {
        return
          "component \(i + 1) of a color must be a number or \"none\"; got \(JSONWriter.compact(c)) (§8.1, Color module)"
      }
      if let p = space.problem(component: n, at: i) { return "\(p) (§8.1, Color module)" }
    }
    if let rawAlpha = o["alpha"] {
      let (alpha, problem) = plainMember(
        rawAlpha, references, of: "color", named: "its alpha", section: colorSection)
      if let problem { return problem }
      guard let a = alpha.numberValue else {
        return
          "a color's alpha must be a number from 0 to 1; got \(alpha.typeName) (§8.1, Color module)"
      }
      guard (0...1).contains(a) else {
        return "a color's alpha must be from 0 to 1; got \(format(a)) (§8.1, Color module)"
      }
    }
    if let hex = o["hex"] {
      guard let h = hex.stringValue else {
        return
          "a color's hex must be a string \"#rrggbb\"; got \(hex.typeName) (§8.1, Color module)"
      }
      let digits = h.dropFirst()
      guard h.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
        return
          "a color's hex must be \"#rrggbb\" (six hexadecimal digits, alpha goes in \"alpha\"); got \"\(h)\" (§8.1, Color module)"
      }
    }
    for key in o.keys where !["colorSpace", "components", "alpha", "hex"].contains(key) {
      return
        "a color has only colorSpace, components, alpha and hex; got \"\(key)\" (§8.1, Color module)"
    }
    return nil
  }

  // MARK: - Points

  /// Reads `"4px"`, `"1.5rem"` or `"0"` (Style Dictionary's older string dimensions).
  /// - Parameter s: The string.
  /// - Returns: The number and unit, or nil.
  public static func legacyDimension(_ s: String) -> (Double, String)? {
    let trimmed = s.trimmingSpaces
    for unit in ["rem", "px"] where trimmed.hasSuffix(unit) {
      if let n = DecimalText.value(trimmed.dropLast(unit.count)) { return (n, unit) }
    }
    if trimmed == "0" { return (0, "px") }
    return nil
  }

  /// The number of points a resolved dimension or number value stands for.
  ///
  /// - Parameters:
  ///   - value: A resolved (non-alias) `$value`.
  ///   - type: Its DTCG type.
  ///   - remBase: Points per rem.
  /// - Returns: Points for `dimension` (px 1:1, rem × `remBase`) and `number` (taken as
  ///   points); nil for other types.
  public static func points(_ value: JSONValue, type: String?, remBase: Double = defaultRemBase)
    -> Double?
  {
    switch type {
    case "dimension"?:
      guard let o = value.objectValue, let n = o["value"]?.numberValue,
        let u = o["unit"]?.stringValue
      else { return nil }
      return u == "rem" ? n * remBase : n
    case "number"?:
      return value.numberValue
    default:
      return nil
    }
  }

  /// How a resolved dimension reads in provenance: `8px`, `1.5rem`.
  /// - Parameter value: A dimension or number value.
  /// - Returns: A short string.
  public static func shortDescription(_ value: JSONValue) -> String {
    if let o = value.objectValue, let n = o["value"]?.numberValue, let u = o["unit"]?.stringValue {
      return "\(JSONWriter.number(n))\(u)"
    }
    // A string (an expression, an alias) is the user's text: shortened as every message
    // quotes it (a value of 50,000 minus signs is not echoed whole).
    if case .string = value { return DiagnosticText.excerpt(JSONWriter.compact(value)) }
    return JSONWriter.compact(value)
  }

  /// A number as messages write it (`8`, `0.5`).
  /// - Parameter n: The number.
  /// - Returns: Its shortest form.
  public static func format(_ n: Double) -> String { JSONWriter.number(n) }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first?.isWhitespace == true { s = s.dropFirst() }
    while s.last?.isWhitespace == true { s = s.dropLast() }
    return String(s)
  }
}
