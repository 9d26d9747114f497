#if CATALOG_SWIFT_BRIDGE
  import Foundation
  import Testing

  /// `export --format swiftui` → `import-swift` through the built executable gives back
  /// components and parameters whose names are Swift keywords or SwiftUI's names.
  @Suite struct SwiftKeywordRoundTripBinaryTests {
    @Test func keywordNamesSurviveTheRoundTrip() throws {
      let binary = try #require(builtBinary)
      let s = try Sandbox()
      let files = [
        try s.write(
          "struct.json",
          #"{"name": "struct", "parameters": {"default": {"type": "number", "default": 4}}, "body": {"type": "Color", "color": "red", "modifiers": [{"padding": {"length": "$default"}}]}}"#
        ),
        try s.write(
          "View.json",
          #"{"name": "View", "parameters": {"body": {"type": "string", "default": "b"}}, "body": {"type": "Text", "text": "$body"}}"#
        ),
        try s.write(
          "Outer.json",
          #"{"name": "Outer", "body": {"type": "HStack", "children": [{"type": "struct", "arguments": {"default": 8}}, {"type": "View", "arguments": {"body": "z"}}]}}"#
        ),
      ]
      let add = try runBinary(binary, ["--db", "a.db", "add"] + files, in: s.url)
      #expect(add.status == 0, "\(add.err)")
      let export = try runBinary(
        binary, ["--db", "a.db", "export", "pkg", "--format", "swiftui"], in: s.url)
      #expect(export.status == 0, "\(export.err)")
      let sources = s.url.appendingPathComponent("pkg/Sources/CatalogComponents")
      let swiftFiles = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        .filter { $0.hasSuffix(".swift") && $0 != "DesignTokens.swift" }.sorted()
        .map { "pkg/Sources/CatalogComponents/\($0)" }
      let imported = try runBinary(
        binary, ["--db", "b.db", "import-swift"] + swiftFiles, in: s.url)
      #expect(imported.status == 0, "\(imported.err)")
      for name in ["struct", "View", "Outer"] {
        let a = try runBinary(binary, ["--db", "a.db", "show", name], in: s.url)
        let b = try runBinary(binary, ["--db", "b.db", "show", name], in: s.url)
        #expect(b.status == 0, "\(name): \(b.err)")
        #expect(a.out == b.out, "\(name):\n\(a.out)\n≠\n\(b.out)")
      }
      let list = try runBinary(binary, ["--db", "b.db", "list"], in: s.url)
      #expect(!list.out.contains("Component"), "\(list.out)")
    }
  }
#endif
