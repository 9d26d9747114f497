import Foundation
import Synchronization

/// The tests skipped (or, with `CI=true`, failed) for want of something outside the
/// repository, printed once when the test process exits, so the list is the last thing
/// `swift test` shows rather than one line among thousands.
public enum SkipReport {
  struct Entry: Equatable {
    var test: String
    var requirement: String
    var source: String
    var failed: Bool
  }

  private static let entries = Mutex<[Entry]>([])
  private static let checked = Mutex<[String]>([])
  private static let registration = Mutex(false)

  /// Notes that a test checked `requirement` (present or not), so the line printed at exit
  /// can say that every test needing something outside the repository ran.
  ///
  /// - Parameter requirement: What the test needs.
  public static func noteChecked(_ requirement: ExternalRequirement) {
    checked.withLock { if !$0.contains(requirement.name) { $0.append(requirement.name) } }
    registerOnce()
  }

  private static func registerOnce() {
    registration.withLock { registered in
      guard !registered else { return }
      registered = true
      atexit { SkipReport.printSummary() }
    }
  }

  /// Records a test skipped because `requirement` is missing, and arranges for the
  /// summary to be printed at exit.
  ///
  /// - Parameters:
  ///   - test: The test's or suite's name.
  ///   - requirement: What it needs.
  ///   - failed: True when the test failed instead of being skipped (`CI=true`).
  public static func record(test: String, requirement: ExternalRequirement, failed: Bool) {
    entries.withLock {
      $0.append(
        Entry(test: test, requirement: requirement.name, source: requirement.source, failed: failed)
      )
    }
    registerOnce()
  }

  /// The summary: per missing requirement, where it comes from and the tests it took out.
  ///
  /// - Returns: The text, empty when nothing was skipped.
  public static func summary() -> String {
    summary(of: entries.withLock { $0 })
  }

  /// The summary of the given entries (see ``summary()``).
  static func summary(of all: [Entry]) -> String {
    guard !all.isEmpty else { return "" }
    let skipped = all.filter { !$0.failed }.count
    let failed = all.count - skipped
    var lines = [
      "",
      "==== \(skipped) test(s) or suite(s) SKIPPED\(failed > 0 ? ", \(failed) FAILED (CI=true)" : ""): what they need is missing ====",
    ]
    var order: [String] = []
    var byRequirement: [String: [Entry]] = [:]
    for entry in all {
      if byRequirement[entry.requirement] == nil { order.append(entry.requirement) }
      byRequirement[entry.requirement, default: []].append(entry)
    }
    for requirement in order {
      let group = byRequirement[requirement] ?? []
      lines.append("\(requirement) is missing: \(group[0].source)")
      for entry in group.sorted(by: { $0.test < $1.test }) {
        lines.append("  \(entry.failed ? "FAILED " : "skipped") \(entry.test)")
      }
    }
    lines.append("(README, Requirements: where this comes from; with CI=true these fail.)")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func printSummary() {
    var text = summary()
    if text.isEmpty {
      let names = checked.withLock { $0 }
      text =
        "\n==== every test that needs something outside the repository ran (\(names.joined(separator: ", ")) present) ====\n"
    }
    fflush(nil)  // everything Swift Testing wrote comes first
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
