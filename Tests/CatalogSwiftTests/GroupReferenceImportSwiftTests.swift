import CatalogCLI
import Foundation
import Testing

/// Issue 14, point 2, the `import-swift` path: a Swift expression naming the root token of a
/// group (`DesignTokens.sp`, the Swift export's name of `sp`) was stored as `{sp}`, which
/// names the group (DTCG Format §6.2, §7.1.1); it is written `{sp.$root}` at once
/// (`SwiftTokenNames.reference(to:)`), so no rewrite warning follows (before: `{sp}` was
/// written, then rewritten with the warning every entry path gives).
@Suite struct GroupReferenceImportSwiftTests {
  @Test("import-swift writes DesignTokens.sp as {sp.$root}, with no rewrite warning")
  func rootTokenOfAGroup() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-swift-root-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let db = dir.appendingPathComponent("c.db").path
    let tokens = dir.appendingPathComponent("sp.tokens.json")
    try #"""
    {"sp": {"$type": "dimension", "$root": {"$value": {"value": 6, "unit": "px"}},
      "lg": {"$value": {"value": 20, "unit": "px"}}}}
    """#.write(to: tokens, atomically: true, encoding: .utf8)
    let swift = dir.appendingPathComponent("Card.swift")
    try """
    import SwiftUI

    struct Card: View {
      var body: some View {
        Text("a").padding(DesignTokens.sp)
      }
    }
    """.write(to: swift, atomically: true, encoding: .utf8)
    #expect(
      CatalogCommand.run(["--db", db, "add", tokens.path], environment: [:], output: Output())
        == 0)
    let run = Output()
    #expect(
      CatalogCommand.run(["--db", db, "import-swift", swift.path], environment: [:], output: run)
        == 0, "\(run.standardError)")
    #expect(!run.standardError.contains("names a group"), "\(run.standardError)")
    #expect(!run.standardError.contains("rewritten"), "\(run.standardError)")
    let show = Output()
    #expect(CatalogCommand.run(["--db", db, "show", "Card"], environment: [:], output: show) == 0)
    #expect(show.standardOutput.contains(#""length": "{sp.$root}""#), "\(show.standardOutput)")
  }
}
