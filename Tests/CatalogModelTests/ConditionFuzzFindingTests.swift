import CatalogModel
import Foundation
import Testing

/// Every input the condition fuzzer (`fuzz/run.sh condition`) has found, kept in
/// `bad-inputs/fuzz/condition-*`, checked against the target's invariants: refused with a
/// syntax error, or parsed with a canonical form that parses back to the same condition.
/// The first findings were string literals holding backslashes, which the canonical form
/// did not escape (`'\'` for a one-backslash string).
@Suite struct ConditionFuzzFindingTests {
  static let findings: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: FuzzFindingTests.folder.path)) ?? [])
    .filter { $0.hasPrefix("condition-") }.sorted()

  @Test func thereAreFindings() { #expect(!Self.findings.isEmpty) }

  @Test func everyFindingIsHandled() throws {
    for name in Self.findings {
      let bytes = try Data(contentsOf: FuzzFindingTests.folder.appendingPathComponent(name))
      let text = String(decoding: bytes, as: UTF8.self)
      guard let condition = try? Condition.parse(text) else { continue }
      #expect(
        try Condition.parse(condition.description) == condition,
        "\(name): \(condition) vs \(String(describing: try? Condition.parse(condition.description)))"
      )
      _ = condition.evaluate { _ in nil }
    }
  }

  @Test(arguments: [#"'\\'"#, #"$a == 'x\\\'y'"#, #""\\\\""#])
  func backslashesSurviveTheCanonicalForm(_ text: String) throws {
    let condition = try Condition.parse(text)
    #expect(try Condition.parse(condition.description) == condition)
  }
}
