import CatalogModel

/// Converts token files written in older or vendor shapes into DTCG 2025.10 (Format
/// module), with one warning per non-standard construct, so ``TokenFileParser`` can read
/// them in lenient mode.
///
/// Shapes recognised (a file with any `$value` is DTCG and is not converted):
/// - **Style Dictionary / DTCG draft 2021 / Tokens Studio** (`value`, `type`, `description`,
///   `comment`; references `{size.padding.base.value}` lose their `.value`); Style
///   Dictionary's CTI convention reads unitless sizes under `size` as rem (its `size/rem`
///   transform); tokens without a type get one from their value (`"4px"` → dimension,
///   `"#fff"` → color, a number → number), with a warning, since DTCG forbids guessing.
/// - **Adobe Spectrum** (per-token `$schema` naming the type, `sets` of scale or theme
///   values: the first set, `desktop` or `light`, is the value and the others go to
///   `$extensions`; `deprecated` + `deprecated_comment` + `renamed` → `$deprecated`).
/// - **Microsoft Fluent** (`aliasOf: "Global.Size.100"` → `{Global.Size.100}`; `generate`
///   colour ramps and 4-value paddings are not tokens DTCG can hold and are skipped).
/// - **Salesforce Theo** (YAML `aliases:` and `props:`; `{!NAME}` → `{NAME}`; `imports:` are
///   not followed).
/// - **Plain key/value** leaves (`"baseline": "16"`): numeric leaves become number tokens.
public enum LegacyTokenConverter {
  /// A recognised non-DTCG shape.
  public struct Shape: Sendable, Equatable {
    /// Its name, for messages and the compatibility table.
    public var name: String
    /// Which converter applies.
    public var kind: Kind
  }

  /// The converters.
  public enum Kind: Sendable, Equatable {
    /// `value`/`type` properties: Style Dictionary, DTCG draft 2021, Tokens Studio.
    case valueProperty
    /// Adobe Spectrum's per-token `$schema` and `sets`.
    case spectrum
    /// Microsoft Fluent's `aliasOf` and `generate`.
    case fluent
    /// Salesforce Theo's `aliases:` and `props:`.
    case theo
    /// Groups of bare leaves.
    case plain
  }

  /// Tokens Studio types and the DTCG type each is read as (lenient mode only).
  public static let tokensStudioTypes: [String: String] = [
    "spacing": "dimension", "sizing": "dimension", "borderRadius": "dimension",
    "borderWidth": "dimension",
    "fontSizes": "dimension", "letterSpacing": "dimension", "paragraphSpacing": "dimension",
    "paragraphIndent": "dimension",
    "opacity": "number", "math": "number", "lineHeights": "number", "fontWeights": "fontWeight",
    "fontFamilies": "fontFamily",
    "boxShadow": "shadow", "font": "fontFamily",
    // Style Dictionary 4's type names.
    "fontSize": "dimension", "lineHeight": "number", "borderColor": "color",
  ]

  /// Tokens Studio's own size types, whose unitless values are px (sd-transforms'
  /// `ts/size/px`), never rem as Style Dictionary's CTI `size` category reads them.
  static let tokensStudioSizeTypes: Set<String> = [
    "spacing", "sizing", "borderRadius", "borderWidth", "fontSizes", "letterSpacing",
    "paragraphSpacing", "paragraphIndent",
  ]

  /// Tokens Studio's own types that are not DTCG even in lenient mode's mapping (a token
  /// of one of them is skipped with a warning).
  public static let unmappableTypes: Set<String> = [
    "other", "text", "textCase", "textDecoration", "composition", "asset", "boolean",
  ]

