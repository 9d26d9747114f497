import CatalogEscaping
import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// The CSS token export is valid CSS for every DTCG type: Chromium's `CSS.supports` accepts
/// each exported value for the property the type maps to, and with `--references` the
/// computed values equal the resolved ones.
@Suite struct TokenExportBrowserTests {
  static let file = """
    {
      "size": {"$type": "dimension", "16": {"$value": {"value": 16, "unit": "px"}}, "half": {"$value": {"value": 0.5, "unit": "rem"}}},
      "leading": {"$type": "number", "normal": {"$value": 1.5}},
      "family": {"$type": "fontFamily", "serif": {"$value": ["Exo 2", "72", "Georgia", "serif"]}, "plain": {"$value": "Inter"}},
      "weight": {"$type": "fontWeight", "regular": {"$value": 400}, "bold": {"$value": "bold"}},
      "color": {"$type": "color",
        "brand": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0.5], "hex": "#ff0080"}},
        "soft": {"$value": {"colorSpace": "srgb", "components": [0, 0.5, 1], "alpha": 0.5}},
        "oklch": {"$value": {"colorSpace": "oklch", "components": [0.7, 0.1, 200]}},
        "p3": {"$value": {"colorSpace": "display-p3", "components": [0.2, 0.4, 0.6]}},
        "hsl": {"$value": {"colorSpace": "hsl", "components": [120, 50, 50]}}},
      "motion": {
        "fast": {"$type": "duration", "$value": {"value": 150, "unit": "ms"}},
        "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]},
        "fade": {"$type": "transition", "$value": {"duration": "{motion.fast}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{motion.ease}"}}},
      "effect": {
        "card": {"$type": "shadow", "$value": [{"color": "{color.soft}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}},
                                               {"color": "{color.brand}", "offsetX": {"value": 1, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}]},
        "outline": {"$type": "border", "$value": {"color": "{color.brand}", "width": {"value": 1, "unit": "px"}, "style": "dashed"}},
        "line": {"$type": "strokeStyle", "$value": "dotted"},
        "fade": {"$type": "gradient", "$value": [{"color": "{color.brand}", "position": 0}, {"color": "{color.p3}", "position": 1}]}},
      "type": {"$type": "typography", "body": {"$value": {"fontFamily": "{family.serif}", "fontSize": "{size.16}", "fontWeight": "{weight.regular}", "letterSpacing": {"value": 0.5, "unit": "px"}, "lineHeight": "{leading.normal}"}}}
    }
    """

  static let property: [String: String] = [
    "dimension": "padding-left", "number": "line-height", "fontFamily": "font-family",
    "fontWeight": "font-weight",
    "color": "color", "duration": "transition-duration",
    "cubicBezier": "transition-timing-function", "transition": "transition",
    "shadow": "box-shadow", "border": "border", "strokeStyle": "border-top-style",
    "gradient": "background-image", "typography": "font",
  ]

