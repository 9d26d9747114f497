import Foundation
import Testing

/// `catalog lint`, `add --dry-run` and `tokens set --dry-run` through the CLI.
@Suite struct LintAndImpactCommandTests {
  static let lintFiles: [String] = {
    let folder = cliPackageRoot.appendingPathComponent("examples/lint")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0).path }
  }()

  @Test func theCleanExamplesHaveNoFindings() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["lint"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "No problems found.\n")
  }

  @Test func theLintDemoReportsExactlyThePlantedProblems() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["add"] + Self.lintFiles).status == 0)
    let r = s.run(["lint", "--format", "json"])
    #expect(r.status == 1, "variant-fails is an error")
    let rules = r.out.components(separatedBy: "\"rule\": \"").dropFirst().map { $0.prefix { $0 != "\"" } }.map(String.init)
    #expect(rules.sorted() == ["deprecated-token", "hard-coded-length", "hard-coded-length", "padding-on-empty-stack", "unused-parameter", "variant-fails"])
    #expect(r.out.contains("\"component\": \"LintDemo\""))
    #expect(!r.out.contains("\"component\": \"TrackRow\""))
  }

  @Test func fixRewritesTheLiteralAsANewRevisionThatRendersTheSame() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["add"] + Self.lintFiles).status == 0)
    let before = s.run(["render", "LintDemo"]).out
    let fixed = s.run(["lint", "LintDemo", "--fix"])
    #expect(fixed.err.contains("Fixed"), "\(fixed.err)")
    let show = s.run(["show", "LintDemo"]).out
    #expect(show.contains("\"length\": \"{space.sm}\""))
    #expect(show.contains("\"length\": \"{space.md}\""), "the deprecated token is replaced by the one its message names")
    let after = s.run(["render", "LintDemo"]).out
    // Same frames: {space.sm} is 8 like the literal; {space.md} is 12 like {legacy.gutter}.
    #expect(frames(before) == frames(after))
    #expect(s.run(["history", "LintDemo"]).out.contains("2"))
  }

  @Test func addDryRunListsTheMovedViewsAndSavesNothing() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write("bigger.tokens.json", #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 20, "unit": "px"}}}}"#)
    let r = s.run(["add", file, "--set", "spacing", "--dry-run"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Dry run: nothing was saved."))
    #expect(r.out.contains("TrackRow (defaults):"))
    #expect(r.out.contains("padding(.bottom, 8)  (0, 0) 68×30 → (0, 0) 68×42"), "\(r.out)")
    // Nothing changed.
    #expect(s.run(["tokens", "get", "space.sm"]).out.contains("{base.size.8}"))
  }

  @Test func tokensSetDryRun() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "set", "space.xs", "6", "--dry-run"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("would be 6px"))
    #expect(r.out.contains("TrackRow (variant full):"))
    #expect(!r.out.contains("OptionalStack"), "OptionalStack does not use space.xs")
    #expect(s.run(["tokens", "get", "space.xs"]).out.contains("{base.size.4}"))
  }

  @Test func unknownRuleIsAUsageError() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["lint", "--rule", "nope"])
    #expect(r.status == 64)
    #expect(r.err.contains("Unknown rule 'nope'"))
  }

  /// The frames of a tree output, without labels (labels name the lengths, which change).
  func frames(_ tree: String) -> [String] {
    tree.split(separator: "\n").dropFirst().map { line in
      String(line.split(separator: " ").suffix(2).joined(separator: " "))
    }
  }
}

/// `render --matrix` over variants, optional parameters and mode contexts.
@Suite struct MatrixCommandTests {
  @Test func theOptionalStackMatrixHasEveryCase() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "OptionalStack", "--matrix"])
    #expect(r.status == 0, "\(r.err)")
    let headers = r.out.split(separator: "\n").filter { $0.hasPrefix("== ") }.map(String.init)
    #expect(headers.contains { $0.hasPrefix("== defaults = variant all-absent = all optional absent") })
    #expect(headers.contains { $0.hasPrefix("== only first") })
    #expect(headers.contains { $0.hasPrefix("== variant one = only second") })
    #expect(headers.contains { $0.hasPrefix("== only third") })
    #expect(headers.contains { $0.hasPrefix("== all optional present") })
    // All absent keeps the padding: 40×48.
    #expect(r.out.contains("OptionalStack on ios, proposed nil×nil: 40×48"))
  }

  @Test func modeContextsMultiplyTheCases() throws {
    let s = try Sandbox.withExamples()
    let resolver = cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json").path
    #expect(s.run(["add", resolver]).status == 0)
    let r = s.run(["render", "TrackRow", "--matrix"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("== defaults = all optional absent [density=regular]"))
    #expect(r.out.contains("== defaults = all optional absent [density=compact]"))
    // Compact: {space.sm} is 4, so the title row is 22 + 4.
    #expect(r.out.contains("TrackRow on ios, proposed nil×nil: 68×26"))
    let compact = s.run(["render", "TrackRow", "--input", "density=compact", "--explain"])
    #expect(compact.out.contains("padding.bottom = 4pt ← {space.sm} (density=compact) ← 4px"))
    let bad = s.run(["render", "TrackRow", "--input", "density=huge"])
    #expect(bad.status == 1)
    #expect(bad.err.contains("huge"))
  }
}