  /// The shape of a file, or nil when it is DTCG (has a `$value` somewhere).
  /// - Parameter root: The file's top-level value.
  /// - Returns: The shape to convert from, or nil.
  public static func detect(_ root: JSONValue) -> Shape? {
    guard let object = root.objectValue else { return nil }
    var hasDollarValue = false
    var hasValue = false
    var hasAliasOf = false
    var hasSpectrumSchema = false
    var hasDollarKey = false
    var shallowLeaf = false
    // Every level is looked at (review 16: a `$value` 64 levels down was not, and the file
    // was read as plain key/value, its `$type`/`$value` as names). The walk keeps its own
    // stack, so depth costs no recursion; the parser has already bounded the nesting.
    var budget = 2_000_000
    var stack: [(value: JSONValue, depth: Int)] = [(root, 0)]
    scan: while let (v, depth) = stack.popLast() {
      budget -= 1
      guard budget > 0 else { break }
      guard let o = v.objectValue else { continue }
      for (k, child) in o.members {
        if k.hasPrefix("$") && !(depth == 0 && (k == "$schema" || k == "$description")) {
          hasDollarKey = true
        }
        if depth == 0 && child.objectValue == nil && !k.hasPrefix("$") { shallowLeaf = true }
        switch k {
        // One `$value` or `$ref` decides (DTCG, nil below): a DTCG file is not walked whole.
        case "$value", "$ref":
          hasDollarValue = true
          break scan
        case "value": hasValue = true
        case "aliasOf", "generate": hasAliasOf = true
        case "$schema":
          if child.stringValue?.contains("spectrum") == true && depth > 0 {
            hasSpectrumSchema = true
          }
        default: break
        }
        if child.objectValue != nil { stack.append((child, depth + 1)) }
      }
    }
    // A file too big to look at whole is read as DTCG, whose reader names what is wrong.
    if hasDollarValue || budget <= 0 { return nil }
    if object["props"]?.objectValue != nil || object["aliases"]?.objectValue != nil {
      return Shape(name: "Salesforce Theo", kind: .theo)
    }
    if hasSpectrumSchema { return Shape(name: "Adobe Spectrum", kind: .spectrum) }
    if hasAliasOf || object["$schema"]?.stringValue?.contains("fluentui") == true {
      return Shape(name: "Microsoft Fluent", kind: .fluent)
    }
    if hasValue { return Shape(name: "Style Dictionary (value/type)", kind: .valueProperty) }
    // Plain key/value: groups of bare leaves (`{"globals": {"baseline": "16"}}`), no `$` keys.
    if object.members.isEmpty || hasDollarKey || shallowLeaf { return nil }
    var hasLeaf = false
    var groups: [(value: JSONValue, depth: Int)] = [(root, 0)]
    while !hasLeaf, let (v, depth) = groups.popLast() {
      for (_, c) in v.objectValue?.members ?? [] {
        if c.objectValue != nil {
          groups.append((c, depth + 1))
        } else if depth + 1 > 1 {
          hasLeaf = true
        }
      }
    }
    return hasLeaf ? Shape(name: "plain key/value", kind: .plain) : nil
  }

  /// The converted tree and one warning per construct converted or skipped.
  public struct Conversion: Sendable {
    /// A DTCG tree.
    public var root: JSONValue
    /// The warnings, with the original file's positions.
    public var warnings: [TokenDiagnostic]
  }

  /// Converts a file of the given shape.
  /// - Parameters:
  ///   - root: The file's top-level value.
  ///   - shape: What ``detect(_:)`` found.
  ///   - source: The file, for warning positions.
  /// - Returns: The DTCG tree and warnings.
  public static func convert(_ root: JSONValue, shape: Shape, source: TokenSource) -> Conversion {
    var c = Converter(shape: shape, source: source)
    let out: JSONObject
    switch shape.kind {
    case .theo: out = c.theo(root.objectValue ?? JSONObject())
    default:
      out = c.group(
        root.objectValue ?? JSONObject(), path: [], jsonPath: "", groupType: nil, depth: 0)
    }
    var warnings = c.warnings
    if c.summarized > 0 {
      warnings.append(
        TokenDiagnostic(
          .warning, location: source.file, path: "",
          message:
            "\(c.summarized) more tokens were converted the same way (warnings after the first \(Converter.maximumWarnings) are summarised)"
        ))
    }
    warnings.insert(
      TokenDiagnostic(
        .warning, location: source.location(of: ""), path: "",
        message:
          "the file is in \(shape.name) format, not DTCG 2025.10; it was converted (tokens need \"$value\", §5)"
      ), at: 0)
    return Conversion(root: .object(out), warnings: warnings)
  }

