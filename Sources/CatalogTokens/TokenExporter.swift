import CatalogEscaping
import CatalogModel

/// Writes tokens in the formats teams use, like Style Dictionary's: DTCG 2025.10 JSON,
/// a Swift enum of `CGFloat` lengths and `Double` numbers, CSS custom properties, Android `dimens.xml`, and
/// flat or nested JSON.
///
/// Values are resolved (aliases followed, math computed) unless ``Options/references``
/// asks to keep references where the format can (Style Dictionary's `outputReferences`):
/// CSS writes `var(--space-md)`, Swift the other constant's name, Android `@dimen/…`,
/// JSON and DTCG the alias `{space.md}`. A reference to a token that is not exported
/// falls back to its value. Dimensions are points: `px` 1:1, `rem` × 16 (Format §8.2.1);
/// Android writes them as `dp`, CSS keeps the unit as written.
public enum TokenExporter {
  /// An output format.
  public enum Format: String, Sendable, CaseIterable {
    /// DTCG 2025.10 token file (Format module), `$extensions` byte for byte.
    case dtcg
    /// A Swift `enum` of `CGFloat` constants (`import Foundation`, usable from SwiftUI).
    case swift
    /// CSS custom properties on `:root`.
    case css
    /// Android `res/values/dimens.xml`.
    case android
    /// `{"space.md": value}`.
    case jsonFlat = "json-flat"
    /// `{"space": {"md": value}}`.
    case jsonNested = "json-nested"
    /// SCSS variables (`$space-md: 16px;`).
    case scss
    /// An ES module of constants (`export const spaceMd = "16px";`).
    case js
    /// TypeScript declarations for the ES module (`export declare const spaceMd: string;`).
    case dts = "d.ts"
  }

  /// Export options.
  public struct Options: Sendable {
    /// Keep references instead of values where the format can.
    public var references: Bool
    /// The Swift enum's name.
    public var swiftTypeName: String
    /// Points per rem.
    public var remBase: Double
    /// A line saying where the tokens came from, written as a comment (not in JSON).
    public var header: String?
    /// Creates options.
    /// - Parameters:
    ///   - references: Keep references.
    ///   - swiftTypeName: The Swift enum's name (`DesignTokens`).
    ///   - remBase: Points per rem (16).
    ///   - header: A comment line.
    public init(
      references: Bool = false, swiftTypeName: String = "DesignTokens",
      remBase: Double = TokenValue.defaultRemBase, header: String? = nil
    ) {
      self.references = references
      self.swiftTypeName = swiftTypeName
      self.remBase = remBase
      self.header = header
    }
  }

