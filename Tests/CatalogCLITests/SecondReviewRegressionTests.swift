import Foundation
import Testing

/// Problems found by a second fresh review, each with the test that would have caught it.
@Suite struct SecondReviewRegressionTests {
  func editor(_ s: Sandbox, _ name: String, _ body: String) throws -> String {
    let path = try s.write(name, "#!/bin/sh\n\(body)\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  @Test func storedResolvedValuesFollowAChangedAliasTarget() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["tokens", "set", "base.size.8", "9"]).status == 0)
    #expect(s.run(["tokens", "list"]).out.contains("{base.size.8} = 9pt"))
    #expect(s.run(["tokens", "usage", "space.sm"]).out.contains("= 9pt"))
  }

  @Test func tokensSetRefusesAValueThatBreaksComponentsOrAliases() throws {
    let s = try Sandbox.withExamples()
    let r = s.run([
      "tokens", "set", "space.md", #"{"colorSpace":"srgb","components":[1,0,0]}"#, "--type",
      "color",
    ])
    #expect(r.status == 1)
    #expect(r.err.contains("would break"), "\(r.err)")
    #expect(r.err.contains("AlbumCard"))
    let alias = s.run([
      "tokens", "set", "base.size.8", #"{"colorSpace":"srgb","components":[1,1,1]}"#, "--type",
      "color",
    ])
    #expect(alias.status == 1)
    #expect(
      alias.err.contains(
        "{space.sm} is a dimension token but its alias now resolves to a color token"),
      "\(alias.err)")
    // Nothing changed; --force saves anyway.
    #expect(s.run(["render", "AlbumCard"]).status == 0)
    #expect(
      s.run([
        "tokens", "set", "space.md", #"{"colorSpace":"srgb","components":[1,0,0]}"#, "--type",
        "color", "--force",
      ]).status == 0)
  }

  @Test func removingATokenOthersAliasIsRefused() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "remove", "base.size.8"])
    #expect(r.status == 1)
    #expect(r.err.contains("unknown token {base.size.8}"), "\(r.err)")
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test func addRefusesAnUpdateThatBreaksItsUsers() throws {
    let s = try Sandbox.withExamples()
    let changed = s.run(["show", "VSStack"]).out
      .replacingOccurrences(of: "\"alignment\": {", with: "\"align\": {")
      .replacingOccurrences(of: "\"$alignment\"", with: "\"$align\"")
    let file = try s.write("VSStack.json", changed)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("would break TrackRow"), "\(r.err)")
    #expect(s.run(["render", "TrackRow"]).status == 0)
    #expect(s.run(["add", file, "--force"]).status == 0)
  }

  @Test func lintFixNeverWritesAMissingToken() throws {
    let s = try Sandbox.withExamples()
    let tokens = try s.write(
      "lint-demo.tokens.json",
      #"{"legacy": {"$type": "dimension", "gutter": {"$value": {"value": 12, "unit": "px"}, "$deprecated": "Use {space.gone} instead."}}}"#
    )
    let demo = cliPackageRoot.appendingPathComponent("examples/lint/LintDemo.json").path
    #expect(s.run(["add", tokens, demo]).status == 0)
    _ = s.run(["lint", "LintDemo", "--fix"])
    #expect(!s.run(["show", "LintDemo"]).out.contains("{space.gone}"))
  }

  @Test func editingATokenSetCannotDeleteATokenInUse() throws {
    let s = try Sandbox.withExamples()
    let script = try editor(s, "drop.sh", #"sed -i '/"sm"/d' "$1""#)
    let r = s.run(
      ["edit", "--tokens", "spacing"],
      environment: ["EDITOR": script, "CATALOG_TEXT_METRICS": "fixed"])
    #expect(r.status == 1)
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test func anEditorThatKeepsWritingTheSameErrorStops() throws {
    let s = try Sandbox.withExamples()
    let script = try editor(s, "broken.sh", #"echo "{" > "$1""#)
    let r = s.run(
      ["edit", "TrackRow"], environment: ["EDITOR": script, "CATALOG_TEXT_METRICS": "fixed"])
    #expect(r.status == 1)
    #expect(r.err.contains("still has errors"), "\(r.err.suffix(300))")
  }
}

extension SecondReviewRegressionTests {
  @Test func exportNamesStayValidForNonASCIINames() throws {
    let s = try Sandbox()
    let file = try s.write(
      "u.tokens.json",
      #"{"x": {"$type": "dimension", "é": {"$value": {"value": 7, "unit": "px"}}}}"#)
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "export", "--format", "css"]).out.contains("--x-u00e9: 7px;"))
    #expect(
      s.run(["tokens", "export", "--format", "android"]).out.contains(
        "<dimen name=\"x_u00e9\">7dp</dimen>"))
    let bad = s.run(["tokens", "export", "--format", "swift", "--name", "class"])
    #expect(bad.status == 64)
  }

  @Test func matrixRendersTheOtherCasesWhenOneFails() throws {
    let s = try Sandbox.withExamples()
    let lint = cliPackageRoot.appendingPathComponent("examples/lint")
    #expect(
      s.run([
        "add", lint.appendingPathComponent("lint-demo.tokens.json").path,
        lint.appendingPathComponent("LintDemo.json").path,
      ]).status == 0)
    let r = s.run(["render", "LintDemo", "--matrix"])
    #expect(r.status == 1)
    #expect(r.out.contains("== defaults"))
    #expect(r.err.contains("case 'variant broken'"))
  }
}
