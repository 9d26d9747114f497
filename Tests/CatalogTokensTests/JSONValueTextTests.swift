import CatalogModel
import CatalogTokens
import Testing

/// A token's stored `value` is its `$value`'s compact JSON. When the file's bytes are
/// already that text, the import takes them (``JSONDocument/compactText(atEntry:)``,
/// ``DesignToken/valueText``) instead of writing the parsed value again (issue 14 point 9).
/// These tests hold the fast path to the rule it stands in for, ``JSONWriter/compact(_:)``:
/// whenever it gives a text, that text is the writer's, byte for byte.
@Suite struct JSONValueTextTests {
  /// Values whose bytes are their compact JSON: the fast path must take every one.
  static let compact = [
    "0", "-0", "8", "-12", "0.5", "1.50", "1.0", "1E3", "1e+21", "-1.5e-7", "0.000", "0.024",
    "123456789012345", "1234567890123456", "9007199254740993", "12345678901234567890",
    "1.7976931348623157e308", "5e-324", "true", "false", "null", "\"\"", "\"{a.b}\"",
    "\"{a.b} * 2 + 1\"", "\"#ff00aa\"", "\"a'b~|{}[]:,\"", "[]", "{}", "[1,[2,[3,{}]]]",
    "{\"value\":8,\"unit\":\"px\"}",
    "{\"colorSpace\":\"srgb\",\"components\":[0.024,0.000,0.118],\"hex\":\"#06001e\"}",
    "{\"\":0.1,\"a\":{\"b\":[null,true,false,\"x\"]}}",
  ]

  /// Values whose bytes are not (white space, escapes, characters beyond ASCII, a string
  /// the parser normalises to NFC): the writer's text is used for each.
  static let notCompact = [
    "\"caf\\u00e9\"", "\"café\"", "\"cafe\u{301}\"", "\"a\\/b\"", "\"a\\\"b\"", "\"a\\\\b\"",
    "\"tab\\t\"", "{ \"a\":1}", "{\"a\" :1}", "{\"a\": 1}", "{\"a\":1 }", "[1, 2]", "[\n1]",
    "[1\t]", "{\"a\\u0062\":1}", "{\"é\":1}", "[\"x\",\"ü\"]",
  ]

  /// Where a value can stand: what follows it ends a number or literal differently.
  static func contexts(_ v: String) -> [(text: String, member: Int?)] {
    [
      ("{\"v\":\(v)}", 0), ("{\"v\":\(v),\"w\":1}", 0), ("{\"v\":\(v) }", 0),
      ("{\"v\":\(v)\n}", 0), ("{\"a\":{\"b\":[1,{\"c\":2}]},\"v\":\(v)}", 1),
      ("{\"a\":\(v),\"v\":\(v)}", 1), (v, nil), ("\(v)\n", nil), (" \(v) ", nil),
    ]
  }

  /// The fast path's text for the value at `member` of the document's root object (the
  /// root itself when nil), and the writer's text for the same value.
  static func texts(_ text: String, member: Int?) throws -> (fast: String?, rule: String) {
    let document = try JSONParser.parse(text, file: "t.json")
    guard let member, let object = document.root.objectValue else {
      return (
        document.compactText(atEntry: JSONDocument.rootEntry)?.string,
        JSONWriter.compact(document.root)
      )
    }
    let entry = document.memberEntries(of: JSONDocument.rootEntry, object)[member]
    #expect(entry == document.memberEntry(member, of: JSONDocument.rootEntry, object))
    return (
      document.compactText(atEntry: entry)?.string, JSONWriter.compact(object.members[member].value)
    )
  }

  @Test(arguments: compact)
  func compactBytesAreTheWritersText(_ value: String) throws {
    for (text, member) in Self.contexts(value) {
      let (fast, rule) = try Self.texts(text, member: member)
      #expect(fast == rule, "\(text)")
      #expect(fast == value, "\(text)")
    }
  }

  @Test(arguments: notCompact)
  func otherBytesFallBackToTheWriter(_ value: String) throws {
    for (text, member) in Self.contexts(value) {
      let (fast, _) = try Self.texts(text, member: member)
      #expect(fast == nil, "\(text)")
    }
  }

