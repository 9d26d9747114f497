import CatalogModel

/// Checks a `$value` against its `$type` (DTCG Format §8, §9) and converts dimensions to
/// points.
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

  /// How many points one `rem` is: 16, the browser default font size (DTCG Format §8.2.1
  /// allows the lossy conversion; `px` is 1 pt, as §8.2 suggests for iOS).
  public static let defaultRemBase = 16.0

  /// Checks `value` for `type`.
  ///
  /// - Parameters:
  ///   - value: A `$value` that is not an alias.
  ///   - type: A DTCG type name.
  ///   - strict: When true, non-standard forms are invalid instead of converted.
  /// - Returns: Whether the value fits, was converted, or is invalid.
  public static func check(_ value: JSONValue, type: String, strict: Bool) -> Check {
    if case .string(let text) = value, type == "dimension" || type == "number", TokenMath.isExpression(text) {
      return strict
        ? .invalid("\"\(text)\" is a math expression, which DTCG 2025.10 does not define (Tokens Studio writes them)")
        : .converted(value, note: "\"\(text)\" is a Tokens Studio math expression, not DTCG; it is kept and computed when the token is used")
    }
    switch type {
    case "dimension":
      return checkDimension(value, strict: strict)
    case "number":
      return value.numberValue != nil ? .valid : .invalid("a number token's $value must be a JSON number; got \(value.typeName) (§8.7)")
    case "duration":
      guard let o = value.objectValue, o.count == 2, let n = o["value"], n.numberValue != nil, let u = o["unit"]?.stringValue else {
        return .invalid("a duration's $value must be {\"value\": number, \"unit\": \"ms\" | \"s\"} (§8.5)")
      }
      return ["ms", "s"].contains(u) ? .valid : .invalid("a duration's unit must be \"ms\" or \"s\"; got \"\(u)\" (§8.5)")
    case "fontFamily":
      if value.stringValue != nil { return .valid }
      if let a = value.arrayValue, !a.isEmpty, a.allSatisfy({ $0.stringValue != nil }) { return .valid }
      return .invalid("a fontFamily's $value must be a string or an array of strings (§8.3)")
    case "fontWeight":
      if let n = value.numberValue { return (1...1000).contains(n) ? .valid : .invalid("a numeric fontWeight must be from 1 to 1000; got \(JSONWriter.number(n)) (§8.4)") }
      let names = ["thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold", "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black"]
      if let s = value.stringValue, names.contains(s) { return .valid }
      return .invalid("a fontWeight's $value must be a number from 1 to 1000 or one of \(names.joined(separator: ", ")) (§8.4)")
    case "cubicBezier":
      guard let a = value.arrayValue, a.count == 4, a.allSatisfy({ $0.numberValue != nil || TokenAlias.target(of: $0) != nil }) else {
        return .invalid("a cubicBezier's $value must be an array of four numbers (§8.6)")
      }
      for i in [0, 2] { if let x = a[i].numberValue, !(0...1).contains(x) { return .invalid("a cubicBezier's x coordinates must be from 0 to 1; got \(JSONWriter.number(x)) (§8.6)") } }
      return .valid
    case "color":
      if let o = value.objectValue {
        guard o["colorSpace"]?.stringValue != nil, let c = o["components"]?.arrayValue, !c.isEmpty else {
          return .invalid("a color's $value must be {\"colorSpace\": …, \"components\": […]} (Color module)")
        }
        return .valid
      }
      if let s = value.stringValue, s.hasPrefix("#") || s.hasPrefix("rgb") || s.hasPrefix("hsl") {
        return strict ? .invalid("a color's $value must be an object with colorSpace and components; '\(s)' is the older string form (Color module)") : .converted(value, note: "the color is the older string form '\(s)'; DTCG 2025.10 writes {\"colorSpace\": …, \"components\": […]}")
      }
      return .invalid("a color's $value must be {\"colorSpace\": …, \"components\": […]}; got \(value.typeName) (Color module)")
    default:
      // Composite types (§9): structure is kept as written.
      return value.objectValue != nil || value.arrayValue != nil ? .valid : .invalid("a \(type)'s $value must be an object (§9)")
    }
  }

  private static func checkDimension(_ value: JSONValue, strict: Bool) -> Check {
    if let o = value.objectValue {
      guard let v = o["value"] else { return .invalid("a dimension's $value needs \"value\", a number (§8.2)") }
      guard let n = v.numberValue, n.isFinite else { return .invalid("a dimension's \"value\" must be a number; got \(v.typeName) (§8.2)") }
      _ = n
      guard let u = o["unit"] else { return .invalid("a dimension's $value needs \"unit\": \"px\" or \"rem\", even for 0 (§8.2)") }
      guard let unit = u.stringValue, unit == "px" || unit == "rem" else {
        return .invalid("a dimension's unit must be \"px\" or \"rem\"; got \(JSONWriter.compact(u)) (§8.2)")
      }
      if o.count != 2 { return .invalid("a dimension's $value has only \"value\" and \"unit\" (§8.2)") }
      return .valid
    }
    if let s = value.stringValue, let (n, unit) = legacyDimension(s) {
      if strict {
        return .invalid("a dimension's $value must be {\"value\": number, \"unit\": \"px\" | \"rem\"}; \"\(s)\" is the older string form (§8.2)")
      }
      let converted = JSONValue.object(JSONObject([("value", .number(n)), ("unit", .string(unit))]))
      return .converted(converted, note: "the dimension \"\(s)\" is the older string form; read as {\"value\": \(JSONWriter.number(n)), \"unit\": \"\(unit)\"} (DTCG 2025.10 §8.2)")
    }
    return .invalid("a dimension's $value must be {\"value\": number, \"unit\": \"px\" | \"rem\"}; got \(JSONWriter.compact(value)) (§8.2)")
  }

  /// Reads `"4px"`, `"1.5rem"` or `"0"` (Style Dictionary's older string dimensions).
  /// - Parameter s: The string.
  /// - Returns: The number and unit, or nil.
  public static func legacyDimension(_ s: String) -> (Double, String)? {
    let trimmed = s.trimmingSpaces
    for unit in ["rem", "px"] where trimmed.hasSuffix(unit) {
      if let n = Double(trimmed.dropLast(unit.count)), n.isFinite { return (n, unit) }
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
  public static func points(_ value: JSONValue, type: String?, remBase: Double = defaultRemBase) -> Double? {
    switch type {
    case "dimension"?:
      guard let o = value.objectValue, let n = o["value"]?.numberValue, let u = o["unit"]?.stringValue else { return nil }
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
    return JSONWriter.compact(value)
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first?.isWhitespace == true { s = s.dropFirst() }
    while s.last?.isWhitespace == true { s = s.dropLast() }
    return String(s)
  }
}
