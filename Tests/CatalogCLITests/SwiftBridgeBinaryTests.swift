#if CATALOG_SWIFT_BRIDGE
  import Foundation
  import Testing

  /// `check-swift` and `import-swift` through the built executable: exit codes, stdout vs
  /// stderr, and no progress bar when stderr is not a terminal.
  @Suite struct SwiftBridgeBinaryTests {
    @Test func checkSwiftOnTheSampleApp() throws {
      let binary = try #require(builtBinary)
      let root = cliPackageRoot
      let expected = try String(
        contentsOf: root.appendingPathComponent("examples/swift-app/expected-findings.txt"),
        encoding: .utf8)
      // A copy of the example catalog: opening the shared one would leave -wal/-shm files
      // beside it while ExampleCatalogTests checks there are none.
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "swift-bridge-binary-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      let db = dir.appendingPathComponent("copy.db").path
      try FileManager.default.copyItem(
        atPath: root.appendingPathComponent("catalog.db.example").path, toPath: db)
      let run = try runBinary(binary, ["--db", db, "check-swift", "examples/swift-app"], in: root)
      #expect(run.status == 1)
      #expect(run.out == expected)
      #expect(run.err == "")
      let sarif = try runBinary(
        binary,
        ["--db", db, "check-swift", "--format", "sarif", "examples/swift-app"],
        in: root)
      #expect(sarif.status == 1)
      #expect(sarif.out.contains("\"startLine\": 31"))
    }

    @Test func importSwiftDryRunPrintsDefinitionsAndSavesNothing() throws {
      let binary = try #require(builtBinary)
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "swift-bridge-binary-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      let db = dir.appendingPathComponent("copy.db").path
      try FileManager.default.copyItem(
        atPath: cliPackageRoot.appendingPathComponent("catalog.db.example").path, toPath: db)
      let feed = cliPackageRoot.appendingPathComponent("examples/swift-app/Feed.swift").path
      let run = try runBinary(binary, ["--db", db, "import-swift", "--dry-run", feed], in: dir)
      // Spacing.huge names no token: an error at its line, nothing saved, exit 1.
      #expect(run.status == 1)
      #expect(
        run.err.contains("Feed.swift:31:21: error: 'Spacing.huge' names no token in the catalog"))
      #expect(run.err.contains("Nothing was saved."))
    }
  }
#endif
