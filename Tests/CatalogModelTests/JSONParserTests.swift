import CatalogModel
import Testing

/// One malformed document and where and why the parser must refuse it.
struct MalformedJSON: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var line: Int
  var column: Int
  var message: String

  init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
    self.init(name, bytes: Array(text.utf8), line, column, message)
  }

  init(_ name: String, bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
    self.name = name
    self.bytes = bytes
    self.line = line
    self.column = column
    self.message = message
  }

  var testDescription: String { name }
}

@Suite struct JSONParserErrorTests {
  static let cases: [MalformedJSON] = [
    MalformedJSON(
      "trailing comma in an object", "{\n  \"a\": 1,\n}", 3, 1,
      "unexpected '}'; expected a member name in double quotes"),
    MalformedJSON(
      "trailing comma in an array", "[1, 2,]", 1, 7,
      "unexpected ']'; expected a value (object, array, string, number, true, false or null)"),
    MalformedJSON(
      "unterminated string", "{\"a\": \"abc", 1, 7, "unterminated string (it starts here)"),
    MalformedJSON(
      "unterminated string on a later line", "{\n  \"title\": \"Intro\n}", 2, 18,
      "a control character in a string must be escaped"),
    MalformedJSON("bad escape", "[\"ok\", \"a\\qb\"]", 1, 10, "invalid escape '\\q' in a string"),
    MalformedJSON(
      "lone surrogate", "[\"\\uD800\"]", 1, 9, "a lone UTF-16 surrogate in a \\u escape"),
    MalformedJSON("leading zero", "{\"a\": 01}", 1, 7, "a number cannot have a leading zero"),
    MalformedJSON("negative leading zero", "[-012]", 1, 2, "a number cannot have a leading zero"),
    MalformedJSON("duplicate key", "{\"a\": 1,\n \"a\": 2}", 2, 2, "duplicate member name \"a\""),
    MalformedJSON(
      "invalid UTF-8 inside a string", bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D], 1, 2,
      "the string is not valid UTF-8"),
    MalformedJSON(
      "truncated UTF-8 sequence inside a string",
      bytes: [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], 1, 2, "the string is not valid UTF-8"),
    MalformedJSON(
      "invalid byte outside a string", bytes: [0x5B, 0x31, 0x2C, 0xFE, 0x5D], 1, 4,
      "unexpected byte 0xFE; expected a value (object, array, string, number, true, false or null)"),
    MalformedJSON("empty file", "", 1, 1, "the file is empty; expected a JSON value"),
    MalformedJSON("only whitespace", "  \n  ", 2, 3, "the file is empty; expected a JSON value"),
    MalformedJSON(
      "text after the value", "{} x", 1, 4, "unexpected 'x' after the end of the JSON value"),
    MalformedJSON(
      "single quotes", "{'a': 1}", 1, 2, "unexpected '''; expected a member name in double quotes"),
    MalformedJSON(
      "bare word", "[tru]", 1, 2, "unexpected 't'; expected a value (did you mean true?)"),
    MalformedJSON(
      "missing colon", "{\"a\" 1}", 1, 6, "unexpected '1'; expected ':' after member name \"a\""),
    MalformedJSON(
      "unclosed array", "[1, 2", 1, 6, "unexpected end of file; expected ',' or ']' in an array"),
    MalformedJSON(
      "columns count characters, not bytes", "{\"é\": 1,}", 1, 9,
      "unexpected '}'; expected a member name in double quotes"),
    MalformedJSON(
      "raw control character", "[\"a\tb\"]", 1, 4, "a control character in a string must be escaped"
    ),
    MalformedJSON("number out of range", "[1e999]", 1, 2, "the number 1e999 is out of range"),
    MalformedJSON(
      "600-deep nesting", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
      1, 513, "nesting deeper than 512 levels"),
    MalformedJSON(
      "600-deep objects",
      String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600), 1, 2561,
      "nesting deeper than 512 levels"),
  ]

  @Test(arguments: cases)
  func malformedInputIsRefusedWithLineAndColumn(_ input: MalformedJSON) throws {
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse(bytes: input.bytes, file: "bad.json")
    }
    #expect(error.file == "bad.json")
    #expect(error.message == input.message)
    #expect(error.position == SourcePosition(line: input.line, column: input.column))
    #expect(error.description == "bad.json:\(input.line):\(input.column): \(input.message)")
  }

  @Test func hundredThousandDeepArraysAreAnErrorNotACrash() throws {
    let text = String(repeating: "[", count: 100_000)
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(text) }
    #expect(error.message == "nesting deeper than 512 levels")
    #expect(error.position == SourcePosition(line: 1, column: 513))
  }

  @Test func hundredThousandDeepBalancedArraysAreAnError() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test func exactly512LevelsAreAccepted() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    let document = try JSONParser.parse(text)
    var depth = 0
    var value = document.root
    while case .array(let elements) = value {
      depth += 1
      guard let first = elements.first else { break }
      value = first
    }
    #expect(depth == 512)
  }

  @Test func aCustomMaximumDepthIsHonoured() throws {
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse("[[[]]]", maximumDepth: 2)
    }
    #expect(error.file == "<input>")
    #expect(error.position == SourcePosition(line: 1, column: 3))
    #expect(error.message == "nesting deeper than 2 levels")
    #expect(try JSONParser.parse("[[]]", maximumDepth: 2).root == .array([.array([])]))
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let document = try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": true}".utf8))
    #expect(document.root == .object(JSONObject([("a", .bool(true))])))
  }
}

