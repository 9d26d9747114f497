import CatalogModel
import Foundation
import Testing

/// Every file of a folder, by relative path.
func folderContents(_ path: String) -> [String: Data] {
  var out: [String: Data] = [:]
  guard let e = FileManager.default.enumerator(atPath: path) else { return out }
  for case let name as String in e {
    var isDirectory: ObjCBool = false
    let full = (path as NSString).appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      out[name] = FileManager.default.contents(atPath: full)
    }
  }
  return out
}

/// Runs git in a folder with a fixed identity; returns the status and output.
@discardableResult
func git(_ args: [String], in directory: String) -> (status: Int32, out: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "git", "-c", "user.name=Catalog Tests", "-c", "user.email=tests@example.com", "-c",
      "commit.gpgsign=false", "-c", "init.defaultBranch=main",
    ] + args
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  do { try process.run() } catch { return (127, "\(error)") }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

let gitIsPresent = git(["--version"], in: "/").status == 0

/// Every real token file `catalog add` accepts, relative to ../shared/real-tokens.
let realTokenFolder = cliPackageRoot.deletingLastPathComponent().appendingPathComponent(
  "shared/real-tokens")
let realTokenFiles: [String] = {
  guard let e = FileManager.default.enumerator(atPath: realTokenFolder.path) else { return [] }
  return e.compactMap { $0 as? String }
    .filter {
      [".json", ".json5", ".yml"].contains(where: $0.hasSuffix) && !$0.contains("/negative/")
    }.sorted()
}()

/// `catalog export DIR` / `catalog import DIR`: deterministic bytes, round trips, prune.
@Suite struct FolderExchangeTests {
  /// A catalog with every example, the density resolver and the lint demo.
  static func fullExamples() throws -> Sandbox {
    let sandbox = try Sandbox.withExamples()
    let resolver = sandbox.run([
      "tokens", "import-resolver",
      cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json").path,
    ])
    #expect(resolver.status == 0, "\(resolver.err)")
    // The demo's broken variant does not render: saved with --force (review 17).
    let lint = sandbox.run([
      "add", "--force",
      cliPackageRoot.appendingPathComponent("examples/lint/lint-demo.tokens.json").path,
      cliPackageRoot.appendingPathComponent("examples/lint/LintDemo.json").path,
    ])
    #expect(lint.status == 0, "\(lint.err)")
    return sandbox
  }

