import CatalogModel
import CatalogTokens
import Testing

/// ``TokenReferenceScanner`` reads the references of a stored value from its text exactly
/// as ``TokenGraph/references(in:)`` reads them from the parsed value, or declines.
@Suite struct TokenReferenceScannerTests {
  @Test(
    "the same references as the parsed value",
    arguments: [
      #""{space.sm}""#,
      #""{a} * 2 + {b}""#,
      #""{group.$root}""#,
      #""{ spaced.path }""#,
      #""{a} {a}""#,
      #""{{a}}""#,
      #""{}""#,
      #""{ }""#,
      #""no references""#,
      #"{"value":4,"unit":"px"}"#,
      #"{"fontSize":"{size.16}","fontFamily":["{family.sans}","serif"]}"#,
      #"{"{key}":"{value}"}"#,
      #"{ "{key}" : "x", "b": "{y}" }"#,
      #"[{"color":"{c.1}","offsetX":"{s.1}"},{"color":"{c.2}"}]"#,
      "12",
      "true",
      "null",
    ])
  func sameAsParsed(_ json: String) throws {
    let parsed = try JSONParser.parse(json, file: "test").root
    #expect(TokenReferenceScanner.references(inJSON: json) == TokenGraph.references(in: parsed))
  }

  @Test(
    "escapes and non-ASCII text are left to the parser",
    arguments: [#""{a\u0062}""#, #""{caf\u00e9}""#, "\"{café}\"", "\"{a\u{301}}\""])
  func declines(_ json: String) {
    #expect(TokenReferenceScanner.references(inJSON: json) == nil)
  }
}
