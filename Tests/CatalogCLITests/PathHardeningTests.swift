import CatalogService
import Foundation
import Testing

/// Issue 12: a quoted `~` is a file name like any other (Foundation's
/// `URL(fileURLWithPath:)` expanded it to the home folder for some commands only), every
/// output path's kind is checked before it is opened (a FIFO hung `render --output`), and a
/// folder is a site or a catalog folder, never both.
@Suite struct PathHardeningTests {
  /// Where Foundation puts `~/name`: the folder a wrong expansion writes into.
  func expandedHome(_ name: String) -> String { URL(fileURLWithPath: "~/" + name).path }

  // MARK: - a quoted ~

  /// Each command family given a path starting with `~` (as a shell passes a quoted one),
  /// run by the built binary in a fresh working folder, reads and writes `./~/…` there and
  /// never the home folder. The names are unique, and anything a wrong expansion makes in
  /// the home folder is removed.
  @Test(.enabled(if: builtBinary != nil)) func aQuotedTildeIsTakenLiterally() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let fm = FileManager.default
    let unique = "catalog-tilde-\(UUID().uuidString)"
    let home = expandedHome(unique)
    defer { try? fm.removeItem(atPath: home) }
    let work = s.path("work")
    let local = work + "/~/" + unique
    try fm.createDirectory(atPath: local, withIntermediateDirectories: true)
    let tilde = "~/" + unique
    func run(_ args: [String], db: String? = nil) throws -> Run {
      try runBinary(binary, ["--db", db ?? s.db] + args, in: URL(fileURLWithPath: work))
    }
    func expectLocal(
      _ relative: String, _ r: Run, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(r.status == 0, "\(r.err)", sourceLocation: sourceLocation)
      #expect(
        fm.fileExists(atPath: local + "/" + relative), "\(relative) is not in ./~",
        sourceLocation: sourceLocation)
      #expect(
        !fm.fileExists(atPath: home), "wrote into the home folder", sourceLocation: sourceLocation)
    }
    // Folders: export (both formats), site; then import, check and compare read them.
    expectLocal("cat/catalog.json", try run(["export", tilde + "/cat"]))
    expectLocal("pkg/Package.swift", try run(["export", tilde + "/pkg", "--format", "swiftui"]))
    let site = try run(["site", tilde + "/site"])
    expectLocal("site/index.html", site)
    #expect(site.out.contains(work + "/~/" + unique + "/site"), "\(site.out)")
    expectLocal("new.db", try run(["import", tilde + "/cat"], db: tilde + "/new.db"))
    expectLocal("cat/catalog.json", try run(["check", tilde + "/cat"]))
    expectLocal("cat/catalog.json", try run(["compare", tilde + "/cat", s.db]))
    // Files: render, tokens export, backup, a new catalog.
    expectLocal(
      "r.svg", try run(["render", "TrackRow", "--format", "svg", "--output", tilde + "/r.svg"]))
    expectLocal(
      "t.css", try run(["tokens", "export", "--format", "css", "--output", tilde + "/t.css"]))
    expectLocal("b.db", try run(["backup", tilde + "/b.db"]))
    expectLocal("init.db", try run(["init"], db: tilde + "/init.db"))
    // Inputs: a token file's recorded source, a resolver document's `$ref`.
    try #"{"gap": {"$type": "dimension", "$value": {"value": 3, "unit": "px"}}}"#.write(
      toFile: local + "/x.tokens.json", atomically: false, encoding: .utf8)
    expectLocal("x.tokens.json", try run(["add", tilde + "/x.tokens.json"]))
    #expect(
      try count(
        "SELECT count(*) FROM token_set WHERE source = 'work/~/\(unique)/x.tokens.json'", in: s.db)
        == 1)
    try
      ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{"$ref": "x.tokens.json"}], "compact": [{}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##
      .write(toFile: local + "/r.resolver.json", atomically: false, encoding: .utf8)
    expectLocal(
      "r.resolver.json", try run(["tokens", "import-resolver", tilde + "/r.resolver.json"]))
  }

  // MARK: - the kind of an output

  /// `render --output`, `tokens export --output` and `backup` given a named FIFO nobody
  /// reads waited forever in `open(2)`; a folder or a FIFO is refused at once for every
  /// file output, naming what it is. (A helper opens the FIFO for reading after 5 s, so a
  /// regression fails instead of hanging the tests.)
  @Test(arguments: [
    ["render", "TrackRow", "--format", "svg", "--output"],
    ["tokens", "export", "--output"],
    ["tokens", "export", "--format", "css", "--output"],
    ["backup"],
  ])
  func aFIFOOrAFolderIsNotAFileOutput(_ command: [String]) throws {
    let s = try Sandbox.withExamples()
    let fifo = s.path("out.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let done = OutputTestStop()
    let unblocker = Thread {
      // After 5 s, a reader that drains the FIFO until the test ends.
      for _ in 0..<50 where !done.value { usleep(100_000) }
      guard !done.value else { return }
      let fd = open(fifo, O_RDONLY | O_NONBLOCK)
      guard fd >= 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while !done.value {
        if read(fd, &buffer, buffer.count) <= 0 { usleep(20_000) }
      }
      close(fd)
    }
    unblocker.start()
    defer { done.value = true }
    let r = s.run(command + [fifo])
    done.value = true
    #expect(r.status == 1, "\(r.out)")
    #expect(
      r.err.contains("will not write '\(fifo)': it is a named pipe (FIFO), not a regular file"),
      "\(r.err)")
    let folder = s.path("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let f = s.run(command + [folder])
    #expect(f.status == 1, "\(f.out)")
    #expect(f.err.contains("will not write '\(folder)': it is a folder, not a file"), "\(f.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  /// `export DIR` and `site OUTDIR` given a FIFO or a device refuse it as not a folder.
  @Test(arguments: [["export"], ["export", "--format", "swiftui"], ["site"]])
  func aFIFOOrADeviceIsNotAFolderOutput(_ command: [String]) throws {
    let s = try Sandbox.withExamples()
    let fifo = s.path("out.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for target in [fifo, "/dev/null"] {
      let r = s.run([command[0], target] + command.dropFirst())
      #expect(r.status == 1, "\(r.out)")
      #expect(r.err.contains("will not write '\(target)': it is a "), "\(r.err)")
      #expect(r.err.contains("not a folder"), "\(r.err)")
    }
  }

  /// What a user means by a device or a standard stream still works: `/dev/null` discards,
  /// `/dev/stdout` prints (run by the binary, whose standard output is a file here), and
  /// `/dev/full` fails on the write with the system's reason.
  @Test(.enabled(if: builtBinary != nil)) func devicesAndStandardStreamsAreOutputs() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let render = ["--db", s.db, "render", "TrackRow", "--format", "svg", "--output"]
    let null = try runBinary(binary, render + ["/dev/null"], in: s.url)
    #expect(null.status == 0, "\(null.err)")
    let stdout = try runBinary(binary, render + ["/dev/stdout"], in: s.url)
    #expect(stdout.status == 0, "\(stdout.err)")
    #expect(stdout.out.hasPrefix("<svg"), "\(stdout.out.prefix(80))")
    let full = try runBinary(binary, render + ["/dev/full"], in: s.url)
    #expect(full.status == 1)
    #expect(full.err.contains("No space left on device"), "\(full.err)")
  }

  @Test func theKindRuleByUse() throws {
    let s = try Sandbox()
    let fifo = s.path("p")
    #expect(mkfifo(fifo, 0o600) == 0)
    let file = try s.write("f", "x")
    #expect(OutputPathRule.kindProblem(s.path("absent"), use: .file) == nil)
    #expect(OutputPathRule.kindProblem(file, use: .file) == nil)
    #expect(OutputPathRule.kindProblem("/dev/null", use: .file) == nil)
    #expect(OutputPathRule.kindProblem(s.url.path, use: .file) != nil)
    #expect(OutputPathRule.kindProblem(fifo, use: .file) != nil)
    #expect(OutputPathRule.kindProblem(s.url.path, use: .folderWrittenInto) == nil)
    #expect(OutputPathRule.kindProblem(fifo, use: .folderWrittenInto) != nil)
    #expect(OutputPathRule.kindProblem("/dev/null", use: .folderWrittenInto) != nil)
    #expect(OutputPathRule.kindProblem(fifo, use: .replaced) == nil)
  }

  // MARK: - a site and a catalog folder never share a folder

  /// `site s; export s; site s` replaced the exported components/ and tokens/: now `export`
  /// refuses the site's folder, and `site` refuses a catalog folder even with the site's
  /// marker in it (as an older version could leave); nothing is deleted either way.
  @Test func aSiteAndACatalogFolderNeverShareAFolder() throws {
    let s = try Sandbox.withExamples()
    let fm = FileManager.default
    let folder = s.path("s")
    #expect(s.run(["site", folder]).status == 0)
    let siteFiles = try fm.subpathsOfDirectory(atPath: folder).sorted()
    let export = s.run(["export", folder])
    #expect(export.status == 1, "\(export.out)")
    #expect(export.err.contains("it holds .catalog-site"), "\(export.err)")
    #expect(export.err.contains("never both"), "\(export.err)")
    #expect(try fm.subpathsOfDirectory(atPath: folder).sorted() == siteFiles)
    // A folder holding both (left by a version without this rule): site refuses it.
    let both = s.path("both")
    #expect(s.run(["export", both]).status == 0)
    try "".write(toFile: both + "/" + SiteFolder.marker, atomically: false, encoding: .utf8)
    let exported = try fm.subpathsOfDirectory(atPath: both).sorted()
    let site = s.run(["site", both])
    #expect(site.status == 1, "\(site.out)")
    #expect(site.err.contains("it holds catalog.json"), "\(site.err)")
    #expect(site.err.contains("never both"), "\(site.err)")
    #expect(try fm.subpathsOfDirectory(atPath: both).sorted() == exported)
    // Each still writes its own folder again.
    #expect(s.run(["site", folder]).status == 0)
    let again = s.run(["export", s.path("cat")])
    #expect(again.status == 0)
    #expect(s.run(["export", s.path("cat")]).status == 0)
  }
}

/// A flag one thread sets and another reads.
final class OutputTestStop: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = false
  var value: Bool {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
