import CatalogCLI
import CatalogFonts
import Foundation
import Testing

/// What a short command touches (issue 17, point 4): `--help` opens neither the catalog nor
/// a font, reading commands open the catalog read-only and write nothing beside it, and
/// the Swift commands live in `catalog-swift`.
@Suite struct StartupTests {
  /// The file's bytes and modification time.
  static func fingerprint(_ path: String) throws -> (Data, Date?) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
    return (data, modified as? Date)
  }

  /// The files SQLite may leave beside a catalog that are there.
  static func sidecars(_ path: String) -> [String] {
    ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: path + $0) }
  }

  @Test(
    "--help opens no catalog and no font",
    arguments: [
      ["--help"], ["help"], ["list", "--help"], ["help", "render"], ["render", "--help"],
      ["import-swift", "--help"],
    ])
  func helpTouchesNothing(_ args: [String]) throws {
    let s = try Sandbox()
    // Not SQLite: opening it as a catalog would fail, and creating one would replace it.
    let db = try s.write("not-a-catalog.db", "plain text, not a catalog\n")
    let before = try Self.fingerprint(db)
    let log = FontLoadLog()
    let run = FontLoadLog.$current.withValue(log) {
      catalog(["--db", db] + args, environment: ["CATALOG_TEXT_METRICS": "font"])
    }
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("USAGE:"))
    #expect(run.err.isEmpty)
    #expect(log.paths.isEmpty, "--help opened \(log.paths)")
    let after = try Self.fingerprint(db)
    #expect(after.0 == before.0 && after.1 == before.1)
    #expect(Self.sidecars(db).isEmpty)
  }

  @Test("list opens no font and the catalog read-only")
  func listTouchesNoFont() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let before = try Self.fingerprint(s.db)
    let log = FontLoadLog()
    let run = FontLoadLog.$current.withValue(log) {
      s.run(["list"], environment: ["CATALOG_TEXT_METRICS": "font"])
    }
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("Card"))
    #expect(log.paths.isEmpty, "list opened \(log.paths)")
    let after = try Self.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
  }

  @Test(
    "reading commands write nothing: no -wal, -shm or -journal beside a rollback-journal catalog",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
  func readingCommandsWriteNothing() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    // As a catalog copied from elsewhere or shipped read-only would be.
    _ = try sqlite3(s.db, "PRAGMA journal_mode = DELETE")
    #expect(Self.sidecars(s.db).isEmpty)
    let before = try Self.fingerprint(s.db)
    for args in [
      ["list"], ["show", "Card"], ["render", "Card"], ["tokens", "list"], ["lint"],
      ["history", "Card"], ["platforms", "list"],
    ] {
      let run = s.run(args)
      #expect(run.status == 0, "\(args): \(run.err)")
      #expect(Self.sidecars(s.db).isEmpty, "\(args) left \(Self.sidecars(s.db))")
    }
    let after = try Self.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
  }

  @Test(
    "a read-only catalog in WAL mode in a read-only folder can be read",
    .enabled(
      if: canRunUnprivileged,
      "as root, needs setpriv (util-linux) to read as nobody"))
  func readOnlyWALCatalog() throws {
    let binary = try #require(builtBinary)
    let (s, _) = try Sandbox.exampleWithGap()
    #expect(Self.sidecars(s.db).isEmpty)
    let before = try Self.fingerprint(s.db)
    // Nobody may write the file or create files beside it.
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: s.db)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: s.url.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: s.url.path)
    }
    for args in [["list"], ["render", "Gap"], ["tokens", "list"]] {
      let run = try runBinaryUnprivileged(binary, ["--db", s.db] + args)
      #expect(run.status == 0, "\(args): \(run.err)")
      #expect(run.err.isEmpty, "\(args): \(run.err)")
    }
    #expect(Self.sidecars(s.db).isEmpty)
    let after = try Self.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
  }

  @Test("import-swift without catalog-swift beside catalog names what is missing")
  func missingSwiftExecutable() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    // catalog alone in a folder: no catalog-swift beside it.
    let lonely = s.path("catalog")
    // Written close-on-exec and renamed into place, so no child another test forks holds it
    // open for writing when it is run (ETXTBSY).
    try ExecutableCopy.copy(binary, to: URL(fileURLWithPath: lonely))
    let swiftFile = try s.write(
      "View.swift", "struct V: View { var body: some View { Text(\"a\") } }\n")
    for command in ["import-swift", "check-swift"] {
      let run = try runBinary(URL(fileURLWithPath: lonely), [command, swiftFile], in: s.url)
      #expect(run.status == 1)
      #expect(run.out.isEmpty)
      #expect(
        run.err.contains(
          "'\(command)' runs in the executable catalog-swift, which is missing (looked for \(s.path("catalog-swift"))"
        ),
        "\(run.err)")
      #expect(run.err.contains("SwiftSyntax/SwiftParser"))
    }
    // Help and usage errors need no catalog-swift.
    #expect(
      try runBinary(URL(fileURLWithPath: lonely), ["import-swift", "--help"], in: s.url).status == 0
    )
    let usage = try runBinary(
      URL(fileURLWithPath: lonely), ["check-swift", "--format", "xml", swiftFile], in: s.url)
    #expect(usage.status == 64, "\(usage.err)")
  }
}

