import CatalogModel
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
    // The demo's broken variant does not render: saved with --force (review 17).
    #expect(s.run(["add", "--force"] + Self.lintFiles).status == 0)
    let r = s.run(["lint", "--format", "json"])
    #expect(r.status == 1, "variant-fails is an error")
    let rules = r.out.components(separatedBy: "\"rule\": \"").dropFirst().map {
      $0.prefix { $0 != "\"" }
    }.map(String.init)
    #expect(
      rules.sorted() == [
        "deprecated-token", "hard-coded-length", "hard-coded-length", "padding-on-empty-stack",
        "unused-parameter", "variant-fails",
      ])
    #expect(r.out.contains("\"component\": \"LintDemo\""))
    #expect(!r.out.contains("\"component\": \"TrackRow\""))
  }

  /// A name given twice is linted once: `lint LintDemo LintDemo` said "2 errors, 10
  /// warnings" for the demo's 1 error and 5 warnings.
  @Test func aNameGivenTwiceIsLintedOnce() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["add", "--force"] + Self.lintFiles).status == 0)
    let once = s.run(["lint", "LintDemo"])
    let twice = s.run(["lint", "LintDemo", "LintDemo"])
    #expect(once.status == 1 && twice.status == 1)
    #expect(twice.out == once.out, "\(twice.out)")
    #expect(once.out.hasSuffix("1 error, 5 warnings.\n"), "\(once.out)")
  }

  @Test func fixRewritesTheLiteralAsANewRevisionThatRendersTheSame() throws {
    let s = try Sandbox.withExamples()
    // The demo's broken variant does not render: saved with --force (review 17).
    #expect(s.run(["add", "--force"] + Self.lintFiles).status == 0)
    let before = s.run(["render", "LintDemo"]).out
    let fixed = s.run(["lint", "LintDemo", "--fix"])
    #expect(fixed.err.contains("Fixed"), "\(fixed.err)")
    let show = s.run(["show", "LintDemo"]).out
    #expect(show.contains("\"length\": \"{space.sm}\""))
    #expect(
      show.contains("\"length\": \"{space.md}\""),
      "the deprecated token is replaced by the one its message names")
    let after = s.run(["render", "LintDemo"]).out
    // Same frames: {space.sm} is 8 like the literal; {space.md} is 12 like {legacy.gutter}.
    #expect(frames(before) == frames(after))
    #expect(s.run(["history", "LintDemo"]).out.contains("2"))
  }

  @Test func addDryRunListsTheMovedViewsAndSavesNothing() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "bigger.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 20, "unit": "px"}}}}"#)
    let r = s.run(["add", file, "--set", "spacing", "--dry-run"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Dry run: nothing was saved."))
    #expect(r.out.contains("TrackRow (defaults):"))
    // The view reads differently too (its token now gives 20): said with the frames.
    #expect(
      r.out.contains("padding(.bottom, 8) → padding(.bottom, 20)  (0, 0) 68×30 → (0, 0) 68×42"),
      "\(r.out)")
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

/// `render --matrix` over booleans, enumerations, optional parameters and mode contexts.
@Suite struct MatrixCommandTests {
  static let settingsRow = cliPackageRoot.appendingPathComponent("examples/matrix/SettingsRow.json")
    .path

  func headers(_ out: String) -> [String] {
    out.split(separator: "\n").filter { $0.hasPrefix("== ") }.map(String.init)
  }

  @Test func theOptionalStackMatrixHasEveryCase() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "OptionalStack", "--matrix"])
    #expect(r.status == 0, "\(r.err)")
    let headers = headers(r.out)
    #expect(
      headers.contains {
        $0.hasPrefix("== defaults = variant all-absent = first=absent, second=absent, third=absent")
      }, "\(headers)")
    #expect(headers.contains { $0.hasPrefix("== variant one") }, "\(headers)")
    #expect(headers.contains { $0.hasPrefix("== variant all") })
    // All absent keeps the padding: 40×48.
    #expect(r.out.contains("OptionalStack on ios, proposed nil×nil: 40×48"))
    // Three optional parameters: every one of the 8 combinations under full, fewer pairwise.
    let full = self.headers(s.run(["render", "OptionalStack", "--matrix=full"]).out)
    for first in ["absent", "present"] {
      for second in ["absent", "present"] {
        for third in ["absent", "present"] {
          #expect(
            full.contains { $0.contains("first=\(first), second=\(second), third=\(third)") },
            "\(full)")
        }
      }
    }
    #expect(headers.count < full.count)
  }

  @Test func threeBooleansGiveEightCasesUnderFull() throws {
    let s = try Sandbox.withExamples()
    let demo = try s.write(
      "Flags.json",
      #"{"name": "Flags", "parameters": {"a": {"type": "boolean", "default": false}, "b": {"type": "boolean", "default": false}, "c": {"type": "boolean", "default": false}}, "body": {"type": "VStack", "spacing": 0, "children": [{"type": "Text", "text": "A", "when": "$a"}, {"type": "Text", "text": "B", "when": "$b"}, {"type": "Text", "text": "C", "when": "$c"}]}}"#
    )
    #expect(s.run(["add", demo]).status == 0)
    let full = headers(s.run(["render", "Flags", "--matrix=full"]).out)
    #expect(full.count == 8, "\(full)")
    #expect(Set(full).count == 8)
    let pairwise = headers(s.run(["render", "Flags", "--matrix"]).out)
    #expect(pairwise.count == 4, "\(pairwise)")
    // Every pair of values of any two booleans appears in some pairwise case.
    for (x, y) in [("a", "b"), ("a", "c"), ("b", "c")] {
      for vx in ["false", "true"] {
        for vy in ["false", "true"] {
          #expect(
            pairwise.contains { $0.contains("\(x)=\(vx)") && $0.contains("\(y)=\(vy)") },
            "\(x)=\(vx) \(y)=\(vy) in \(pairwise)")
        }
      }
    }
  }

  @Test func theCapSaysHowManyCasesItSkipped() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["add", Self.settingsRow]).status == 0)
    let r = s.run(["render", "SettingsRow", "--matrix=full", "--max-cases", "5"])
    #expect(r.status == 0, "\(r.err)")
    #expect(headers(r.out).count == 5)
    #expect(r.err.contains("note: rendered 5 cases; 11 more cases skipped"), "\(r.err)")
  }

  @Test func matrixAsJSONAndAsOneSVGGrid() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["add", Self.settingsRow]).status == 0)
    let json = s.run(["render", "SettingsRow", "--matrix=full", "--format", "json"])
    #expect(json.status == 0, "\(json.err)")
    let cases = try JSONParser.parse(json.out).root.arrayValue ?? []
    #expect(cases.count == 16)
    #expect(cases.allSatisfy { $0.objectValue?["layout"]?.objectValue != nil })
    let svg = s.run(["render", "SettingsRow", "--matrix", "--format", "svg"])
    #expect(svg.status == 0, "\(svg.err)")
    #expect(svg.out.hasPrefix("<svg "))
    #expect(
      svg.out.components(separatedBy: "<svg ").count - 1 == 1
        + headers(s.run(["render", "SettingsRow", "--matrix"]).out).count)
    #expect(
      svg.out.contains("<title>SettingsRow · 6 cases (pairwise)</title>"), "\(svg.out.prefix(400))")
    let png = s.run([
      "render", "SettingsRow", "--matrix", "--format", "png", "--output", s.path("m.png"),
    ])
    #expect(png.status == 64)
  }

  @Test func modeContextsAreAFactor() throws {
    let s = try Sandbox.withExamples()
    let resolver = cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json")
      .path
    #expect(s.run(["add", resolver]).status == 0)
    let r = s.run(["render", "TrackRow", "--matrix"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("density=regular"))
    #expect(r.out.contains("density=compact"))
    // Compact: {space.sm} is 4, so the title row is 22 + 4.
    #expect(r.out.contains("TrackRow on ios, proposed nil×nil: 68×26"))
    let compact = s.run(["render", "TrackRow", "--input", "density=compact", "--explain"])
    #expect(compact.out.contains("padding.bottom = 4pt ← {space.sm} (density=compact) ← 4px"))
    let bad = s.run(["render", "TrackRow", "--input", "density=huge"])
    #expect(bad.status == 1)
    #expect(bad.err.contains("huge"))
  }
}

