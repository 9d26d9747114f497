import Testing

@testable import CatalogCLI

/// `ImportWarningKind` sorts import warnings by the phrases the token file reader writes;
/// its byte-wise search (issue 12 point 3) finds a phrase anywhere in the line, and only a
/// whole phrase.
@Suite struct ImportWarningKindTests {
  @Test(arguments: [
    (
      "tokens.json:3:5: a.b: kept, but its value cannot be computed: x; doctor and lint report it",
      ImportWarningKind.uncomputed
    ),
    (
      "t.json:1:1: a: the alias {x} names no token (not in this file, …); kept because of --allow-dangling",
      .uncomputed
    ),
    ("t.json:1:1: a: not imported: the type 'x' has no DTCG equivalent (§8)", .notImported),
    ("cannot be computed", .uncomputed),
    ("not imported", .notImported),
    ("t.json:2:1: a: \"{b} * 2\" is a Tokens Studio math expression, not DTCG", .other),
    ("cannot be compute", .other),
    ("not  imported", .other),
    ("names no token", .other),
    ("", .other),
    ("é not imported é", .notImported),
  ])
  func classifiesByPhrase(line: String, kind: ImportWarningKind) {
    #expect(ImportWarningKind(line) == kind)
  }
}
