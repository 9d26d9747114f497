import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for every path a command writes (`render --output`, `tokens export
/// --output`, `export DIR`, `site OUTDIR`, `backup PATH`): a path that would destroy the
/// catalog or write somewhere the user did not mean is refused before anything is written
/// (review 16, points 1 and 2).
public enum OutputPathRule {
  /// How a command uses the path it was given.
  public enum Use: Sendable, Equatable {
    /// The path is one file, created or replaced whole.
    case file
    /// The path is one new file, never written over (`backup`): as ``file``, and a message
    /// says a new file (review 19: backup's message spoke of "one to replace").
    case newFile
    /// The path is a folder the command writes files into, leaving the folder itself and
    /// its other files in place (`export DIR`); each file it writes is a ``file``.
    case folderWrittenInto
    /// The path is replaced whole, a folder with everything in it (a page folder of
    /// `site OUTDIR`).
    case replaced
  }

  /// Refuses `path` when writing it could destroy the catalog or land where the user did not
  /// mean:
  /// - an empty path (`site ""`, `export "$OUT"` with `OUT` unset): it names the working
  ///   folder, never what was meant;
  /// - the catalog file itself or SQLite's companion files beside it (`-wal`, `-shm`,
  ///   `-journal`): overwriting any of them loses the catalog. They are compared by file
  ///   identity, not spelling: the device and inode of an existing file (so `./c.db`, a
  ///   symbolic link and a hard link all match), and the folder's identity plus the file
  ///   name for a companion that does not exist yet, after following symbolic links in the
  ///   last component (SQLite names its companions after the catalog's real path);
  /// - for ``Use/replaced``, a folder that holds the catalog at any depth;
  /// - a path whose kind cannot be written as `use` says (``kindProblem(_:use:)``): a
  ///   folder, a named FIFO, a socket or a block device where a file goes, anything but a
  ///   folder (or a regular file, which the command's own check names) where a folder goes.
  ///
  /// - Parameters:
  ///   - path: The path the command was given (or one file it derived from it).
  ///   - catalog: The catalog file's path (`--db`); `:memory:` protects nothing.
  ///   - use: How the command writes `path`.
  /// - Throws: ``CatalogError/refusedOutput(path:reason:)`` saying why and what to do.
  public static func check(_ path: String, catalog: String, use: Use = .file)
    throws(CatalogError)
  {
    guard !path.isEmpty else {
      throw .refusedOutput(
        path: path,
        reason:
          "\(EmptyPath.explanation("would mean the current folder")); give a file or folder name"
      )
    }
    if let reason = kindProblem(path, use: use) { throw .refusedOutput(path: path, reason: reason) }
    guard catalog != ":memory:", !catalog.isEmpty else { return }
    let catalogPlace = place(of: catalog)
    let catalogFolder = FileIdentity.of(catalogPlace.folder)
    let companions = ["", "-wal", "-shm", "-journal"].map {
      (suffix: $0, name: catalogPlace.name + $0)
    }
    let target = place(of: path)
    let targetIdentity = FileIdentity.of(path)
    for companion in companions {
      let companionPath = join(catalogPlace.folder, companion.name)
      let sameFile = targetIdentity != nil && targetIdentity == FileIdentity.of(companionPath)
      let samePlace =
        catalogFolder != nil && target.name == companion.name
        && FileIdentity.of(target.folder) == catalogFolder
      guard sameFile || samePlace else { continue }
      let what =
        companion.suffix.isEmpty
        ? "the catalog file itself (--db \(catalog))"
        : "the catalog's SQLite \(companion.suffix) file (\(companionPath))"
      throw .refusedOutput(
        path: path,
        reason: "it is \(what); writing there would destroy the catalog. Choose another path")
    }
    guard use == .replaced, let targetIdentity, FileStatus.isDirectory(atPath: path) == true
    else { return }
    // The catalog's folder and each folder above it, by identity.
    guard let real = realpath(catalogPlace.folder, nil) else { return }
    var folder = String(cString: real)
    free(real)
    while true {
      if FileIdentity.of(folder) == targetIdentity {
        throw .refusedOutput(
          path: path,
          reason:
            "it is a folder holding the catalog (\(catalog)), which would be replaced; choose another folder"
        )
      }
      let parent = parentFolder(of: folder)
      if parent == folder { return }
      folder = parent
    }
  }

  /// Why what is at `path` cannot be written as `use` says, or nil when it can: the one rule
  /// for the kind of every output, checked before anything is opened (opening a named FIFO
  /// for writing waits for a reader that may never come; a block device would be written
  /// over). The kinds are `FileReading`'s, as for input files and `--db`
  /// (`CatalogStore.fileKindProblem`).
  /// - ``Use/file``: nothing there yet, a regular file, a character device (`/dev/null`
  ///   discards; `/dev/full` or a closed terminal fails on the write, and that error is
  ///   reported), or a descriptor the command inherited (`/dev/stdout`, `/dev/stderr`,
  ///   `/dev/fd/N` from a shell's `>(command)`), whose other end is there already. A folder,
  ///   a named FIFO, a socket or a block device is refused.
  /// - ``Use/folderWrittenInto``: nothing there yet, a folder, or a regular file (which
  ///   `export` and `site` refuse in their own words); a FIFO, a device or a socket is
  ///   refused.
  /// - ``Use/replaced``: anything (the entry is replaced whole with `rename(2)`, which opens
  ///   nothing).
  ///
  /// - Parameters:
  ///   - path: The output path as given.
  ///   - use: How the command writes it.
  /// - Returns: The reason (a sentence fragment: "it is a named pipe (FIFO), not a regular
  ///   file; …"), or nil.
  public static func kindProblem(_ path: String, use: Use) -> String? {
    var status = stat()
    guard use != .replaced, stat(path, &status) == 0,
      let what = FileReading.nonRegularKind(mode: status.st_mode)
    else { return nil }
    switch use {
    case .file, .newFile:
      if what == "a folder" {
        return use == .newFile
          ? "it is a folder, not a file; give the name of a new file to write (an existing file is never replaced)"
          : "it is a folder, not a file; give the name of a file to write (a new one, or one to replace)"
      }
      if status.st_mode & S_IFMT == S_IFCHR { return nil }
      if FileReading.namesInheritedDescriptor(path, streams: ["/dev/stdout", "/dev/stderr"]) {
        return nil
      }
      return
        "it is \(what), not a regular file; catalog writes regular files, a character device such as /dev/null, and a program's input given as >(command) or /dev/stdout"
    case .folderWrittenInto, .replaced:
      return what == "a folder" ? nil : "it is \(what), not a folder; give a folder name"
    }
  }

  /// Where a path puts its file: the folder's path and the file name, after following
  /// symbolic links in the last component (a link whose target does not exist yet
  /// included), so the file a write would create or replace is named.
  /// - Parameter path: A path.
  /// - Returns: The folder (absolute, or relative to the working folder) and the name.
  static func place(of path: String) -> (folder: String, name: String) {
    var current = path
    // 40 links, as the kernel's own limit (ELOOP).
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { break }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { break }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : join(parentFolder(of: current), target)
    }
    var trimmed = current
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", trimmed) }
    let name = String(trimmed[trimmed.index(after: slash)...])
    let folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    return (folder, name)
  }

  /// The folder holding `path` (`.` for a bare name, `/` for a name at the root; `..`
  /// appended for `.` or `..`).
  static func parentFolder(of path: String) -> String {
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed == "/" { return "/" }
    let last = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    if last == "." || last == ".." { return trimmed + "/.." }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// `folder/name`.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
