import CatalogTokens
import Testing

@testable import CatalogSwift

/// Deep Swift input (issue 12, point 2): an error that says what is too deep, never a
/// silently different component or valid Swift called a syntax error.
@Suite struct ImportDepthTests {
  func importing(_ text: String, path: String) throws -> SwiftImportResult {
    SwiftComponentImporter(
      tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()), catalog: []
    ).importFiles([SwiftSourceFile(text: text, path: path)])
  }

  @Test func aLongModifierChainIsAnErrorNotAnEmptyView() throws {
    // Before: 20,000 `.padding(1)` became an EmptyView component with a warning.
    let chain = String(repeating: "\n      .padding(1)", count: 20_000)
    let result = try importing(
      "import SwiftUI\nstruct Chain: View {\n  var body: some View {\n    Text(\"a\")\(chain)\n  }\n}\n",
      path: "Chain.swift")
    #expect(result.failed == ["Chain"])
    #expect(result.component("Chain") == nil)
    let error = try #require(result.diagnostics.first { $0.level == .error })
    #expect(error.rule == "too-deep")
    #expect(error.message.contains("longer than 255 modifiers"), "\(error.message)")
    #expect(error.location.line == 4)
  }

  @Test func codeNestedPastTheParsersLimitIsSaidToBe() throws {
    // 300 nested VStacks: valid Swift, deeper than SwiftParser reads.
    var view = "Text(\"a\")"
    for _ in 0..<300 { view = "VStack {\n\(view)\n}" }
    let result = try importing(
      "import SwiftUI\nstruct Nested: View {\n  var body: some View {\n\(view)\n  }\n}\n",
      path: "Nested.swift")
    #expect(result.component("Nested") == nil)
    let errors = result.diagnostics.filter { $0.level == .error }
    // The parser's limit where it stopped (line 259, the 256th VStack), and the reader's
    // own limit of 200 views: both say what is too deep; neither calls it a syntax error.
    #expect(errors.allSatisfy { $0.rule == "too-deep" }, "\(errors.map(\.message))")
    let parser = try #require(
      errors.first { $0.message.contains("nests deeper than 256 levels") },
      "\(errors.map(\.message))")
    #expect(parser.location.file == "Nested.swift")
    #expect(parser.location.line == 259)
    #expect(!errors.contains { $0.message.contains("syntax error") })
  }
}
