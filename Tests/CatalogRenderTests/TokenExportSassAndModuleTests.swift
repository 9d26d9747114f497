import CatalogEscaping
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// The SCSS and ES module token exports read by real parsers (issue 14 point 6), on the
/// file of every DTCG type that ``TokenExportBrowserTests`` checks as CSS: LibSass
/// (`sassc`) compiles the SCSS with each variable used, and Chromium runs the ES module
/// and reports each constant's value, which must equal the CSS export's.
@Suite struct TokenExportSassAndModuleTests {
  /// Tokens of every type, one `hsl` colour with alpha and one with a `none` hue on top.
  static let tokens: (tokens: [DesignToken], resolver: TokenResolver) = {
    let extra = """
      {"more": {"$type": "color",
        "veil": {"$value": {"colorSpace": "hsl", "components": [200, 40, 30], "alpha": 0.25}},
        "grey": {"$value": {"colorSpace": "hsl", "components": ["none", 0, 50]}}}}
      """
    var tokens: [DesignToken] = []
    for (text, file) in [(TokenExportBrowserTests.file, "all.tokens.json"), (extra, "more.json")] {
      if let parsed = try? TokenFileParser.parse(text, file: file) { tokens += parsed.tokens }
    }
    let resolver = TokenResolver(
      tokens: Dictionary(tokens.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }))
    return (tokens, resolver)
  }()

  /// Each `--name: value;` line of a CSS export.
  static func customProperties(_ css: String) -> [String: String] {
    var out: [String: String] = [:]
    for line in css.split(separator: "\n") {
      let t = line.trimmingCharacters(in: .whitespaces)
      guard t.hasPrefix("--"), t.hasSuffix(";"), let colon = t.firstIndex(of: ":") else {
        continue
      }
      out[String(t[t.index(t.startIndex, offsetBy: 2)..<colon])] = String(
        t[t.index(after: colon)...].dropLast()
      ).trimmingCharacters(in: .whitespaces)
    }
    return out
  }

  @Test func hslIsWrittenInTheCommaFormForSass() throws {
    let (tokens, resolver) = Self.tokens
    let scss = TokenExporter.export(tokens, format: .scss, resolver: resolver)
    #expect(scss.contains("$color-hsl: hsl(120, 50%, 50%);"), "\(scss)")
    #expect(scss.contains("$more-veil: hsla(200, 40%, 30%, 0.25);"), "\(scss)")
    #expect(scss.contains("$more-grey: hsl(0, 0%, 50%);"), "\(scss)")
    // CSS keeps CSS Color 4's space form.
    let css = TokenExporter.export(tokens, format: .css, resolver: resolver)
    #expect(css.contains("--color-hsl: hsl(120 50 50);"), "\(css)")
  }

  /// LibSass compiles the export with every variable used; before, it stopped at
  /// `hsl(120 50 50)` ("Function hsl is missing argument $saturation").
  @Test(.requires(.program(["sassc"], package: "sassc")))
  func sasscCompilesEveryVariable() throws {
    let (tokens, resolver) = Self.tokens
    let scss = TokenExporter.export(tokens, format: .scss, resolver: resolver)
    let names = scss.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("$"), let colon = line.firstIndex(of: ":") else { return nil }
      return String(line[line.index(after: line.startIndex)..<colon])
    }
    // One variable per token, and `$type-body-letter-spacing` for the typography token.
    #expect(names.count == tokens.count + 1, "\(scss)")
    let probe = scss + ".probe {\n" + names.map { "  \($0): $\($0);\n" }.joined() + "}\n"
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-scss-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("tokens.scss")
    try probe.write(to: file, atomically: true, encoding: .utf8)
    let run = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["sassc", "--style", "expanded", file.path])
    #expect(run.status == 0, "\(run.output)\n\(probe)")
    let compiled = Self.declarations(run.output)
    #expect(compiled.count == names.count, "\(run.output)")
    // Values Sass leaves alone are the CSS export's; the hsl colours Sass computes.
    let css = Self.customProperties(
      TokenExporter.export(tokens, format: .css, resolver: resolver))
    #expect(compiled["size-16"] == "16px" && compiled["size-16"] == css["size-16"])
    #expect(compiled["effect-outline"] == css["effect-outline"], "\(compiled)")
    #expect(compiled["type-body"] == css["type-body"], "\(compiled)")
    #expect(compiled["type-body-letter-spacing"] == "0.5px", "\(compiled)")
    #expect(compiled["type-body-letter-spacing"] == css["type-body-letter-spacing"])
    #expect(compiled["color-hsl"] == "#40bf40", "\(compiled)")
    #expect(compiled["more-veil"] == "rgba(46, 87, 107, 0.25)", "\(compiled)")
  }

  /// `name: value;` declarations of compiled CSS.
  static func declarations(_ css: String) -> [String: String] {
    var out: [String: String] = [:]
    for line in css.split(separator: "\n") {
      let t = line.trimmingCharacters(in: .whitespaces)
      guard t.hasSuffix(";"), let colon = t.firstIndex(of: ":") else { continue }
      out[String(t[..<colon])] = String(t[t.index(after: colon)...].dropLast())
        .trimmingCharacters(in: .whitespaces)
    }
    return out
  }

  /// Chromium runs the ES module (as an inline module script, so `export` must parse) and
  /// prints every constant; each equals the CSS export's value, numbers as numbers.
  @Test(.requires(.chromium)) func chromiumRunsTheModule() throws {
    let (tokens, resolver) = Self.tokens
    let js = TokenExporter.export(tokens, format: .js, resolver: resolver)
    let names = js.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("export const "), let eq = line.firstIndex(of: "=") else {
        return nil
      }
      return line[line.index(line.startIndex, offsetBy: 13)..<eq].trimmingCharacters(
        in: .whitespaces)
    }
    #expect(names.count == tokens.count + 1, "\(js)")  // and `typeBodyLetterSpacing`
    let script =
      js + "\nconst all = {\(names.joined(separator: ", "))};\n"
      + "document.getElementById(\"out\").textContent = JSON.stringify(all);\n"
    #expect(!script.contains("</script"))
    let html = """
      <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre>
      <script type="module">
      \(script)
      </script></body></html>
      """
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-js-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let page = dir.appendingPathComponent("module.html")
    try html.write(to: page, atomically: true, encoding: .utf8)
    let dom = try Chromium.dumpDOM(page).dom
    let text =
      dom.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>")
      .first ?? ""
    let json = text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
      of: "&amp;", with: "&")
    let values = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(dom)")
    #expect(values.count == names.count, "\(values)")
    #expect(values["size16"] as? String == "16px")
    #expect((values["leadingNormal"] as? NSNumber)?.doubleValue == 1.5)
    #expect((values["weightBold"] as? NSNumber)?.intValue == 700)
    #expect(values["familySerif"] as? String == #""Exo 2", "72", Georgia, serif"#)
    #expect(values["colorHsl"] as? String == "hsl(120 50 50)")
    let css = Self.customProperties(
      TokenExporter.export(tokens, format: .css, resolver: resolver))
    #expect(values["typeBody"] as? String == css["type-body"])
    #expect(values["typeBodyLetterSpacing"] as? String == "0.5px")
    #expect(values["effectCard"] as? String == css["effect-card"])
  }

  /// TypeScript (`tsc`, Debian's node-typescript) reads the `.d.ts` beside the module: a
  /// program importing every constant type-checks, each declared with the type of the
  /// module's value (a number literal as `number`, the rest as `string`), so the
  /// declarations parse and agree with the module.
  @Test(.requires(.program(["tsc"], package: "node-typescript")))
  func typeScriptChecksTheDeclarations() throws {
    let (tokens, resolver) = Self.tokens
    let js = TokenExporter.export(tokens, format: .js, resolver: resolver)
    let dts = TokenExporter.export(tokens, format: .dts, resolver: resolver)
    var uses: [String] = []
    for line in js.split(separator: "\n") where line.hasPrefix("export const ") {
      let parts = line.dropFirst(13).split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].trimmingCharacters(in: .whitespaces)
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      let type = value.hasPrefix("\"") ? "string" : "number"
      uses.append("const check_\(name): \(type) = tokens.\(name);")
    }
    #expect(uses.count == tokens.count + 1, "\(js)")
    #expect(
      dts.split(separator: "\n").filter { $0.hasPrefix("export declare const ") }.count
        == uses.count, "\(dts)")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-ts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try js.write(to: dir.appendingPathComponent("tokens.js"), atomically: true, encoding: .utf8)
    try dts.write(to: dir.appendingPathComponent("tokens.d.ts"), atomically: true, encoding: .utf8)
    let program =
      "import * as tokens from \"./tokens.js\";\n" + uses.joined(separator: "\n") + "\nexport {};\n"
    let main = dir.appendingPathComponent("main.ts")
    try program.write(to: main, atomically: true, encoding: .utf8)
    let run = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "tsc", "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
        "--moduleResolution", "node", main.path,
      ])
    #expect(run.status == 0, "\(run.output)\n\(dts)")
    // The check can fail: a declaration of the wrong type is an error.
    let wrong = dts.replacingOccurrences(
      of: "typeBodyLetterSpacing: string", with: "typeBodyLetterSpacing: number")
    #expect(wrong != dts)
    try wrong.write(
      to: dir.appendingPathComponent("tokens.d.ts"), atomically: true, encoding: .utf8)
    let refused = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "tsc", "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
        "--moduleResolution", "node", main.path,
      ])
    #expect(
      refused.status != 0 && refused.output.contains("error TS2322"), "\(refused.output)")
  }
}
