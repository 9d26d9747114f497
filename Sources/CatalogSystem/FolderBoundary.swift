#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a file read from a folder stays inside it once symbolic links are followed: the
/// one rule for files a folder leads to, so a folder from someone else cannot make catalog
/// read `~/.ssh` or `/etc/passwd` and show it. A resolver document's `$ref`s
/// (`ResolverFileLoader`), a catalog folder's files (`import DIR`, `check DIR`) and the
/// `.swift` files of a folder `import-swift` and `check-swift` walk follow it; a file
/// outside is refused before it is read, unless the command's `--allow-outside-refs`
/// says otherwise.
package enum FolderBoundary {
  /// The canonical path with every symbolic link resolved (`realpath(3)`).
  ///
  /// - Parameter path: A path.
  /// - Returns: The canonical path, or nil when nothing is there.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Where the file at `path` really is when that is outside `folder` (both with symbolic
  /// links followed), or nil when it is inside or absent.
  ///
  /// - Parameters:
  ///   - path: The file's path (a symbolic link is followed).
  ///   - folder: The folder the file must stay in.
  /// - Returns: The file's canonical path when it is outside the folder, else nil.
  package static func outsideTarget(of path: String, folder: String) -> String? {
    guard let real = realPath(path) else { return nil }
    let base = realPath(folder) ?? folder
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return real.hasPrefix(prefix) ? nil : real
  }

  /// Why a file of a folder is not read because it leads outside, or nil when it is read.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - folder: The folder it belongs to.
  /// - Returns: The reason (a sentence fragment naming where the file leads, never its
  ///   content), or nil.
  package static func outsideProblem(of path: String, folder: String) -> String? {
    guard let real = outsideTarget(of: path, folder: folder) else { return nil }
    return
      "it leads outside the folder (a symbolic link to \(real)), so it is not read; copy the file into the folder"
  }
}