/// DTCG round trip through the CLI, and the seed's three fixes side by side.
@Suite struct RoundTripAndSeedFixTests {
  @Test func importExportImportLeavesTheCatalogUnchanged() throws {
    let s = try Sandbox.withExamples()
    let before = s.run(["tokens", "list", "--json"]).out
    let exported = s.run(["tokens", "export", "--format", "dtcg", "--set", "spacing"])
    #expect(exported.status == 0, "\(exported.err)")
    let file = try s.write("spacing.tokens.json", exported.out)
    let again = s.run(["add", file, "--set", "spacing"])
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.contains("0 added, 0 changed"), "\(again.out)")
    #expect(s.run(["tokens", "list", "--json"]).out == before)
    // The exported file is itself a DTCG file with the aliases kept.
    #expect(exported.out.contains("\"$value\": \"{base.size.8}\""))
  }

  /// The collapsing stack, the padding with a `when`, and the filtered list render the same
  /// frames whenever some child is present.
  @Test(arguments: [
    (["--argument", "second=Hello There"], ["--argument", #"items=["Hello There"]"#]),
    (["--variant", "all"], ["--variant", "all"]),
  ])
  func theThreeSeedFixesRenderTheSame(_ optional: [String], _ list: [String]) throws {
    let s = try Sandbox.withExamples()
    let collapsing = s.run(["render", "CollapsingOptionalStack", "--format", "json"] + optional)
    let padded = s.run(["render", "PaddedWhenAnyStack", "--format", "json"] + optional)
    let filtered = s.run(["render", "FilteredList", "--format", "json"] + list)
    for r in [collapsing, padded, filtered] { #expect(r.status == 0, "\(r.err)") }
    #expect(frames(collapsing.out) == frames(padded.out))
    #expect(frames(collapsing.out) == frames(filtered.out))
    #expect(!frames(collapsing.out).isEmpty)
  }

  /// Every "frame" object of a JSON layout, in order.
  func frames(_ json: String) -> [String] {
    json.components(separatedBy: "\"frame\": {").dropFirst().map { $0.prefix { $0 != "}" } }.map(
      String.init)
  }
}

/// What --matrix refuses, and a failing case among others.
extension MatrixCommandTests {
  @Test func matrixRefusesFormatsItCannotPrint() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "OptionalStack", "--matrix", "--format", "html"])
    #expect(r.status == 64)
    #expect(r.err.contains("--matrix prints every case as a tree, JSON or one SVG grid"))
  }

  @Test func matrixRendersTheOtherCasesWhenOneFails() throws {
    let s = try Sandbox.withExamples()
    let lint = cliPackageRoot.appendingPathComponent("examples/lint")
    #expect(
      s.run([
        "add", "--force", lint.appendingPathComponent("lint-demo.tokens.json").path,
        lint.appendingPathComponent("LintDemo.json").path,
      ]).status == 0)
    let r = s.run(["render", "LintDemo", "--matrix"])
    #expect(r.status == 1)
    #expect(r.out.contains("== defaults"))
    #expect(r.err.contains("case 'variant broken'"))
  }
}
