import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation
import Testing

/// `catalog.db.example` must hold exactly what `examples/` defines; rebuild it with
/// `scripts/build-example-catalog.sh` after changing an example.
@Suite struct ExampleCatalogTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func files(_ folder: String, suffix: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
    )
    .filter { $0.lastPathComponent.hasSuffix(suffix) }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Opens a copy, so the test never writes to the checked-in file.
  static func openExample() throws -> CatalogStore {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "example-\(UUID().uuidString).db")
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("catalog.db.example"), to: copy)
    return try CatalogStore(path: copy.path, mode: .readOnly)
  }

  @Test func componentsMatchTheExampleDefinitions() throws {
    let store = try Self.openExample()
    var expected: [String: String] = [:]
    for file in try Self.files("examples/components", suffix: ".json")
      + Self.files("examples/lint", suffix: ".json").filter({
        !$0.lastPathComponent.hasSuffix(".tokens.json")
      })
    {
      let text = try String(contentsOf: file, encoding: .utf8)
      let definition = try DefinitionParser.parse(text, file: file.lastPathComponent)
      expected[definition.name] = JSONWriter.compact(definition.json)
    }
    let stored = try store.components()
    #expect(Set(stored.map(\.name)) == Set(expected.keys), "run scripts/build-example-catalog.sh")
    for record in stored {
      #expect(
        record.definition == expected[record.name],
        "\(record.name) differs from examples/; run scripts/build-example-catalog.sh")
    }
  }

  @Test func tokensMatchTheExampleTokenFiles() throws {
    let store = try Self.openExample()
    for file in try Self.files("examples/tokens", suffix: ".tokens.json")
      + Self.files("examples/lint", suffix: ".tokens.json")
    {
      let text = try String(contentsOf: file, encoding: .utf8)
      let parsed = try TokenFileParser.parse(text, file: file.lastPathComponent)
      let set = String(file.lastPathComponent.dropLast(".tokens.json".count))
      let stored = try store.tokens(inSet: set)
      #expect(
        Dictionary(uniqueKeysWithValues: stored.map { ($0.path, $0.value) })
          == Dictionary(
            uniqueKeysWithValues: parsed.tokens.map { ($0.path, JSONWriter.compact($0.value)) }),
        "tokens of \(set) differ from examples/; run scripts/build-example-catalog.sh")
    }
  }

  @Test func isOneSelfContainedFile() {
    let path = Self.root.appendingPathComponent("catalog.db.example").path
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
  }
}

extension ExampleCatalogTests {
  @Test func resolverDocumentsMatchTheExamples() throws {
    let store = try Self.openExample()
    let files = try Self.files("examples/tokens", suffix: ".resolver.json")
    #expect(
      try store.resolverDocuments().count == files.count, "run scripts/build-example-catalog.sh")
  }
}
