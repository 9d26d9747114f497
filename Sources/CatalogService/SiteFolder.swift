import CatalogModel
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the files of `catalog site` into place with one move, not one atomic write per
/// page (issue 17, point 5: 2,500 atomic page writes took 9–10 s of wall time), into a
/// folder the site may replace (``checkReplaceable(_:)``; review 16, point 1).
///
/// Steps:
/// 1. the folder is checked: ``OutputPathRule`` (not empty, not the catalog, no replaced
///    entry holding it) and ``checkReplaceable(_:)`` (new, empty, or written by `site`);
/// 2. every page, and the ``marker`` file, is written with plain `write(2)` calls (each
///    checked) into a staging folder on the same file system: beside OUTDIR when it does
///    not exist yet, inside it (`.catalog-site-PID`) when it does;
/// 3. a new OUTDIR: the staging folder is renamed to it (one `rename(2)`);
///    an existing OUTDIR: each top-level entry the site owns (`index.html`, `components/`,
///    `tokens/`, the marker) is swapped in with `rename(2)` (a folder's old copy is moved
///    aside first and removed with the staging folder), so pages of removed components
///    disappear and other files in OUTDIR are left alone;
/// 4. on any failure the staging folder is removed and OUTDIR is as it was before. Errors
///    name OUTDIR and the page, never the staging folder.
public enum SiteFolder {
  /// The file `catalog site` leaves in OUTDIR to say the folder is its own, so a later run
  /// may replace its pages.
  public static let marker = ".catalog-site"

  /// The marker's first line. The lines after it list every file the site wrote, one path
  /// relative to OUTDIR per line, so that the next run replaces only what it wrote.
  static let markerHeader =
    "This folder was written by `catalog site`; running it again replaces index.html, components/ and tokens/ here, which hold only these files:"

  /// The top-level entries of OUTDIR a run replaces whole.
  static let replacedEntries = ["index.html", "components", "tokens"]

  /// The marker's text for a site of `paths` (relative to OUTDIR).
  static func markerText(listing paths: [String]) -> String {
    ([markerHeader] + paths.sorted()).joined(separator: "\n") + "\n"
  }

  /// The files an earlier `site` wrote, read from OUTDIR's ``marker``.
  ///
  /// - Parameter root: OUTDIR.
  /// - Returns: The listed paths, relative to OUTDIR; nil when the marker is missing,
  ///   unreadable or does not start with ``markerHeader`` (an empty file made by hand, or
  ///   one left by a version that did not list its files).
  static func writtenFiles(_ root: String) -> Set<String>? {
    guard
      let text = try? String(
        contentsOfFile: OutputPathRule.join(root, marker), encoding: .utf8)
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard lines.first == markerHeader else { return nil }
    lines.removeFirst()
    return Set(lines)
  }

