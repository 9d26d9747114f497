import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// A token import stores the same rows, byte for byte, as the build before the import's
/// speed work of issue 14 point 9 (main at 7e40de0): every `token` column (value, resolved
/// value, points, alias, metadata, revision) and every `token_revision` row but its time.
/// The expected rows were written by that build (`catalog add FILE --set s
/// --allow-dangling` into a new catalog per file, then the two queries below through the
/// `sqlite3` shell), into `__Snapshots__/stored-rows/`. Each file goes into its own catalog.
/// The sections of the seven real files whose tokens an import now keeps instead of dropping
/// (issue 14 point 3: Tokens Studio composites and values DTCG cannot hold, untyped aliases
/// kept by `--allow-dangling`) were rewritten the same way by the build that keeps them;
/// CSS functional colour strings (`rgba(0,0,0,0.12)`, `hsl(10, 80, 50)`) are stored as DTCG
/// colour objects since review 20 (point 5), their rows rewritten by that build; every other
/// row is still that build's.
@Suite struct StoredTokenRowsTests {
  static let snapshots = cliSnapshots.appendingPathComponent("stored-rows")

  /// The token and revision rows of a catalog, one line each, as the snapshots hold them.
  static let tokenRowsSQL = """
    SELECT 'token' || char(9) || quote(s.name) || char(9) || quote(t.path) || char(9) || quote(t.type) || char(9) || quote(t.value) || char(9) || quote(t.resolved_value) || char(9) || quote(t.resolved_points) || char(9) || quote(t.alias_of) || char(9) || quote(t.description) || char(9) || quote(t.deprecated) || char(9) || quote(t.extensions) || char(9) || t.revision FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id ORDER BY s.name, t.id
    """
  static let revisionRowsSQL = """
    SELECT 'revision' || char(9) || quote(token_set_name) || char(9) || quote(path) || char(9) || revision || char(9) || quote(value) || char(9) || change FROM token_revision ORDER BY token_set_name, path, revision
    """

  /// The expected rows of each file, by the file's path as the snapshot names it.
  static func expected(_ snapshot: String) throws -> [(file: String, rows: [String])] {
    let text = try String(
      contentsOf: snapshots.appendingPathComponent(snapshot), encoding: .utf8)
    var sections: [(file: String, rows: [String])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("# ") {
        sections.append((String(line.dropFirst(2)), []))
      } else if !line.isEmpty, !sections.isEmpty {
        sections[sections.count - 1].rows.append(String(line))
      }
    }
    return sections
  }

  /// Imports one file into a new catalog and reads its rows back.
  static func storedRows(of file: String) throws -> [String] {
    let s = try Sandbox()
    let add = s.run(["add", file, "--set", "s", "--allow-dangling", "--quiet"])
    #expect(add.status == 0, "\(file): \(add.err)")
    let store = try CatalogStore(path: s.db, mode: .readOnly)
    return try (store.query(tokenRowsSQL) + store.query(revisionRowsSQL)).map {
      ($0.values.first ?? nil) ?? ""
    }
  }

  static func compare(_ file: String, path: String, expected: [String]) throws {
    // Split into lines as the snapshot is (an `$extensions` text may hold line breaks).
    let rows = try storedRows(of: path).joined(separator: "\n").split(separator: "\n")
      .map(String.init)
    #expect(rows.count == expected.count, "\(file): \(rows.count) rows, expected \(expected.count)")
    for (got, want) in zip(rows, expected) where got != want {
      Issue.record("\(file): stored\n\(got)\nexpected\n\(want)")
      return
    }
  }

  @Test("the repository's token files and a generated 1,000-token file store the same rows")
  func repositoryFiles() throws {
    let sections = try Self.expected("repository-files.txt")
    #expect(sections.count == 9)
    for (file, rows) in sections {
      try Self.compare(file, path: cliPackageRoot.appendingPathComponent(file).path, expected: rows)
    }
  }

  @Test(
    "every real token file stores the same rows", .requires(.realTokens))
  func realFiles() throws {
    let sections = try Self.expected("real-tokens.txt")
    #expect(sections.count >= 28)
    let root = ExternalRequirement.sharedRoot.appendingPathComponent("real-tokens")
    for (file, rows) in sections {
      try Self.compare(file, path: root.appendingPathComponent(file).path, expected: rows)
    }
  }
}
