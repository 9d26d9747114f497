import CatalogModel
import CatalogTokens
import Testing

/// Expressions that name tokens are kept as written and computed by the token graph (issue
/// 14 points 1 and 3): a colour function `rgba({colors.blue}, 50%)` as a whole colour and
/// as a composite member, and member math `{size.w} * 2`. The values are worked by hand:
/// blue is sRGB (0, 0, 1), so `rgba({…}, 50%)` is (0, 0, 1) with alpha 0.5; a 4px width
/// times 2 is 8px.
@Suite struct TokenExpressionGraphTests {
  static let file = ##"""
    {"colors": {"blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff"}},
                "primary": {"$type": "color", "$value": "{colors.blue}"},
                "half": {"$type": "color", "$value": "rgba({colors.primary}, 50%)"},
                "half-number": {"$type": "color", "$value": "rgba( {colors.blue}, 0.5)"}},
     "size": {"w": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}},
     "ratio": {"$type": "number", "$value": 3},
     "line": {"$type": "border", "$value": {"color": "rgba({colors.blue}, 0.25)", "width": "{size.w} * 2", "style": "solid"}},
     "type": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "{size.w} * 4", "fontWeight": 400,
              "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": "{ratio} / 2"}}}
    """##

  static func tokens(_ json: String = file) throws -> [String: DesignToken] {
    let parsed = try TokenFileParser.parse(json, file: "t.tokens.json", options: .init())
    return Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) })
  }

  static let blueHalf =
    ##"{"colorSpace":"srgb","components":[0,0,1],"hex":"#0000ff","alpha":0.5}"##

  @Test func importKeepsTheExpressionsAsWritten() throws {
    let tokens = try Self.tokens()
    #expect(tokens["colors.half"]?.value == .string("rgba({colors.primary}, 50%)"))
    let line = try #require(tokens["line"]?.value.objectValue)
    #expect(line["width"] == .string("{size.w} * 2"))
    #expect(line["color"] == .string("rgba({colors.blue}, 0.25)"))
    #expect(tokens["type"]?.value.objectValue?["fontSize"] == .string("{size.w} * 4"))
  }

  @Test func theGraphComputesColourFunctionsAndMemberMath() throws {
    let r = TokenResolver(tokens: try Self.tokens())
    #expect(JSONWriter.compact(try r.resolve("colors.half").value) == Self.blueHalf)
    #expect(JSONWriter.compact(try r.resolve("colors.half-number").value) == Self.blueHalf)
    #expect(try r.resolve("colors.half").math == "rgba({colors.primary}, 50%)")
    #expect(
      JSONWriter.compact(try r.resolve("line").value)
        == ##"{"color":{"colorSpace":"srgb","components":[0,0,1],"hex":"#0000ff","alpha":0.25},"width":{"value":8,"unit":"px"},"style":"solid"}"##
    )
    let type = try #require(try r.resolve("type").value.objectValue)
    #expect(
      type["fontSize"] == .object(JSONObject([("value", .number(16)), ("unit", .string("px"))])))
    #expect(type["lineHeight"] == .number(1.5))
    #expect(r.graph.failures().isEmpty)
  }

  @Test func aChangedTokenChangesTheComputedValues() throws {
    var tokens = try Self.tokens()
    tokens["size.w"]?.value = .object(
      JSONObject([("value", .number(10)), ("unit", .string("px"))]))
    tokens["colors.blue"]?.value = .object(
      JSONObject([
        ("colorSpace", .string("srgb")),
        ("components", .array([.number(1), .number(0), .number(0)])), ("hex", .string("#ff0000")),
      ]))
    let r = TokenResolver(tokens: tokens)
    #expect(
      JSONWriter.compact(try r.resolve("colors.half").value)
        == ##"{"colorSpace":"srgb","components":[1,0,0],"hex":"#ff0000","alpha":0.5}"##)
    #expect(
      try r.resolve("line").value.objectValue?["width"]
        == .object(JSONObject([("value", .number(20)), ("unit", .string("px"))])))
    #expect(
      try r.resolve("type").value.objectValue?["fontSize"]
        == .object(JSONObject([("value", .number(40)), ("unit", .string("px"))])))
  }

  @Test func dependentsSeeTheExpressionsWithTheirChain() throws {
    let graph = TokenGraph(tokens: try Self.tokens())
    let ofWidth = graph.dependents(of: "size.w")
    #expect(ofWidth.map(\.path) == ["line", "type"])
    #expect(ofWidth.first?.chain == ["line", "size.w"])
    let ofBlue = graph.dependents(of: "colors.blue")
    #expect(ofBlue.map(\.path) == ["colors.half-number", "colors.primary", "line", "colors.half"])
    #expect(ofBlue.last?.chain == ["colors.half", "colors.primary", "colors.blue"])
  }

  @Test func aDanglingOrWrongReferenceIsAFailure() throws {
    var tokens = try Self.tokens()
    tokens["colors.blue"] = nil
    tokens["size.w"] = nil
    let graph = TokenGraph(tokens: tokens)
    let failures = Dictionary(uniqueKeysWithValues: graph.failures().map { ($0.path, $0.failure) })
    #expect(
      failures["colors.half-number"]
        == .unknown(path: "colors.blue", referencedFrom: "colors.half-number"))
    #expect(failures["line"]?.isDangling == true)
    #expect(failures["type"] == .unknown(path: "size.w", referencedFrom: "type"))
    // A reference to a token that is not a colour: an error, naming it.
    var wrong = try Self.tokens()
    wrong["colors.half"]?.value = .string("rgba({size.w}, 50%)")
    let failure = try #require(
      TokenGraph(tokens: wrong).failures().first { $0.path == "colors.half" }?.failure)
    #expect(!failure.isDangling)
    #expect("\(failure)".contains("{size.w} is not a color (its value is 4px)"), "\(failure)")
  }

  @Test func strictRefusesTheExpressionsNamingTheToken() throws {
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(Self.file, file: "t.tokens.json", options: .init(strict: true))
    }
    let text = "\(error)"
    #expect(text.contains("colors.half"), "\(text)")
    #expect(text.contains("line"), "\(text)")
  }

  @Test func aDanglingReferenceFailsTheImportNamingTheToken() throws {
    let json = ##"""
      {"c": {"$type": "color", "$value": "rgba({nope}, 50%)"},
       "b": {"$type": "border", "$value": {"color": "#000000", "width": "{nada} * 2", "style": "solid"}}}
      """##
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(json, file: "t.tokens.json", options: .init())
    }
    let text = "\(error)"
    #expect(text.contains("c: the alias {nope} names no token"), "\(text)")
    #expect(text.contains("b: the alias {nada} names no token"), "\(text)")
    // Lenient with --allow-dangling: kept, with the warning.
    let kept = try TokenFileParser.parse(
      json, file: "t.tokens.json", options: .init(unresolvedReferences: .warning))
    #expect(kept.tokens.map(\.path).sorted() == ["b", "c"])
  }

  @Test func theDTCGExportWritesTheComputedValueAndSaysSo() throws {
    let tokens = try Self.tokens()
    let r = TokenResolver(tokens: tokens)
    let order = ["colors.blue", "colors.half", "size.w", "line"].compactMap { tokens[$0] }
    let text = TokenExporter.export(order, format: .dtcg, resolver: r)
    #expect(text.contains(#""$value": \#(Self.blueHalf)"#), "\(text)")
    #expect(!text.contains("rgba("), "\(text)")
    #expect(text.contains(#""width":{"value":8,"unit":"px"}"#), "\(text)")
    let omissions = TokenExporter.omissions(order, format: .dtcg, resolver: r)
    #expect(omissions.map(\.path) == ["colors.half", "line"])
    #expect(
      omissions.last?.description
        == "{line} (border): written with its computed value: its stored value is a Tokens Studio expression, which DTCG 2025.10 does not define, so its links to {colors.blue}, {size.w} are not in the file (`catalog export DIR` keeps it)"
    )
    // What the export wrote imports as the same values.
    let again = try TokenFileParser.parse(text, file: "x.tokens.json", options: .init(strict: true))
    #expect(again.tokens.first { $0.path == "line" }?.value == (try r.resolve("line").value))
  }
}
