import CatalogEscaping
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Messages a first-time user met that said the wrong thing, or nothing: each says what
/// happened and names the right command, file or flag.
@Suite struct MessageWordingTests {
  static let dangling = #"{"a": {"$type": "dimension", "$value": "{missing.x}"}}"#

  @Test func allowDanglingWithStrictIsRefusedAsAPair() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let file = try s.write("d.tokens.json", Self.dangling)
    for command in [["add"], ["tokens", "import"]] {
      let r = s.run(command + [file, "--allow-dangling", "--strict"])
      #expect(r.status == 64, "\(command): \(r.err)")
      #expect(
        r.err.hasPrefix("Error: --allow-dangling and --strict cannot be used together"),
        "\(r.err)")
    }
  }

  @Test func quietWithVerboseIsRefused() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let file = try s.write("d.tokens.json", Self.dangling)
    let r = s.run(["add", file, "--quiet", "--verbose"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: --quiet and --verbose cannot be used together"), "\(r.err)")
  }

  /// `tokens import` refused a dangling alias telling the user to "add the file".
  @Test func aDanglingRefusalNamesBothImportingCommands() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["tokens", "import", try s.write("d.tokens.json", Self.dangling)])
    #expect(r.status == 1)
    #expect(!r.err.contains("add the file"), "\(r.err)")
    #expect(r.err.contains("the same `catalog add` or `catalog tokens import` command line"))
  }

  struct ManifestCase: Sendable, CustomTestStringConvertible {
    var manifest: String
    var message: String
    var testDescription: String { message }
  }

  /// A manifest member, format or dangling-alias entry this version does not know was
  /// ignored; each is now an error naming it.
  @Test(arguments: [
    ManifestCase(
      manifest: #"{"format": "catalog-folder", "formatVersion": 1, "tokenSet": ["a"]}"#,
      message: "catalog.json: unknown member 'tokenSet'"),
    ManifestCase(
      manifest: #"{"format": "style-dictionary", "formatVersion": 1, "tokenSets": ["a"]}"#,
      message: #"catalog.json: format: expected "catalog-folder", got "style-dictionary""#),
    ManifestCase(
      manifest:
        #"{"format": "catalog-folder", "formatVersion": 1, "tokenSets": ["a"], "danglingAliases": ["no.such"]}"#,
      message:
        "catalog.json: danglingAliases[0]: no token file of this folder defines a token {no.such}"
    ),
  ])
  func aManifestEntryThatNamesNothingIsAnError(_ c: ManifestCase) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: s.path("dir/tokens"), withIntermediateDirectories: true)
    try s.write("dir/catalog.json", c.manifest)
    try s.write(
      "dir/tokens/a.tokens.json", #"{"x": {"$type": "dimension", "$value": "{y}"}}"#)
    let r = s.run(["import", s.path("dir"), "--allow-dangling"])
    #expect(r.status == 1)
    #expect(r.err.contains(c.message), "\(r.err)")
  }

  /// doctor said "kept by --allow-dangling" for an alias whose token `tokens remove --force`
  /// had removed.
  @Test func doctorSaysTheTokenWasRemovedWithForce() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let file = try s.write(
      "r.tokens.json",
      #"{"base": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "alias": {"$type": "dimension", "$value": "{base}"}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "remove", "base", "--force"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0)
    let text = doctor.out + doctor.err
    #expect(
      text.contains(
        "a token {base} existed and was removed (`catalog tokens history base` shows when)"),
      "\(text)")
    #expect(!text.contains("kept by --allow-dangling"))
  }

  /// A newline or U+200B in a name was printed raw, splitting or hiding the message.
  @Test func aNameIsEscapedOnOneLineInAnError() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["show", "Track\nRow\u{200B}"])
    #expect(r.status == 1)
    #expect(r.err.hasPrefix(#"Error: no component named 'Track\nRow\u{200B}' in "#), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1)
    let token = s.run(["tokens", "get", "space\u{2028}sm"])
    #expect(token.err.hasPrefix(#"Error: no token {space\u{2028}sm}"#), "\(token.err)")
  }

  /// The one terminal escaper: line breaks kept only when asked, hidden characters shown.
  @Test func theTerminalEscaper() {
    #expect(Escaping.terminal("a\nb\tc") == #"a\nb"# + "\tc")
    #expect(Escaping.terminal("a\nb", keepingLineBreaks: true) == "a\nb")
    #expect(
      Escaping.terminal("\u{1B}[2J\u{200B}\u{202E}\u{AD}x") == #"\u{1B}[2J\u{200B}\u{202E}\u{AD}x"#)
    #expect(Escaping.terminal("café ✓") == "café ✓")
  }

  /// The backup message named the temporary `.b.db.creating-…` file.
  @Test func aFailedBackupNamesTheDestination() throws {
    let s = try Sandbox.withExamples()
    let target = s.path("missing/b.db")
    let r = s.run(["backup", target])
    #expect(r.status == 1)
    #expect(r.err.contains("'\(target)'"), "\(r.err)")
    #expect(!r.err.contains(".creating"), "\(r.err)")
  }

  /// The damaged-file advice said `sqlite3 catalog.db .recover` whatever the file was.
  @Test func theRecoverAdviceNamesTheDamagedFile() throws {
    let s = try Sandbox.withExamples()
    let db = s.path("my catalog.db")
    try FileManager.default.copyItem(atPath: s.db, toPath: db)
    let handle = try #require(FileHandle(forUpdatingAtPath: db))
    try handle.seek(toOffset: 4096 * 3)
    handle.write(Data([0x0D] + [UInt8](repeating: 0xFF, count: 4000)))
    try handle.close()
    let r = s.run(["doctor"], db: db)
    #expect(r.status == 1)
    #expect(r.out.contains("sqlite3 '\(db)' .recover"), "\(r.out)")
    #expect(!r.out.contains("sqlite3 catalog.db"))
  }

  /// `export f.swift --format swiftui` onto a file spoke of catalog.json and components/.
  @Test func exportSwiftUIOntoAFileSaysWhatItWrites() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write("Tokens.swift", "// mine\n")
    let r = s.run(["export", file, "--format", "swiftui"])
    #expect(r.status == 1)
    #expect(r.err.contains("export --format swiftui writes a Swift package folder"), "\(r.err)")
    #expect(r.err.contains("catalog tokens export --format swift --output FILE"))
    #expect(!r.err.contains("catalog.json"))
  }

  /// A read error said only "cannot read the file"; now with the system's reason.
  @Test func aReadErrorSaysWhy() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    // Reading /proc/self/mem at offset 0 fails with EIO on Linux.
    let r = s.run(["add", "/proc/self/mem"])
    #expect(r.status == 1)
    #expect(r.err.contains("/proc/self/mem: cannot read the file: Input/output error"), "\(r.err)")
  }

  /// A shell's pipe (`add <(generate-tokens)`) is read to its end like a file; a named FIFO
  /// is refused (ReadOnlyInputAndQueryTests.aNamedFIFOIsRefusedAtOnce).
  @Test func aShellsPipeIsRead() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let token = #"{"gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#
    let r = try runBinary(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "--norc", "--noprofile", "-c",
        "\"$0\" --db \"$1\" add <(printf '%s' \"$2\") --set piped && printf '%s' \"$2\" | \"$0\" --db \"$1\" add /dev/stdin --set stdin",
        binary.path, s.db, token,
      ], in: s.url)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.components(separatedBy: "Imported 1 token").count == 3, "\(r.out)")
  }

  /// `x.tokens.yaml` became the set `x.tokens` (exported as `x.tokens.tokens.json`) where
  /// `x.tokens.json` became `x`: the `.tokens` marker is dropped in every format.
  @Test(arguments: ["space.tokens.json", "space.tokens.yaml", "space.tokens.json5", "space.tokens"])
  func theTokensSuffixIsOneRuleForSetNames(_ fileName: String) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let text =
      fileName.hasSuffix(".yaml")
      ? "gap:\n  $type: dimension\n  $value: {value: 4, unit: px}\n"
      : #"{"gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#
    let r = s.run(["tokens", "import", try s.write(fileName, text)])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("into set 'space'"), "\(r.out)")
    #expect(s.run(["export", s.path("out")]).status == 0)
    #expect(FileManager.default.fileExists(atPath: s.path("out/tokens/space.tokens.json")))
  }
}
