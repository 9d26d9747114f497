import CatalogModel
import CatalogStore
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where one side of `catalog compare` comes from: a catalog file, a catalog folder, or a
/// folder in a git commit (`git:REF[:PATH]`, read with `git archive`, no checkout).
public enum CatalogLocation: Sendable, Equatable {
  /// A SQLite catalog file.
  case file(String)
  /// A folder written by `catalog export`.
  case folder(String)
  /// A folder at a git revision: the reference and the folder relative to the current
  /// directory (`.` when absent).
  case git(reference: String, path: String)

  /// Parses a location as the command line gives it.
  ///
  /// `git:main`, `git:HEAD~1:catalog`, a folder, or a catalog file.
  /// - Parameter text: The argument.
  /// - Returns: The location.
  /// - Throws: ``ExchangeError`` for an empty or option-like git reference, or a path that
  ///   does not exist.
  public static func parse(_ text: String) throws(ExchangeError) -> CatalogLocation {
    if text.hasPrefix("git:") {
      let rest = text.dropFirst(4)
      let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(
        String.init)
      let reference = parts[0]
      guard !reference.isEmpty, !reference.hasPrefix("-") else {
        throw ExchangeError(
          file: text,
          message: "expected git:REF[:PATH] with a reference such as HEAD, main or HEAD~1")
      }
      let path = parts.count > 1 && !parts[1].isEmpty ? parts[1] : "."
      return .git(reference: reference, path: path)
    }
    guard let isDirectory = FileStatus.isDirectory(atPath: text) else {
      throw ExchangeError(
        file: text,
        message: "no such catalog file or folder (for a git revision write git:REF[:PATH])")
    }
    return isDirectory ? .folder(text) : .file(text)
  }

  /// Reads the catalog at this location.
  ///
  /// - Parameter workingDirectory: The directory git runs in.
  /// - Returns: The snapshot and the warnings of lenient token parsing.
  /// - Throws: ``ExchangeError`` when it cannot be read or does not parse (for git: the
  ///   reference is unknown, e.g. `HEAD~1` in a shallow clone).
  public func read(
    // The working folder is absolute (getcwd), never a path the user typed.
    workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(ExchangeError) -> (folder: CatalogFolder, warnings: [String]) {
    switch self {
    case .folder(let path):
      return try CatalogFolder.read(directory: UserPath.fileURL(path))
    case .file(let path):
      let store: CatalogStore
      do { store = try CatalogStore(path: path, mode: .readOnly) } catch {
        throw ExchangeError(file: path, message: "\(error)")
      }
      return (try CatalogFolder.read(store: store), [])
    case .git(let reference, let path):
      let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
        "catalog-git-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: temporary) }
      let label = "git:\(reference)\(path == "." ? "" : ":\(path)")"
      do {
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
      } catch {
        throw ExchangeError(
          file: label, message: "cannot make a temporary folder: \(SystemText.describe(error))")
      }
      let archive = temporary.appendingPathComponent("tree.tar")
      // The folder relative to the repository's top (gitrevisions(7) `REF:PATH`); git
      // archive runs at the top, as in a subdirectory it also limits the archive to it.
      let prefix = try GitRunner.run(
        ["rev-parse", "--show-prefix"], in: workingDirectory, label: label
      ).trimmed(.whitespacesAndNewlines)
      let top = try GitRunner.run(
        ["rev-parse", "--show-toplevel"], in: workingDirectory, label: label
      ).trimmed(.whitespacesAndNewlines)
      var segments: [Substring] = []
      for segment in (prefix + "/" + path).split(separator: "/") where segment != "." {
        if segment == ".." {
          guard !segments.isEmpty else {
            throw ExchangeError(file: label, message: "the path leaves the repository")
          }
          segments.removeLast()
        } else {
          segments.append(segment)
        }
      }
      let tree =
        segments.isEmpty ? "\(reference)^{tree}" : "\(reference):\(segments.joined(separator: "/"))"
      try Self.checkGitTree(
        reference: reference, folder: segments.joined(separator: "/"), tree: tree,
        top: UserPath.fileURL(top), label: label)
      try GitRunner.run(
        ["archive", "--format=tar", "--output=\(archive.path)", tree],
        in: UserPath.fileURL(top), label: label)
      let folder = temporary.appendingPathComponent("tree")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw ExchangeError(file: label, message: "\(SystemText.describe(error))")
      }
      try GitRunner.run(
        ["-xf", archive.path, "-C", folder.path], in: workingDirectory, label: label,
        executable: "tar")
      do {
        return try CatalogFolder.read(directory: folder)
      } catch {
        throw ExchangeError(
          problems: error.problems.map {
            "\(label): \($0.replacing(folder.path + "/", with: "").replacing(folder.path, with: "."))"
          })
      }
    }
  }
}