  /// Every pair of the values above, in an array and an object, with and without white
  /// space: the fast path gives the writer's text or nothing.
  @Test func pairsGiveTheWritersTextOrNothing() throws {
    let values = Self.compact + Self.notCompact
    var taken = 0
    for a in values {
      for b in values {
        for inner in ["[\(a),\(b)]", "{\"k\":\(a),\"l\":\(b)}", "[\(a), \(b)]"] {
          let (fast, rule) = try Self.texts("{\"v\":\(inner)}", member: 0)
          if let fast {
            #expect(fast == rule, "\(inner)")
            taken += 1
          }
        }
      }
    }
    #expect(taken == Self.compact.count * Self.compact.count * 2)
  }

  /// JSON5 bytes are never taken (comments, single quotes, trailing commas).
  @Test func json5IsWrittenAgain() throws {
    let document = try JSONParser.parse(
      #"{"v":{"a":1}}"#, file: "t.json5", dialect: .json5)
    #expect(document.compactText(atEntry: 1) == nil)
  }

  static let file = """
    {"g": {"$type": "dimension",
      "a": {"$value": {"value": 8, "unit": "px"}},
      "b": {"$value":{"value":8,"unit":"px"}},
      "c": {"$value":"{g.b}"},
      "d": {"$type":"color","$value":{"colorSpace":"srgb","components":[0.024,0.000,0.118],"hex":"#06001e"}},
      "e": {"$type":"number","$value":1.75},
      "f": {"$type":"fontFamily","$value":"Caf\\u00e9"},
      "h": {"$value":"{g.b} * 2 + 1","$description":"twice"},
      "i": {"$ref":"#/g/b/$value"}
    }}
    """

  /// A token keeps its `$value`'s text when the file wrote it compactly, and that text is
  /// what the writer gives for its value.
  @Test func tokensKeepTheirCompactText() throws {
    let tokens = try TokenFileParser.parse(Self.file, file: "t.tokens.json").tokens
    let kept = tokens.filter { $0.valueText != nil }.map(\.path)
    #expect(kept == ["g.b", "g.c", "g.d", "g.e", "g.h"])
    for token in tokens {
      if let text = token.valueText?.string {
        #expect(text == JSONWriter.compact(token.value), "\(token.path)")
      }
    }
  }

  /// Setting a token's value, whole or in place, drops the text it no longer has.
  @Test func changingTheValueDropsTheText() throws {
    var tokens = try TokenFileParser.parse(Self.file, file: "t.tokens.json").tokens
    let b = try #require(tokens.firstIndex { $0.path == "g.b" })
    #expect(tokens[b].valueText != nil)
    var whole = tokens[b]
    whole.value = .number(JSONNumber(3))
    #expect(whole.valueText == nil)
    if case .object(var object) = tokens[b].value {
      object["value"] = .number(JSONNumber(9))
      tokens[b].value = .object(object)
    }
    #expect(tokens[b].valueText == nil)
    #expect(tokens[b].type == "dimension")
  }

  /// A tree that is not the file's as written (merged by `$extends`, converted from a
  /// legacy format, a JSON5 file) keeps no text: the writer writes every value.
  @Test(arguments: [
    (
      #"{"base":{"$type":"dimension","a":{"$value":{"value":8,"unit":"px"}}},"more":{"$extends":"{base}","b":{"$value":{"value":2,"unit":"px"}}}}"#,
      "t.tokens.json"
    ),
    (#"{"size":{"small":{"value":"8px","type":"dimension"}}}"#, "t.tokens.json"),
    (#"{"g":{"$type":"dimension","a":{"$value":{"value":8,"unit":"px"}}}}"#, "t.tokens.json5"),
  ])
  func otherTreesKeepNoText(_ text: String, _ file: String) throws {
    let source = try TokenSource.read(bytes: Array(text.utf8), file: file)
    let tokens = try TokenFileParser.parse(source: source).tokens
    #expect(!tokens.isEmpty)
    #expect(tokens.allSatisfy { $0.valueText == nil })
  }
}
