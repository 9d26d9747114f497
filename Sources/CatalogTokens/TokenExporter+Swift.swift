import CatalogEscaping
import CatalogModel

extension TokenExporter {
  /// The Swift names of the tokens the Swift export writes (dimensions, numbers and
  /// typography), by token path: ``TokenNaming/names(_:for:)``, names given in path order
  /// so that every export and `render --format swiftui` of the same tokens agree; a
  /// collision (`space.md` and `space-md` are both `spaceMd`) is refused by
  /// ``checkNames(_:format:resolver:)`` before an export.
  ///
  /// - Parameter tokens: The tokens (any order).
  /// - Returns: Token path → Swift member name (escaped with backticks when a keyword).
  public static func swiftNames(_ tokens: [DesignToken]) -> [String: String] {
    TokenNaming.names(
      tokens.filter { swiftExportedTypes.contains($0.type ?? "") }.map(\.path), for: .swift
    ).names
  }

  /// The names a Swift export refers to (its types and the modules it imports): an enum
  /// of one of these names would shadow it, and the file would not type-check
  /// (`public static let spaceMd: CGFloat` inside `enum CGFloat`).
  public static let swiftExportReferencedNames: Set<String> = [
    "CGFloat", "Double", "Font", "Foundation", "SwiftUI",
  ]

  /// Why a name cannot be the Swift export's enum name (`tokens export --format swift
  /// --name`), or nil when it can: it must be an identifier (``Identifier/isValid(_:)``),
  /// not `_`, not a Swift keyword (``Escaping/swiftKeywords``, and `Type`, which `X.Type`
  /// reserves), and none of the names the file refers to
  /// (``swiftExportReferencedNames``). Checked with `swiftc -typecheck`.
  /// - Parameter name: The proposed enum name.
  /// - Returns: What is wrong, or nil.
  public static func swiftTypeNameProblem(_ name: String) -> String? {
    if !Identifier.isValid(name) || name == "_" || Escaping.swiftKeywords.contains(name)
      || name == "Type"
    {
      return "expected a Swift type name (letters, digits and _, not _ alone, not a keyword)"
    }
    if swiftExportReferencedNames.contains(name) {
      return
        "the Swift export uses \(name) (\(swiftExportReferencedNames.sorted().joined(separator: ", "))); an enum of that name would hide it: choose another name"
    }
    return nil
  }

  /// The DTCG types the Swift export writes: `dimension` (`CGFloat` points), `number`
  /// (`Double`) and `typography` (SwiftUI `Font`).
  public static let swiftExportedTypes: Set<String> = ["dimension", "number", "typography"]