  /// Exports tokens.
  ///
  /// - Parameters:
  ///   - tokens: The tokens to write, in order.
  ///   - format: The output format.
  ///   - resolver: Resolves aliases (may know more tokens than those exported).
  ///   - options: References, names, units.
  /// - Returns: The file's text, ending with a newline.
  public static func export(
    _ tokens: [DesignToken], format: Format, resolver: TokenResolver, options: Options = .init()
  ) -> String {
    let exported = Set(tokens.map(\.path))
    func resolved(_ t: DesignToken) -> TokenResolver.Resolution? { try? resolver.resolve(t.path) }
    func reference(_ t: DesignToken) -> String? {
      guard options.references, let target = t.aliasTarget, exported.contains(target) else {
        return nil
      }
      return target
    }
    switch format {
    case .dtcg:
      return DTCGWriter.write(tokens.map { dtcgToken($0, resolver: resolver) }, header: nil)
    case .scss:
      return scss(tokens, resolver: resolver, options: options, reference: reference)
    case .js, .dts:
      return javaScript(tokens, resolver: resolver, options: options, declarations: format == .dts)
    case .jsonFlat, .jsonNested:
      var flat = JSONObject()
      var nested = JSONObject()
      for t in tokens {
        let value: JSONValue =
          reference(t).map { .string("{\($0)}") } ?? resolved(t)?.value ?? t.value
        flat.members.append((t.path, value))
        nested = insert(value, at: t.path.split(separator: ".").map(String.init), into: nested)
      }
      return JSONWriter.pretty(.object(format == .jsonFlat ? flat : nested))
    case .css:
      var out =
        "/* \(Escaping.cssComment(options.header ?? "Design tokens exported by catalog.")) Do not edit. */\n:root {\n"
      let cssNames = kebabNames(tokens)
      for t in tokens {
        guard let name = cssNames[t.path] else { continue }
        if let target = reference(t), let other = cssNames[target] {
          out += "  --\(name): var(--\(other));\n"
          continue
        }
        guard
          let css = cssText(t, resolver: resolver, references: options.references ? cssNames : nil)
        else {
          out +=
            "  /* --\(name): \(Escaping.cssComment(t.type ?? "untyped")) value not exported */\n"
          continue
        }
        if let d = t.description { out += "  /* \(Escaping.cssComment(d)) */\n" }
        out += "  --\(name): \(css);\n"
        if let letter = letterSpacing(of: t, resolver: resolver) {
          let companion = TokenNaming.name(letterSpacingPath(of: t.path), for: .css)
          out += "  --\(companion): \(letter);\n"
        }
      }
      return out + "}\n"
    case .android:
      var out =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- \(Escaping.xmlComment(options.header ?? "Design tokens exported by catalog.")) Do not edit. -->\n<resources>\n"
      let androidNames = androidNames(tokens)
      for t in tokens {
        guard let name = androidNames[t.path], let r = resolved(t), let points = r.points else {
          continue
        }
        if let d = t.description { out += "  <!-- \(Escaping.xmlComment(d)) -->\n" }
        if let target = reference(t), let other = androidNames[target], t.type == "dimension" {
          out += "  <dimen name=\"\(name)\">@dimen/\(other)</dimen>\n"
        } else if r.type == "dimension" {
          out += "  <dimen name=\"\(name)\">\(JSONWriter.number(points))dp</dimen>\n"
        } else {
          out +=
            "  <item name=\"\(name)\" type=\"dimen\" format=\"float\">\(JSONWriter.number(points))</item>\n"
        }
      }
      out += androidTextAppearances(tokens, resolver: resolver)
      return out + "</resources>\n"
    case .swift:
      return swift(tokens, resolver: resolver, options: options, reference: reference)
    }
  }

  static func insert(_ value: JSONValue, at path: [String], into object: JSONObject) -> JSONObject {
    var object = object
    guard let first = path.first else { return object }
    if path.count == 1 {
      if let existing = object[first]?.objectValue {
        var o = existing
        o["$root"] = value
        object[first] = .object(o)
      } else {
        object[first] = value
      }
      return object
    }
    var child = object[first]?.objectValue ?? JSONObject()
    if let leaf = object[first], leaf.objectValue == nil || isLeafValue(leaf) {
      child = JSONObject([("$root", leaf)])
    }
    object[first] = .object(insert(value, at: Array(path.dropFirst()), into: child))
    return object
  }

  static func isLeafValue(_ v: JSONValue) -> Bool {
    guard let o = v.objectValue else { return true }
    return o["value"] != nil && o["unit"] != nil || o["colorSpace"] != nil
  }