  /// export → import into an empty catalog → export gives the same bytes.
  /// `force`: the catalog holds a component saved with `--force` (the lint demo's variant
  /// that does not render), which the import needs too.
  static func expectRoundTrip(_ sandbox: Sandbox, label: String, force: Bool = false) {
    let first = sandbox.run(["export", sandbox.path("one")])
    #expect(first.status == 0, "\(label): \(first.err)")
    let imported = sandbox.run(
      ["import", sandbox.path("one")] + (force ? ["--force"] : []), db: sandbox.path("copy.db"))
    #expect(imported.status == 0, "\(label): \(imported.err)")
    let second = sandbox.run(["export", sandbox.path("two")], db: sandbox.path("copy.db"))
    #expect(second.status == 0, "\(label): \(second.err)")
    let a = folderContents(sandbox.path("one"))
    let b = folderContents(sandbox.path("two"))
    #expect(!a.isEmpty)
    #expect(a.keys.sorted() == b.keys.sorted(), "\(label)")
    for (name, data) in a where b[name] != data {
      Issue.record("\(label): \(name) differs after export → import → export")
    }
    for (name, data) in a {
      let text = String(decoding: data, as: UTF8.self)
      #expect(
        text.hasSuffix("\n") && !text.hasSuffix("\n\n"),
        "\(label): \(name) must end with one newline")
      #expect(!text.contains(sandbox.url.path), "\(label): \(name) holds an absolute path")
      #expect(!text.contains("\t"), "\(label): \(name) is indented with tabs")
    }
  }

  @Test func examplesRoundTripByteForByte() throws {
    let sandbox = try Self.fullExamples()
    Self.expectRoundTrip(sandbox, label: "examples", force: true)
    let files = folderContents(sandbox.path("one")).keys.sorted()
    #expect(files.contains("catalog.json") && files.contains("platforms.json"))
    #expect(
      files.contains("components/TrackRow.json") && files.contains("tokens/spacing.tokens.json"))
    #expect(files.contains("resolvers/density.resolver.json"))
    // The component file is what `show` prints.
    let show = sandbox.run(["show", "TrackRow"])
    #expect(
      String(
        decoding: folderContents(sandbox.path("one"))["components/TrackRow.json"] ?? Data(),
        as: UTF8.self) == show.out)
    // Exporting again changes nothing.
    let again = sandbox.run(["export", sandbox.path("one")])
    #expect(again.out.contains("0 written"), "\(again.out)")
  }

  /// `export` into a folder that no export wrote (no `catalog.json`) removed the `*.json`
  /// files it found in `components/` and `tokens/` (review 16): they are left alone; in a
  /// folder it wrote, a component the catalog no longer has is still removed.
  @Test func exportRemovesOnlyWhatAnExportWrote() throws {
    let sandbox = try Self.fullExamples()
    let mine = sandbox.path("mine")
    for folder in ["components", "tokens"] {
      try FileManager.default.createDirectory(
        atPath: "\(mine)/\(folder)", withIntermediateDirectories: true)
    }
    try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(mine)/components/Mine.json"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(mine)/tokens/mine.tokens.json"))
    let first = sandbox.run(["export", mine])
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out.contains("0 removed"), "\(first.out)")
    let files = folderContents(mine)
    #expect(files["components/Mine.json"] == Data("{}".utf8))
    #expect(files["tokens/mine.tokens.json"] == Data("{}".utf8))
    #expect(files["catalog.json"] != nil && files["components/TrackRow.json"] != nil)
    // The folder is now an export's: a component file the catalog does not have is removed.
    for name in ["components/Mine.json", "tokens/mine.tokens.json"] {
      try FileManager.default.removeItem(atPath: "\(mine)/\(name)")
    }
    let trackRow = String(decoding: files["components/TrackRow.json"] ?? Data(), as: UTF8.self)
    let old = trackRow.replacing("\"name\": \"TrackRow\"", with: "\"name\": \"Old\"")
    #expect(old != trackRow)
    try Data(old.utf8).write(to: URL(fileURLWithPath: "\(mine)/components/Old.json"))
    let again = sandbox.run(["export", mine])
    #expect(again.out.contains("1 removed"), "\(again.out)\(again.err)")
    #expect(folderContents(mine)["components/Old.json"] == nil)
  }

  @Test(
    .enabled(if: !realTokenFiles.isEmpty, "../shared/real-tokens is not there"),
    arguments: realTokenFiles)
  func realTokenFilesRoundTrip(_ name: String) throws {
    let sandbox = try Sandbox()
    let add = sandbox.run(["add", realTokenFolder.appendingPathComponent(name).path])
    // Files that name tokens of another file are refused alone; they round-trip with it.
    guard add.status == 0 else {
      #expect(add.err.contains("Error"), "\(name): \(add.err)")
      return
    }
    Self.expectRoundTrip(sandbox, label: name)
  }

  @Test func setPrecedenceAndLintSettingsSurvive() throws {
    let sandbox = try Sandbox.withExamples()
    try sandbox.write(
      "core.tokens.json",
      #"{"space": {"sm": {"$type": "dimension", "$value": {"value": 6, "unit": "px"}}}}"#)
    #expect(sandbox.run(["add", sandbox.path("core.tokens.json")]).status == 0)
    #expect(sandbox.run(["tokens", "sets", "--move", "core", "--to", "0"]).status == 0)
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    let manifest = try json(
      String(contentsOfFile: sandbox.path("dir/catalog.json"), encoding: .utf8))
    #expect(manifest.objectValue?["tokenSets"] == .array([.string("core"), .string("spacing")]))
    // Lint settings are the folder's own: a second export keeps them.
    let edited = try String(contentsOfFile: sandbox.path("dir/catalog.json"), encoding: .utf8)
      .replacingOccurrences(of: "\"tokens\": false", with: "\"tokens\": true")
    try edited.write(toFile: sandbox.path("dir/catalog.json"), atomically: true, encoding: .utf8)
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    #expect(try String(contentsOfFile: sandbox.path("dir/catalog.json"), encoding: .utf8) == edited)
    // Import into an empty catalog keeps the order: spacing wins space.sm.
    #expect(sandbox.run(["import", sandbox.path("dir")], db: sandbox.path("b.db")).status == 0)
    let sets = sandbox.run(["tokens", "sets", "--json"], db: sandbox.path("b.db"))
    #expect(
      try json(sets.out).arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == [
        "core", "spacing",
      ])
  }

  @Test func pruneMakesTheCatalogEqualToTheFolderAndKeepsHistory() throws {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    try FileManager.default.removeItem(atPath: sandbox.path("dir/components/AlbumCard.json"))
    // Without --prune nothing is removed.
    let plain = sandbox.run(["import", sandbox.path("dir")])
    #expect(plain.status == 0, "\(plain.err)")
    #expect(sandbox.run(["show", "AlbumCard"]).status == 0)
    // A dry run lists the removal in the conditional, as `add --dry-run` does, and saves nothing.
    let dry = sandbox.run(["import", "--prune", "--dry-run", sandbox.path("dir")])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(
      dry.out.contains("Would remove AlbumCard") && dry.out.contains("Dry run: nothing was saved."),
      "\(dry.out)")
    #expect(sandbox.run(["show", "AlbumCard"]).status == 0)
    let pruned = sandbox.run(["import", "--prune", sandbox.path("dir")])
    #expect(pruned.status == 0, "\(pruned.err)")
    #expect(pruned.out.contains("Removed AlbumCard"), "\(pruned.out)")
    #expect(sandbox.run(["show", "AlbumCard"]).status == 1)
    #expect(sandbox.run(["history", "AlbumCard"]).out.contains("remove"))
    // The catalog now exports to the same folder.
    #expect(sandbox.run(["export", sandbox.path("again")]).status == 0)
    #expect(folderContents(sandbox.path("dir")) == folderContents(sandbox.path("again")))
  }

  @Test func pruneIsRefusedWhileSomethingUsesWhatItRemoves() throws {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    // VSStack goes, but TrackRow (still in the folder) uses it.
    try FileManager.default.removeItem(atPath: sandbox.path("dir/components/VSStack.json"))
    let before = try catalogDump(sandbox.db, ignoringTimestamps: true)
    let refused = sandbox.run(["import", "--prune", sandbox.path("dir")])
    #expect(refused.status == 1)
    #expect(refused.err.contains("VSStack") && refused.err.contains("force"), "\(refused.err)")
    #expect(
      try catalogDump(sandbox.db, ignoringTimestamps: true) == before,
      "a refused import changes nothing")
    let forced = sandbox.run(["import", "--prune", "--force", sandbox.path("dir")])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(sandbox.run(["show", "VSStack"]).status == 1)
  }

  @Test func pruneRemovesTokensAndSetsTheFolderDropped() throws {
    let sandbox = try Sandbox.withExamples()
    try sandbox.write(
      "extra.tokens.json",
      #"{"extra": {"gap": {"$type": "dimension", "$value": {"value": 3, "unit": "px"}}}}"#)
    #expect(sandbox.run(["add", sandbox.path("extra.tokens.json")]).status == 0)
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    try FileManager.default.removeItem(atPath: sandbox.path("dir/tokens/extra.tokens.json"))
    let manifest = try String(contentsOfFile: sandbox.path("dir/catalog.json"), encoding: .utf8)
      .replacingOccurrences(of: ",\n    \"extra\"", with: "")
    try manifest.write(toFile: sandbox.path("dir/catalog.json"), atomically: true, encoding: .utf8)
    let pruned = sandbox.run(["import", "--prune", sandbox.path("dir")])
    #expect(pruned.status == 0, "\(pruned.err)")
    #expect(sandbox.run(["tokens", "get", "extra.gap"]).status == 1)
    #expect(sandbox.run(["tokens", "history", "extra.gap"]).out.contains("remove"))
  }

  @Test func badFoldersAreRefusedNamingTheFile() throws {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    try sandbox.write("dir/components/TrackRow.json", "{ \"name\": \"TrackRow\", ")
    try sandbox.write(
      "dir/components/Wrong.json",
      try String(contentsOfFile: sandbox.path("dir/components/VSStack.json"), encoding: .utf8))
    let before = try catalogDump(sandbox.db, ignoringTimestamps: true)
    let run = sandbox.run(["import", sandbox.path("dir")])
    #expect(run.status == 1)
    #expect(run.err.contains("components/TrackRow.json:1:"), "\(run.err)")
    #expect(
      run.err.contains("components/Wrong.json: the component is named 'VSStack'"), "\(run.err)")
    #expect(try catalogDump(sandbox.db, ignoringTimestamps: true) == before)
    // A newer format is refused.
    try FileManager.default.createDirectory(
      atPath: sandbox.path("newer"), withIntermediateDirectories: true)
    try sandbox.write("newer/catalog.json", #"{"formatVersion": 99}"#)
    let newer = sandbox.run(["import", sandbox.path("newer")])
    #expect(newer.status == 1 && newer.err.contains("formatVersion 99 is newer"), "\(newer.err)")
    #expect(sandbox.run(["import"]).status == 64)
  }

  /// Issue 12.1: `import` into a catalog that does not exist yet creates it atomically
  /// (the same path as `add`), so a failed import leaves no file behind and never
  /// deletes a catalog by path.
  @Test func failedImportIntoANewCatalogLeavesNoFile() throws {
    let sandbox = try Sandbox.withExamples()
    #expect(sandbox.run(["export", sandbox.path("dir")]).status == 0)
    try sandbox.write(
      "dir/components/Broken.json",
      #"{"name":"Broken","body":{"type":"NoSuchComponent"}}"#)
    let fresh = sandbox.path("fresh.db")
    let run = sandbox.run(["import", sandbox.path("dir")], db: fresh)
    #expect(run.status == 1, "\(run.err)")
    for suffix in ["", "-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: fresh + suffix), "\(suffix)")
    }
    try FileManager.default.removeItem(atPath: sandbox.path("dir/components/Broken.json"))
    #expect(sandbox.run(["import", sandbox.path("dir")], db: fresh).status == 0)
    #expect(sandbox.run(["list"], db: fresh).out.contains("TrackRow"))
  }

  @Test func tokenExportHeadersHoldNoAbsolutePath() throws {
    let sandbox = try Sandbox.withExamples()
    for format in ["dtcg", "swift", "css", "android"] {
      let run = sandbox.run(["tokens", "export", "--format", format])
      #expect(run.status == 0)
      #expect(
        !run.out.contains(sandbox.url.path), "\(format) export names the catalog's absolute path")
    }
  }

  @Test(.enabled(if: gitIsPresent, "git is not installed"))
  func twoBranchesChangingDifferentThingsMergeWithoutConflicts() throws {
    let sandbox = try Sandbox.withExamples()
    let repo = sandbox.path("repo")
    #expect(sandbox.run(["export", repo + "/catalog"]).status == 0)
    #expect(git(["init", "-q"], in: repo).status == 0)
    #expect(git(["add", "."], in: repo).status == 0)
    #expect(git(["commit", "-qm", "catalog"], in: repo).status == 0)
    // Branch a: TrackRow's spacing token and space.sm; branch b: AlbumCard and space.lg.
    #expect(git(["checkout", "-qb", "a"], in: repo).status == 0)
    let a = try Sandbox()
    #expect(a.run(["import", repo + "/catalog"]).status == 0)
    let trackRow = try String(
      contentsOfFile: repo + "/catalog/components/TrackRow.json", encoding: .utf8)
    try trackRow.replacingOccurrences(of: "A track's title", with: "The track's title").write(
      toFile: repo + "/catalog/components/TrackRow.json", atomically: true, encoding: .utf8)
    #expect(a.run(["import", repo + "/catalog"]).status == 0)
    #expect(a.run(["tokens", "set", "space.sm", "9"]).status == 0)
    #expect(a.run(["export", repo + "/catalog"]).status == 0)
    #expect(git(["commit", "-qam", "a"], in: repo).status == 0)
    #expect(git(["checkout", "-q", "main"], in: repo).status == 0)
    #expect(git(["checkout", "-qb", "b"], in: repo).status == 0)
    let b = try Sandbox()
    #expect(b.run(["import", repo + "/catalog"]).status == 0)
    let album = try String(
      contentsOfFile: repo + "/catalog/components/AlbumCard.json", encoding: .utf8)
    #expect(album.contains("\"description\""))
    try album.replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"Reviewed: ")
      .write(toFile: repo + "/catalog/components/AlbumCard.json", atomically: true, encoding: .utf8)
    #expect(b.run(["import", repo + "/catalog"]).status == 0)
    #expect(b.run(["tokens", "set", "space.lg", "30"]).status == 0)
    #expect(b.run(["export", repo + "/catalog"]).status == 0)
    #expect(git(["commit", "-qam", "b"], in: repo).status == 0)
    #expect(git(["checkout", "-q", "a"], in: repo).status == 0)
    let merge = git(["merge", "-q", "--no-edit", "b"], in: repo)
    #expect(merge.status == 0, "the branches conflict: \(merge.out)")
    // The merged folder imports with both changes.
    let merged = try Sandbox()
    let imported = merged.run(["import", repo + "/catalog"])
    #expect(imported.status == 0, "\(imported.err)")
    #expect(merged.run(["tokens", "get", "space.sm"]).out.contains("9"))
    #expect(merged.run(["tokens", "get", "space.lg"]).out.contains("30"))
    #expect(merged.run(["show", "TrackRow"]).out.contains("The track's title"))
    #expect(merged.run(["show", "AlbumCard"]).out.contains("Reviewed: "))
  }
}