extension CatalogLocation {
  /// Checks that a git revision exists and holds a folder at a path, so a mistake gets a
  /// sentence naming the revision or the path instead of git's `fatal: not a tree object`.
  /// Uses `git rev-parse --verify REF^{commit}` and `git cat-file -t REF:PATH`
  /// (gitrevisions(7)).
  ///
  /// - Parameters:
  ///   - reference: The revision as given (`HEAD~1`, `main`).
  ///   - folder: The folder relative to the repository's top (empty for the top).
  ///   - tree: The tree-ish `git archive` will read.
  ///   - top: The repository's top folder.
  ///   - label: The location as written, for messages.
  /// - Throws: ``ExchangeError`` naming the revision or the path that is not there.
  static func checkGitTree(
    reference: String, folder: String, tree: String, top: URL, label: String
  ) throws(ExchangeError) {
    do {
      try GitRunner.run(
        ["rev-parse", "--verify", "--quiet", "\(reference)^{commit}"], in: top, label: label)
    } catch {
      throw ExchangeError(
        file: label,
        message:
          "the revision '\(reference)' is not in this repository (no branch, tag or commit by that name; `git log --oneline` lists commits; in a shallow clone, fetch more history: git fetch --deepen=1)"
      )
    }
    let kind: String
    do {
      kind = try GitRunner.run(["cat-file", "-t", tree], in: top, label: label)
        .trimmed(.whitespacesAndNewlines)
    } catch {
      throw ExchangeError(
        file: label,
        message:
          "the revision '\(reference)' has no folder '\(folder)' (the path is relative to the current folder; `git ls-tree --name-only \(reference)` lists what it has)"
      )
    }
    guard kind == "tree" else {
      throw ExchangeError(
        file: label,
        message:
          "'\(folder)' is a file at revision '\(reference)', not a folder: a git location names a catalog folder written by `catalog export DIR` (git:REF:FOLDER)"
      )
    }
  }
}

/// Runs `git` (or `tar`) and turns a failure into an ``ExchangeError``.
enum GitRunner {
  /// Runs the program found on `PATH`, waiting for it.
  /// - Parameters:
  ///   - arguments: Its arguments.
  ///   - directory: Where it runs.
  ///   - label: The location, for messages.
  ///   - executable: `git` or `tar`.
  /// - Returns: Its standard output.
  /// - Throws: ``ExchangeError`` with its standard error when it fails.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: URL, label: String, executable: String = "git"
  ) throws(ExchangeError) -> String {
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        "/usr/bin/env", [executable] + arguments, directory: directory.path)
    } catch {
      throw ExchangeError(file: label, message: "cannot run \(executable): \(error.message)")
    }
    let output = result.output
    guard result.status == 0 && !result.signalled else {
      var message = String(decoding: result.error, as: UTF8.self).trimmed(
        .whitespacesAndNewlines)
      if executable == "git",
        message.contains("Not a valid object name") || message.contains("unknown revision")
      {
        message += " (in a shallow clone, fetch more history: git fetch --deepen=1)"
      }
      throw ExchangeError(file: label, message: "\(executable) failed: \(message)")
    }
    return String(decoding: output, as: UTF8.self)
  }
}
