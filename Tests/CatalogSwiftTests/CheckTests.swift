import CatalogCLI
import CatalogModel
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

@Suite struct CheckSwiftTests {
  static let app = Fixtures.root.appendingPathComponent("examples/swift-app")

  static func checker(tokens: TokenResolver? = nil) throws -> SwiftChecker {
    SwiftChecker(
      tokenNames: SwiftTokenNames(tokens: try tokens ?? Fixtures.tokens()),
      catalog: try Fixtures.examples())
  }

  /// The findings on the sample app, paths relative to the repository, as the README lists them.
  @Test func sampleAppFindingsMatchTheListInExamples() throws {
    let files = try SwiftChecker.swiftFiles(in: [Self.app.path])
    let text = SwiftCheckReport.text(try Self.checker().check(files: files)).replacingOccurrences(
      of: Fixtures.root.path + "/", with: "")
    let expected = try String(
      contentsOf: Self.app.appendingPathComponent("expected-findings.txt"), encoding: .utf8)
    #expect(text == expected, "\(text)")
    let readme = try String(
      contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
    for line in expected.split(separator: "\n")
    where line.contains(": error: ") || line.contains(": warning: ") {
      let place = String(line.split(separator: ":").prefix(3).joined(separator: ":"))
      let listed = readme.contains(place)
      #expect(listed, "README does not list \(place)")
    }
  }

  @Test func everyRuleFires() throws {
    let diagnostics = try Self.checker().check(
      files: try SwiftChecker.swiftFiles(in: [Self.app.path]))
    let rules = Set(diagnostics.map(\.rule))
    #expect(
      rules.isSuperset(of: [
        "hard-coded-length", "unknown-token", "padding-on-empty-stack", "component-drift",
      ]))
    // The seed's own OptionalView stack: empty padding found through the struct's body.
    let seeds = try Self.checker().check(files: [
      Fixtures.folder.appendingPathComponent("OptionalViews.swift").path
    ])
    #expect(seeds.filter { $0.rule == "padding-on-empty-stack" }.map(\.location.line) == [27, 40])
  }