  /// A CSS value for a resolved token value, or nil for types CSS variables do not hold.
  /// - Parameters:
  ///   - value: The resolved `$value`.
  ///   - type: Its `$type`.
  ///   - sass: Write it for a Sass file: an `hsl` colour in the comma form
  ///     (``sassHSL(_:alpha:)``).
  /// - Returns: The CSS text.
  static func cssValue(_ value: JSONValue, type: String?, sass: Bool = false) -> String? {
    switch type {
    case "dimension"?, "duration"?:
      return quantity(value)
    case "number"?:
      return value.numberValue.map(JSONWriter.number)
    case "fontWeight"?:
      // DTCG §8.4: a number 1…1000 or one of the weight names, written as its number.
      if let n = value.numberValue { return JSONWriter.number(n) }
      return value.stringValue.flatMap { fontWeightNumbers[$0] }.map(String.init)
    case "fontFamily"?:
      // CSS Fonts 4 §4.2: names that are not plain identifiers are CSS strings.
      if let s = value.stringValue { return Escaping.cssFontFamily(s) }
      return value.arrayValue?.compactMap(\.stringValue).map(Escaping.cssFontFamily)
        .joined(separator: ", ")
    case "color"?:
      // Only a hex colour is taken from a string; anything else is not a colour.
      if let s = value.stringValue { return isHexColor(s) ? s : nil }
      guard let o = value.objectValue, let space = o["colorSpace"]?.stringValue,
        let c = o["components"]?.arrayValue
      else { return nil }
      if let hex = o["hex"]?.stringValue, o["alpha"] == nil, isHexColor(hex) { return hex }
      if sass, space == "hsl" { return sassHSL(c, alpha: o["alpha"]?.numberValue) }
      let parts = c.map { $0.numberValue.map(JSONWriter.number) ?? "none" }.joined(separator: " ")
      let alpha = o["alpha"]?.numberValue.map { " / \(JSONWriter.number($0))" } ?? ""
      switch space {
      case "hsl", "hwb", "lab", "lch", "oklab", "oklch": return "\(space)(\(parts)\(alpha))"
      default: return "color(\(space) \(parts)\(alpha))"
      }
    case "cubicBezier"?:
      guard let a = value.arrayValue, a.count == 4 else { return nil }
      return
        "cubic-bezier(\(a.compactMap(\.numberValue).map(JSONWriter.number).joined(separator: ", ")))"
    default:
      return nil
    }
  }

  /// An `hsl` colour as Sass reads it: `hsl(120, 50%, 50%)`, `hsla(120, 50%, 50%, 0.5)`.
  /// `hsl()` is a Sass built-in, and LibSass (`sassc`) takes only this comma form (CSS Color
  /// 4 §7.1's "legacy" syntax, which CSS and Dart Sass read too); the space form of the CSS
  /// export, `hsl(120 50 50)`, stops LibSass with "missing argument $saturation". DTCG's
  /// hsl saturation and lightness run 0–100 (Color module), so they become percentages; a
  /// `none` component, which the comma form cannot hold, is 0 (CSS Color 4 §4.4, a missing
  /// component renders as zero).
  /// - Parameters:
  ///   - components: Hue (degrees), saturation and lightness (0–100).
  ///   - alpha: The alpha, when the token has one.
  /// - Returns: The Sass text.
  static func sassHSL(_ components: [JSONValue], alpha: Double?) -> String {
    let n = components.map { JSONWriter.number($0.numberValue ?? 0) }
    let h = n.count > 0 ? n[0] : "0"
    let s = n.count > 1 ? n[1] : "0"
    let l = n.count > 2 ? n[2] : "0"
    guard let alpha else { return "hsl(\(h), \(s)%, \(l)%)" }
    return "hsla(\(h), \(s)%, \(l)%, \(JSONWriter.number(alpha)))"
  }

  /// DTCG §8.4's weight names and their numbers.
  static let fontWeightNumbers: [String: Int] = [
    "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
    "normal": 400, "regular": 400,
    "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700, "extra-bold": 800,
    "ultra-bold": 800,
    "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
  ]

