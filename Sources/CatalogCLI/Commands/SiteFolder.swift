import CatalogSystem

/// Writes the files of `catalog site` into place with one move, not one atomic write per
/// page (issue 17, point 5: 2,500 atomic page writes took 9–10 s of wall time).
///
/// Steps:
/// 1. every page is written with plain `write(2)` calls (each checked) into a staging
///    folder on the same file system: beside OUTDIR when it does not exist yet, inside it
///    (`.catalog-site-PID`) when it does;
/// 2. a new OUTDIR: the staging folder is renamed to it (one `rename(2)`);
///    an existing OUTDIR: each top-level entry the site owns (`index.html`, `components/`,
///    `tokens/`) is swapped in with `rename(2)` (a folder's old copy is moved aside first
///    and removed with the staging folder), so pages of removed components disappear and
///    other files in OUTDIR are left alone;
/// 3. on any failure the staging folder is removed and OUTDIR is as it was before.
enum SiteFolder {
  /// Writes `files` (relative paths) into `root`.
  ///
  /// - Parameters:
  ///   - files: Relative path → contents, as ``SiteRenderer`` returns them.
  ///   - root: OUTDIR.
  /// - Throws: ``CommandError/failure(_:)`` naming the folder and the system's reason.
  static func write(_ files: [(path: String, contents: String)], to root: URL)
    throws(CommandError)
  {
    let fm = FileManager.default
    let isFolder = FileStatus.isDirectory(atPath: root.path)
    let exists = isFolder != nil
    if isFolder == false {
      throw .failure("cannot write the site to '\(root.path)': it is a file, not a folder")
    }
    let parent = root.deletingLastPathComponent()
    let staging =
      exists
      ? root.appendingPathComponent(".catalog-site-\(getpid())")
      : parent.appendingPathComponent(".\(root.lastPathComponent).catalog-site-\(getpid())")
    func fail(_ reason: String) -> CommandError {
      try? fm.removeItem(at: staging)
      return .failure("cannot write the site to '\(root.path)': \(reason)")
    }
    do {
      try? fm.removeItem(at: staging)
      try fm.createDirectory(at: staging, withIntermediateDirectories: true)
    } catch {
      throw fail(SystemText.describe(error))
    }
    // Step 1: the pages, each folder created once.
    var folders = Set<String>()
    for (path, contents) in files {
      let url = staging.appendingPathComponent(path)
      let folder = url.deletingLastPathComponent().path
      if folders.insert(folder).inserted {
        do { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
          throw fail(SystemText.describe(error))
        }
      }
      if let reason = writeFile(Array(contents.utf8), to: url.path) {
        throw fail("\(path): \(reason)")
      }
    }
    // Step 2: into place.
    if !exists {
      if rename(staging.path, root.path) != 0 { throw fail(String(cString: strerror(errno))) }
      return
    }
    var entries: [String] = []
    for (path, _) in files {
      let first = String(path.split(separator: "/", maxSplits: 1)[0])
      if !entries.contains(first) { entries.append(first) }
    }
    for entry in entries {
      let target = root.appendingPathComponent(entry).path
      let fresh = staging.appendingPathComponent(entry).path
      var info = stat()
      if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        // rename(2) cannot replace a non-empty folder: move the old one aside first.
        let aside = staging.appendingPathComponent(".old-\(entry)").path
        if rename(target, aside) != 0 { throw fail(String(cString: strerror(errno))) }
      }
      if rename(fresh, target) != 0 { throw fail(String(cString: strerror(errno))) }
    }
    try? fm.removeItem(at: staging)
  }

  /// Writes one file with checked `write(2)` calls and `close(2)`; no `fsync` (the site
  /// is regenerated from the catalog at will).
  /// - Returns: Nil on success, else the system's reason.
  private static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    var failure: String?
    switch Console.writeAll(bytes, to: fd) {
    case .written: break
    case .closedPipe: failure = "the file was closed"
    case .failed(let reason): failure = reason
    }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    return failure
  }
}
