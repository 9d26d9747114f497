import Foundation
import Testing

/// Leftovers of the fresh-user review (issues 12 and 14): each message names what and where
/// and says what to do; dangling aliases follow one rule through export and import.
@Suite struct FreshUserMessagesTests {
  static let dangling = """
    {"space": {"gap": {"$type": "dimension", "$value": "{space.missing}"},
      "base": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}
    """

  /// A catalog that kept a dangling alias with `add --allow-dangling`, exported to `out`.
  static func exportedDangling() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write("t.tokens.json", dangling)
    #expect(s.run(["add", file]).status == 1)
    let add = s.run(["add", file, "--allow-dangling"])
    #expect(add.status == 0, "\(add.err)")
    let export = s.run(["export", s.path("out")])
    #expect(export.status == 0, "\(export.err)")
    return s
  }

  @Test func addAllowDanglingIsAWarningInDoctor() throws {
    let s = try Self.exportedDangling()
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(doctor.out.contains("warning: missing-alias: token space.gap (set t)"))
    #expect(doctor.out.contains("except 1 warning above"))
    let json = s.run(["doctor", "--json"])
    #expect(json.out.contains("\"ok\": true"))
    #expect(json.out.contains("\"severity\": \"warning\""))
  }

  @Test func theFolderListsTheKeptAliasAndImportKeepsExactlyThatOnce() throws {
    let s = try Self.exportedDangling()
    let manifest = try String(contentsOfFile: s.path("out/catalog.json"), encoding: .utf8)
    #expect(manifest.contains("\"danglingAliases\": [\n    \"space.gap\"\n  ]"))
    let other = s.path("other.db")
    let r = s.run(["import", s.path("out")], db: other)
    #expect(r.status == 0, "\(r.err)")
    // One warning, naming the manifest, not a flag that was not given.
    let lines = r.err.split(separator: "\n").filter { $0.contains("space.gap") }
    #expect(lines.count == 1, "\(r.err)")
    #expect(r.err.contains("kept because catalog.json lists the token in danglingAliases"))
    #expect(!r.err.contains("kept because of --allow-dangling"))
    // The imported catalog is as sound as the exported one: doctor warns, exit 0.
    let doctor = s.run(["doctor"], db: other)
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(doctor.out.contains("warning: missing-alias"))
    // And it exports the same folder.
    let again = s.run(["export", s.path("again")], db: other)
    #expect(again.status == 0)
    #expect(
      try String(contentsOfFile: s.path("again/catalog.json"), encoding: .utf8) == manifest)
  }

  @Test func importRefusesADanglingAliasTheManifestDoesNotList() throws {
    let s = try Self.exportedDangling()
    let manifestPath = s.path("out/catalog.json")
    let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
    try manifest.replacingOccurrences(
      of: ",\n  \"danglingAliases\": [\n    \"space.gap\"\n  ]", with: ""
    ).write(toFile: manifestPath, atomically: true, encoding: .utf8)
    let other = s.path("other.db")
    let r = s.run(["import", s.path("out")], db: other)
    #expect(r.status == 1)
    #expect(r.err.contains("space.gap: the alias {space.missing} names no token"))
    #expect(r.err.contains("or pass --allow-dangling to keep it"))
    #expect(
      r.err.hasSuffix(
        "Nothing was saved (the catalog is unchanged): fix the problems above and run `catalog import` again.\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: other))
    let allowed = s.run(["import", s.path("out"), "--allow-dangling"], db: other)
    #expect(allowed.status == 0, "\(allowed.err)")
    #expect(allowed.err.contains("kept because of --allow-dangling"))
  }

  @Test func aFolderAsTheCatalogFileIsNamedAFolder() throws {
    let s = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: s.path("folder"), withIntermediateDirectories: true)
    for args in [["list"], ["doctor"], ["add", try s.write("t.tokens.json", Self.dangling)]] {
      let r = s.run(args, db: s.path("folder"))
      #expect(r.status == 1, "\(args)")
      #expect(
        (r.err + r.out).contains("it is a folder, not a catalog file"), "\(args): \(r.err)\(r.out)")
      #expect(!(r.err + r.out).contains("disk I/O"))
    }
  }

  @Test func exportOverAFileSaysSoAndWritesNothing() throws {
    let s = try Self.exportedDangling()
    let file = try s.write("taken.json", "{}")
    for format in ["folder", "swiftui"] {
      let r = s.run(["export", file, "--format", format])
      #expect(r.status == 1)
      let what =
        format == "swiftui"
        ? "export --format swiftui writes a Swift package folder" : "export writes a folder"
      #expect(r.err.contains("taken.json: a file exists there, and \(what)"), "\(r.err)")
      #expect(try String(contentsOfFile: file, encoding: .utf8) == "{}")
    }
  }

  @Test func importOfAFileAsksForAFolderAndSuggestsAdd() throws {
    let s = try Sandbox()
    let file = try s.write("t.tokens.json", Self.dangling)
    let r = s.run(["import", file])
    #expect(r.status == 1)
    #expect(r.err.contains("this is a file, not a folder"), "\(r.err)")
    #expect(r.err.contains("use `catalog add \(file)`"), "\(r.err)")
    let missing = s.run(["import", s.path("nothing")])
    #expect(missing.err.contains("no such folder"))
  }

  @Test func tokensRenameQuotesTheNameAndTheSetApart() throws {
    let s = try Sandbox()
    let file = try s.write(
      "weird.tokens.json",
      #"{"a": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "aB": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "rename", "a", "aB"])
    #expect(r.status == 1)
    #expect(r.err.contains("{aB} is already a token of set 'weird'"), "\(r.err)")
  }

  @Test func aHugePNGIsRefusedWithTheLimitBeforeRSVGRuns() throws {
    let s = try Sandbox()
    let file = try s.write(
      "Big.json", #"{"name": "Big", "body": {"type": "Color", "color": "red"}}"#)
    #expect(s.run(["add", file]).status == 0)
    let r = s.run([
      "render", "Big", "--format", "png", "--width", "1000000", "--height", "1000000",
      "--output", s.path("big.png"),
    ])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "pixels; the most --format png makes is 16,384 pixels per side and 67,108,864 pixels (64 × 2²⁰) in all"
      ), "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: s.path("big.png")))
  }

  @Test func manyWarningsAreCutAfterTwentyWithACount() throws {
    let s = try Sandbox()
    // 30 string dimensions: one conversion warning each.
    let members = (0..<30).map { #""t\#($0)": {"$type": "dimension", "$value": "\#($0)px"}"# }
    let file = try s.write("many.tokens.json", "{\(members.joined(separator: ", "))}")
    let r = s.run(["add", file])
    #expect(r.status == 0, "\(r.err)")
    let warnings = r.err.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.count == 20, "\(r.err)")
    #expect(
      r.err.contains(
        "… and 10 more warnings (--verbose to show all)\n30 warnings in all (--quiet hides them)\n"
      )
    )
    let s2 = try Sandbox()
    let verbose = s2.run(["add", file, "--verbose"])
    #expect(verbose.err.split(separator: "\n").filter { $0.contains("warning:") }.count == 30)
    #expect(!verbose.err.contains("more warnings"))
    let s3 = try Sandbox()
    let quiet = s3.run(["tokens", "import", file, "--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.err.isEmpty, "\(quiet.err)")
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: realTokenFolder.appendingPathComponent("adobe-spectrum/layout.json").path),
      "../shared/real-tokens is not there"))
  func spectrumLayoutPrintsASummaryNotHundredsOfLines() throws {
    let s = try Sandbox()
    let r = s.run([
      "add", realTokenFolder.appendingPathComponent("adobe-spectrum/layout.json").path,
    ])
    #expect(r.status == 0, "\(r.err.prefix(2000))")
    let lines = r.err.split(separator: "\n")
    #expect(lines.count <= 22, "\(lines.count) lines")
    #expect(r.err.contains("more warnings ("), "\(r.err)")
    #expect(r.err.contains("--verbose to show all)"), "\(r.err)")
  }

  @Test(.enabled(if: gitIsPresent, "git is not installed"))
  func compareNamesAMissingRevisionOrFolder() throws {
    let binary = try #require(builtBinary)
    let s = try Self.exportedDangling()
    #expect(git(["init", "-q"], in: s.url.path).status == 0)
    #expect(git(["add", "out"], in: s.url.path).status == 0)
    #expect(git(["commit", "-qm", "catalog"], in: s.url.path).status == 0)
    let cases: [(String, String)] = [
      ("git:nope:out", "git:nope:out: the revision 'nope' is not in this repository"),
      ("git:HEAD:gone", "git:HEAD:gone: the revision 'HEAD' has no folder 'gone'"),
      (
        "git:HEAD:out/catalog.json",
        "'out/catalog.json' is a file at revision 'HEAD', not a folder"
      ),
    ]
    for (location, message) in cases {
      let r = try runBinary(binary, ["compare", "git:HEAD:out", location], in: s.url)
      #expect(r.status == 1, "\(location)")
      #expect(r.err.contains(message), "\(location): \(r.err)")
      #expect(!r.err.contains("fatal:"), "\(r.err)")
    }
    let same = try runBinary(binary, ["compare", "git:HEAD:out", "git:HEAD:out"], in: s.url)
    #expect(same.status == 0, "\(same.err)")
  }

  @Test func theBuiltProgramSaysTheSame() throws {
    let binary = try #require(builtBinary)
    let s = try Self.exportedDangling()
    let folder = try runBinary(binary, ["--db", s.path("out"), "list"], in: s.url)
    #expect(folder.status == 1)
    #expect(folder.err.contains("it is a folder, not a catalog file"), "\(folder.err)")
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url)
    #expect(doctor.status == 0, "\(doctor.err)")
    #expect(doctor.out.contains("warning: missing-alias"))
    let imported = try runBinary(binary, ["--db", "other.db", "import", "out"], in: s.url)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(
      imported.err.hasPrefix(
        "out/tokens/t.tokens.json:3:12: warning: space.gap: the alias {space.missing} names no token"
      ), "\(imported.err)")
    #expect(imported.err.split(separator: "\n").count == 1, "\(imported.err)")
  }

  /// SwiftUI's rule for negative insets (OSUI `CGSize.outset(by:)`): the padding's size is
  /// the child's plus the insets, clamped at 0; the child keeps its size and overflows.
  @Test func negativePaddingNeverGivesANegativeSize() throws {
    let s = try Sandbox()
    let file = try s.write(
      "Neg.json",
      #"{"name": "Neg", "body": {"type": "VStack", "children": [{"type": "Text", "text": "x", "modifiers": [{"padding": {"length": -50}}]}, {"type": "Text", "text": "x", "modifiers": [{"padding": {"edges": ["horizontal"], "length": -2}}]}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let tree = s.run(["render", "Neg"])
    #expect(tree.status == 0, "\(tree.err)")
    // The padding is 0×0 (not -91×-78); its text keeps its size, outside the frame.
    #expect(
      tree.out.contains("  padding(-50)  (2.333, 0) 0×0\n    Text(\"x\")  (-47.667, -50) 8.333×22"),
      "\(tree.out)")
    // 2 pt off each side of the 8.667 pt wide "x".
    #expect(tree.out.contains("padding(.horizontal, -2)  (0, 8) 4.667×22"), "\(tree.out)")
    #expect(!tree.out.contains("×-"), "\(tree.out)")
    let html = s.run(["render", "Neg", "--format", "html"])
    #expect(html.status == 0)
    #expect(!html.out.contains("width: -") && !html.out.contains("height: -"))
    // CSS padding cannot be negative: the child is placed at its frame, and that is said.
    #expect(html.err.contains("negative padding (CSS padding cannot be negative)"), "\(html.err)")
    #expect(html.out.contains("left: -"), "\(html.out)")
  }
}