  /// Turns a value that does not fit its type into one that does, the way the tools that
  /// write such files mean it: numeric strings and `"25%"` for numbers, `"2dp"` and
  /// unitless numbers for dimensions. Nil when no reading applies.
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its DTCG type.
  /// - Returns: The value and a note for the warning, or nil.
  public static func coerce(_ value: JSONValue, type: String) -> (JSONValue, String)? {
    switch (type, value) {
    case ("number", .string(let s)):
      let t = s.trimmingSpaces
      if let n = DecimalText.value(t) {
        return (
          .number(n), "the number \"\(s)\" is a string; read as \(TokenValue.format(n)) (§8.7)"
        )
      }
      if t.hasSuffix("%"), let n = DecimalText.value(t.dropLast()) {
        return (
          .number(n / 100),
          "the percentage \"\(s)\" is read as the number \(TokenValue.format(n / 100)) (§8.7)"
        )
      }
    case ("fontWeight", .string(let s)):
      if let n = TokensStudioMembers.fontWeight(s) {
        return (
          .number(n),
          "the font weight \"\(s)\" is read as \(TokenValue.format(n)) (§8.4)"
            + (TokensStudioMembers.isItalic(s)
              ? "; italic is a font style, which a fontWeight token does not hold, so it is not kept"
              : "")
        )
      }
    case ("dimension", .number(let number)):
      let n = number.value
      return (
        dimension(n, "px"),
        "the dimension \(TokenValue.format(n)) has no unit; read as \(TokenValue.format(n))px (§8.2)"
      )
    case ("dimension", .string(let s)):
      let t = s.trimmingSpaces
      if t.hasSuffix("dp"), let n = DecimalText.value(t.dropLast(2)) {
        return (
          dimension(n, "px"),
          "the dimension \"\(s)\" is in Android dp; read as \(TokenValue.format(n))px, which DTCG maps to dp on Android (§8.2)"
        )
      }
    default: break
    }
    return nil
  }

  static func dimension(_ n: Double, _ unit: String) -> JSONValue {
    .object(JSONObject([("value", .number(n)), ("unit", .string(unit))]))
  }

  struct Converter {
    static let maximumWarnings = 200
    let shape: Shape
    let source: TokenSource
    var warnings: [TokenDiagnostic] = []
    var summarized = 0

    init(shape: Shape, source: TokenSource) {
      self.shape = shape
      self.source = source
    }

    mutating func warn(_ jsonPath: String, _ path: [String], _ message: String) {
      if warnings.count >= Self.maximumWarnings {
        summarized += 1
        return
      }
      warnings.append(
        TokenDiagnostic(
          .warning, location: source.location(of: jsonPath), path: path.joined(separator: "."),
          message: message))
    }

    func isToken(_ o: JSONObject) -> Bool {
      switch shape.kind {
      case .valueProperty: return o["value"] != nil
      case .spectrum: return o["value"] != nil || o["sets"] != nil
      case .fluent: return o["value"] != nil || o["aliasOf"] != nil || o["generate"] != nil
      case .theo: return o["value"] != nil
      case .plain: return false
      }
    }