  @Test func deprecatedTokensAreReported() throws {
    var tokens = try Fixtures.tokens().tokens
    tokens["space.sm"]?.deprecated = .string("use {space.md}")
    let file = SwiftSourceFile(text: "let x = Text(\"a\").padding(Spacing.sm)\n", path: "A.swift")
    let d = try Self.checker(tokens: TokenResolver(tokens: tokens)).check([file])
    #expect(
      d.map(\.description) == [
        "A.swift:1:27: warning: Spacing.sm is the deprecated token {space.sm}: use {space.md} [deprecated-token]"
      ])
  }

  /// `--fix` on a file the parser could not read rewrote it (`padding(.bottom, 8 8)` became
  /// `padding(.bottom, DesignTokens.spaceSm 8)`): such a file is left as it is, and its
  /// fixable findings are returned as not fixed.
  @Test func fixLeavesAFileWithSyntaxErrorsAlone() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-swift-broken-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let broken = dir.appendingPathComponent("Broken.swift")
    let good = dir.appendingPathComponent("Good.swift")
    let source =
      "struct V: View {\n  var body: some View {\n    Text(\"x\").padding(.bottom, 8 8)\n  }\n}\n"
    try source.write(to: broken, atomically: true, encoding: .utf8)
    try source.replacingOccurrences(of: "8 8", with: "8").write(
      to: good, atomically: true, encoding: .utf8)
    let found = try Self.checker().check(files: [broken.path, good.path])
    #expect(found.contains { $0.rule == "syntax-error" && $0.location.file == broken.path })
    let result = try SwiftChecker.applyFixes(found)
    #expect(result.count == 1)
    #expect(result.brokenFiles == [broken.path])
    #expect(
      !result.unfixed.isEmpty && result.unfixed.allSatisfy { $0.location.file == broken.path })
    #expect(try String(contentsOf: broken, encoding: .utf8) == source)
    #expect(try String(contentsOf: good, encoding: .utf8).contains("DesignTokens.spaceSm"))
  }

  /// `--fix` through a symbolic link replaced the link with a copy (the target stayed
  /// unfixed) and wrote a 0600 file back as 0644: the target is rewritten, the link stays,
  /// and so do the permission bits.
  @Test func fixKeepsALinkAndThePermissions() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-swift-link-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("Target.swift")
    let link = dir.appendingPathComponent("Link.swift")
    try "struct V: View {\n  var body: some View {\n    Text(\"x\").padding(.bottom, 8)\n  }\n}\n"
      .write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "Target.swift")
    let found = try Self.checker().check(files: [link.path])
    #expect(try SwiftChecker.applyFixes(found).count == 1)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "Target.swift")
    #expect(try String(contentsOf: target, encoding: .utf8).contains("DesignTokens.spaceSm"))
    let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600, "\(String(describing: mode))")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(Set(leftovers) == ["Target.swift", "Link.swift"], "\(leftovers)")
  }

  @Test func fixRewritesLiteralsToTheSwiftExportNames() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-swift-fix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("V.swift")
    try
      "struct V: View {\n  var body: some View {\n    Text(\"é\").padding(.bottom, 8).frame(width: 44).padding(3)\n  }\n}\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let checker = try Self.checker()
    let found = try checker.check(files: [file.path])
    #expect(try SwiftChecker.applyFixes(found).count == 2)
    let fixed = try String(contentsOf: file, encoding: .utf8)
    #expect(
      fixed.contains(
        "Text(\"é\").padding(.bottom, DesignTokens.spaceSm).frame(width: DesignTokens.sizeArtwork).padding(3)"
      ))
    #expect(try checker.check(files: [file.path]).filter { $0.rule == "hard-coded-length" }.isEmpty)
  }

  @Test func sarifHasPhysicalLocationsAndFixes() throws {
    let file = SwiftSourceFile(
      text: "let v = VStack(spacing: 10) { Text(\"a\") }\n", path: "S.swift")
    let sarif = SwiftCheckReport.sarif(try Self.checker().check([file]))
    let root = try JSONParser.parse(sarif, file: "sarif").root
    let result = try #require(
      root.objectValue?["runs"]?.arrayValue?.first?.objectValue?["results"]?.arrayValue?.first?
        .objectValue)
    let region = result["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?
      .objectValue?["region"]?.objectValue
    #expect(region?["startLine"] == .number(1))
    #expect(region?["startColumn"] == .number(25))
    #expect(result["ruleId"] == .string("hard-coded-length"))
    #expect(result["fixes"] != nil)
  }

  @Test func theCommandLineExitsOneOnErrorsAndReportsJSON() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-swift-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let db = dir.appendingPathComponent("c.db").path
    let examples = Fixtures.root.appendingPathComponent("examples")
    let components = try FileManager.default.contentsOfDirectory(
      atPath: examples.appendingPathComponent("components").path
    ).sorted()
      .map { examples.appendingPathComponent("components/\($0)").path }
    let add = Output()
    #expect(
      CatalogCommand.run(
        ["--db", db, "add", examples.appendingPathComponent("tokens/spacing.tokens.json").path]
          + components, environment: [:], output: add) == 0)
    let out = Output()
    let status = CatalogCommand.run(
      ["--db", db, "check-swift", "--format", "json", Self.app.path], environment: [:], output: out)
    #expect(status == 1)
    let findings = try JSONParser.parse(out.standardOutput, file: "out").root.arrayValue ?? []
    #expect(findings.count == 11)
    #expect(
      findings.contains {
        $0.objectValue?["rule"] == .string("unknown-token")
          && $0.objectValue?["line"] == .number(31)
      })
    let usage = Output()
    #expect(
      CatalogCommand.run(
        ["--db", db, "check-swift", "--format", "xml", Self.app.path], environment: [:],
        output: usage) == 64)
    // A clean file: exit 0.
    let clean = dir.appendingPathComponent("Clean.swift")
    try "struct Clean: View { var body: some View { Text(\"a\").padding(Spacing.sm) } }\n".write(
      to: clean, atomically: true, encoding: .utf8)
    let ok = Output()
    #expect(
      CatalogCommand.run(["--db", db, "check-swift", clean.path], environment: [:], output: ok) == 0
    )
    #expect(ok.standardOutput == "No problems found.\n")
  }

  @Test func importSwiftAddsThroughTheAddPath() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-swift-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let db = dir.appendingPathComponent("c.db").path
    let tokens = Fixtures.root.appendingPathComponent("examples/tokens/spacing.tokens.json").path
    #expect(
      CatalogCommand.run(["--db", db, "add", tokens], environment: [:], output: Output()) == 0)
    let seeds = Fixtures.folder.appendingPathComponent("SeedViews.swift").path
    let dry = Output()
    #expect(
      CatalogCommand.run(
        ["--db", db, "import-swift", "--dry-run", seeds], environment: [:], output: dry) == 0,
      "\(dry.standardError)")
    #expect(dry.standardOutput.contains("Would add TrackRow (revision 1)"))
    #expect(dry.standardError.contains("SeedViews.swift:48:27: warning: TrackRow: "))
    let run = Output()
    #expect(
      CatalogCommand.run(["--db", db, "import-swift", seeds], environment: [:], output: run) == 0)
    #expect(
      run.standardOutput
        == "Added VSStack (revision 1)\nAdded HSStack (revision 1)\nAdded TrackRow (revision 1)\nAdded TrackListRow (revision 1)\n"
    )
    let render = Output()
    #expect(
      CatalogCommand.run(["--db", db, "render", "TrackListRow"], environment: [:], output: render)
        == 0)
    // Importing again changes nothing; a component with an error saves nothing at all.
    let again = Output()
    #expect(
      CatalogCommand.run(["--db", db, "import-swift", seeds], environment: [:], output: again) == 0)
    #expect(again.standardOutput.contains("Unchanged TrackRow (revision 1)"))
    let bad = Output()
    let features = Fixtures.folder.appendingPathComponent("Features.swift").path
    #expect(
      CatalogCommand.run(["--db", db, "import-swift", features], environment: [:], output: bad) == 1
    )
    #expect(bad.standardError.contains("Features.swift:65:"))
    #expect(bad.standardError.contains("Nothing was saved."))
    let list = Output()
    _ = CatalogCommand.run(["--db", db, "list"], environment: [:], output: list)
    #expect(!list.standardOutput.contains("ModifierForms"))
  }
}

