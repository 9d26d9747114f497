import CatalogModel
import CatalogResolver
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

@testable import CatalogRender
@testable import CatalogSwift

/// Review: an `Int` property imported by `import-swift` became a `number` parameter, written
/// back as `Double`, and `Text("\(n)")` showed `5.0` in SwiftUI against `render`'s `5`. An
/// `Int` is now an `integer` parameter (Swift `Int` both ways), and a `Text` of a parameter
/// that is not a string calls the generated `catalogText(_:)`, which shows what `render`
/// shows for whole and fractional numbers alike.
@Suite struct IntegerParameterTests {
  static let source = """
    import SwiftUI

    struct Counter: View {
      var count: Int = 5
      var ratio: Double = 2.5
      var total = 3
      var limit: Int?

      var body: some View {
        VStack {
          Text("\\(count)")
          Text("\\(ratio)")
          Text("\\(total)")
          Text("\\(String(describing: limit))")
          ForEach(0..<count, id: \\.self) { index in
            Text("\\(index)")
          }
        }
        .padding(CGFloat(total))
        .frame(width: limit.map { CGFloat($0) })
      }
    }
    """

  static func imported(_ text: String) throws -> ComponentDefinition {
    let result = SwiftComponentImporter(tokenNames: nil).importFiles([
      SwiftSourceFile(text: text, path: "Counter.swift")
    ])
    #expect(result.failed.isEmpty, "\(result.diagnostics.map(\.description))")
    return try #require(result.component("Counter"), "\(result.diagnostics.map(\.description))")
  }

  @Test func anIntPropertyRoundTripsAsInt() throws {
    let d = try Self.imported(Self.source)
    #expect(d.parameter(named: "count")?.type == .integer)
    #expect(d.parameter(named: "ratio")?.type == .number)
    #expect(d.parameter(named: "total")?.type == .integer)
    #expect(d.parameter(named: "limit")?.type == .integer)
    let swift = try SwiftUIRenderer.render(
      "Counter", definitions: ["Counter": d], tokens: TokenResolver(tokens: [:]))
    #expect(swift.contains("var count: Int = 5"), "\(swift)")
    #expect(swift.contains("var ratio: Double = 2.5"), "\(swift)")
    #expect(swift.contains("var total: Int = 3"), "\(swift)")
    #expect(swift.contains("var limit: Int?"), "\(swift)")
    #expect(swift.contains("Text(catalogText(count))"), "\(swift)")
    // Swift → catalog → Swift → catalog: the same definition.
    let back = try Self.imported(swift)
    #expect(SwiftRoundTrip.sameDefinition(back, d), "\(JSONWriter.pretty(back.json))\n\(swift)")
    let errors = try SwiftUIStub.typecheck(sources: [("Counter.swift", swift)])
    #expect(errors.isEmpty, "\(errors)\n\(swift)")
  }

  /// An integer passed on to a number, a length or another integer, and a number to an
  /// integer: the generated Swift converts (`Double(count)`, `CGFloat(count)`, `Int(ratio)`,
  /// `limit.map { Double($0) }`), type-checks, and imports back as the same references.
  @Test func numbersPassedBetweenIntAndDoubleAreConverted() throws {
    let child = try DefinitionParser.parse(
      #"{"name": "Child", "parameters": {"x": {"type": "number", "default": 1}, "o": {"type": "number", "optional": true}, "gap": {"type": "length", "default": 4}, "n": {"type": "integer", "default": 2}}, "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Text", "text": "$x"}, {"type": "Text", "text": "$n"}, {"type": "Text", "text": "$o"}]}}"#
    )
    let parent = try DefinitionParser.parse(
      #"{"name": "Parent", "parameters": {"count": {"type": "integer", "default": 3}, "limit": {"type": "integer", "optional": true}, "ratio": {"type": "number", "default": 2}}, "body": {"type": "VStack", "children": [{"type": "Child", "arguments": {"x": "$count", "o": "$limit", "gap": "$count", "n": "$ratio"}}, {"type": "ForEach", "count": 2, "children": [{"type": "Child", "arguments": {"x": "$index", "gap": "$index", "n": "$index"}}]}, {"type": "Text", "text": "$count", "modifiers": [{"padding": {"length": "$count"}}, {"frame": {"width": "$limit"}}]}]}}"#
    )
    let definitions = ["Child": child, "Parent": parent]
    let swift = try SwiftUIRenderer.render(
      "Parent", definitions: definitions, tokens: TokenResolver(tokens: [:]))
    for piece in [
      "Child(x: Double(count), o: limit.map { Double($0) }, gap: CGFloat(count), n: Int(ratio))",
      "Child(x: Double(index), gap: CGFloat(index), n: index)",
      ".padding(.all, CGFloat(count))", ".frame(width: limit.map { CGFloat($0) })",
    ] {
      #expect(swift.contains(piece), "\(piece)\n\(swift)")
    }
    let errors = try SwiftUIStub.typecheck(sources: [("Parent.swift", swift)])
    #expect(errors.isEmpty, "\(errors)\n\(swift)")
    let result = SwiftComponentImporter(tokenNames: nil).importFiles([
      SwiftSourceFile(text: swift, path: "Parent.swift")
    ])
    let back = try #require(result.component("Parent"), "\(result.diagnostics)")
    #expect(SwiftRoundTrip.sameDefinition(back, parent), "\(JSONWriter.pretty(back.json))")
  }