  /// What a run would delete though no `site` wrote it: the files under
  /// ``replacedEntries`` that `listed` does not hold, and the folders there that hold no
  /// listed file (`tokens/mine/`).
  ///
  /// - Parameters:
  ///   - root: OUTDIR.
  ///   - listed: The paths the marker lists (``writtenFiles(_:)``).
  ///   - limit: How many to find before the walk stops.
  /// - Returns: Paths relative to OUTDIR (folders end in `/`), sorted, at most `limit`.
  static func unlistedFiles(_ root: String, listed: Set<String>, limit: Int = 6) -> [String] {
    var folders: Set<String> = []
    for path in listed {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert(parts.joined(separator: "/"))
        parts.removeLast()
      }
    }
    var found: [String] = []
    // An explicit stack: the depth of a folder someone made is not ours to bound.
    var pending = replacedEntries.reversed().map { $0 }
    while let path = pending.popLast(), found.count < limit {
      var info = stat()
      guard lstat(OutputPathRule.join(root, path), &info) == 0 else { continue }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        if !listed.contains(path) { found.append(path) }
        continue
      }
      guard folders.contains(path) else {
        found.append(path + "/")
        continue
      }
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: OutputPathRule.join(root, path)))
        ?? []
      pending.append(contentsOf: names.sorted().reversed().map { path + "/" + $0 })
    }
    return found.sorted()
  }

  /// Which command a folder is written by, for ``sharingProblem(_:writer:)``.
  public enum Writer: Sendable {
    /// `catalog site`: `index.html`, `components/*.html`, `tokens/*.html` and ``marker``.
    case site
    /// `catalog export` (a catalog folder): `catalog.json`, `components/*.json`,
    /// `tokens/*.tokens.json`, `resolvers/`.
    case export
  }

  /// The one rule that keeps a site and a catalog folder apart: a folder is one or the
  /// other, never both, since both use `components/` and `tokens/` and each replaces or
  /// removes what it finds there (a second `site` replaces both folders whole; an `export`
  /// removes catalog files the catalog no longer has). So `site` refuses a folder holding
  /// `catalog.json` (a catalog folder), even one holding ``marker`` too, and `export`
  /// refuses a folder holding ``marker`` (a site), even an empty one otherwise.
  ///
  /// - Parameters:
  ///   - root: The folder the command was given.
  ///   - writer: The command about to write it.
  /// - Returns: The reason (a sentence fragment), or nil when the folder is not the other
  ///   command's (or does not exist).
  public static func sharingProblem(_ root: String, writer: Writer) -> String? {
    switch writer {
    case .site:
      guard FileStatus.isDirectory(atPath: OutputPathRule.join(root, "catalog.json")) != nil
      else { return nil }
      let mixed =
        FileStatus.isDirectory(atPath: OutputPathRule.join(root, marker)) != nil
        ? " (it holds \(marker) too: a site was written there as well)" : ""
      return
        "it holds catalog.json: it is a catalog folder (from `catalog export`)\(mixed), and a site would replace its components/ and tokens/ folders. A folder is a site or a catalog folder, never both; give a new folder, such as \(OutputPathRule.join(root, "site"))"
    case .export:
      guard FileStatus.isDirectory(atPath: OutputPathRule.join(root, marker)) != nil else {
        return nil
      }
      return
        "it holds \(marker): it is a folder `catalog site` wrote, and the next `catalog site` there would replace the catalog files in components/ and tokens/. A folder is a site or a catalog folder, never both; give another folder, such as \(OutputPathRule.join(root, "catalog"))"
    }
  }

  /// The one rule for which folder `catalog site` may write: a folder that does not exist
  /// yet, an empty folder, or one holding ``marker`` (a previous `site` wrote it) and no
  /// catalog folder (``sharingProblem(_:writer:)``), whose `index.html`, `components/` and
  /// `tokens/` hold only the files the marker lists (``unlistedFiles(_:listed:limit:)``:
  /// a note saved in `components/` is not the site's to delete). Anything else (a catalog
  /// folder from `catalog export`, with its `catalog.json` and `components/*.json`; a
  /// project folder; the working folder) would lose files it did not write, so it is
  /// refused.
  ///
  /// - Parameter root: OUTDIR.
  /// - Throws: ``CatalogError/refusedOutput(path:reason:)`` saying what the folder holds
  ///   and what to give instead.
  public static func checkReplaceable(_ root: String) throws(CatalogError) {
    guard let isFolder = FileStatus.isDirectory(atPath: root) else { return }
    guard isFolder else {
      throw .refusedOutput(path: root, reason: "it is a file, not a folder; give a folder name")
    }
    let entries: [String]
    do { entries = try FileManager.default.contentsOfDirectory(atPath: root) } catch {
      throw .refusedOutput(
        path: root, reason: "cannot list the folder: \(SystemText.describe(error))")
    }
    if let reason = sharingProblem(root, writer: .site) {
      throw .refusedOutput(path: root, reason: reason)
    }
    if entries.isEmpty { return }
    if entries.contains(marker) {
      guard let listed = writtenFiles(root) else {
        if unlistedFiles(root, listed: []).isEmpty { return }
        throw .refusedOutput(
          path: root,
          reason:
            "its \(marker) file does not list the files `catalog site` wrote (it is empty, made by hand, or left by an older version), so the files in index.html, components/ and tokens/ may not be the site's; remove the folder, or give a new one, such as \(OutputPathRule.join(root, "site"))"
        )
      }
      let unlisted = unlistedFiles(root, listed: listed)
      if unlisted.isEmpty { return }
      throw .refusedOutput(
        path: root,
        reason:
          "it holds files `catalog site` did not write where it replaces its pages (\(unlisted.prefix(5).joined(separator: ", "))\(unlisted.count > 5 ? ", …" : "")), which a new site would delete; move them out of index.html, components/ and tokens/, or give a new folder, such as \(OutputPathRule.join(root, "site"))"
      )
    }
    let rule =
      "`catalog site` writes only into a new or empty folder, or one it wrote before (marked by its \(marker) file), so that it never deletes files it did not write; give a new folder, such as \(OutputPathRule.join(root, "site"))"
    let shown = BoundedList.inline(entries.sorted(), limit: 5)
    throw .refusedOutput(
      path: root, reason: "it holds files `catalog site` did not write (\(shown)). \(rule)")
  }

  /// Checks OUTDIR before anything is rendered or written: ``OutputPathRule`` for the
  /// folder (not empty, not the catalog) and for each entry the site replaces (none holding
  /// the catalog), then ``checkReplaceable(_:)``.
  ///
  /// - Parameters:
  ///   - root: OUTDIR, as the user gave it.
  ///   - catalog: The catalog's path (`--db`).
  ///   - entries: The top-level names the site replaces (default: `index.html`,
  ///     `components`, `tokens` and the marker).
  /// - Throws: ``CatalogError/refusedOutput(path:reason:)``.
  public static func checkTarget(
    _ root: String, catalog: String,
    entries: [String] = ["index.html", "components", "tokens", marker]
  ) throws(CatalogError) {
    try OutputPathRule.check(root, catalog: catalog, use: .folderWrittenInto)
    if FileStatus.isDirectory(atPath: root) == true {
      // First: replacing an entry that holds the catalog is the worse loss, named as such.
      for entry in entries {
        try OutputPathRule.check(
          OutputPathRule.join(root, entry), catalog: catalog, use: .replaced)
      }
    }
    try checkReplaceable(root)
  }

  /// Writes `files` (relative paths) into `root`.
  ///
  /// - Parameters:
  ///   - files: Relative path → contents, as `SiteRenderer` returns them.
  ///   - root: OUTDIR, as the user gave it.
  ///   - catalog: The catalog the site is made from (`--db`), which must not be replaced.
  /// - Throws: ``CatalogError/refusedOutput(path:reason:)`` from ``checkTarget(_:catalog:entries:)``; ``CatalogError/storage(_:code:)`` naming OUTDIR and the
  ///   system's reason.
  public static func write(
    _ files: [(path: String, contents: String)], to root: String, catalog: String
  ) throws(CatalogError) {
    let files = files + [(path: marker, contents: markerText(listing: files.map(\.path)))]
    var entries: [String] = []
    for (path, _) in files {
      let first = String(path.split(separator: "/", maxSplits: 1)[0])
      if !entries.contains(first) { entries.append(first) }
    }
    try checkTarget(root, catalog: catalog, entries: entries)
    let exists = FileStatus.isDirectory(atPath: root) != nil
    let fm = FileManager.default
    let place = OutputPathRule.place(of: root)
    let staging =
      exists
      ? OutputPathRule.join(root, ".catalog-site-\(getpid())")
      : OutputPathRule.join(place.folder, ".\(place.name).catalog-site-\(getpid())")
    func fail(_ reason: String) -> CatalogError {
      try? fm.removeItem(atPath: staging)
      return .storage("cannot write the site to '\(root)': \(reason)")
    }
    if !exists {
      // The folders above OUTDIR, as `mkdir -p` would; their errors name them.
      do { try fm.createDirectory(atPath: place.folder, withIntermediateDirectories: true) } catch {
        throw fail(SystemText.describe(error))
      }
    }
    try? fm.removeItem(atPath: staging)
    if mkdir(staging, 0o755) != 0 { throw fail(String(cString: strerror(errno))) }
    // Step 2: the pages, each folder created once.
    var folders: Set<String> = [""]
    for (path, contents) in files {
      var parts = path.split(separator: "/").map(String.init)
      parts.removeLast()
      var folder = ""
      for part in parts {
        folder = folder.isEmpty ? part : folder + "/" + part
        if folders.insert(folder).inserted, mkdir(OutputPathRule.join(staging, folder), 0o755) != 0,
          errno != EEXIST
        {
          throw fail("\(folder): \(String(cString: strerror(errno)))")
        }
      }
      if let reason = FileWriting.writeFile(
        Array(contents.utf8), to: OutputPathRule.join(staging, path), sync: false)
      {
        throw fail("\(path): \(reason)")
      }
    }
    // Step 3: into place.
    if !exists {
      if rename(staging, root) != 0 { throw fail(String(cString: strerror(errno))) }
      return
    }
    for entry in entries {
      let target = OutputPathRule.join(root, entry)
      let fresh = OutputPathRule.join(staging, entry)
      var info = stat()
      if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        // rename(2) cannot replace a non-empty folder: move the old one aside first.
        let aside = OutputPathRule.join(staging, ".old-\(entry)")
        if rename(target, aside) != 0 {
          throw fail("\(entry): \(String(cString: strerror(errno)))")
        }
      }
      if rename(fresh, target) != 0 { throw fail("\(entry): \(String(cString: strerror(errno)))") }
    }
    try? fm.removeItem(atPath: staging)
  }
}