  /// The file's tokens, their resolver, and the CSS export without and with `--references`.
  static func exported(_ file: String = Self.file, name: String = "all.tokens.json") throws -> (
    parsed: TokenFileParser.Result, resolver: TokenResolver, css: String, references: String
  ) {
    let parsed = try TokenFileParser.parse(file, file: name)
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) }))
    let css = TokenExporter.export(parsed.tokens, format: .css, resolver: resolver)
    let references = TokenExporter.export(
      parsed.tokens, format: .css, resolver: resolver, options: .init(references: true))
    return (parsed, resolver, css, references)
  }

  @Test func everyTypeExportsAsCSS() throws {
    let (_, _, css, references) = try Self.exported()
    #expect(css.contains(#"--family-serif: "Exo 2", "72", Georgia, serif;"#), "\(css)")
    #expect(css.contains("--type-body: 400 16px/1.5 \"Exo 2\", \"72\", Georgia, serif;"), "\(css)")
    #expect(css.contains("--type-body-letter-spacing: 0.5px;"))
    #expect(
      references.contains(
        "--type-body: var(--weight-regular) var(--size-16)/var(--leading-normal) var(--family-serif);"
      ), "\(references)")
    #expect(css.contains("--effect-outline: 1px dashed #ff0080;"))
    #expect(css.contains("--motion-fade: 150ms cubic-bezier(0.4, 0, 0.2, 1) 0ms;"))
    // Every token has a value (none "not exported").
    #expect(!css.contains("not exported"), "\(css)")
  }

  /// The browser part: skipped and listed when Chromium is missing, a failure under
  /// `CI=true` (``ExternalRequirement``); before, it printed SKIPPED and passed.
  @Test(.requires(.chromium)) func everyTypeIsValidCSSInChromium() throws {
    try Self.checkInChromium(try Self.exported())
  }

  /// A Tokens Studio file's font family lists (`"'Exo 2', serif"`) are split into DTCG's
  /// array at import, so the CSS export writes `"Exo 2", serif` (the generic bare), valid
  /// for `font-family` and the `font` shorthand (before: one quoted family
  /// `"'Exo 2', serif"`).
  @Test func tokensStudioFamilyListsExportAsCSSLists() throws {
    let (_, _, css, _) = try Self.exported(Self.studio, name: "studio.json")
    #expect(css.contains(#"--font-body: "Exo 2", serif;"#), "\(css)")
    #expect(css.contains("--font-ui: Inter, sans-serif;"), "\(css)")
    #expect(css.contains(#"--type-h1: 700 24px/1.2 "Exo 2", serif;"#), "\(css)")
  }

  @Test(.requires(.chromium)) func tokensStudioFamilyListsAreValidCSSInChromium() throws {
    try Self.checkInChromium(try Self.exported(Self.studio, name: "studio.json"))
  }

  /// A Tokens Studio (value/type) file whose families are CSS lists.
  static let studio = #"""
    {"font": {"body": {"value": "'Exo 2', serif", "type": "fontFamilies"},
      "ui": {"value": "Inter, sans-serif", "type": "fontFamilies"}},
     "type": {"h1": {"value": {"fontFamily": "{font.body}", "fontWeight": "700",
       "fontSize": "24", "lineHeight": "1.2", "letterSpacing": "0"}, "type": "typography"},
       "h2": {"value": {"fontFamily": "Inter, sans-serif", "fontWeight": "400",
       "fontSize": "20", "lineHeight": "1.2", "letterSpacing": "0"}, "type": "typography"}}}
    """#

  /// Every exported value through Chromium: `CSS.supports` for the type's property, and the
  /// computed value through `var()` (with `--references`) equal to the literal's.
  static func checkInChromium(
    _ export: (
      parsed: TokenFileParser.Result, resolver: TokenResolver, css: String, references: String
    )
  ) throws {
    let (parsed, resolver, css, references) = export
    var checks: [(name: String, property: String, value: String)] = []
    for line in css.split(separator: "\n") {
      let t = line.trimmingCharacters(in: .whitespaces)
      guard t.hasPrefix("--"), let colon = t.firstIndex(of: ":") else { continue }
      let name = String(t[..<colon])
      let value = String(t[t.index(after: colon)...].dropLast()).trimmingCharacters(
        in: .whitespaces)
      let path = parsed.tokens.first { "--" + TokenNaming.kebab($0.path) == name }
      let type =
        name.hasSuffix("-letter-spacing")
        ? "dimension" : (path.flatMap { try? resolver.resolve($0.path).type } ?? "")
      guard let property = Self.property[type] else { continue }
      checks.append((name, property, value))
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-css-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let list = checks.map {
      "[\(Escaping.jsString($0.name)), \(Escaping.jsString($0.property)), \(Escaping.jsString($0.value))]"
    }.joined(separator: ",\n")
    let html = """
      <!DOCTYPE html><html><head><meta charset="utf-8"><style>\(references)</style></head><body>
      <div id="a"></div><div id="b"></div><pre id="out"></pre>
      <script>
      const checks = [\(list)];
      const lines = [];
      for (const [name, prop, value] of checks) {
        const a = document.getElementById("a"), b = document.getElementById("b");
        a.style.setProperty(prop, "var(" + name + ")");
        b.style.setProperty(prop, value);
        const viaVar = getComputedStyle(a).getPropertyValue(prop), direct = getComputedStyle(b).getPropertyValue(prop);
        lines.push((CSS.supports(prop, value) ? "ok" : "UNSUPPORTED") + " " + name + " " + prop + ": " + value +
          (viaVar === direct ? "" : " MISMATCH " + viaVar + " vs " + direct));
        a.removeAttribute("style"); b.removeAttribute("style");
      }
      document.getElementById("out").textContent = lines.join("\\n");
      </script></body></html>
      """
    let page = dir.appendingPathComponent("tokens.html")
    try html.write(to: page, atomically: true, encoding: .utf8)
    let result = try Chromium.dumpDOM(page)
    let report =
      result.dom.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>")
      .first ?? ""
    let lines = report.split(separator: "\n")
    #expect(lines.count == checks.count, "\(result.dom)")
    for line in lines { #expect(line.hasPrefix("ok ") && !line.contains("MISMATCH"), "\(line)") }
  }
}