  @Test func anIntegerParameterTakesOnlyWholeNumbers() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "N", "parameters": {"n": {"type": "integer", "default": 2}}, "body": {"type": "Text", "text": "$n"}}"#
    )
    #expect(d.parameters.first?.problem(with: .number(2.5)) == "a whole number; got 2.5")
    #expect(d.parameters.first?.problem(with: .number(-7)) == nil)
    #expect(d.parameters.first?.problem(with: .string("2")) == "an integer; got string")
    #expect(throws: DefinitionError.self) {
      try DefinitionParser.parse(
        #"{"name": "N", "parameters": {"n": {"type": "integer", "default": 2.5}}, "body": {"type": "Text", "text": "$n"}}"#
      )
    }
  }

  /// The values of a `number` and an `integer` parameter: `render`'s text, and what the
  /// generated `catalogText(_:)` helper prints when compiled and run.
  static let numbers: [Double] = [5, 2.5, -3, 0, 0.1, 1e16, 123_456_789_012, 1.5e300, -0.25]

  @Test func renderAndTheGeneratedSwiftUIShowTheSameText() throws {
    let definition = try DefinitionParser.parse(
      #"{"name": "Shown", "parameters": {"x": {"type": "number", "default": 0}, "n": {"type": "integer", "default": 0}, "o": {"type": "number", "optional": true}}, "body": {"type": "VStack", "children": [{"type": "Text", "text": "$x"}, {"type": "Text", "text": "$n"}, {"type": "Text", "text": "$o"}]}}"#
    )
    func rendered(_ arguments: JSONObject) throws -> [String] {
      var resolver = Resolver(
        source: InMemoryComponentSource([definition]), tokens: TokenResolver(tokens: [:]))
      let resolved = try resolver.resolve("Shown", arguments: arguments)
      return (0..<resolved.tree.count).compactMap { i -> String? in
        if case .text(let s, _) = resolved.tree.kind(of: i) { return s }
        return nil
      }
    }
    var expected: [String] = []
    for x in Self.numbers {
      let whole = ParameterType.isWhole(x) ? x : 7
      let texts = try rendered(
        JSONObject([("x", .number(x)), ("n", .number(whole)), ("o", .number(x))]))
      #expect(texts == [JSONWriter.number(x), JSONWriter.number(whole), JSONWriter.number(x)])
      expected += texts
    }
    #expect(try rendered(JSONObject()) == ["0", "0", ""])
    expected += ["0", "0", ""]
    // The same values through the generated helper, as the generated Text calls it.
    let swift = try SwiftUIRenderer.render(
      "Shown", definitions: ["Shown": definition], tokens: TokenResolver(tokens: [:]))
    #expect(swift.contains("Text(catalogText(x))") && swift.contains("Text(catalogText(o))"))
    // Foundation, as a SwiftUI app has it (and its maths for `rounded()` on Linux).
    var program = "import Foundation\n" + SwiftUIRenderer.catalogTextHelper(access: "") + "\n"
    for x in Self.numbers {
      let whole = ParameterType.isWhole(x) ? x : 7
      program += "print(catalogText(Double(\(x))))\n"
      program += "print(catalogText(Int(\(Int64(whole)))))\n"
      program += "print(catalogText(Double?(\(x))))\n"
    }
    program += "print(catalogText(Double(0)))\nprint(catalogText(Int(0)))\n"
    program += "print(catalogText(Double?.none))\n"
    let printed = try Self.run(program)
    #expect(printed == expected, "\(printed) vs \(expected)")
  }

  /// Compiles and runs a Swift program; its standard output's lines.
  static func run(_ program: String) throws -> [String] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-text-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("main.swift")
    try program.write(to: file, atomically: true, encoding: .utf8)
    let binary = dir.appendingPathComponent("main")
    let compile = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-o", binary.path, file.path])
    #expect(compile.status == 0, "\(compile.output)")
    let run = try ChildProgram.run(binary, [])
    #expect(run.status == 0, "\(run.output)")
    return run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }
}
