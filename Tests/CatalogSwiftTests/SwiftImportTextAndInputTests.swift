import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// Fresh-user review 17 (a), point 5: `import-swift` never stores Swift source as text, and
/// a `ForEach` count it cannot store is an error at the range, saying what it found.
@Suite struct SwiftImportTextAndInputTests {
  func importing(_ body: String, parameters: String = "") throws -> SwiftImportResult {
    let text =
      "import SwiftUI\nstruct Row: View {\n\(parameters)  var body: some View {\n    \(body)\n  }\n}\n"
    return SwiftComponentImporter(
      tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()), catalog: []
    ).importFiles([SwiftSourceFile(text: text, path: "Row.swift")])
  }

  @Test("an interpolation with other text is refused at the literal, never kept with quotes")
  func interpolatedTextIsRefused() throws {
    // Before: stored as the text "\"\\(t) interp\"" with a warning.
    let result = try importing(#"Text("\(t) interp")"#, parameters: "  var t: String\n")
    #expect(result.failed == ["Row"])
    let error = try #require(result.diagnostics.first { $0.level == .error })
    #expect(error.rule == "unrepresentable-text")
    #expect(error.location.line == 5 && error.location.column == 10, "\(error.location)")
    #expect(error.message.contains(#"the text "\(t) interp" is a string that interpolates"#))
    #expect(error.message.contains("one whole parameter"), "\(error.message)")
  }

  @Test("an expression as text is refused; the supported forms still import")
  func otherTextForms() throws {
    let expression = try importing("Text(t.uppercased())", parameters: "  var t: String\n")
    #expect(expression.failed == ["Row"])
    #expect(
      expression.diagnostics.contains {
        $0.rule == "unrepresentable-text" && $0.message.contains("is an expression")
      })
    for body in [#"Text("\(t)")"#, "Text(t)", #"Text("Save")"#] {
      let ok = try importing(body, parameters: "  var t: String\n")
      #expect(
        !ok.diagnostics.contains { $0.rule == "unrepresentable-text" }, "\(body): \(ok.diagnostics)"
      )
    }
  }

  @Test("a ForEach count past the limit is an error at the range saying what it found")
  func forEachCountOutOfRange() throws {
    // Before: an error at the struct: `a whole number from 0 to 10000 or "$parameter"`.
    let result = try importing("ForEach(0..<1_000_000_000) { _ in Text(\"a\") }")
    #expect(result.failed == ["Row"])
    let error = try #require(result.diagnostics.first { $0.level == .error })
    #expect(error.location.line == 4 && error.location.column == 13, "\(error.location)")
    #expect(error.message.contains("repeats 1_000_000_000 rows"), "\(error.message)")
    #expect(error.message.contains("from 0 to 10000"), "\(error.message)")
  }

  @Test("a FIFO named .swift is refused by the input file rule, not waited on")
  func fifoIsRefused() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "review17a-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("p.swift").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // A writer that gives up after a while, so a regression fails instead of hanging.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 20)
      let fd = open(fifo, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
    }
    writer.start()
    let files = try SwiftChecker.swiftFiles(in: [dir.path])
    #expect(files == [fifo])
    let started = Date()
    let error = #expect(throws: SwiftBridgeError.self) { try SwiftSourceFile.read(fifo) }
    #expect(
      "\(error.map { "\($0)" } ?? "")".contains("it is a named pipe (FIFO), not a regular file"),
      "\(String(describing: error))")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test("a folder's .swift file leading outside it through a symbolic link is not read")
  func symlinkOutOfAScannedFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "review17a-\(UUID().uuidString)")
    let dir = root.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let outside = root.appendingPathComponent("secret.swift").path
    try "let secret = 1\n".write(toFile: outside, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("S.swift").path, withDestinationPath: outside)
    let error = #expect(throws: SwiftBridgeError.self) {
      try SwiftChecker.swiftFiles(in: [dir.path])
    }
    let text = error.map { "\($0)" } ?? ""
    #expect(text.contains("leads outside the folder"), "\(text)")
    #expect(!text.contains("let secret"))
    // A file named directly is the user's choice, and read.
    #expect(try SwiftChecker.swiftFiles(in: [outside]) == [outside])
  }

  /// Review 19: a struct declared twice (twice in a file, in two files, or in both branches
  /// of an `#if`) was imported twice, the last one replacing the first without a word.
  @Test(arguments: [
    [
      "struct Dup: View {\n  var body: some View { Text(\"a\") }\n}\nstruct Dup: View {\n  var body: some View { Text(\"b\") }\n}\n"
    ],
    [
      "#if os(iOS)\nstruct Dup: View {\n  var body: some View { Text(\"a\") }\n}\n#else\nstruct Dup: View {\n  var body: some View { Text(\"b\") }\n}\n#endif\n"
    ],
    [
      "struct Dup: View {\n  var body: some View { Text(\"a\") }\n}\n",
      "\n\n\nstruct Dup: View {\n  var body: some View { Text(\"b\") }\n}\n",
    ],
  ])
  func aComponentDeclaredTwiceIsAnErrorAtBothPlaces(_ texts: [String]) throws {
    let files = texts.enumerated().map {
      SwiftSourceFile(text: "import SwiftUI\n" + $0.element, path: "F\($0.offset).swift")
    }
    let result = SwiftComponentImporter(
      tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()), catalog: []
    ).importFiles(
      files + [
        SwiftSourceFile(
          text: "import SwiftUI\nstruct Other: View {\n  var body: some View { Text(\"o\") }\n}\n",
          path: "O.swift")
      ])
    #expect(result.failed == ["Dup"])
    let errors = result.diagnostics.filter { $0.rule == "duplicate-component" }
    #expect(errors.count == 2, "\(result.diagnostics)")
    #expect(errors.allSatisfy { $0.level == .error && $0.component == "Dup" })
    let places = errors.map(\.location.description)
    #expect(
      errors[0].message.contains("struct Dup is also declared at \(places[1])"),
      "\(errors[0].message)")
    #expect(
      errors[1].message.contains("struct Dup is also declared at \(places[0])"),
      "\(errors[1].message)")
    #expect(result.component("Other") != nil)
  }

  /// Review 19: `var n: Double = 1e400` (which Swift refuses: it overflows to infinity) was
  /// read as infinity and refused later as "the catalog holds an invalid value"; it is said
  /// at the literal, and the parameter has no default.
  @Test func aDefaultBeyondTheLargestDoubleIsSaidAtTheLiteral() throws {
    let result = try importing(#"Text("x").padding(n)"#, parameters: "  var n: Double = 1e400\n")
    let warning = try #require(result.diagnostics.first { $0.rule == "unrepresentable-default" })
    #expect(warning.location.line == 3, "\(warning.location)")
    #expect(
      warning.message.contains("the default '1e400' of n is beyond the largest Double"),
      "\(warning.message)")
    let row = try #require(result.component("Row"), "\(result.diagnostics)")
    #expect(row.parameter(named: "n")?.defaultValue == nil)
  }

  /// Review 19: `check-swift EMPTY_FOLDER` said "No problems found." and exited 0, which
  /// passes a CI step on a mistyped path; a folder with no `.swift` file is an error.
  @Test func aFolderWithoutSwiftFilesIsAnError() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-none-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "struct A {}".write(
      to: dir.appendingPathComponent(".hidden/A.swift"), atomically: true, encoding: .utf8)
    try "text".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    #expect(throws: SwiftBridgeError.self) { try SwiftChecker.swiftFiles(in: [dir.path]) }
    do { _ = try SwiftChecker.swiftFiles(in: [dir.path]) } catch {
      #expect(
        error.message
          == "\(dir.path): the folder holds no .swift file (hidden folders and .build are skipped)")
    }
  }

  /// Review 19: `if n > 2` (n a parameter) was said to be "not about parameters" and became a
  /// made-up boolean parameter that no longer followed n. It is an error naming n and the
  /// forms a condition can hold; a condition naming no parameter still becomes one.
  @Test("a condition on a parameter that a catalog condition cannot hold is an error")
  func comparisonOfAParameterIsRefused() throws {
    let result = try importing(
      "VStack { if n > 2 { Text(\"Many\") } }", parameters: "  var n: Int\n")
    #expect(result.failed == ["Row"])
    let error = try #require(result.diagnostics.first { $0.level == .error })
    #expect(error.rule == "unrepresentable-condition")
    #expect(error.message.contains("uses the parameter n"), "\(error.message)")
    #expect(error.message.contains("== or !="), "\(error.message)")
    #expect(!error.message.contains("not about parameters"), "\(error.message)")
    // No parameter is made up for it.
    #expect(!result.diagnostics.contains { $0.message.contains("becomes the boolean parameter") })
    // A condition naming no parameter still becomes a boolean parameter, said so.
    let other = try importing(
      "VStack { if Date.now.timeIntervalSince1970 > 2 { Text(\"Late\") } }",
      parameters: "  var n: Int\n")
    #expect(other.failed.isEmpty)
    #expect(
      other.diagnostics.contains {
        $0.rule == "unrepresentable-condition"
          && $0.message.contains("names no parameter of the component")
      })
    // The forms a condition holds still import.
    let fine = try importing(
      "VStack { if flag && n != 2 { Text(\"Some\") } }",
      parameters: "  var n: Int\n  var flag: Bool\n")
    #expect(fine.failed.isEmpty, "\(fine.diagnostics)")
  }
}
