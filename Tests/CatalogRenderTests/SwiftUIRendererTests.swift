import CatalogModel
import CatalogRender
import Foundation
import Testing

@Suite struct SwiftUIRendererTests {
  static func definitions(_ catalog: ExampleCatalog) -> [String: ComponentDefinition] {
    Dictionary(uniqueKeysWithValues: catalog.definitions.map { ($0.name, $0) })
  }

  @Test func everyExampleMatchesItsGolden() throws {
    let catalog = try ExampleCatalog.load()
    for d in catalog.definitions {
      let source = try SwiftUIRenderer.render(
        d.name, definitions: Self.definitions(catalog), tokens: catalog.resolver)
      Golden.check(source, named: "swiftui/\(d.name).swift")
    }
  }

  @Test func everyExampleParses() throws {
    let catalog = try ExampleCatalog.load()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-swiftui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for d in catalog.definitions {
      let file = dir.appendingPathComponent("\(d.name).swift")
      try SwiftUIRenderer.render(
        d.name, definitions: Self.definitions(catalog), tokens: catalog.resolver
      ).write(to: file, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swiftc", "-parse", file.path]
      let err = Pipe()
      process.standardError = err
      try process.run()
      let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "swiftc -parse failed for \(d.name):\n\(message)")
    }
  }

  @Test func tokensBecomeEnumMembersAndWrappersAreIncluded() throws {
    let catalog = try ExampleCatalog.load()
    let source = try SwiftUIRenderer.render(
      "AlbumCard", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    #expect(source.contains("enum Spacing {"))
    #expect(source.contains("static let sm: CGFloat = 8"))
    #expect(source.contains(".padding(.bottom, Spacing.sm)"))
    #expect(source.contains("struct VSStack<Content: View>: View {"))
    #expect(source.contains("@ViewBuilder var content: () -> Content"))
    #expect(source.contains("struct TrackRow: View {"))
    #expect(source.contains("if !(artist?.isEmpty ?? true) {"))
    let collapsing = try SwiftUIRenderer.render(
      "CollapsingOptionalStack", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    #expect(collapsing.contains("Group(subviews: Group {"))
    #expect(collapsing.contains("if !subviews.isEmpty {"))
  }

  @Test func aMissingComponentIsAnError() throws {
    let catalog = try ExampleCatalog.load()
    #expect(throws: SwiftUIRenderError.self) {
      try SwiftUIRenderer.render(
        "Nope", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    }
  }
}
