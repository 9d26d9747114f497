import Foundation
import Testing

/// Long modifier chains (issue 12, point 2): each modifier wraps the view in one more
/// layout node, so each counts as one level of the nesting the resolver bounds. Before,
/// 5,000 `padding` modifiers saved and then crashed `render` (exit 139).
@Suite struct ModifierDepthTests {
  /// A component `W`: a Text with `count` `padding` modifiers.
  static func padded(_ count: Int) -> String {
    let modifiers = Array(repeating: #"{"padding":1}"#, count: count).joined(separator: ",")
    return #"{"name":"W","body":{"type":"Text","text":"x","modifiers":[\#(modifiers)]}}"#
  }

  @Test func addRefusesALongModifierChainNamingTheViewAndTheLimit() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["add", try s.write("W.json", Self.padded(5000))])
    #expect(r.status == 1, "\(r.out)")
    #expect(
      r.err.contains(
        "W: body: views, modifiers and instances nest 5001 deep (W); rendering stops at 256 levels"),
      "\(r.err.prefix(400))")
    #expect(r.err.components(separatedBy: "Error:").count == 2, "\(r.err.prefix(600))")
    #expect(!s.run(["list"]).out.contains("W"))
  }

  @Test func theDeepestModifierChainAllowedSavesAndRendersInEveryFormat() throws {
    // 255 modifiers: the Text's content sits at depth 255, the last level rendered.
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let added = s.run(["add", try s.write("W.json", Self.padded(255))])
    #expect(added.status == 0, "\(added.err.prefix(300))")
    for format in ["tree", "json", "html", "svg", "swiftui"] {
      let r = s.run(["render", "W", "--format", format])
      #expect(r.status == 0, "\(format): \(r.err.prefix(300))")
    }
    // The tree's indentation follows the depth: bounded by the limit, not the input.
    let tree = s.run(["render", "W"]).out
    #expect(tree.utf8.count < 256 * 600, "\(tree.utf8.count) bytes")
    #expect(s.run(["doctor"]).status == 0)
    #expect(s.run(["add", try s.write("W.json", Self.padded(256))]).status == 1)
  }

  @Test func aStoredLongModifierChainIsAnErrorAtRenderNotACrash() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    #expect(s.run(["add", try s.write("W.json", Self.padded(1))]).status == 0)
    // Saved before the rule existed: written into the row by hand.
    guard try sqlite3(s.db, "select 1") != nil else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    try sqlite3(s.db, "UPDATE component SET definition = '\(Self.padded(5000))' WHERE name = 'W'")
    for format in ["tree", "json", "html", "swiftui"] {
      let r = s.run(["render", "W", "--format", format])
      #expect(r.status == 1, "\(format): exit \(r.status)")
      #expect(
        r.err.contains(
          "Error: W: body: views, modifiers and instances are nested more than 256 deep"),
        "\(format): \(r.err.prefix(300))")
    }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1, "exit \(doctor.status): \(doctor.out.prefix(300))")
    #expect(doctor.out.contains("nested more than 256 deep"), "\(doctor.out.prefix(600))")
  }
}
