import CatalogEscaping
import CatalogModel

extension TokenExporter {
  /// A CSS value for a member of a composite token, which may be an alias: with
  /// references, `var(--name)` when the target is exported; else the target's resolved
  /// value written for the member's type.
  typealias MemberWriter = (_ member: JSONValue, _ type: String) -> String?

  /// A unit-bearing member (`{"value": 2, "unit": "px"}`, also durations) as CSS.
  static func quantity(_ value: JSONValue) -> String? {
    guard let o = value.objectValue, let n = o["value"]?.numberValue,
      let u = o["unit"]?.stringValue,
      ["px", "rem", "ms", "s"].contains(u)
    else { return nil }
    return "\(JSONWriter.number(n))\(u)"
  }

  /// One member of a composite token as its CSS shorthand writes it: the DTCG member, its
  /// type, and the CSS used when it is absent (nil: the member is required).
  typealias ShorthandMember = (key: String, type: String, absent: String?)
  /// A `shadow` layer (Format §9.5) as `box-shadow` writes one: `x y blur spread color`.
  static let shadowLayer: [ShorthandMember] = [
    ("offsetX", "dimension", nil), ("offsetY", "dimension", nil), ("blur", "dimension", nil),
    ("spread", "dimension", "0px"), ("color", "color", nil),
  ]
  /// A `border` (Format §9.3) as the `border` shorthand: `width style color`.
  static let border: [ShorthandMember] = [
    ("width", "dimension", nil), ("style", "strokeStyle", nil), ("color", "color", nil),
  ]
  /// A `transition` (Format §9.4) as the `transition` shorthand: `duration timing delay`.
  static let transition: [ShorthandMember] = [
    ("duration", "duration", nil), ("timingFunction", "cubicBezier", nil),
    ("delay", "duration", "0ms"),
  ]

  /// CSS for the composite types (DTCG Format §9), each as the CSS property it maps to:
  /// `shadow` → `box-shadow` (CSS Backgrounds 3 §7.1), `border` → `border` shorthand,
  /// `transition` → `transition` shorthand (CSS Transitions §2.5), `gradient` →
  /// `linear-gradient()` (CSS Images 3 §3.1, top to bottom as DTCG gives no angle),
  /// `typography` → the `font` shorthand (CSS Fonts 4 §2.8: weight size/line-height
  /// family), `strokeStyle` → a `border-style` keyword.
  /// - Parameters:
  ///   - value: The resolved composite value (members may be aliases).
  ///   - type: The composite type.
  ///   - member: Writes one member (resolving or referencing aliases).
  /// - Returns: The CSS value, or nil when a member cannot be written.
  static func compositeCSS(_ value: JSONValue, type: String, member: MemberWriter) -> String? {
    /// The member `key` of `o`, written as `type`; nil when absent or not writable.
    func field(_ o: JSONObject, _ key: String, _ type: String) -> String? {
      o[key].flatMap { member($0, type) }
    }
    /// The members of `o` in their CSS shorthand's order, separated by spaces; nil when a
    /// required one is absent or not writable.
    func shorthand(_ o: JSONObject, _ members: [ShorthandMember]) -> String? {
      var parts: [String] = []
      for m in members {
        guard let css = field(o, m.key, m.type) ?? m.absent else { return nil }
        parts.append(css)
      }
      return parts.joined(separator: " ")
    }
    switch type {
    case "shadow":
      let layers = value.arrayValue ?? [value]
      var parts: [String] = []
      for layer in layers {
        guard let o = layer.objectValue, let css = shorthand(o, shadowLayer) else { return nil }
        parts.append((o["inset"]?.boolValue == true ? "inset " : "") + css)
      }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    case "border":
      return value.objectValue.flatMap { shorthand($0, border) }
    case "transition":
      return value.objectValue.flatMap { shorthand($0, transition) }
    case "gradient":
      guard let stops = value.arrayValue, !stops.isEmpty else { return nil }
      var parts: [String] = []
      for stop in stops {
        guard let o = stop.objectValue, let color = field(o, "color", "color"),
          let position = field(o, "position", "number"), let p = Double(position)
        else { return nil }
        parts.append("\(color) \(JSONWriter.number(p * 100))%")
      }
      return "linear-gradient(\(parts.joined(separator: ", ")))"
    case "typography":
      guard let o = value.objectValue,
        let family = field(o, "fontFamily", "fontFamily"),
        let size = field(o, "fontSize", "dimension")
      else { return nil }
      let weight = field(o, "fontWeight", "fontWeight") ?? "400"
      let line = field(o, "lineHeight", "number").map { "/\($0)" } ?? ""
      return "\(weight) \(size)\(line) \(family)"
    case "strokeStyle":
      if let s = value.stringValue { return TokenValue.strokeStyleNames.contains(s) ? s : nil }
      // An object (dash array and line cap) has no CSS keyword; dashed is the closest.
      return value.objectValue != nil ? "dashed" : nil
    default:
      return nil
    }
  }

