import CatalogModel
import CatalogService
import CatalogStore
import CatalogTokens
import Testing

/// An import stores each value's text from the file's bytes when they are already its
/// compact JSON (issue 14 point 9); the rows must be the ones the writer's text gives.
/// The same tokens written compactly (the fast path) and pretty (every value written
/// again) must store the same rows, byte for byte.
@Suite struct ImportValueTextTests {
  static let tokens = """
    {"g":{"$type":"dimension",
    "a":{"$value":{"value":8,"unit":"px"}},
    "b":{"$value":"{g.a}"},
    "c":{"$value":"{g.a} * 2 + 1"},
    "d":{"$type":"color","$value":{"colorSpace":"srgb","components":[0.024,0.000,0.118],"hex":"#06001e"}},
    "e":{"$type":"number","$value":1.75},
    "f":{"$type":"number","$value":12345678901234567890},
    "h":{"$type":"number","$value":-0},
    "i":{"$type":"number","$value":1.50},
    "j":{"$type":"fontFamily","$value":["Inter","Helvetica"]},
    "k":{"$value":{"value":1E1,"unit":"rem"},"$description":"ten"},
    "l":{"$type":"shadow","$value":{"color":"{g.d}","offsetX":{"value":0,"unit":"px"},"offsetY":"{g.a}","blur":{"value":4,"unit":"px"},"spread":{"value":0,"unit":"px"}}}
    }}
    """

  static func rows(_ text: String) throws -> [TokenInput] {
    let service = try CatalogService(path: ":memory:", create: true)
    let tokens = try TokenFileParser.parse(text, file: "t.tokens.json").tokens
    try service.apply([.importTokens(tokens, set: "base", source: "t.tokens.json")])
    return try service.tokens(inSet: "base").map(\.input)
  }

  @Test func compactAndPrettyFilesStoreTheSameRows() throws {
    let parsed = try TokenFileParser.parse(Self.tokens, file: "t.tokens.json").tokens
    // The fast path is taken for every token of the compact file.
    #expect(parsed.allSatisfy { $0.valueText != nil })
    let pretty = JSONWriter.pretty(try JSONParser.parse(Self.tokens, file: "t.json").root)
    #expect(
      try TokenFileParser.parse(pretty, file: "p.tokens.json").tokens.allSatisfy {
        $0.valueText == nil || $0.value.typeName == "string" || $0.value.typeName == "number"
      })
    let fast = try Self.rows(Self.tokens)
    let written = try Self.rows(pretty)
    #expect(fast.count == 12)
    #expect(fast == written)
    #expect(fast.first { $0.path == "g.h" }?.value == "-0")
    #expect(fast.first { $0.path == "g.i" }?.value == "1.50")
    #expect(fast.first { $0.path == "g.k" }?.value == #"{"value":1E1,"unit":"rem"}"#)
  }
}