    mutating func group(
      _ object: JSONObject, path: [String], jsonPath: String, groupType: String?, depth: Int
    ) -> JSONObject {
      var out = JSONObject()
      guard depth < TokenSource.maximumDepth else { return out }
      var type = groupType
      for (key, value) in object.members {
        let childPath = path + [key]
        let childJSONPath = JSONPath.appending(key: key, to: jsonPath)
        if key == "$schema" || key == "$description" || key == "$extensions" {
          if depth == 0 || key != "$schema" { out.members.append((key, value)) }
          continue
        }
        if key == "type", let t = value.stringValue, !isToken(object) {
          type = t
          out.members.append(("$type", .string(mapType(t, childJSONPath, path) ?? t)))
          continue
        }
        if key == "description" || key == "comment", let s = value.stringValue, !isToken(object) {
          out.members.append(("$description", .string(s)))
          continue
        }
        // `$root` is DTCG's root token (§6.2) in these files too: kept, not renamed.
        let name = key == "$root" ? key : safeName(key, childJSONPath, path)
        if let o = value.objectValue {
          if isToken(o) {
            let token = self.token(o, path: childPath, jsonPath: childJSONPath, groupType: type)
            if let withChildren = rootGroup(
              token, o, path: childPath, jsonPath: childJSONPath, groupType: type, depth: depth)
            {
              out.members.append((name, .object(withChildren)))
            } else if let token {
              out.members.append((name, .object(token)))
            }
          } else {
            out.members.append(
              (
                name,
                .object(
                  group(
                    o, path: childPath, jsonPath: childJSONPath, groupType: type, depth: depth + 1))
              ))
          }
        } else if shape.kind == .plain || shape.kind == .fluent || shape.kind == .valueProperty {
          // A bare leaf: a number (or numeric string) is a number token; anything else is skipped.
          if let n = value.numberValue ?? value.stringValue.flatMap({ Double($0.trimmingSpaces) }),
            n.isFinite
          {
            warn(
              childJSONPath, childPath,
              "a bare value without \"$value\" is read as a number token \(TokenValue.format(n)) (§5)"
            )
            out.members.append(
              (name, .object(JSONObject([("$type", .string("number")), ("$value", .number(n))]))))
          } else {
            warn(
              childJSONPath, childPath,
              "not imported: \(JSONWriter.compact(value)) is a bare \(value.typeName), not a token (§5)"
            )
          }
        }
      }
      return out
    }

    mutating func safeName(_ key: String, _ jsonPath: String, _ path: [String]) -> String {
      guard key.contains(".") || key.hasPrefix("$") || key.contains("{") || key.contains("}") else {
        return key
      }
      var name = key.replacingAll(".", with: "_")
      name = name.replacingAll("{", with: "(").replacingAll("}", with: ")")
      while name.hasPrefix("$") { name.removeFirst() }
      warn(
        jsonPath, path,
        "the name '\(key)' has characters DTCG reserves; imported as '\(name)' (§5.1.1)")
      return name
    }

    mutating func mapType(_ t: String, _ jsonPath: String, _ path: [String]) -> String? {
      if TokenFileParser.knownTypes.contains(t) { return t }
      if let mapped = tokensStudioTypes[t] {
        return mapped
      }
      return nil
    }

    static func spectrumType(_ schema: String) -> String? {
      let name = schema.split(separator: "/").last.map(String.init) ?? ""
      switch name {
      case "dimension.json": return "dimension"
      case "multiplier.json", "opacity.json", "angle.json", "gradient-stop.json": return "number"
      case "color.json": return "color"
      case "font-family.json": return "fontFamily"
      case "font-weight.json": return "fontWeight"
      case "alias.json", "scale-set.json", "color-set.json": return ""
      default: return nil
      }
    }

