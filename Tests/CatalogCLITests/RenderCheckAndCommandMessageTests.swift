import CatalogServer
import Foundation
import Testing

/// Review 17, point 1: every write applies the rule `doctor` checks, that a component
/// renders with its defaults and each variant, before saving.
@Suite struct SavedComponentsRenderTests {
  static let counted =
    #"{"name": "Cnt", "parameters": {"n": {"type": "number", "default": 20000}}, "body": {"type": "ForEach", "count": "$n", "children": [{"type": "Text", "text": "x"}]}}"#
  static let nested =
    #"{"name": "Nest", "body": {"type": "ForEach", "count": 1000, "children": [{"type": "ForEach", "count": 1000, "children": [{"type": "Text", "text": "x"}]}]}}"#
  static let badVariant =
    #"{"name": "Rows", "parameters": {"n": {"type": "number", "default": 3}}, "variants": {"huge": {"n": 20000}}, "body": {"type": "ForEach", "count": "$n", "children": [{"type": "Text", "text": "x"}]}}"#

  @Test func addRefusesAComponentWhoseDefaultsDoNotRender() throws {
    let s = try Sandbox()
    let file = try s.write("Cnt.json", Self.counted)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("Cnt: body.count: defaults does not render"), "\(r.err)")
    #expect(r.err.contains("the count must be a whole number from 0 to 10000"), "\(r.err)")
    #expect(r.err.contains("(pass --force to save anyway)"), "\(r.err)")
    #expect(r.err.contains("Cnt.json:1:"), "\(r.err)")
    #expect(!r.out.contains("Added"))
    #expect(s.run(["list"]).out.contains("no components") || !s.run(["list"]).out.contains("Cnt"))
    // --force saves it, with the problem as a warning; doctor then reports it.
    let forced = s.run(["add", file, "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("warning:") && forced.err.contains("defaults does not render"))
    #expect(s.run(["doctor"]).status == 1)
  }

  @Test func addRefusesAVariantThatDoesNotRenderNamingIt() throws {
    let s = try Sandbox()
    let r = s.run(["add", try s.write("Rows.json", Self.badVariant)])
    #expect(r.status == 1)
    #expect(r.err.contains("Rows: body.count: variant huge does not render"), "\(r.err)")
  }

  @Test func addRefusesNestedLoopsPastTheViewLimit() throws {
    let s = try Sandbox()
    let r = s.run(["add", try s.write("Nest.json", Self.nested)])
    #expect(r.status == 1)
    #expect(r.err.contains("resolves to more than 500000 views"), "\(r.err)")
  }

  @Test func importRefusesAFolderWithAComponentThatDoesNotRender() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(s.run(["export", s.path("out")]).status == 0)
    try Self.counted.write(
      toFile: s.path("out/components/Cnt.json"), atomically: true, encoding: .utf8)
    let r = s.run(["import", s.path("out")])
    #expect(r.status == 1)
    #expect(r.err.contains("Cnt: body.count: defaults does not render"), "\(r.err)")
  }
}

/// Review 17, point 2: a catalog `remove --force` left an instance of a removed component
/// in exports with a warning, and the folder imports back (with --force) into an equal
/// catalog.
@Suite struct RemovedComponentRoundTripTests {
  @Test func exportWarnsAndImportForceKeepsTheInstance() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let refused = s.run(["remove", "TitleBlock"])
    #expect(refused.status == 1)
    // Review 17, point 3: the refusal names the flag.
    #expect(refused.err.contains("or pass --force to remove it anyway"), "\(refused.err)")
    #expect(s.run(["remove", "TitleBlock", "--force"]).status == 0)
    let export = s.run(["export", s.path("out")])
    #expect(export.status == 0)
    #expect(
      export.err.contains(
        "warning: Card instances TitleBlock, which the catalog does not hold (removed with --force); the folder imports back only with `catalog import --force`"
      ), "\(export.err)")
    let other = s.path("new.db")
    let plain = s.run(["import", s.path("out")], db: other)
    #expect(plain.status == 1)
    #expect(plain.err.contains("unknown view type 'TitleBlock'"))
    let forced = s.run(["import", s.path("out"), "--force"], db: other)
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("kept an instance of TitleBlock"), "\(forced.err)")
    // The same catalog: the same folder, and doctor finds the same problem in both.
    let again = s.run(["export", s.path("again")], db: other)
    #expect(again.status == 0)
    for file in ["catalog.json", "components/Card.json", "tokens/spacing.tokens.json"] {
      let a = try String(contentsOfFile: s.path("out/\(file)"), encoding: .utf8)
      let b = try String(contentsOfFile: s.path("again/\(file)"), encoding: .utf8)
      #expect(a == b, "\(file)")
    }
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: s.path("out")).sorted()
        == FileManager.default.subpathsOfDirectory(atPath: s.path("again")).sorted())
    let doctor = s.run(["doctor"], db: other)
    #expect(doctor.out.contains("missing-component: Card body.children[1]"), "\(doctor.out)")
  }

  @Test func exportOfASoundCatalogWarnsOfNothing() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let export = s.run(["export", s.path("out")])
    #expect(export.status == 0)
    #expect(export.err.isEmpty, "\(export.err)")
  }
}

