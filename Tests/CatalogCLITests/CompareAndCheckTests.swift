import CatalogModel
import Foundation
import Testing

/// `catalog compare`, `catalog check` and the CI workflow in examples/ci.
@Suite struct CompareAndCheckTests {
  /// Two exported folders: the examples, and the examples with space.sm = 12 and TrackRow's
  /// description changed.
  static func twoFolders() throws -> Sandbox {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("base")]).status == 0)
    #expect(sandbox.run(["tokens", "set", "space.sm", "12"]).status == 0)
    try sandbox.write(
      "row.json",
      try String(contentsOfFile: sandbox.path("base/components/TrackRow.json"), encoding: .utf8)
        .replacingOccurrences(of: "A track's title", with: "The title"))
    #expect(sandbox.run(["add", sandbox.path("row.json")]).status == 0)
    #expect(sandbox.run(["export", sandbox.path("head")]).status == 0)
    return sandbox
  }

  @Test func textListsChangesAndFrameImpactWithTheTokenChain() throws {
    let sandbox = try Self.twoFolders()
    let run = sandbox.run(["compare", sandbox.path("base"), sandbox.path("head")])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("~ component TrackRow"), "\(run.out)")
    #expect(
      run.out.contains(
        "~ description: \"A track's title over its artist.\" → \"The title over its artist.\""),
      "\(run.out)")
    #expect(run.out.contains("~ space.sm"), "\(run.out)")
    #expect(run.out.contains("Frame impact:"))
    #expect(run.out.contains("TrackRow (defaults):"), "\(run.out)")
    #expect(run.out.contains("because {space.sm} 8pt → 12pt"), "\(run.out)")
    // The same catalog file against its own export: no differences.
    let same = sandbox.run(["compare", sandbox.db, sandbox.path("head"), "--exit-code"])
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(same.out.hasPrefix("No differences"))
    #expect(
      sandbox.run(["compare", sandbox.path("base"), sandbox.path("head"), "--exit-code"]).status
        == 1)
  }

  @Test func markdownPutsCountsFirstAndFoldsDetails() throws {
    let sandbox = try Self.twoFolders()
    let run = sandbox.run([
      "compare", sandbox.path("base"), sandbox.path("head"), "--format", "markdown",
    ])
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("### Catalog changes") == true)
    let table = try #require(lines.firstIndex { $0.hasPrefix("| components |") })
    let details = try #require(lines.firstIndex { $0.hasPrefix("<details>") })
    #expect(table < details, "counts come before the folded details")
    #expect(lines.contains("| tokens | 0 | 0 | 1 | 0 |"), "\(run.out)")
    #expect(
      run.out.components(separatedBy: "<details>").count
        == run.out.components(separatedBy: "</details>").count)
  }

  @Test func jsonAndSarifParse() throws {
    let sandbox = try Self.twoFolders()
    let j = sandbox.run(["compare", sandbox.path("base"), sandbox.path("head"), "--format", "json"])
    let root = try json(j.out).objectValue
    #expect(root?["components"]?.arrayValue?.count == 1)
    let frames = try #require(root?["frames"]?.arrayValue)
    #expect(!frames.isEmpty)
    #expect(frames.contains { $0.objectValue?["causes"]?.arrayValue?.isEmpty == false })
    let s = sandbox.run([
      "compare", sandbox.path("base"), sandbox.path("head"), "--format", "sarif",
    ])
    let sarif = try json(s.out).objectValue
    #expect(sarif?["version"] == .string("2.1.0"))
    #expect(
      sandbox.run(["compare", sandbox.path("base"), sandbox.path("head"), "--format", "yaml"])
        .status == 64)
    let missing = sandbox.run(["compare", sandbox.path("nothing"), sandbox.path("head")])
    #expect(missing.status == 1 && missing.err.contains("no such catalog file or folder"))
  }

  @Test func checkPassesAGoodFolderAndFailsABrokenOne() throws {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    let good = sandbox.run(["check", sandbox.path("dir")], db: sandbox.path("untouched.db"))
    #expect(good.status == 0, "\(good.out)\(good.err)")
    #expect(
      good.out.contains("== lint") && good.out.contains("== doctor") && good.out.hasSuffix(": ok\n")
    )
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.path("untouched.db")),
      "check writes no catalog of its own")
    // An instance of a component the folder does not have.
    let row = try String(
      contentsOfFile: sandbox.path("dir/components/TrackRow.json"), encoding: .utf8)
    try row.replacingOccurrences(of: "\"VSStack\"", with: "\"Missing\"").write(
      toFile: sandbox.path("dir/components/TrackRow.json"), atomically: true, encoding: .utf8)
    let bad = sandbox.run(["check", sandbox.path("dir")])
    #expect(bad.status == 1)
    #expect(bad.err.contains("Missing"), "\(bad.err)")
    #expect(sandbox.run(["check"]).status == 64)
  }

  /// `check` of an export of the bundled `catalog.db.example`, whose `LintDemo` has a
  /// variant that does not render on purpose: the import goes on (a component that does
  /// not render is imported, as `import --force` does), `lint` and `doctor` report it, and
  /// no message advises `--force`, which `check` does not take, or names the scratch
  /// catalog's temporary path. Before, `check` stopped at the import advising `--force`.
  @Test func checkReportsAComponentThatDoesNotRenderThroughLintAndDoctor() throws {
    let sandbox = try Sandbox()
    try FileManager.default.copyItem(
      atPath: ExampleCatalogTests.root.appendingPathComponent("catalog.db.example").path,
      toPath: sandbox.db)
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    let r = sandbox.run(["check", sandbox.path("dir")])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.out.contains("== lint") && r.out.contains("== doctor"), "\(r.out)")
    #expect(r.out.contains("error[variant-fails]: LintDemo: variants.broken"), "\(r.out)")
    #expect(r.out.contains("render: LintDemo: variant broken does not render"), "\(r.out)")
    #expect(!r.err.contains("--force") && !r.out.contains("--force"), "\(r.err)")
    #expect(!r.err.contains("catalog-check"), "\(r.err)")
    #expect(r.err.contains("found in the import of \(sandbox.path("dir"))"), "\(r.err)")
    #expect(r.err.hasSuffix("Error: \(sandbox.path("dir")): lint and doctor failed\n"), "\(r.err)")
  }

  /// The `catalog …` lines of examples/ci/catalog.yml, with the pull request's base branch.
  static func workflowCommands(base: String) throws -> [[String]] {
    let text = try String(
      contentsOf: cliPackageRoot.appendingPathComponent("examples/ci/catalog.yml"), encoding: .utf8)
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      $0.hasPrefix("catalog ")
    }.map { line in
      var words = line.replacingOccurrences(of: "origin/$BASE_REF", with: base).split(
        separator: " "
      ).map(String.init)
      if let redirect = words.firstIndex(of: ">") { words.removeSubrange(redirect...) }
      return Array(words.dropFirst())
    }
  }

  @Test(.enabled(if: gitIsPresent && builtBinary != nil, "needs git and the built catalog"))
  func theCIWorkflowRunsOnAScratchRepository() throws {
    let binary = try #require(builtBinary)
    let sandbox = try Sandbox.withExamples()
    let repo = sandbox.url.appendingPathComponent("repo")
    #expect(sandbox.run(["export", repo.path + "/catalog"]).status == 0)
    #expect(git(["init", "-q"], in: repo.path).status == 0)
    #expect(git(["add", "."], in: repo.path).status == 0)
    #expect(git(["commit", "-qm", "catalog"], in: repo.path).status == 0)
    #expect(git(["checkout", "-qb", "change"], in: repo.path).status == 0)
    #expect(sandbox.run(["tokens", "set", "space.sm", "10"]).status == 0)
    #expect(sandbox.run(["export", repo.path + "/catalog"]).status == 0)
    #expect(git(["commit", "-qam", "space.sm = 10"], in: repo.path).status == 0)
    let commands = try Self.workflowCommands(base: "main")
    #expect(
      commands.map { $0.first(where: { !$0.hasPrefix("-") && $0 != "catalog.db" }) ?? "" }.contains(
        "compare"))
    for args in commands {
      let run = try runBinary(binary, args, in: repo)
      #expect(run.status == 0, "catalog \(args.joined(separator: " ")): \(run.err)")
      if args.first == "compare" {
        #expect(
          run.out.hasPrefix("### Catalog changes: `git:main:catalog` → `git:HEAD:catalog`"),
          "\(run.out)")
        #expect(run.out.contains("{space.sm} 8pt → 10pt"), "\(run.out)")
      }
    }
    #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("catalog.db").path))
  }

  /// `compare git:HEAD~1 git:HEAD --format markdown` on the repository's own examples/
  /// history; a fresh (or shallow) clone without HEAD~1 gets a scratch repository with two
  /// commits of the examples instead.
  @Test(.enabled(if: gitIsPresent && builtBinary != nil, "needs git and the built catalog"))
  func compareRunsOnTheExamplesHistory() throws {
    let binary = try #require(builtBinary)
    let examples = cliPackageRoot.appendingPathComponent("examples")
    let sandbox = try Sandbox()
    var directory = examples
    let suitable = git(["rev-parse", "--verify", "-q", "HEAD~1:./"], in: examples.path).status == 0
    if !suitable {
      directory = sandbox.url.appendingPathComponent("examples")
      try FileManager.default.copyItem(at: examples, to: directory)
      #expect(git(["init", "-q"], in: directory.path).status == 0)
      #expect(git(["add", "."], in: directory.path).status == 0)
      #expect(git(["commit", "-qm", "examples"], in: directory.path).status == 0)
      let tokens = directory.appendingPathComponent("tokens/spacing.tokens.json")
      let text = try String(contentsOf: tokens, encoding: .utf8)
      try text.replacingOccurrences(
        of: "\"sm\": { \"$value\": \"{base.size.8}\"",
        with: "\"sm\": { \"$value\": \"{base.size.12}\""
      ).write(to: tokens, atomically: true, encoding: .utf8)
      #expect(git(["commit", "-qam", "space.sm"], in: directory.path).status == 0)
    }
    let run = try runBinary(
      binary, ["compare", "git:HEAD~1", "git:HEAD", "--format", "markdown"], in: directory)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.hasPrefix("### Catalog changes: `git:HEAD~1` → `git:HEAD`"), "\(run.out)")
    print(
      "compare git:HEAD~1 git:HEAD on \(suitable ? "the checkout's" : "a scratch") examples/ history:\n\(run.out)"
    )
  }
}
