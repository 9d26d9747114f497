import CatalogModel
import Testing

/// JSON5 (https://spec.json5.org) read by the one CatalogJSON parser in its `.json5`
/// dialect: each extension is accepted there and refused in strict JSON, and errors keep
/// their line and column.
@Suite struct JSON5DialectTests {
  static let extensions: [(name: String, text: String, value: JSONValue)] = [
    ("line comment", "// heading\n[1] // after", .array([.number(1)])),
    ("block comment", "/* a\n b */ [1, /* x */ 2]", .array([.number(1), .number(2)])),
    ("trailing comma in an object", "{\"a\": 1,}", .object(JSONObject([("a", .number(1))]))),
    ("trailing comma in an array", "[1, 2,]", .array([.number(1), .number(2)])),
    (
      "identifier keys", "{$type: 1, _a9: 2}",
      .object(JSONObject([("$type", .number(1)), ("_a9", .number(2))]))
    ),
    ("single quotes", "['it\\'s \"x\"']", .array([.string("it's \"x\"")])),
    ("hexadecimal", "[0x10, -0XfF]", .array([.number(16), .number(-255)])),
    (
      "points and plus", "[.5, 5., +1, -.25]",
      .array([.number(0.5), .number(5), .number(1), .number(-0.25)])
    ),
    ("escapes", "['\\v\\0\\x41\\q']", .array([.string("\u{0B}\u{0}Aq")])),
    ("line continuation", "['a\\\nb']", .array([.string("ab")])),
    ("more white space", "\u{0B}\u{0C}\u{A0}\u{2028}[1]\u{FEFF}", .array([.number(1)])),
  ]

  @Test(arguments: extensions.indices)
  func eachExtensionIsReadAsJSON5AndRefusedAsJSON(_ i: Int) throws {
    let (name, text, value) = Self.extensions[i]
    #expect(try JSONParser.parse(text, dialect: .json5).root == value, "\(name)")
    #expect(throws: JSONParseError.self, "\(name)") { try JSONParser.parse(text) }
  }

  @Test func oneOptionAloneAllowsOnlyItsExtension() throws {
    #expect(try JSONParser.parse("[1] // c", dialect: .comments).root == .array([.number(1)]))
    #expect(throws: JSONParseError.self) { try JSONParser.parse("[1,] // c", dialect: .comments) }
    #expect(try JSONParser.parse("[1,]", dialect: .trailingCommas).root == .array([.number(1)]))
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse("{a: 1}", dialect: .trailingCommas)
    }
  }

  @Test(arguments: [
    ("{a: 1,, }", 1, 7), ("{'a': NaN}", 1, 7), ("{a: 'x\n'}", 1, 7), ("[Infinity]", 1, 2),
    ("[-Infinity]", 1, 2), ("[+NaN]", 1, 2), ("[1, /* open", 1, 5), ("{a: bare}", 1, 5),
    ("{a: 1}\n{b: 2}", 2, 1), ("[0x]", 1, 2), ("['\\01']", 1, 3),
  ])
  func errorsHaveTheirPosition(_ text: String, _ line: Int, _ column: Int) throws {
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse(text, file: "t.json5", dialect: .json5)
    }
    #expect(error.position == SourcePosition(line: line, column: column), "\(error)")
  }

  @Test func nonFiniteNumbersAreNamed() throws {
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse("{size: -Infinity}", dialect: .json5)
    }
    #expect(error.message == "Infinity is not a finite number; numbers must be finite")
  }

  @Test func positionsCountCommentsAndStrings() throws {
    let text = """
      // Primer-like
      {
        /* sizes */ size: {
          small: { $value: '4px', }, // trailing
          'large': { "$value": 0x10 },
        },
      }
      """
    let document = try JSONParser.parse(text, file: "size.json5", dialect: .json5)
    #expect(document.location(of: "size") == "size.json5:3:21")
    #expect(document.location(of: "size.small.$value") == "size.json5:4:22")
    #expect(document.location(of: "size.large.$value") == "size.json5:5:26")
    #expect(document.rawText(of: "size.small") == nil)  // JSON5 text is not JSON
  }

  @Test func deepJSON5IsAnErrorNotACrash() {
    let text =
      String(repeating: "{g: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text, dialect: .json5) }
  }
}