    mutating func token(_ o: JSONObject, path: [String], jsonPath: String, groupType: String?)
      -> JSONObject?
    {
      var out = JSONObject()
      var value: JSONValue
      var vendor = JSONObject()
      var type: String? = nil
      var guessed = false
      switch shape.kind {
      case .fluent:
        if o["generate"] != nil {
          warn(
            jsonPath, path,
            "not imported: a Fluent 'generate' colour ramp is computed by Fluent's pipeline; DTCG has no generated tokens"
          )
          return nil
        }
        if let alias = o["aliasOf"]?.stringValue {
          value = .string("{\(alias)}")
          warn(jsonPath, path, "Fluent 'aliasOf: \(alias)' is read as the alias {\(alias)} (§7.1)")
        } else {
          value = o["value"] ?? .null
        }
        if let platform = o["platform"] { vendor["platform"] = platform }
      case .spectrum:
        if let sets = o["sets"]?.objectValue, let first = sets.members.first {
          let chosen =
            sets["desktop"] != nil ? "desktop" : (sets["light"] != nil ? "light" : first.key)
          let inner = sets[chosen]?.objectValue ?? JSONObject()
          value = inner["value"] ?? .null
          if let schema = inner["$schema"]?.stringValue, let t = Self.spectrumType(schema),
            !t.isEmpty
          {
            type = t
          }
          vendor["sets"] = .object(sets)
          warn(
            jsonPath, path,
            "Spectrum set {\(sets.keys.joined(separator: ", "))} are modes; '\(chosen)' is the value, the others are kept in $extensions (a resolver document can hold them as contexts, Resolver §4.1.5)"
          )
        } else {
          value = o["value"] ?? .null
        }
        if type == nil, let schema = o["$schema"]?.stringValue {
          if let t = Self.spectrumType(schema) {
            if !t.isEmpty { type = t }
          } else {
            warn(
              jsonPath, path,
              "not imported: Spectrum type \(schema.split(separator: "/").last ?? "") has no DTCG type"
            )
            return nil
          }
        }
        for key in ["uuid", "component", "private"] { if let v = o[key] { vendor[key] = v } }
      default:
        value = o["value"] ?? .null
      }
      // References: `{a.b.value}` (Style Dictionary 1–3) and `{!NAME}` (Theo) → `{a.b}`.
      value = fixReferences(value, jsonPath: jsonPath, path: path)
      if type == nil, let t = o["type"]?.stringValue {
        if unmappableTypes.contains(t) {
          warn(jsonPath, path, "not imported: the type '\(t)' has no DTCG equivalent (§8)")
          return nil
        }
        type = mapType(t, jsonPath, path)
        if type == nil {
          warn(jsonPath, path, "not imported: unknown type '\(t)' (§8)")
          return nil
        }
        if !TokenFileParser.knownTypes.contains(t) {
          warn(jsonPath, path, "the type '\(t)' is not DTCG; read as \(type ?? "") (§8)")
        }
      }
      if type == nil, let g = groupType {
        type = mapType(g, jsonPath, path) ?? (TokenFileParser.knownTypes.contains(g) ? g : nil)
      }
      if type == nil, TokenAlias.target(of: value) == nil {
        type = guessType(value, path: path)
        if let t = type {
          guessed = true
          warn(
            jsonPath, path,
            "no type; read as \(t) from \(path.first == "size" ? "the Style Dictionary category 'size'" : "its value") (DTCG forbids guessing, §5.2.2: add $type)"
          )
        }
      }
      // Style Dictionary's CTI size category: unitless sizes are rem (its size/rem transform).
      // Not for a Tokens Studio size type (`fontSizes`, `spacing`, …): Tokens Studio reads a
      // unitless size as px (sd-transforms' `ts/size/px`), under `size` too.
      let writtenType = o["type"]?.stringValue ?? groupType
      if type == "dimension", shape.kind == .valueProperty, path.first == "size" || guessed,
        !(writtenType.map(LegacyTokenConverter.tokensStudioSizeTypes.contains) ?? false)
      {
        if let n = value.numberValue ?? value.stringValue.flatMap({ Double($0.trimmingSpaces) }),
          n.isFinite, path.first == "size"
        {
          value = .string("\(TokenValue.format(n))rem")
          warn(
            jsonPath, path,
            "the unitless size \(TokenValue.format(n)) is read as \(TokenValue.format(n))rem, as Style Dictionary's size/rem transform does (§8.2)"
          )
        }
      }
      if let t = type { out["$type"] = .string(t) }
      out["$value"] = value
      if let d = (o["description"] ?? o["comment"])?.stringValue {
        out["$description"] = .string(d)
      }
      if o["deprecated"] == .bool(true) {
        var message = o["deprecated_comment"]?.stringValue ?? ""
        if let renamed = o["renamed"]?.stringValue {
          message += (message.isEmpty ? "" : " ") + "Use {\(renamed)}."
        }
        out["$deprecated"] = message.isEmpty ? .bool(true) : .string(message)
      }
      var extensions = o["$extensions"]?.objectValue ?? JSONObject()
      if !vendor.isEmpty { extensions[vendorKey] = .object(vendor) }
      if !extensions.isEmpty { out["$extensions"] = .object(extensions) }
      return out
    }

