import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// A YAML stream's later documents are never dropped; numbers typed as text are decimal
/// only, on the command line and in token values (one function: `DecimalText`).
@Suite struct TokenInputStrictnessTests {
  static let twoDocuments = """
    space:
      a:
        $type: dimension
        $value: 4px
    ---
    space:
      b:
        $type: dimension
        $value: 8px
    """

  @Test("a YAML file with a second document is refused naming the file and its line")
  func secondYAMLDocumentIsRefused() throws {
    #expect(throws: TokenFileError.self) {
      _ = try YAMLReader.read(bytes: Array(Self.twoDocuments.utf8), file: "two.tokens.yaml")
    }
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let r = try runBinary(
      binary, ["--db", s.db, "add", try s.write("two.tokens.yaml", Self.twoDocuments)], in: s.url)
    #expect(r.status == 1)
    #expect(r.err.contains("two.tokens.yaml:5:1: a second YAML document starts here"), "\(r.err)")
    // One document, with an explicit end marker, still reads.
    let one = "space:\n  a:\n    $type: dimension\n    $value: 4px\n...\n"
    #expect(s.run(["add", try s.write("one.tokens.yaml", one)]).status == 0)
  }

  @Test(
    "decimal text only: hexadecimal, inf and nan are not numbers",
    arguments: [
      ("12", 12.0), ("-1.5", -1.5), (".5", 0.5), ("2.", 2.0), ("1e3", 1000.0), ("+4", 4.0),
      ("0x10", nil), ("inf", nil), ("nan", nil), ("infinity", nil), ("1_0", nil), (" 1", nil),
      ("1e400", nil), ("", nil), (".", nil), ("1e", nil),
    ] as [(String, Double?)])
  func decimalText(text: String, expected: Double?) {
    #expect(DecimalText.value(text) == expected)
  }

  @Test(
    "tokens set refuses hexadecimal and inf spellings, in process and via the binary",
    arguments: ["0x10", "inf", "0x10px", "nan"])
  func tokensSetIsStrict(text: String) throws {
    let s = try Sandbox()
    let file = try s.write(
      "a.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#)
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "set", "space.md", text])
    #expect(r.status == 1, "\(r.out)")
    #expect(s.run(["tokens", "get", "space.md"]).out.contains(#"{"value":8,"unit":"px"}"#))
    let binary = try #require(builtBinary)
    let b = try runBinary(binary, ["--db", s.db, "tokens", "set", "space.md", text], in: s.url)
    #expect(b.status == 1)
    #expect(b.out == "")
    #expect(b.err.hasPrefix("Error: {space.md}"), "\(b.err)")
  }
}
