import CatalogEscaping
import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// Issue 12, point 4: names, `$description`s and string values never become code in a
/// token export. Each output is checked structurally and, for Swift, by `swiftc -parse`.
@Suite struct ExportInjectionTests {
  static let hostile = [
    "A row.\rfunc injected() {}", "x */ body { color: red } /*", "Inter;}body{background:red}",
    "</style><script>alert(1)</script>",
    "line\u{2028}func injected2() {}", "quote \" back \\ slash", "-->\n<injected/>", "\u{202E}bidi",
    "tab\tand\u{0}nul",
  ]

  static func tokens() -> (tokens: [DesignToken], resolver: TokenResolver) {
    var list: [DesignToken] = []
    for (i, text) in hostile.enumerated() {
      var size = DesignToken(
        path: "space.s\(i)", type: "dimension",
        value: .object(JSONObject([("value", .number(Double(i))), ("unit", .string("px"))])))
      size.description = text
      size.deprecated = .string(text)
      list.append(size)
      var family = DesignToken(path: "font.f\(i)", type: "fontFamily", value: .string(text))
      family.description = text
      list.append(family)
      list.append(DesignToken(path: "color.c\(i)", type: "color", value: .string(text)))
      list.append(DesignToken(path: "weight.w\(i)", type: "fontWeight", value: .string(text)))
    }
    list.append(
      DesignToken(
        path: "font.generic", type: "fontFamily",
        value: .array([.string("Exo 2"), .string("72"), .string("Inter"), .string("sans-serif")])))
    return (
      list, TokenResolver(tokens: Dictionary(uniqueKeysWithValues: list.map { ($0.path, $0) }))
    )
  }

  @Test func swiftExportParsesWithOnlyTokenDeclarations() throws {
    let (list, resolver) = Self.tokens()
    let swift = TokenExporter.export(
      list, format: .swift, resolver: resolver, options: .init(header: "x\r}\nfunc header() {}"))
    for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
      let t = line.trimmingCharacters(in: .whitespaces)
      let allowed =
        t.isEmpty || t.hasPrefix("//") || t.hasPrefix("@available(*, deprecated")
        || t.hasPrefix("public static let ")
        || t.hasPrefix("public enum DesignTokens {") || t == "}" || t.hasPrefix("import Foundation")
      #expect(allowed, "unexpected line: \(t)")
    }
    #expect(
      !swift.unicodeScalars.contains {
        $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{202E}" || $0 == "\u{0}"
      })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-inject-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("DesignTokens.swift")
    try swift.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", file.path]
    let pipe = Pipe()
    process.standardError = pipe
    try process.run()
    process.waitUntilExit()
    let stderr = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "swiftc -typecheck failed:\n\(stderr)\n\(swift)")
  }

  @Test func cssExportHasOneRuleAndOnlyCustomProperties() throws {
    let (list, resolver) = Self.tokens()
    let css = TokenExporter.export(
      list, format: .css, resolver: resolver, options: .init(header: "*/ body{} /*"))
    // Strip comments and strings, then the structure must be one `:root { … }` rule.
    let bare = Self.withoutCommentsAndStrings(css)
    #expect(bare.filter { $0 == "{" }.count == 1, "\(css)")
    #expect(bare.filter { $0 == "}" }.count == 1, "\(css)")
    #expect(!css.contains("</style"))
    for line in bare.split(separator: "\n") {
      let t = line.trimmingCharacters(in: .whitespaces)
      guard !t.isEmpty, t != ":root {", t != "}" else { continue }
      #expect(
        t.range(of: #"^--[a-z0-9-]+: [^;{}]+;$"#, options: .regularExpression) != nil,
        "unexpected: \(t)")
    }
    #expect(css.contains(#"--font-generic: "Exo 2", "72", Inter, sans-serif;"#), "\(css)")
    #expect(css.contains(#"--font-f2: "Inter;}body{background:red}";"#), "\(css)")
    #expect(!bare.contains("--color-c"), "colour strings that are not hex are not exported")
  }

  /// CSS Syntax §4.3 in brief: comments dropped, each string (with its escapes) becomes `S`.
  static func withoutCommentsAndStrings(_ css: String) -> String {
    let c = Array(css)
    var out = ""
    var i = 0
    while i < c.count {
      if c[i] == "/", i + 1 < c.count, c[i + 1] == "*" {
        i += 2
        while i + 1 < c.count, !(c[i] == "*" && c[i + 1] == "/") { i += 1 }
        i += 2
      } else if c[i] == "\"" {
        i += 1
        while i < c.count, c[i] != "\"" {
          if c[i] == "\n" {
            out += "<BROKEN STRING>"
            break
          }
          i += c[i] == "\\" ? 2 : 1
        }
        i += 1
        out += "S"
      } else {
        out.append(c[i])
        i += 1
      }
    }
    return out
  }

  @Test func androidExportIsWellFormedWithNoExtraElements() throws {
    let (list, resolver) = Self.tokens()
    let xml = TokenExporter.export(
      list, format: .android, resolver: resolver, options: .init(header: "--> <x/> <!--"))
    // xmllint: well-formed, and no element but resources, dimen and item.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-xml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("dimens.xml")
    try xml.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "xmllint", "--xpath",
      "count(//*[not(self::resources or self::dimen or self::item)]) + count(//comment()[contains(., 'injected')]) * 0",
      file.path,
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "xmllint: \(stderr)\n\(xml)")
    #expect(
      stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0",
      "extra elements: \(stdout)\n\(xml)")
  }

  @Test(
    "escaping functions, one per context",
    arguments: [
      ("\u{2028}", #""\u{2028}""#), ("a\"b", #""a\"b""#), ("\r", #""\r""#),
    ])
  func swiftLiteral(_ text: String, _ expected: String) {
    #expect(Escaping.swiftStringLiteral(text) == expected)
  }

  @Test func cssEscapes() {
    #expect(Escaping.cssString("a\"b\n</style>") == #""a\"b\a \3c /style\3e ""#)
    #expect(Escaping.cssComment("x */ y") == "x * / y")
    #expect(Escaping.cssFontFamily("serif") == "serif")
    #expect(Escaping.cssFontFamily("Roboto") == "Roboto")
    #expect(Escaping.cssFontFamily("72") == "\"72\"")
    #expect(Escaping.xmlComment("a--b<c") == "a‐‐b&lt;c")
    #expect(Escaping.jsString("</script>\u{2028}") == #""\u003C/script\u003E\u2028""#)
  }
}
