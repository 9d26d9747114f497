import CatalogModel
import CatalogTokens
import Testing

/// The type math computes must be the token's `$type` (DTCG §8.7), and every export names
/// the tokens it leaves out (issue 14 review, point 5).
@Suite struct MathTypeAndOmissionTests {
  static func resolver(_ json: String) throws -> TokenResolver {
    let parsed = try TokenFileParser.parse(
      json, file: "t.tokens.json", options: .init(unresolvedReferences: .warning))
    return TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) }))
  }

  static let file =
    ##"{"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "k": {"$type": "number", "$value": 2}, "n1": {"$type": "number", "$value": "{sm} * 2"}, "n2": {"$type": "number", "$value": "{k} * 2"}, "d1": {"$type": "dimension", "$value": "{k} * 2"}, "c": {"$type": "color", "$value": "#ff0000"}}"##

  @Test(
    "math results against $type",
    arguments: [
      ("n1", nil), ("n2", 4.0), ("d1", 4.0),
    ] as [(String, Double?)])
  func mathResultMustFitType(path: String, points: Double?) throws {
    let r = try Self.resolver(Self.file)
    if let points {
      #expect(try r.resolve(path).points == points)
    } else {
      #expect(
        throws: TokenResolver.Failure.math(
          path: path,
          message:
            "the expression computes the dimension 8px, but the token's $type is number, which has no unit (DTCG Format §8.7; the computed type must match $type)"
        )
      ) { try r.resolve(path) }
    }
  }

  @Test(
    "omissions per format",
    arguments: [
      // DTCG has no math: n2 and d1 are written computed, n1 (which does not compute) as
      // stored, each with its warning (issue 14).
      (TokenExporter.Format.dtcg, ["n1", "n2", "d1"]),
      (.jsonFlat, ["n1"]),
      (.css, ["n1"]),
      (.js, ["n1"]),
      (.swift, ["n1", "c"]),
      (.android, ["n1", "c"]),
    ])
  func omissionsNameEveryTokenLeftOut(format: TokenExporter.Format, omitted: [String]) throws {
    let r = try Self.resolver(Self.file)
    let tokens = ["sm", "k", "n1", "n2", "d1", "c"].compactMap { r.tokens[$0] }
    let omissions = TokenExporter.omissions(tokens, format: format, resolver: r)
    #expect(omissions.map(\.path) == omitted)
    if let c = omissions.first(where: { $0.path == "c" }) { #expect(c.reason == .typeNotWritten) }
    if format == .jsonFlat, let n1 = omissions.first {
      #expect(n1.description.hasPrefix("{n1} (number): its value cannot be computed: "))
      #expect(n1.description.hasSuffix("; written as stored"))
    }
    // What the writer leaves out is what the omissions name.
    let text = TokenExporter.export(tokens, format: format, resolver: r)
    if format == .android { #expect(!text.contains("n1") && !text.contains("\"c\"")) }
  }
}