  /// The Swift export: a `public enum` of constants.
  ///
  /// Rules: a `dimension` is `CGFloat` points (`px` 1:1, `rem` × the rem base; DTCG Format
  /// §8.2), a `number` is `Double` (DTCG §8.7: a ratio or a unitless value, not a length);
  /// a `typography` token (DTCG §9.7) is a SwiftUI `Font`:
  /// `Font.custom(family, size: points).weight(.bold)`, its first family (a font stack has no
  /// SwiftUI spelling; the rest are named in the comment), its size in points and its weight
  /// mapped to `Font.Weight` (DTCG §8.4's 100…900 scale: 100 `ultraLight`, 200 `thin`, 300
  /// `light`, 400 `regular`, 500 `medium`, 600 `semibold`, 700 `bold`, 800 `heavy`, 900
  /// `black`; other numbers round to the nearest). Line height and letter spacing have no
  /// `Font` spelling (SwiftUI sets them with `lineSpacing`/`tracking` on the view) and are
  /// named in the comment. Fonts need SwiftUI: they sit under `#if canImport(SwiftUI)`, so
  /// the file still compiles where SwiftUI is missing.
  static func swift(
    _ tokens: [DesignToken], resolver: TokenResolver, options: Options,
    reference: (DesignToken) -> String?
  ) -> String {
    let swiftNames = swiftNames(tokens)
    func resolved(_ t: DesignToken) -> TokenResolver.Resolution? { try? resolver.resolve(t.path) }
    var fonts: [(DesignToken, String)] = []
    for t in tokens where swiftNames[t.path] != nil {
      guard let r = resolved(t), r.type == "typography", let font = swiftFont(r.value, resolver)
      else { continue }
      fonts.append((t, font))
    }
    var out =
      "// \(Escaping.swiftComment(options.header ?? "Design tokens exported by catalog.")) Do not edit.\n"
    out += "import Foundation  // CGFloat: CoreGraphics on Apple platforms, Foundation on Linux.\n"
    if !fonts.isEmpty {
      out +=
        "\n#if canImport(SwiftUI)\n  import SwiftUI  // Font, for the typography tokens.\n#endif\n"
    }
    out += "\n"
    out +=
      "/// Design tokens in points (`px` = 1 pt, `rem` = \(JSONWriter.number(options.remBase)) pt), for SwiftUI:\n"
    out += "/// `.padding(.bottom, \(options.swiftTypeName).spaceSm)`.\n"
    out += "public enum \(options.swiftTypeName) {\n"
    func documentation(_ t: DesignToken, _ r: TokenResolver.Resolution, indent: String) -> String {
      let doc =
        "\(t.description.map { $0 + " " } ?? "")`{\(t.path)}` = \(TokenValue.shortDescription(r.value))."
      var text = "\(indent)/// \(Escaping.swiftComment(doc))\n"
      if let d = t.deprecated {
        let message = d.stringValue.map { ", message: \(Escaping.swiftStringLiteral($0))" } ?? ""
        text += "\(indent)@available(*, deprecated\(message))\n"
      }
      return text
    }
    for t in tokens {
      guard let name = swiftNames[t.path], let r = resolved(t), let points = r.points else {
        continue
      }
      out += documentation(t, r, indent: "  ")
      // Lengths are CGFloat (SwiftUI's unit); plain numbers (ratios, opacities) Double.
      let swiftType = r.type == "number" ? "Double" : "CGFloat"
      if let target = reference(t), let other = swiftNames[target],
        (try? resolver.resolveValue(target))?.type == r.type
      {
        out += "  public static let \(name): \(swiftType) = \(other)\n"
      } else {
        out += "  public static let \(name): \(swiftType) = \(JSONWriter.number(points))\n"
      }
    }
    if !fonts.isEmpty {
      out += "\n  #if canImport(SwiftUI)\n"
      for (t, font) in fonts {
        guard let name = swiftNames[t.path], let r = resolved(t) else { continue }
        out += documentation(t, r, indent: "    ")
        out += "    public static let \(name): Font = \(font)\n"
      }
      out += "  #endif\n"
    }
    return out + "}\n"
  }

  /// A typography value as a SwiftUI `Font` expression, or nil when it has no family or
  /// size that resolves (see ``swift(_:resolver:options:reference:)`` for the rules).
  /// - Parameters:
  ///   - value: The resolved typography value (members may be aliases).
  ///   - resolver: Resolves member aliases.
  /// - Returns: `Font.custom("Inter", size: 24).weight(.bold)`.
  static func swiftFont(_ value: JSONValue, _ resolver: TokenResolver) -> String? {
    guard let face = typographyFace(value, resolver) else { return nil }
    let (family, size, member) = (face.family, face.size, face.member)
    var font =
      "Font.custom(\(Escaping.swiftStringLiteral(family)), size: \(JSONWriter.number(size)))"
    if let weight = member("fontWeight").flatMap(swiftFontWeight), weight != "regular" {
      font += ".weight(.\(weight))"
    }
    return font
  }

  /// A DTCG font weight (a number 1…1000 or a §8.4 name) as a `Font.Weight` member name.
  /// - Parameter value: The weight.
  /// - Returns: `bold`, `regular`, …; nil for anything else.
  static func swiftFontWeight(_ value: JSONValue) -> String? {
    let number: Double
    if let n = value.numberValue {
      number = n
    } else if let s = value.stringValue, let n = fontWeightNumbers[s] {
      number = Double(n)
    } else {
      return nil
    }
    let names = [
      "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
    ]
    let index = Int(((min(max(number, 100), 900) - 100) / 100).rounded())
    return names[index]
  }
}
