import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// The path rule of `tokens set` and `tokens rename`
  /// (``refuseTokenPathCollisions(_:replacing:documents:documentTokensMayMatch:)``) for a
  /// whole token file imported into `set` (`add`, `tokens import`, `--prune`, a set
  /// editor's save): no token of the file may lie inside a token of the catalog, and no
  /// token of the catalog inside a token of the file (DTCG Format §5: a token holds no
  /// children; §5.1.1). A token with tokens below it in its own set (stored), or in the
  /// file, is a group's `$root` token (Format §6.2), so a path below it names a member of
  /// that group and is allowed; a token at the same path in another set is an override.
  /// As for `tokens set`, only the file's paths that are new to the catalog are checked (a
  /// mode's set giving a group's `$root` token its own value is an override); pairs that
  /// were both in the catalog before are left to `doctor`.
  ///
  /// One scan of the catalog's `(set, path)` rows and hash lookups of each path's
  /// ancestors: linear in the number of tokens and their depth, whatever the overlap.
  ///
  /// - Parameters:
  ///   - tokens: The file's tokens (normalised paths).
  ///   - set: The set they go into.
  ///   - replacing: The set becomes exactly `tokens` (its other tokens are removed).
  ///   - source: The file, for messages without positions.
  ///   - positions: The file as read, for `file:line:column`.
  /// - Throws: ``CatalogError/invalid(_:)`` with one problem per offending token (at most
  ///   eight, then how many more), each naming the token, where it is and the catalog's
  ///   token it collides with.
  func refuseImportPathCollisions(
    _ tokens: [DesignToken], set: String, replacing: Bool, source: String?,
    positions: TokenSource?
  ) throws {
    guard !tokens.isEmpty else { return }
    let rows = try store.tokenPaths()
    guard !rows.isEmpty else { return }
    let set = NameText.normalized(set)
    var imported: [Substring: Int] = [:]
    imported.reserveCapacity(tokens.count)
    for (i, t) in tokens.enumerated() where imported[Substring(t.path)] == nil {
      imported[Substring(t.path)] = i
    }
    // The file's own group roots, and every path above one of its tokens.
    var fileRoots = Set<Substring>()
    var above = Set<Substring>()
    for t in tokens {
      Self.forEachAncestor(of: t.path) { a in
        above.insert(a)
        if imported[a] != nil { fileRoots.insert(a) }
      }
    }
    // One pass over the catalog: which of those paths are stored tokens (and in which
    // sets), which stored tokens have tokens below them in their set, and the stored
    // tokens that lie below a plain token of the file.
    var storedAbove: [Substring: [String]] = [:]
    var storedRoots = Set<String>()  // "set\u{0}path"
    var below: [(index: Int, set: String, path: String)] = []
    var storedBefore = Set<Substring>()
    for row in rows {
      let path = Substring(row.path)
      if imported[path] != nil { storedBefore.insert(path) }
      // A replacing import drops the set's tokens that the file lacks.
      if replacing, row.set == set, imported[path] == nil { continue }
      if above.contains(path) { storedAbove[path, default: []].append(row.set) }
      Self.forEachAncestor(of: row.path) { a in
        if above.contains(a) { storedRoots.insert(row.set + "\u{0}" + a) }
        if let i = imported[a], !fileRoots.contains(a), imported[path] == nil || row.set != set {
          below.append((i, row.set, row.path))
        }
      }
    }
    var conflicts: [(index: Int, message: String)] = []
    for (i, t) in tokens.enumerated() where !storedBefore.contains(Substring(t.path)) {
      Self.forEachAncestor(of: t.path) { a in
        for other in storedAbove[a] ?? [] {
          // This set's token there is the file's own (a root token when it holds this one).
          if other == set, imported[a] != nil { continue }
          if storedRoots.contains(other + "\u{0}" + a) { continue }
          conflicts.append(
            (i, "{\(t.path)} would be inside the token {\(a)} of set '\(other)'"))
        }
      }
    }
    for (i, other, path) in below where !storedBefore.contains(Substring(tokens[i].path)) {
      conflicts.append(
        (i, "{\(tokens[i].path)} is a token, and set '\(other)' holds {\(path)} inside it"))
    }
    guard !conflicts.isEmpty else { return }
    conflicts.sort { $0.index < $1.index }
    // Every collision is a problem of its own: the commands bound the list they print
    // (BoundedList: the first 20, then `… and K more`, --verbose all).
    let problems = conflicts.map { conflict in
      let token = tokens[conflict.index]
      let file =
        positions?.location(of: token.jsonPath ?? "")
        ?? source.map { "\($0) (\(token.jsonPath ?? token.path))" }
      return CatalogProblem(
        CatalogLocation(token: token.path, file: file),
        "\(conflict.message); a token holds no tokens: choose a path that names no token or group (Format §5, §5.1.1)"
      )
    }
    throw CatalogError.invalid(problems)
  }

  /// Calls `body` with each path above `path` (`a`, `a.b` for `a.b.c`), as slices of it.
  static func forEachAncestor(of path: String, _ body: (Substring) -> Void) {
    // Byte by byte: '.' is ASCII, so each dot is a character boundary.
    let utf8 = path.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex {
      if utf8[index] == UInt8(ascii: ".") { body(path[..<index]) }
      index = utf8.index(after: index)
    }
  }
}
