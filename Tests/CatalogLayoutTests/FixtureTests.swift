import Foundation
import Testing

@testable import CatalogLayout

/// The golden fixtures: `Fixtures/<category>/<behaviour>.json` (format in Fixtures/README.md).
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Every fixture, as `category/behaviour.json`, sorted.
  static func all() -> [String] {
    let fm = FileManager.default
    var result: [String] = []
    let categories = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
    for category in categories.sorted() {
      let dir = directory.appendingPathComponent(category)
      var isDir: ObjCBool = false
      guard fm.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else { continue }
      for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
      where file.hasSuffix(".json") {
        result.append("\(category)/\(file)")
      }
    }
    return result
  }
}

@Suite("Golden fixtures")
struct FixtureTests {
  @Test("at least 60 fixtures across the required categories")
  func inventory() {
    let all = Fixtures.all()
    #expect(all.count >= 60)
    let categories = Set(all.map { String($0.split(separator: "/")[0]) })
    for required in [
      "stack", "spacer", "priority", "spacing", "padding", "frame", "zstack", "overlay",
      "alignment", "text",
      "rounding", "rtl",
    ] {
      #expect(categories.contains(required), "no fixture in \(required)")
    }
  }

  @Test("fixture", arguments: Fixtures.all())
  func fixture(_ name: String) throws {
    let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent(name))
    let fixture = try Fixture(data: data)
    let env = LayoutEnvironment(displayScale: fixture.scale, layoutDirection: fixture.direction)
    LayoutEngine(environment: env).layout(fixture.input, in: fixture.proposal)
    var lines: [String] = []
    var failed = false
    compare(fixture.input, fixture.expect, path: "", depth: 0, lines: &lines, failed: &failed)
    if failed {
      Issue.record(
        "\(name): frames differ (x, y, w×h; '!' marks a mismatch)\n\(lines.joined(separator: "\n"))\nnote: \(fixture.note)"
      )
    }
  }

  private func compare(
    _ node: LayoutNode, _ expected: ExpectedFrame, path: String, depth: Int,
    lines: inout [String], failed: inout Bool
  ) {
    let indent = String(repeating: "  ", count: depth)
    let ok = close(node.frame, expected.frame)
    if !ok { failed = true }
    let label = FixtureTree.label(node)
    if ok {
      lines.append("  \(indent)\(label) \(node.frame)")
    } else {
      lines.append("! \(indent)\(label) expected \(expected.frame) got \(node.frame)")
    }
    if node.children.count != expected.children.count {
      failed = true
      lines.append(
        "! \(indent)  expected \(expected.children.count) children, the input has \(node.children.count)"
      )
    }
    for (k, pair) in zip(node.children, expected.children).enumerated() {
      compare(
        pair.0, pair.1, path: "\(path)/\(k)", depth: depth + 1, lines: &lines, failed: &failed)
    }
  }

  private func close(_ a: Rect, _ b: Rect) -> Bool {
    func eq(_ x: Double, _ y: Double) -> Bool { x == y || abs(x - y) < 0.001 }
    return eq(a.minX, b.minX) && eq(a.minY, b.minY) && eq(a.width, b.width)
      && eq(a.height, b.height)
  }
}
