import CatalogCLI
import CatalogModel
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// `import-swift` of an instance chain deeper than the resolver's limit (issue 12, point 2):
/// the depth and cycle rules run before anything is rendered for lint, and saving is
/// refused once, naming the chain and the limit as `add` does (before: every component was
/// rendered up to the limit first, 49 s for 3,000 structs in a debug build).
@Suite struct ImportSwiftDepthTests {
  /// `count` structs, `C<i>` showing `C<i-1>`, `C0` a Text.
  static func chain(_ count: Int) -> String {
    var source = "import SwiftUI\nstruct C0: View { var body: some View { Text(\"x\") } }\n"
    for i in 1..<count {
      source += "struct C\(i): View { var body: some View { C\(i - 1)() } }\n"
    }
    return source
  }

  @Test func aChainDeeperThanTheLimitIsRefusedOnceWithoutLinting() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-swift-depth-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("Chain.swift")
    try Self.chain(300).write(to: file, atomically: true, encoding: .utf8)
    let db = dir.appendingPathComponent("c.db").path
    let out = Output()
    #expect(
      CatalogCommand.run(["--db", db, "import-swift", file.path], environment: [:], output: out)
        == 1)
    let errors = out.standardError.split(separator: "\n").filter { $0.contains("Error") }
    #expect(errors.count == 1, "\(out.standardError)")
    #expect(
      out.standardError.contains(
        "views, modifiers and instances nest 300 deep (C299 → C298 → C297 → … → C0)"),
      "\(out.standardError)")
    #expect(
      out.standardError.contains(
        "rendering stops at 256 levels of views, modifiers and instances"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  /// The lint findings skip the components that nest too deep or lie on a cycle, and keep
  /// the others' (a hard-coded length on a shallow component is still reported).
  @Test func lintFindingsRenderOnlyWhatPassesTheDepthAndCycleRules() throws {
    var source = Self.chain(300)
    source += "struct Loop: View { var body: some View { Loop() } }\n"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-swift-depth-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try SwiftBridge.importSwift(
      paths: [file.path], tokens: TokenResolver(tokens: [:]), catalog: [])
    #expect(result.components.count == 301)
    #expect(result.diagnostics.filter { $0.rule == "padding-on-empty-stack" }.isEmpty)
    let nesting = InstanceNesting(result.components.map(\.definition))
    // C<i> nests i deep: C255's Text is at depth 255, the last the resolver expands.
    #expect(nesting.rendersWithinLimits("C255"))
    #expect(!nesting.rendersWithinLimits("C256"))
    #expect(!nesting.rendersWithinLimits("Loop"))
  }
}
