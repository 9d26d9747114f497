import Foundation
import Testing

/// Golden text files in `Tests/CatalogRenderTests/__Snapshots__/`.
///
/// A missing file is recorded and the test fails (review it by hand, then run again);
/// `RECORD_GOLDENS=1` re-records every file (and fails, so a recording run is never green).
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")

  static func check(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = folder.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record(
          "recorded golden \(name); review it and run the tests again",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot write golden \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    if expected != actual {
      let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
      var line = 0
      while line < min(e.count, a.count), e[line] == a[line] { line += 1 }
      let want = line < e.count ? String(e[line]) : "<end>"
      let got = line < a.count ? String(a[line]) : "<end>"
      Issue.record(
        "\(name) differs from its golden at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)\n(RECORD_GOLDENS=1 re-records)",
        sourceLocation: sourceLocation)
    }
  }
}
