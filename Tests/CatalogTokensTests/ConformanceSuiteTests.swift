import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// The DTCG community group's conformance suite (`../shared/dtcg-test-suite`), run from its
/// manifests: every positive case must import, every negative case must be refused with
/// a message naming the problem. Prints a pass/fail table.
enum ConformanceSuite {
  static let root = sharedRoot.appendingPathComponent("dtcg-test-suite/tests/2025.10")
  static var isPresent: Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent("manifest.json").path)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var part: String
    var id: String
    var positive: Bool
    var input: String
    var testDescription: String { "\(part)/\(id)" }
  }

  struct Outcome {
    var passed: Bool
    var missing: Bool
    var detail: String
  }

  static func cases() -> [Case] {
    guard isPresent,
      let rootManifest = try? JSONParser.parse(
        String(contentsOf: root.appendingPathComponent("manifest.json"), encoding: .utf8)
      ).root
    else { return [] }
    var out: [Case] = []
    for m in rootManifest.objectValue?["manifests"]?.arrayValue ?? [] {
      guard let file = m.objectValue?["file"]?.stringValue,
        let id = m.objectValue?["id"]?.stringValue
      else { continue }
      let url = root.appendingPathComponent(file)
      guard let manifest = try? JSONParser.parse(String(contentsOf: url, encoding: .utf8)).root
      else { continue }
      let folder = url.deletingLastPathComponent()
      for t in manifest.objectValue?["tests"]?.arrayValue ?? [] {
        guard let o = t.objectValue, let tid = o["id"]?.stringValue,
          let type = o["type"]?.stringValue, let input = o["input"]?.stringValue
        else { continue }
        out.append(
          Case(
            part: id, id: tid, positive: type == "PositiveEvaluationTest",
            input: folder.appendingPathComponent(input).path))
      }
    }
    return out
  }

  /// Runs one case in lenient (default) or strict mode.
  static func run(_ c: Case, strict: Bool) -> Outcome {
    guard let data = FileManager.default.contents(atPath: c.input) else {
      return Outcome(passed: false, missing: true, detail: "fixture missing from the copy")
    }
    let name = URL(fileURLWithPath: c.input).lastPathComponent
    do {
      let source = try TokenSource.read(bytes: [UInt8](data), file: name)
      if c.part == "resolver" {
        let document = try ResolverDocument.parse(source: source)
        for inputs in document.permutations(limit: 64) {
          _ = try document.resolve(inputs: inputs, options: .init(strict: strict))
        }
      } else {
        _ = try TokenFileParser.parse(source: source, options: .init(strict: strict))
      }
      return Outcome(
        passed: c.positive, missing: false,
        detail: c.positive ? "imported" : "accepted, but it is invalid")
    } catch {
      // Every step above throws only `TokenFileError` (typed throws).
      let first = error.diagnostics.first.map(\.summary) ?? "?"
      return Outcome(passed: !c.positive, missing: false, detail: first)
    }
  }

  static func table(strict: Bool) -> (rows: [String], passed: Int, run: Int, missing: Int) {
    var rows: [String] = []
    var passed = 0
    var run = 0
    var missing = 0
    for c in cases() {
      let o = self.run(c, strict: strict)
      if o.missing {
        missing += 1
        rows.append("SKIP  \(c.part)/\(c.id): \(o.detail)")
        continue
      }
      run += 1
      if o.passed { passed += 1 }
      rows.append(
        "\(o.passed ? "PASS" : "FAIL")  \(c.positive ? "+" : "-") \(c.part)/\(c.id): \(o.detail)")
    }
    return (rows, passed, run, missing)
  }
}

@Suite(.requires(.conformanceSuite))
struct ConformanceSuiteTests {
  @Test func theWholeSuitePassesAndPrintsATable() {
    for strict in [false, true] {
      let t = ConformanceSuite.table(strict: strict)
      print(
        "DTCG conformance suite (\(strict ? "--strict" : "default, lenient")): \(t.passed)/\(t.run) passed, \(t.missing) fixtures missing from the copy"
      )
      for row in t.rows where !row.hasPrefix("SKIP") { print("  " + row) }
      #expect(
        t.passed == t.run, "\(t.rows.filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))")
      #expect(t.run >= 150)
    }
  }

  @Test(
    arguments: ConformanceSuite.cases().filter {
      !$0.positive && FileManager.default.fileExists(atPath: $0.input)
    })
  func everyNegativeNamesItsProblem(_ c: ConformanceSuite.Case) throws {
    let data = try #require(FileManager.default.contents(atPath: c.input))
    let name = URL(fileURLWithPath: c.input).lastPathComponent
    let error = try #require(throws: TokenFileError.self) {
      let source = try TokenSource.read(bytes: [UInt8](data), file: name)
      if c.part == "resolver" {
        let d = try ResolverDocument.parse(source: source)
        for inputs in d.permutations(limit: 64) { _ = try d.resolve(inputs: inputs) }
      } else {
        _ = try TokenFileParser.parse(source: source)
      }
    }
    for d in error.diagnostics {
      #expect(d.location?.hasPrefix(name) == true, "\(d) has no file position")
      #expect(d.message.contains("§"), "\(d) names no section of the spec")
    }
  }
}
