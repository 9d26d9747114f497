import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

/// Issue 12, point 4: random strings (control characters, quotes, comment and tag
/// terminators, bidi marks, injection attempts) in every text field of a definition; each
/// output must parse with its real parser (`swiftc -parse`, `xmllint`) and carry nothing
/// the strings tried to inject (`INJECTED` never becomes a declaration, call or element).
@Suite(.serialized) struct EscapingPropertyTests {
  /// A reproducible generator (SplitMix64), so a failure can be replayed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let fragments = [
    "\nfunc INJECTED() {}\n", "\r func INJECTED() {}", "\u{2028}func INJECTED() {}", "\u{2029}",
    "\u{85}func INJECTED() {}",
    "*/ func INJECTED() {} /*", "/*", "*/", "\"; func INJECTED() {}; let q = \"", "\\(INJECTED())",
    "\\", "\"\"\"", "#\"",
    "<INJECTED/>", "]]><INJECTED/>", "\"><INJECTED a=\"", "'><INJECTED/>", "</style><INJECTED/>",
    "</script><INJECTED/>",
    "<!--", "-->", "&amp;", "&", "\u{0}", "\u{1B}[2J", "\u{7}", "\u{7F}", "\u{9B}", "\u{202E}",
    "\u{2066}", "\u{200B}",
    "\u{FEFF}", "\u{FFFE}", "é", "e\u{301}", "🙂", "'", "`", "$", "{", "}", "\t",
  ]

  static func randomString(_ g: inout Generator) -> String {
    var s = ""
    for _ in 0..<Int.random(in: 1...6, using: &g) {
      if Bool.random(using: &g) {
        s += fragments.randomElement(using: &g)!
      } else {
        let v = UInt32.random(in: 0...0x2FFF, using: &g)
        s.unicodeScalars.append(Unicode.Scalar(v) ?? "x")
      }
    }
    return s
  }

  /// A definition whose text fields are random: descriptions, a default, a text, a variant name.
  static func definition(_ i: Int, _ g: inout Generator) throws -> ComponentDefinition {
    let json = JSONValue.object(
      JSONObject([
        ("name", .string("Random\(i)")),
        ("description", .string(randomString(&g))),
        (
          "parameters",
          .object(
            JSONObject([
              (
                "title",
                .object(
                  JSONObject([
                    ("type", .string("string")), ("default", .string(randomString(&g))),
                    ("description", .string(randomString(&g))),
                  ]))
              )
            ]))
        ),
        (
          "variants",
          .object(
            JSONObject([
              (randomString(&g), .object(JSONObject([("title", .string(randomString(&g)))])))
            ]))
        ),
        (
          "body",
          .object(
            JSONObject([
              ("type", .string("VStack")),
              (
                "children",
                .array([
                  .object(
                    JSONObject([("type", .string("Text")), ("text", .string(randomString(&g)))])),
                  .object(JSONObject([("type", .string("Text")), ("text", .string("$title"))])),
                  .object(
                    JSONObject([
                      ("type", .string("Text")), ("text", .string("x")),
                      (
                        "when",
                        .string(
                          "$title == " + Condition.literal(.string(randomString(&g))).description)
                      ),
                    ])),
                ])
              ),
            ]))
        ),
      ]))
    return try DefinitionParser.parse(JSONWriter.compact(json), file: "random\(i).json")
  }

  static func run(_ tool: String, _ args: [String], input: String? = nil) throws -> (
    status: Int32, out: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + args
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static func has(_ tool: String) -> Bool {
    (try? run("which", [tool]).status) == 0
  }

  static func definitions(seed: UInt64, count: Int) throws -> [ComponentDefinition] {
    var g = Generator(state: seed)
    return try (0..<count).map { try definition($0, &g) }
  }

  @Test func generatedSwiftParsesAndCarriesNoInjectedCode() throws {
    guard Self.has("swiftc") else { return }
    let definitions = try Self.definitions(seed: 12, count: 40)
    let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
    var file = ""
    for d in definitions {
      file +=
        try SwiftUIRenderer.render(d.name, definitions: byName, tokens: TokenResolver(tokens: [:]))
        + "\n"
    }
    // Escaping functions on their own, in every Swift context.
    var g = Generator(state: 99)
    for i in 0..<200 {
      let s = Self.randomString(&g)
      file +=
        "/// \(Escaping.swiftComment(s))\n// \(Escaping.swiftComment(s))\n/* \(Escaping.swiftComment(s)) */\nlet v\(i) = \(Escaping.swiftStringLiteral(s))\nlet \(Escaping.swiftIdentifier(s.replacingOccurrences(of: "INJECTED", with: "x"))) = 0\n"
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "escaping-\(UUID().uuidString).swift")
    try file.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let parse = try Self.run("swiftc", ["-parse", url.path])
    #expect(parse.status == 0, "\(parse.out.prefix(2000))")
    let dump = try Self.run("swiftc", ["-dump-parse", url.path])
    let injected = dump.out.split(separator: "\n").filter {
      $0.contains("INJECTED") && !$0.contains("string_literal_expr")
    }
    #expect(injected.isEmpty, "\(injected.prefix(5))")
  }

  @Test func svgAndHTMLAreWellFormedAndCarryNoInjectedElements() throws {
    guard Self.has("xmllint") else { return }
    let definitions = try Self.definitions(seed: 34, count: 30)
    var resolver = Resolver(
      source: InMemoryComponentSource(definitions), tokens: TokenResolver(tokens: [:]))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "escaping-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for d in definitions {
      for arguments in [JSONObject()] + d.variants.map(\.arguments) {
        let laidOut = LaidOutComponent(
          try resolver.resolve(d.name, arguments: arguments), proposal: .unspecified)
        let svg = SVGRenderer.render(laidOut, title: d.description)
        #expect(
          !svg.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || $0.value == 0xFFFE
          })
        let svgFile = folder.appendingPathComponent("\(d.name).svg")
        try svg.write(to: svgFile, atomically: true, encoding: .utf8)
        let check = try Self.run("xmllint", ["--noout", svgFile.path])
        #expect(check.status == 0, "\(d.name).svg: \(check.out.prefix(500))")
        let count = try Self.run(
          "xmllint", ["--xpath", "count(//*[local-name()='INJECTED'])", svgFile.path])
        #expect(count.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(d.name).svg")
        let html = HTMLRenderer.render(laidOut).html
        let htmlFile = folder.appendingPathComponent("\(d.name).html")
        try html.write(to: htmlFile, atomically: true, encoding: .utf8)
        let elements = try Self.run(
          "xmllint", ["--html", "--xpath", "count(//injected) + count(//script)", htmlFile.path])
        #expect(
          elements.out.split(separator: "\n").last.map(String.init)?.trimmingCharacters(
            in: .whitespaces) == "0", "\(d.name).html: \(elements.out.suffix(300))")
      }
    }
  }

  @Test func randomColoursAreRefusedUnlessTheyAreColours() throws {
    var g = Generator(state: 56)
    for _ in 0..<300 {
      let colour = Self.randomString(&g)
      let json = JSONWriter.compact(
        .object(
          JSONObject([
            ("name", .string("C")),
            (
              "body", .object(JSONObject([("type", .string("Color")), ("color", .string(colour))]))
            ),
          ])))
      let parsed = try? DefinitionParser.parse(json, file: "c.json")
      #expect(
        (parsed != nil) == (ColorName.problem(in: colour) == nil), "\(colour.debugDescription)")
    }
    // The issue's input: a colour name that closes a block comment.
    let attack = #"{"name": "C", "body": {"type": "Color", "color": "x */.onAppear { } /*"}}"#
    #expect(throws: DefinitionError.self) { try DefinitionParser.parse(attack, file: "c.json") }
  }

  @Test func theIssuesCarriageReturnDescriptionStaysAComment() throws {
    let json =
      #"{"name": "Row", "description": "A row.\rfunc injected() {}", "body": {"type": "Text", "text": "x"}}"#
    let d = try DefinitionParser.parse(json, file: "row.json")
    let swift = try SwiftUIRenderer.render(
      "Row", definitions: ["Row": d], tokens: TokenResolver(tokens: [:]))
    #expect(swift.contains("/// A row. func injected() {}\n"))
    #expect(!swift.contains("\r"))
  }

  @Test(arguments: [
    ("a\"b\\c\n", #""a\"b\\c\n""#), ("x\u{2028}y", #""x\u{2028}y""#), ("\u{202E}", #""\u{202E}""#),
  ])
  func swiftStringLiterals(_ text: String, _ expected: String) {
    #expect(Escaping.swiftStringLiteral(text) == expected)
  }

  @Test func cssAndJSStringsCannotCloseTheirElement() {
    #expect(
      Escaping.cssString("Inter;}body{background:red}</style><script>")
        == #""Inter;}body{background:red}\3c /style\3e \3c script\3e ""#)
    #expect(Escaping.cssComment("a */ b </style>") == "a * / b < /style>")
    #expect(Escaping.jsString("</script>\u{2028}'") == #""\u003C/script\u003E\u2028\'""#)
    #expect(Escaping.xmlAttribute("a\"<&\n\u{1}") == "a&quot;&lt;&amp;&#10;\u{FFFD}")
  }

  @Test(
    "XML text that needs no escape comes back unchanged; one escapable byte anywhere is escaped")
  func xmlPlainText() {
    let plain = "padding.leading 8 ← {space.sm} Title 1"
    #expect(Escaping.xmlAttribute("Title 12 (x: 4.5, y: -3)") == "Title 12 (x: 4.5, y: -3)")
    #expect(Escaping.xmlAttribute(plain) == plain)
    for (text, escaped) in [
      ("a&b", "a&amp;b"), ("<a", "&lt;a"), ("a>", "a&gt;"), ("'", "&#39;"), ("\"", "&quot;"),
      ("a\tb", "a&#9;b"), ("\u{7F}", "\u{FFFD}"), ("é", "é"), ("\u{200B}", "\u{FFFD}"), ("", ""),
      // The join controls are text: an emoji family and a Persian half-space stay whole.
      ("👩\u{200D}👩\u{200D}👧", "👩\u{200D}👩\u{200D}👧"), ("می\u{200C}خواهم", "می\u{200C}خواهم"),
      ("<👩\u{200D}👧", "&lt;👩\u{200D}👧"),
    ] {
      #expect(Escaping.xmlAttribute(text) == escaped, "\(text)")
    }
  }
}
