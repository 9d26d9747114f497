import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// Review 15, item 5: a file with one unclosed brace said `18:51 expected '}'` three times
/// (one missing `}` each for a closure, a call and a body, all at the end of the file), and
/// a deeply nested file said two limits (the parser's 256 levels and the reader's 200 views).
@Suite struct ImportSwiftOneDiagnosticTests {
  func diagnostics(_ source: String) throws -> [SwiftBridgeDiagnostic] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-swift-one-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try SwiftBridge.importSwift(
      paths: [file.path], tokens: TokenResolver(tokens: [:]), catalog: []
    ).diagnostics
  }

  @Test func anUnclosedBraceIsSaidOnce() throws {
    let source = """
      import SwiftUI
      struct Broken: View {
        var body: some View {
          VStack {
            ForEach(0..<3) { i in Text("x") }
      """
    let errors = try diagnostics(source).filter { $0.rule == "syntax-error" }
    #expect(!errors.isEmpty)
    #expect(Set(errors.map(\.description)).count == errors.count, "\(errors)")
  }

  @Test func aDeepNestStatesOneLimit() throws {
    let n = 300
    let source =
      "import SwiftUI\nstruct Deep: View {\n  var body: some View {\n"
      + String(repeating: "VStack {\n", count: n) + "Text(\"x\")\n"
      + String(repeating: "}\n", count: n) + "  }\n}\n"
    let tooDeep = try diagnostics(source).filter { $0.rule == "too-deep" }
    #expect(tooDeep.count == 1, "\(tooDeep)")
    #expect(tooDeep.first?.message.contains("256 levels") == true)
  }
}
