import CatalogModel
import Foundation
import Testing

/// Every input the definition fuzzer (`fuzz/run.sh definition`) has found, kept in
/// `bad-inputs/fuzz/definition-*`, checked against the fuzz target's invariants: the
/// parsers refuse it with an error or accept it, and what they accept survives the trip
/// through the stored (compact) form unchanged.
@Suite struct FuzzFindingTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("bad-inputs/fuzz")

  static let findings: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasPrefix("definition-") }.sorted()

  /// The fuzz target's checks, for one input.
  static func check(_ bytes: [UInt8], name: String) {
    guard let document = try? JSONParser.parse(bytes: bytes, file: name) else { return }
    let compact = JSONWriter.compact(document.root)
    let again = try? JSONParser.parse(compact, file: "compact")
    #expect(again?.root == document.root, "\(name): the JSON round trip changed the value")
    #expect(JSONDiff.changes(from: document.root, to: document.root).isEmpty)
    guard let definition = try? DefinitionParser.parse(document: document) else { return }
    let reparsed = try? DefinitionParser.parse(JSONWriter.compact(definition.json), file: "stored")
    #expect(reparsed == definition, "\(name): the definition changed through its stored form")
  }

  @Test func everyFindingIsHandled() throws {
    for name in Self.findings {
      let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
      Self.check(bytes, name: name)
    }
  }
}