@Suite struct SwiftBadInputTests {
  @Test func missingBinaryAndBrokenFilesAreErrorsNamingTheFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let binary = dir.appendingPathComponent("Binary.swift")
    try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: binary)
    #expect(throws: SwiftBridgeError("\(binary.path): not UTF-8 text")) {
      try SwiftSourceFile.read(binary.path)
    }
    let out = Output()
    #expect(
      CatalogCommand.run(
        [
          "--db", dir.appendingPathComponent("c.db").path, "check-swift",
          dir.appendingPathComponent("Nope.swift").path,
        ], environment: [:], output: out) == 1)
    #expect(out.standardError.contains("Nope.swift: no such file or folder"))
    // Broken Swift: the parser recovers; the error is reported at its line, exit 1.
    let broken = SwiftSourceFile(
      text: "struct A: View {\n  var body: some View {\n    VStack { Text(\"a\" }\n  }\n}\n",
      path: "A.swift")
    let diagnostics = try CheckSwiftTests.checker().check([broken])
    #expect(
      diagnostics.contains {
        $0.rule == "syntax-error" && $0.location.line == 3 && $0.level == .error
      })
  }
}

@Suite struct ProgressLineTests {
  @Test(arguments: [
    (0, 1000, "\r[>                             ]   0% 0/1000 files"),
    (420, 1000, "\r[============>                 ]  42% 420/1000 files"),
    (1000, 1000, "\r[==============================] 100% 1000/1000 files"),
  ])
  func progressLine(done: Int, total: Int, expected: String) {
    #expect(SwiftCheckReport.progressLine(done: done, total: total) == expected)
  }
}
