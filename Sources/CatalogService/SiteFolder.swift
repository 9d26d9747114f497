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

  /// The marker's text.
  static let markerText =
    "This folder was written by `catalog site`; running it again replaces index.html, components/ and tokens/ here.\n"

  /// The one rule for which folder `catalog site` may write: a folder that does not exist
  /// yet, an empty folder, or one holding ``marker`` (a previous `site` wrote it). Anything
  /// else (a catalog folder from `catalog export`, with its `catalog.json` and
  /// `components/*.json`; a project folder; the working folder) would lose files it did not
  /// write, so it is refused.
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
    if entries.isEmpty || entries.contains(marker) { return }
    let rule =
      "`catalog site` writes only into a new or empty folder, or one it wrote before (marked by its \(marker) file), so that it never deletes files it did not write; give a new folder, such as \(OutputPathRule.join(root, "site"))"
    if entries.contains("catalog.json") {
      throw .refusedOutput(
        path: root,
        reason: "it holds catalog.json: it is a catalog folder (from `catalog export`). \(rule)")
    }
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
    try checkReplaceable(root)
    guard FileStatus.isDirectory(atPath: root) == true else { return }
    for entry in entries {
      try OutputPathRule.check(OutputPathRule.join(root, entry), catalog: catalog, use: .replaced)
    }
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
    let files = files + [(path: marker, contents: markerText)]
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
