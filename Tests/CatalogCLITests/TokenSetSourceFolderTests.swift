import Foundation
import Testing

/// A set's recorded source file is stored relative to the catalog file's folder (absolute
/// when outside it), so the check that keeps two files of one name from merging into one
/// set holds whichever folder `add` runs in.
@Suite struct TokenSetSourceFolderTests {
  @Test("a same-named file from another folder is refused when add runs in another folder")
  func otherWorkingFolder() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    for folder in ["a", "b"] {
      try FileManager.default.createDirectory(
        at: s.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try s.write("a/colors.json", #"{"c": {"$type": "dimension", "$value": "1px"}}"#)
    try s.write("b/colors.json", #"{"d": {"$type": "dimension", "$value": "2px"}}"#)
    let first = try runBinary(binary, ["--db", s.db, "add", "a/colors.json"], in: s.url)
    #expect(first.status == 0, "\(first.err)")
    // Stored relative to the catalog's folder, as a sqlite3 user reads it.
    let sets = try runBinary(binary, ["--db", s.db, "tokens", "sets", "--json"], in: s.url)
    #expect(sets.out.contains(#""source": "a/colors.json""#), "\(sets.out)")
    // From inside b/, the other file's relative path is not the one stored.
    let other = try runBinary(
      binary, ["--db", "../catalog.db", "add", "colors.json"], in: s.url.appendingPathComponent("b")
    )
    #expect(other.status == 1, "\(other.out)\(other.err)")
    #expect(
      other.err.contains(
        "the set 'colors' holds the tokens of \(s.path("a/colors.json")), a different file from colors.json"
      ), "\(other.err)")
    // The same file from its own folder is the same file.
    let same = try runBinary(
      binary, ["--db", "../catalog.db", "add", "colors.json"], in: s.url.appendingPathComponent("a")
    )
    #expect(same.status == 0, "\(same.err)")
  }

  @Test("a set recorded before (relative to the folder add ran in) is still compared")
  func olderRow() throws {
    let s = try Sandbox()
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent("b"), withIntermediateDirectories: true)
    let a = try s.write("colors.json", #"{"c": {"$type": "dimension", "$value": "1px"}}"#)
    let b = try s.write("b/colors.json", #"{"d": {"$type": "dimension", "$value": "2px"}}"#)
    #expect(s.run(["add", a]).status == 0)
    // An absolute source (as older versions stored a path typed absolute) is compared as is.
    guard try sqlite3(s.db, "UPDATE token_set SET source = '\(a)'") != nil else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let r = s.run(["add", b])
    #expect(r.status == 1)
    #expect(r.err.contains("holds the tokens of \(a), a different file from \(b)"), "\(r.err)")
  }
}