/// `lint` when the catalog has no token of the kind a length needs (issue 14 leftovers).
@Suite struct LintKindMessageTests {
  @Test func aFrameHeightWithOnlySpacingTokensSaysThereIsNoSizeToken() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let file = try s.write(
      "Badge.json",
      #"{"name": "Badge", "body": {"type": "Text", "text": "New", "modifiers": [{"frame": {"height": 24}}, {"padding": {"length": 13}}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let lint = s.run(["lint"])
    let lines = (lint.out + lint.err).split(separator: "\n").filter { $0.contains("Badge") }
    let frame = lines.first { $0.contains("frame.height") }
    #expect(
      frame?.contains(
        "the literal 24 in frame.height is not on the token scale; no size token in the catalog (its dimension tokens are all spacing tokens)"
      ) == true, "\(lint.out)\(lint.err)")
    #expect(!(lint.out + lint.err).contains("nearest: \n"))
    #expect(!lines.contains { $0.hasSuffix("nearest:") || $0.hasSuffix("nearest: ") })
    // A padding of 13 still names the nearest spacing tokens.
    #expect(lines.contains { $0.contains("padding") && $0.contains("nearest: {") }, "\(lines)")
  }
}

/// Tokens Studio `$themes`, checked one theme at a time at import (issue 14 leftovers).
@Suite struct TokensStudioThemeCheckTests {
  static let file = """
    {"global": {"spacing": {"sm": {"value": "8", "type": "spacing"}}},
     "compact": {"spacing": {"sm": {"value": "4", "type": "spacing"}}},
     "$themes": [
       {"name": "Compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}},
       {"name": "Roomy", "group": "density", "selectedTokenSets": {"global": "source", "roomy": "enabled"}}],
     "$metadata": {"tokenSetOrder": ["global", "compact"]}}
    """

  @Test func aThemeSelectingAMissingSetIsNamedWithItsJSONPath() throws {
    let s = try Sandbox()
    let path = try s.write("studio.json", Self.file)
    let add = s.run(["add", path])
    #expect(add.status == 0, "\(add.err)")
    #expect(add.err.contains("\(path):5:"), "\(add.err)")
    #expect(
      add.err.contains(
        ": warning: $themes[1].selectedTokenSets.roomy: theme 'Roomy' selects the token set 'roomy', which the file does not have (its sets: compact, global); the theme is imported without it"
      ), "\(add.err)")
    let strict = try Sandbox()
    let refused = strict.run(["add", "--strict", try strict.write("studio.json", Self.file)])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains(
        "$themes[1].selectedTokenSets.roomy: theme 'Roomy' selects the token set 'roomy'"),
      "\(refused.err)")
    #expect(!FileManager.default.fileExists(atPath: strict.db))
  }

  @Test(arguments: [
    (#"[{"group": "density"}]"#, #"$themes[0]: a theme needs a string "name""#),
    (#"[3]"#, "$themes[0]: a theme must be an object with a name"),
    (#"{"name": "A"}"#, "$themes: $themes must be an array of themes"),
    (
      #"[{"name": "A", "selectedTokenSets": {"global": "on"}}]"#,
      #"$themes[0].selectedTokenSets.global: theme 'A': the status of set 'global' must be "source", "enabled" or "disabled""#
    ),
    (
      #"[{"name": "A", "selectedTokenSets": ["global"]}]"#,
      "$themes[0].selectedTokenSets: theme 'A': selectedTokenSets must be an object"
    ),
    (
      #"[{"name": "A", "selectedTokenSets": {}}, {"name": "A", "selectedTokenSets": {}}]"#,
      "$themes[1]: theme 'A' appears twice in group 'theme' (first at $themes[0])"
    ),
  ])
  func badThemesAreRefused(_ themes: String, _ message: String) throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.json",
      #"{"global": {"spacing": {"sm": {"value": "8", "type": "spacing"}}}, "$metadata": {"tokenSetOrder": ["global"]}, "$themes": "#
        + themes + "}")
    let add = s.run(["add", file])
    #expect(add.status == 1)
    #expect(add.err.contains(message), "\(add.err)")
    #expect(add.err.contains("\(file):1:"), "\(add.err)")
  }
}
