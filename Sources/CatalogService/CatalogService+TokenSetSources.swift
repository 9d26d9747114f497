import CatalogModel
import CatalogStore
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CatalogService {
  /// The one rule that keeps a token set named after its file (``setName(for:)``) from
  /// silently merging two different files: two files of one `add` whose names give the
  /// same set (`a/colors.json` and `b/colors.json` → `colors`), or a file whose name gives
  /// a set already holding another file's tokens (the set's recorded source, when that file
  /// still exists and is a different file), are refused, naming both paths and the
  /// options: `--set NAME` for a set of its own, or `--set SET` to merge on purpose. The
  /// same file given by another spelling (`./a.json`, an absolute path, a link) is the same
  /// file. Without this, `--prune` would offer to delete the other file's tokens.
  ///
  /// - Parameters:
  ///   - files: The paths of the token files whose set comes from their name (no `--set`,
  ///     not a Tokens Studio multi-set file), in command-line order.
  ///   - checkStored: Also compare with each set's recorded source (`add`, `tokens import`;
  ///     not a catalog folder, whose files are named after their sets).
  ///   - fileSets: Sets named inside a file (a Tokens Studio multi-set file's sets), with
  ///     their file: two files of one `add` naming one set are refused the same way,
  ///     naming both files (a set named by a file and one named after another file too).
  /// - Returns: One problem per clash, in file order.
  /// - Throws: ``CatalogError`` when the sets cannot be read.
  func tokenSetNameClashes(
    _ files: [String], checkStored: Bool, fileSets: [(file: String, set: String)] = []
  ) throws(CatalogError) -> [String] {
    func same(_ a: String, _ b: String) -> Bool {
      if a == b { return true }
      guard let x = FileIdentity.of(a), let y = FileIdentity.of(b) else { return false }
      return x == y
    }
    func suggestion(_ file: String, _ set: String) -> String {
      let parent = file.split(separator: "/").dropLast().last.map(String.init)
      guard let parent, parent != ".", parent != ".." else { return "\(set)-2" }
      return "\(parent)-\(set)"
    }
    var problems: [String] = []
    var first: [String: String] = [:]  // set → the first file of this command naming it
    for file in files {
      let set = Self.setName(for: file)
      if let other = first[set] {
        if !same(other, file) {
          problems.append(
            "the token files \(other) and \(file) would both go into the set '\(set)' (a set is named after its file), merging their tokens; add them one at a time, each with its own --set NAME (for example --set \(suggestion(other, set)) and --set \(suggestion(file, set))), or pass --set \(set) to merge them on purpose"
          )
        }
        continue
      }
      first[set] = file
    }
    // Sets a file names itself (Tokens Studio): the set is the file's word, so the way out
    // is to rename one, or to add the files one at a time to merge on purpose.
    var named: [String: String] = [:]  // set → the first file naming it
    for (file, set) in fileSets {
      if let other = named[set] ?? first[set], !same(other, file) {
        problems.append(
          "the token files \(other) and \(file) would both go into the set '\(set)', merging their tokens; rename the set in one of them"
        )
        continue
      }
      named[set] = file
    }
    guard checkStored, !first.isEmpty || !named.isEmpty else { return problems }
    let sources = Dictionary(
      try tokenSets().map { ($0.name, $0.source) }, uniquingKeysWith: { a, _ in a })
    // A set a Tokens Studio file names that holds another existing file's tokens: merging
    // would make the set the Tokens Studio file's, and its `--prune` would remove the other
    // file's tokens with it (review 21).
    for (file, set) in fileSets where named[set] == file {
      guard let stored = sources[set] ?? nil, case let location = sourceFile(stored),
        !same(location, file), FileIdentity.of(location) != nil, FileIdentity.of(file) != nil
      else { continue }
      problems.append(
        "the set '\(set)' holds the tokens of \(location), a different file from \(file), which names a set '\(set)' too; rename the set in \(file), or remove the stored set first (catalog tokens sets --remove \(set))"
      )
    }
    for file in files where first[Self.setName(for: file)] == file {
      let set = Self.setName(for: file)
      // The recorded source is read where it was stored from (``sourceLocation(_:)``), so
      // the check holds whichever folder `add` runs in.
      guard let stored = sources[set] ?? nil, case let location = sourceFile(stored),
        !same(location, file), FileIdentity.of(location) != nil, FileIdentity.of(file) != nil
      else { continue }
      problems.append(
        "the set '\(set)' holds the tokens of \(location), a different file from \(file) (a set is named after its file); pass --set \(suggestion(file, set)) to give \(file) its own set, or --set \(set) to import it into '\(set)' on purpose"
      )
    }
    return problems
  }

  /// The form a token set's source file is recorded in (`token_set.source`), the same
  /// whichever folder the command runs in: the path relative to the catalog file's folder
  /// when the file is inside it (`tokens/colors.tokens.json`, readable at the `sqlite3`
  /// prompt), else the absolute path. A source that names no file (a Tokens Studio file's
  /// `studio.json (set global)`) has its file recorded that way and its set kept; a catalog
  /// in memory keeps the path as given.
  /// - Parameter file: The path as the user gave it (relative to the working folder).
  /// - Returns: The path to store.
  func storedSource(_ file: String) -> String {
    // A Tokens Studio set's source: its file recorded as any file is, then the set.
    if let (studio, set) = Self.studioSetSource(file) {
      return Self.studioSetSource(file: storedSource(studio), set: set)
    }
    guard path != ":memory:", FileIdentity.of(file) != nil else { return file }
    let absolute = UserPath.fileURL(file).standardizedFileURL.path
    let folder = UserPath.fileURL(path).deletingLastPathComponent().standardizedFileURL.path
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  /// Where a recorded source is on disk (``storedSource(_:)``'s inverse): an absolute path
  /// as is; a relative one from the catalog file's folder, or, when nothing is there (a
  /// row recorded before sources were stored this way, relative to the folder `add` ran
  /// in), as written.
  /// - Parameter stored: `token_set.source`.
  /// - Returns: A path to open or compare.
  func sourceLocation(_ stored: String) -> String {
    if let (studio, set) = Self.studioSetSource(stored) {
      return Self.studioSetSource(file: sourceLocation(studio), set: set)
    }
    guard path != ":memory:", !stored.hasPrefix("/") else { return stored }
    let folder = UserPath.fileURL(path).deletingLastPathComponent()
    let candidate = folder.appendingPathComponent(stored).standardizedFileURL.path
    return FileIdentity.of(candidate) != nil ? candidate : stored
  }

  /// The recorded source of a set read from a Tokens Studio multi-set file: the file, then
  /// the set in parentheses (`tokens/studio.json (set global)`), as `tokens sets` shows it.
  /// - Parameters:
  ///   - file: The file's path.
  ///   - set: The set's name in the file.
  /// - Returns: The source text.
  static func studioSetSource(file: String, set: String) -> String {
    "\(file) (set \(set))"
  }

  /// The file and set of a Tokens Studio set's source (``studioSetSource(file:set:)``), or
  /// nil for a plain file's path. The first ` (set ` after which the text ends with `)` and
  /// before which a file exists splits it; when no such file exists (it was moved), the
  /// last one does.
  /// - Parameter source: A recorded or given source.
  /// - Returns: The file and the set, or nil.
  static func studioSetSource(_ source: String) -> (file: String, set: String)? {
    // A file whose own name ends so is a plain file.
    guard source.hasSuffix(")"), FileIdentity.of(source) == nil else { return nil }
    let marker = " (set "
    var candidates: [(file: String, set: String)] = []
    var rest = source[...]
    while let range = rest.firstRange(of: marker) {
      let file = String(source[..<range.lowerBound])
      let set = String(source[range.upperBound...].dropLast())
      if !file.isEmpty, !set.isEmpty { candidates.append((file, set)) }
      rest = source[range.upperBound...]
    }
    return candidates.first { FileIdentity.of($0.file) != nil } ?? candidates.last
  }

  /// The file a set's recorded source names, where it is on disk (``sourceLocation(_:)``):
  /// a plain file's path, or a Tokens Studio set's file.
  /// - Parameter stored: `token_set.source`.
  /// - Returns: A path to compare with the files of a command.
  func sourceFile(_ stored: String) -> String {
    let location = sourceLocation(stored)
    return Self.studioSetSource(location)?.file ?? location
  }
}