/// Review 17, point 3: messages that said less than they should.
@Suite struct CommandMessageTests {
  /// `--db ''` is a usage error (exit 64) before or after the command, as every other
  /// empty path is (it exited 1 with "cannot open the catalog").
  @Test(arguments: [["list"], ["init"], ["doctor"], ["export", "out"], ["tokens", "list"]])
  func anEmptyCatalogPathIsAUsageError(args: [String]) throws {
    for line in [["--db", ""] + args, args + ["--db", ""], ["--db="] + args] {
      let r = catalog(line)
      #expect(r.status == 64, "\(line): \(r.err)")
      #expect(r.out.isEmpty, "\(line): \(r.out)")
      #expect(
        r.err.hasPrefix(
          "Error: The value '' is invalid for '--db <path>': the path is empty, which names no file (is a shell variable unset?); give the catalog file, or leave --db out to use $CATALOG_DB or ./catalog.db\nUsage: catalog \(args[0])"
        ), "\(line): \(r.err)")
    }
  }

  @Test func swiftAndAndroidExportsCountTheTokensWritten() throws {
    let s = try Sandbox()
    let tokens = try s.write(
      "t.tokens.json",
      #"{"space": {"a": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "b": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}, "brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}, "ease": {"$type": "duration", "$value": {"value": 100, "unit": "ms"}}}"#
    )
    #expect(s.run(["add", tokens]).status == 0)
    for format in ["swift", "android"] {
      let ext = format == "swift" ? "swift" : "xml"
      let r = s.run(["tokens", "export", "--format", format, "--output", s.path("T.\(ext)")])
      #expect(r.status == 0, "\(r.err)")
      #expect(r.out.hasPrefix("Wrote 2 tokens to"), "\(format): \(r.out)")
      #expect(r.err.contains("not in the \(format) export"), "\(format): \(r.err)")
    }
    // Every token written: the count is all of them.
    let json = s.run(["tokens", "export", "--format", "dtcg", "--output", s.path("T.json")])
    #expect(json.out.hasPrefix("Wrote 4 tokens to"), "\(json.out)")
  }

  @Test func platformsSetWithNothingToChangeIsRefused() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["platforms", "set", "ios"])
    #expect(r.status == 64, "\(r.out)\(r.err)")
    #expect(
      r.err.contains("nothing to change: give --spacing, --padding or --scale"), "\(r.err)")
    #expect(!r.out.contains("Updated"))
  }

  @Test func renderSwiftUIWarnsOfTheOptionsItDoesNotUse() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let r = s.run([
      "render", "Card", "--format", "swiftui", "-a", "title=X", "--variant", "long",
      "--width", "100", "--layout-direction", "rtl",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains(
        "warning: swiftui: -a/--argument, --variant, --width, --layout-direction do not apply to --format swiftui"
      ), "\(r.err)")
    let plain = s.run(["render", "Card", "--format", "swiftui"])
    #expect(!plain.err.contains("do not apply"), "\(plain.err)")
  }

  /// The options `--format swiftui` warns it ignores are not read: a variant, argument or
  /// input the component does not have is no error (review: the warning said "ignored" while
  /// a bad `--variant` failed the command), and a required parameter needs no `-a`.
  @Test func renderSwiftUIDoesNotReadTheOptionsItIgnores() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let r = s.run([
      "render", "Card", "--format", "swiftui", "--variant", "nope", "-a", "bogus=1",
      "--input", "theme=nowhere", "--platform", "nowhere", "--text-metrics", "fixed",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("struct Card"), "\(r.out)")
    #expect(
      r.err.contains(
        "warning: swiftui: -a/--argument, --variant, --platform, --text-metrics, --input do not apply to --format swiftui"
      ), "\(r.err)")
    let required = try s.write(
      "Req.json",
      #"{"name": "Req", "parameters": {"title": {"type": "string"}}, "body": {"type": "Text", "text": "$title"}}"#
    )
    #expect(s.run(["add", required]).status == 0)
    let req = s.run(["render", "Req", "--format", "swiftui"])
    #expect(req.status == 0, "\(req.err)")
    #expect(req.out.contains("#Preview(\"Req\") {\n  Req(title: \"title\")\n}"), "\(req.out)")
    let matrix = s.run(["render", "Card", "--format", "swiftui", "--matrix"])
    #expect(matrix.status == 64, "\(matrix.err)")
    // The usage error comes alone: no "ignored" warning for a run that does nothing.
    let both = s.run(["render", "Card", "--format", "swiftui", "--matrix", "--width", "10"])
    #expect(both.status == 64 && !both.err.contains("warning:"), "\(both.err)")
    let unknown = s.run(["render", "Nope", "--format", "swiftui", "--variant", "x"])
    #expect(unknown.status == 1 && unknown.err.contains("Nope"), "\(unknown.err)")
  }

  @Test func aTokenFileWithNoStorableTokenCreatesNoSet() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    var members: [String] = []
    for i in 0..<30 { members.append(#""b\#(i)": {"$type": "boolean", "$value": true}"#) }
    let file = try s.write("flags.tokens.json", "{\"flag\": {\(members.joined(separator: ", "))}}")
    let r = s.run(["add", file, "--verbose"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains(
        "no token of the file can be stored (each is left out above); the set 'flags' was not created"
      ),
      "\(r.err)")
    #expect(!s.run(["tokens", "sets"]).out.contains("flags"))
  }

  @Test func aStreamNeedsSetToNameItsTokenSet() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let tokens = try s.write("t.tokens.json", ReadOnlyInputAndQueryTests.token)
    #expect(s.run(["init"]).status == 0)
    let bash = URL(fileURLWithPath: "/bin/bash")
    let quoted = "'\(binary.path)' --db '\(s.db)' add"
    let stream = try runBinary(bash, ["-c", "\(quoted) <(cat '\(tokens)')"], in: s.url)
    #expect(stream.status == 1)
    #expect(stream.err.contains("not a named file"), "\(stream.err)")
    #expect(stream.err.contains("give the set's name with --set"), "\(stream.err)")
    let named = try runBinary(
      bash, ["-c", "\(quoted) --set piped <(cat '\(tokens)')"], in: s.url)
    #expect(named.status == 0, "\(named.err)")
    #expect(s.run(["tokens", "sets"]).out.contains("piped"))
  }

  @Test(
    .enabled(if: canRunUnprivileged, "as root, needs setpriv (util-linux) to run as nobody"))
  func backupIntoAFolderThatCannotBeWrittenSaysSo() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let folder = s.path("locked")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    try s.makeCatalogReadOnlyInASharedFolder()
    let r = try runBinaryUnprivileged(binary, ["--db", s.db, "backup", folder + "/b.db"])
    #expect(r.status == 1)
    #expect(r.err.contains("the folder '\(folder)' cannot be written by this user"), "\(r.err)")
    #expect(!r.err.contains("does not exist or cannot be opened"), "\(r.err)")
  }

  @Test func serveCutsLongRequestTextInTheLogAndInMessages() throws {
    let long = "/" + String(repeating: "a", count: 20_000)
    let line = CatalogServer.logLine(
      method: "GET", target: Array(long.utf8), arguments: [], status: 404, bytes: 10,
      milliseconds: 1)
    #expect(line.count < 300, "\(line.count)")
    #expect(line.contains("...(20001 bytes) 404"), "\(line.prefix(40))")
    let s = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let reply = server.response(
      method: "GET", path: "/api/components/" + String(repeating: "b", count: 20_000), query: [:])
    #expect(reply.status == 404)
    #expect(reply.body.count < 1000, "\(reply.body.count)")
    #expect(String(decoding: reply.body, as: UTF8.self).contains("...(20000 bytes)"))
  }
}