    var vendorKey: String {
      switch shape.kind {
      case .spectrum: return "com.adobe.spectrum"
      case .fluent: return "com.microsoft.fluent"
      case .theo: return "com.salesforce.theo"
      default: return "org.catalog.legacy"
      }
    }

    func guessType(_ value: JSONValue, path: [String]) -> String? {
      switch value {
      case .number: return path.first == "size" ? "dimension" : "number"
      case .string(let s):
        if TokenValue.legacyDimension(s) != nil { return "dimension" }
        if s.hasSuffix("dp"), Double(s.dropLast(2)) != nil { return "dimension" }
        if s.hasPrefix("#") || s.hasPrefix("rgb") || s.hasPrefix("hsl") { return "color" }
        if Double(s.trimmingSpaces) != nil { return path.first == "size" ? "dimension" : "number" }
        if TokenMath.isExpression(s) { return "dimension" }
        return nil
      default: return nil
      }
    }

    mutating func fixReferences(_ value: JSONValue, jsonPath: String, path: [String]) -> JSONValue {
      switch value {
      case .string(let s) where s.contains("{"):
        var out = ""
        var changed = false
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
          out += rest[..<open]
          var inner = String(rest[rest.index(after: open)..<close])
          if inner.hasPrefix("!") {
            inner.removeFirst()
            changed = true
          }
          if inner.hasSuffix(".value") {
            inner.removeLast(6)
            changed = true
          }
          out += "{\(inner)}"
          rest = rest[rest.index(after: close)...]
        }
        out += rest
        if changed {
          warn(
            jsonPath, path, "the reference \"\(s)\" is the older form; read as \"\(out)\" (§7.1.1)")
        }
        return .string(out)
      case .object(let o):
        return .object(
          JSONObject(
            o.members.map { ($0.key, fixReferences($0.value, jsonPath: jsonPath, path: path)) }))
      case .array(let a):
        return .array(a.map { fixReferences($0, jsonPath: jsonPath, path: path) })
      default:
        return value
      }
    }

    mutating func theo(_ root: JSONObject) -> JSONObject {
      var out = JSONObject()
      let global = root["global"]?.objectValue
      let globalType = global?["type"]?.stringValue.map { $0 == "size" ? "dimension" : $0 }
      if let imports = root["imports"]?.arrayValue {
        warn(
          "imports", [],
          "Theo imports (\(imports.compactMap(\.stringValue).joined(separator: ", "))) are not followed; import those files with this one so its aliases resolve"
        )
      }
      if let aliases = root["aliases"]?.objectValue {
        for (name, value) in aliases.members {
          let jsonPath = JSONPath.appending(key: name, to: "aliases")
          let v = value.objectValue?["value"] ?? value
          guard let type = guessType(v, path: []) else {
            warn(
              jsonPath, [name],
              "not imported: the Theo alias \(JSONWriter.compact(v)) has no DTCG type")
            continue
          }
          warn(
            jsonPath, [name],
            "the Theo alias \(name) is read as a \(type) token (no type in the file; §5.2.2)")
          out.members.append(
            (name, .object(JSONObject([("$type", .string(type)), ("$value", v)]))))
        }
      }
      if let props = root["props"]?.objectValue {
        for (name, value) in props.members {
          let jsonPath = JSONPath.appending(key: name, to: "props")
          guard let o = value.objectValue, let v = o["value"] else {
            warn(jsonPath, [name], "not imported: a Theo prop needs 'value'")
            continue
          }
          var token = JSONObject()
          let fixed = fixReferences(v, jsonPath: jsonPath, path: [name])
          let type = (o["type"]?.stringValue).map { $0 == "size" ? "dimension" : $0 } ?? globalType
          if let type, TokenFileParser.knownTypes.contains(type) { token["$type"] = .string(type) }
          token["$value"] = fixed
          if let c = o["comment"]?.stringValue, !c.isEmpty { token["$description"] = .string(c) }
          if let global {
            token["$extensions"] = .object(JSONObject([("com.salesforce.theo", .object(global))]))
          }
          out.members.append((name, .object(token)))
        }
      }
      return out
    }
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