  /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (CSS Color 4 §5.2).
  static func isHexColor(_ s: String) -> Bool {
    let u = Array(s.utf8)
    guard u.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(u.count) else { return false }
    return u.dropFirst().allSatisfy {
      ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70)
    }
  }

  static func xml(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "-": out += "‐"  // "--" may not appear in an XML comment.
      default: out.append(c)
      }
    }
    return out
  }

  /// Path → kebab-case name (`space.md` → `space-md`): the CSS custom properties'
  /// names, so a context block names the same property as `:root`.
  static func kebabNames(_ tokens: [DesignToken]) -> [String: String] {
    TokenNaming.names(tokens.map(\.path), for: .css).names
  }

  /// Path → Android resource name of the tokens `dimens.xml` writes (dimensions, numbers).
  static func androidNames(_ tokens: [DesignToken]) -> [String: String] {
    TokenNaming.names(
      tokens.filter { $0.type == "dimension" || $0.type == "number" }.map(\.path), for: .android
    ).names
  }

  /// Refuses an export in which two tokens get the same name (the one rule of
  /// ``TokenNaming/names(_:for:)``, over the tokens the format writes): a numeric suffix
  /// would make a name no one can predict from the path, and differ between formats.
  /// - Parameters:
  ///   - tokens: The tokens to export.
  ///   - format: The format (DTCG and JSON use paths, not names: never a collision).
  ///   - resolver: Resolves them (the ES module writes only tokens with a CSS value).
  /// - Throws: ``TokenNaming/Collision`` naming the first two tokens that collide.
  public static func checkNames(
    _ tokens: [DesignToken], format: Format, resolver: TokenResolver
  ) throws(TokenNaming.Collision) {
    let paths: [String]
    let target: TokenNaming.Target
    switch format {
    case .dtcg, .jsonFlat, .jsonNested: return
    case .swift:
      paths = tokens.filter { swiftExportedTypes.contains($0.type ?? "") }.map(\.path)
      target = .swift
    case .js, .dts:
      paths = tokens.filter { cssText($0, resolver: resolver, references: nil) != nil }.map(\.path)
      target = .javaScript
    case .css: (paths, target) = (tokens.map(\.path), .css)
    case .scss: (paths, target) = (tokens.map(\.path), .scss)
    case .android:
      paths = tokens.filter { $0.type == "dimension" || $0.type == "number" }.map(\.path)
      target = .android
    }
    let names = TokenNaming.names(paths, for: target)
    if let collision = names.collisions.first { throw collision }
    guard [.css, .scss, .javaScript].contains(target) else { return }
    // A typography token's letter-spacing companion must not take another token's name.
    let taken = Dictionary(names.names.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    var companions: [String: String] = [:]
    for t in tokens where letterSpacing(of: t, resolver: resolver) != nil {
      let name = TokenNaming.name(letterSpacingPath(of: t.path), for: target)
      if let other = taken[name] ?? companions[name] {
        throw TokenNaming.Collision(
          first: other, second: t.path, name: name, target: target, secondIsLetterSpacing: true)
      }
      companions[name] = t.path
    }
  }

  /// The letter spacing of a typography token, for the companion variable CSS, SCSS and the
  /// ES module write next to it (`--body-letter-spacing`, `$body-letter-spacing`,
  /// `bodyLetterSpacing`): the `font` shorthand has no letter spacing (CSS Fonts 4 §2.8),
  /// so it is a property of its own.
  /// - Parameters:
  ///   - token: Any token; only a typography token with a letter spacing has one.
  ///   - resolver: Resolves the token and an alias in the member.
  /// - Returns: The CSS length (`0.5px`), or nil.
  static func letterSpacing(of token: DesignToken, resolver: TokenResolver) -> String? {
    guard let r = try? resolver.resolve(token.path), r.type == "typography",
      let spacing = r.value.objectValue?["letterSpacing"]
    else { return nil }
    let value =
      TokenAlias.target(of: spacing).flatMap { (try? resolver.resolve($0))?.value } ?? spacing
    return quantity(value)
  }

  /// The path a typography token's letter-spacing companion is named from, in every target
  /// (`body` → `body.letter-spacing`: CSS `body-letter-spacing`, JS `bodyLetterSpacing`).
  /// - Parameter path: The typography token's path.
  /// - Returns: The companion's path.
  static func letterSpacingPath(of path: String) -> String { path + ".letter-spacing" }

  /// Names made unique by a numeric suffix (`spaceMd`, `spaceMd2`).
  struct UniqueNames {
    var used: Set<String> = []
    mutating func make(_ base: String) -> String {
      var name = base
      var n = 2
      while used.contains(name) {
        name = base.hasSuffix("`") ? "`\(base.dropFirst().dropLast())\(n)`" : "\(base)\(n)"
        n += 1
      }
      used.insert(name)
      return name
    }
  }
}