  /// SCSS variables (`$space-md: 16px;`), with references `$space-md: $base-size-16;`.
  static func scss(
    _ tokens: [DesignToken], resolver: TokenResolver, options: Options,
    reference: (DesignToken) -> String?
  ) -> String {
    var out =
      "// \(Escaping.swiftComment(options.header ?? "Design tokens exported by catalog.")) Do not edit.\n"
    let scssNames = TokenNaming.names(tokens.map(\.path), for: .scss).names
    for t in tokens {
      guard let name = scssNames[t.path] else { continue }
      if let d = t.description { out += "/* \(Escaping.cssComment(d)) */\n" }
      if let target = reference(t), let other = scssNames[target] {
        out += "$\(name): $\(other);\n"
      } else if let css = cssText(t, resolver: resolver, references: nil, sass: true) {
        out += "$\(name): \(css);\n"
        if let letter = letterSpacing(of: t, resolver: resolver) {
          out += "$\(TokenNaming.name(letterSpacingPath(of: t.path), for: .scss)): \(letter);\n"
        }
      } else {
        out +=
          "/* $\(name): \(Escaping.cssComment(t.type ?? "untyped")) value not exported */\n"
      }
    }
    return out
  }

  /// An ES module (`export const spaceMd = "16px";`, numbers as numbers) and, for
  /// ``Format/typescript``, its declarations (`export declare const spaceMd: string;`).
  static func javaScript(
    _ tokens: [DesignToken], resolver: TokenResolver, options: Options, declarations: Bool
  ) -> String {
    var out =
      "// \(Escaping.swiftComment(options.header ?? "Design tokens exported by catalog.")) Do not edit.\n"
    let jsNames = javaScriptNames(tokens, resolver: resolver)
    for t in tokens {
      guard let css = cssText(t, resolver: resolver, references: nil), let safe = jsNames[t.path]
      else { continue }
      let type = (try? resolver.resolveValue(t.path))?.type
      let isNumber = type == "number" || (type == "fontWeight" && Double(css) != nil)
      if let d = t.description { out += "/** \(Escaping.cssComment(d)) */\n" }
      if declarations {
        out += "export declare const \(safe): \(isNumber ? "number" : "string");\n"
      } else {
        out += "export const \(safe) = \(isNumber ? css : Escaping.jsString(css));\n"
      }
      if let letter = letterSpacing(of: t, resolver: resolver) {
        let companion = TokenNaming.name(letterSpacingPath(of: t.path), for: .javaScript)
        out +=
          declarations
          ? "export declare const \(companion): string;\n"
          : "export const \(companion) = \(Escaping.jsString(letter));\n"
      }
    }
    return out
  }

  /// The JavaScript names of the tokens the ES module writes (those with a CSS value), by
  /// path (``TokenNaming/names(_:for:)`` for ``TokenNaming/Target/javaScript``).
  static func javaScriptNames(_ tokens: [DesignToken], resolver: TokenResolver) -> [String: String]
  {
    TokenNaming.names(
      tokens.filter { cssText($0, resolver: resolver, references: nil) != nil }.map(\.path),
      for: .javaScript
    ).names
  }

  /// One token as CSS text (resolved; composites member by member), or nil.
  static func cssText(
    _ t: DesignToken, resolver: TokenResolver, references: [String: String]?, sass: Bool = false
  ) -> String? {
    guard let r = try? resolver.resolve(t.path), let type = r.type else { return nil }
    func member(_ v: JSONValue, _ memberType: String) -> String? {
      if let target = TokenAlias.target(of: v) {
        if let references, let name = references[target] { return "var(--\(name))" }
        guard let m = try? resolver.resolve(target) else { return nil }
        return memberValue(m.value, memberType, member, sass: sass)
      }
      return memberValue(v, memberType, member, sass: sass)
    }
    if TokenValue.compositeTypes.contains(type) {
      return compositeCSS(r.value, type: type, member: member)
    }
    return cssValue(r.value, type: type, sass: sass)
  }

  static func memberValue(
    _ v: JSONValue, _ type: String, _ member: MemberWriter, sass: Bool = false
  ) -> String? {
    switch type {
    case "dimension", "duration": return quantity(v)
    case "number": return v.numberValue.map(JSONWriter.number)
    case "strokeStyle": return compositeCSS(v, type: "strokeStyle", member: member)
    default: return cssValue(v, type: type, sass: sass)
    }
  }
}

extension TokenExporter {
  /// A CSS block overriding, for one resolver context, the custom properties whose value
  /// differs from the default export: `[data-density="compact"] { --space-md: 12px; }`
  /// (DTCG Resolver §6: a context's tokens replace the base ones).
  /// - Parameters:
  ///   - tokens: The exported tokens, in order.
  ///   - modifier: The modifier's name (its kebab-case form names the data attribute).
  ///   - context: The context's name (a CSS string in the selector).
  ///   - base: The default resolution.
  ///   - resolver: The context's resolution.
  /// - Returns: The block, or "" when nothing differs.
  public static func cssContextBlock(
    _ tokens: [DesignToken], modifier: String, context: String, base: TokenResolver,
    resolver: TokenResolver
  ) -> String {
    let names = kebabNames(tokens)
    var lines = ""
    for t in tokens {
      guard let name = names[t.path] else { continue }
      let here = resolver.tokens[t.path].flatMap {
        cssText($0, resolver: resolver, references: nil)
      }
      let there = base.tokens[t.path].flatMap { cssText($0, resolver: base, references: nil) }
      if let here, here != there { lines += "  --\(name): \(here);\n" }
    }
    guard !lines.isEmpty else { return "" }
    return
      "[data-\(TokenNaming.kebab(modifier))=\(Escaping.cssString(context))] {\n\(lines)}\n"
  }
}
