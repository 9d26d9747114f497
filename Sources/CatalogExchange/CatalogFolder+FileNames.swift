import CatalogModel
import CatalogSystem

extension CatalogFolder {
  /// How deep `tokens/` may nest folders (`tokens/themes/dark.tokens.json` is one): a
  /// token set's name has at most this many `/` (far more than Tokens Studio's folders).
  static let maximumTokenFolderDepth = 16

  /// The files a catalog folder would write whose paths differ only in case
  /// (`tokens/b.tokens.json` and `tokens/B.tokens.json`, `components/Card.json` and
  /// `components/card.json`), which a case-insensitive file system (macOS, Windows) keeps as
  /// one file; nil when there are none. The one check for every file an export writes;
  /// new set names are refused earlier by ``TokenSetName/problem(in:existing:)``.
  /// - Parameter paths: The paths relative to the folder.
  /// - Returns: One problem per clash, naming the paths, or nil.
  static func caseClashes(_ paths: [String]) -> [String]? {
    // Files, and the folders above them (`tokens/Themes/` and `tokens/themes/`).
    var byFolded: [String: Set<String>] = [:]
    for path in paths {
      byFolded[path.lowercased(), default: []].insert(path)
      var folder = Substring(path)
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        byFolded[folder.lowercased() + "/", default: []].insert(folder + "/")
      }
    }
    let clashes = byFolded.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted {
      $0[0] < $1[0]
    }
    guard !clashes.isEmpty else { return nil }
    return clashes.map { group in
      "\(group.joined(separator: " and ")) differ only in case: a case-insensitive file system (macOS, Windows) keeps them as one \(group[0].hasSuffix("/") ? "folder" : "file"); rename one first (catalog tokens sets --rename, or a component's new name)"
    }
  }

  /// Removes the folders below `tokens/` that are left empty once a set named with `/`
  /// is gone (`tokens/themes/` after `themes/dark` was renamed), deepest first; a folder
  /// holding anything (a file of the user's) stays.
  /// - Parameter directory: The catalog folder.
  static func removeEmptyTokenFolders(in directory: URL) {
    var folders: [String] = []
    var pending: [(String, Int)] = [("tokens", 0)]
    while let (relative, depth) = pending.popLast() {
      let url = directory.appendingPathComponent(relative)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      where depth < maximumTokenFolderDepth
        && FileStatus.isDirectory(atPath: url.appendingPathComponent(name).path) == true
        && (try? FileManager.default.destinationOfSymbolicLink(
          atPath: url.appendingPathComponent(name).path)) == nil
      {
        folders.append("\(relative)/\(name)")
        pending.append(("\(relative)/\(name)", depth + 1))
      }
    }
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      let url = directory.appendingPathComponent(folder)
      if (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
        try? FileManager.default.removeItem(at: url)
      }
    }
  }

  /// The `.json` files under `folder` of `directory`, as paths relative to `directory`
  /// (`tokens/themes/dark.tokens.json`), sorted; with `nested`, in folders below it too, at
  /// most ``maximumTokenFolderDepth`` deep (symbolic links to folders are not followed).
  /// - Parameters:
  ///   - directory: The catalog folder.
  ///   - folder: `components`, `tokens` or `resolvers`.
  ///   - nested: Whether to look in folders below `folder`.
  /// - Returns: The relative paths.
  static func jsonFiles(in directory: URL, folder: String, nested: Bool) -> [String] {
    var found: [String] = []
    var pending: [(relative: String, depth: Int)] = [(folder, 0)]
    while let (relative, depth) = pending.popLast() {
      let url = directory.appendingPathComponent(relative)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
        continue
      }
      for name in names.sorted() {
        let path = "\(relative)/\(name)"
        if name.hasSuffix(".json") {
          found.append(path)
        } else if nested, depth < maximumTokenFolderDepth, !name.hasPrefix("."),
          FileStatus.isDirectory(atPath: url.appendingPathComponent(name).path) == true,
          (try? FileManager.default.destinationOfSymbolicLink(
            atPath: url.appendingPathComponent(name).path)) == nil
        {
          pending.append((path, depth + 1))
        }
      }
    }
    return found.sorted()
  }
}