@Suite struct JSONParserValueTests {
  @Test func keyOrderIsKeptAsWritten() throws {
    let document = try JSONParser.parse(#"{"z": 1, "a": 2, "m": {"y": 0, "b": 1}, "$type": "x"}"#)
    let object = try #require(document.root.objectValue)
    #expect(object.keys == ["z", "a", "m", "$type"])
    #expect(object["m"]?.objectValue?.keys == ["y", "b"])
  }

  @Test func valuesOfEveryKind() throws {
    let document = try JSONParser.parse(
      #"[null, true, false, 0, -1.5, 2e3, "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", [], {}]"#)
    #expect(
      document.root
        == .array([
          .null, .bool(true), .bool(false), .number(0), .number(-1.5), .number(2000),
          .string("a\"\\/\u{08}\u{0C}\n\r\té😀"), .array([]), .object(JSONObject()),
        ]))
  }

  @Test func positionsOfMembersByJSONPath() throws {
    let text = """
      {
        "name": "TrackRow",
        "body": {
          "children": [
            { "type": "Text" },
            { "type": "Spacer", "odd key": 1 }
          ]
        }
      }
      """
    let document = try JSONParser.parse(text, file: "Row.json")
    #expect(document.position(of: "") == SourcePosition(line: 1, column: 1))
    #expect(document.position(of: "name") == SourcePosition(line: 2, column: 11))
    #expect(document.position(of: "body.children[0]") == SourcePosition(line: 5, column: 7))
    #expect(document.position(of: "body.children[1].type") == SourcePosition(line: 6, column: 17))
    #expect(
      document.position(of: "body.children[1][\"odd key\"]") == SourcePosition(line: 6, column: 38))
    #expect(document.position(of: "body.children[2]") == nil)
    #expect(document.location(of: "body.children[0]") == "Row.json:5:7")
    #expect(document.location(of: "nowhere") == "Row.json")
  }

  @Test func jsonPathQuotesKeysThatAreNotIdentifiers() {
    #expect(JSONPath.appending(key: "body", to: "") == "body")
    #expect(JSONPath.appending(key: "text", to: "body") == "body.text")
    #expect(JSONPath.appending(key: "$value", to: "a") == "a.$value")
    #expect(JSONPath.appending(key: "space md", to: "tokens") == "tokens[\"space md\"]")
    #expect(JSONPath.appending(key: "a.b", to: "") == "[\"a.b\"]")
    #expect(JSONPath.appending(index: 3, to: "body.children") == "body.children[3]")
  }
}

@Suite struct JSONWriterTests {
  static let documents = [
    #"{"name":"TrackRow","n":8,"half":0.5,"neg":-3,"big":1e+21,"list":[1,[],{}],"t":true,"f":false,"z":null}"#,
    #"{"z":1,"a":{"y":[{"b":2,"a":1}]}}"#,
    #"["tab\tnewline\nquote\"backslash\\ctrl\u0001é😀"]"#,
    #"[]"#,
    #""just a string""#,
  ]

  @Test(arguments: documents)
  func compactRoundTripIsExact(_ text: String) throws {
    let value = try JSONParser.parse(text).root
    let written = JSONWriter.compact(value)
    #expect(written == text)
    #expect(try JSONParser.parse(written).root == value)
  }

  @Test(arguments: documents)
  func prettyRoundTripKeepsTheValue(_ text: String) throws {
    let value = try JSONParser.parse(text).root
    let pretty = JSONWriter.pretty(value)
    #expect(pretty.hasSuffix("\n"))
    #expect(try JSONParser.parse(pretty).root == value)
  }

  @Test func prettyLayout() {
    let value = JSONValue.object(
      JSONObject([
        ("b", .array([.number(1), .number(2.5)])), ("a", .object(JSONObject())), ("c", .array([])),
      ]))
    #expect(
      JSONWriter.pretty(value)
        == "{\n  \"b\": [\n    1,\n    2.5\n  ],\n  \"a\": {},\n  \"c\": []\n}\n")
  }

  @Test func numbers() {
    #expect(JSONWriter.number(8) == "8")
    #expect(JSONWriter.number(-0.25) == "-0.25")
    #expect(JSONWriter.number(1e21) == "1e+21")
    #expect(JSONWriter.number(9_007_199_254_740_991) == "9007199254740991")
  }

  @Test func keyOrderSurvivesEditingAnObject() {
    var object = JSONObject([("b", .number(1)), ("a", .number(2))])
    object["c"] = .number(3)
    object["b"] = .number(4)
    object["a"] = nil
    #expect(JSONWriter.compact(.object(object)) == #"{"b":4,"c":3}"#)
  }

  @Test func objectEqualityDependsOnOrder() {
    let ab = JSONObject([("a", .number(1)), ("b", .number(2))])
    let ba = JSONObject([("b", .number(2)), ("a", .number(1))])
    #expect(ab != ba)
  }
}
