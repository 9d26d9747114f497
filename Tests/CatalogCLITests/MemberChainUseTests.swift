import Foundation
import Testing

/// Issue 14, point 1, review: a component that uses a token through a composite's member
/// (`bdr.base` is a border whose `color` is `{colors.blue}`, used by `"strokeBorder":
/// "{bdr.base}"`) is named, with the chain, by every command that asks who uses
/// `colors.blue` — `tokens usage`, `tokens remove` (refused, or the count with `--force`),
/// `tokens set --dry-run` and `doctor`. `tokens remove` named `{bdr.base}` but not the
/// component, since the border still resolves with its member kept as written.
@Suite struct MemberChainUseTests {
  static let tokens = #"""
    {"colors": {"$type": "color",
       "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff"}}},
     "bdr": {"base": {"$type": "border",
       "$value": {"color": "{colors.blue}", "width": {"value": 2, "unit": "px"}, "style": "solid"}}},
     "edge": {"$type": "border", "$value": "{bdr.base}"}}
    """#

  static let boxed = #"""
    {"name": "Boxed", "body": {"type": "VStack", "children": [
      {"type": "Rectangle", "strokeBorder": "{bdr.base}", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
      {"type": "Text", "text": "a", "modifiers": [{"border": {"color": "red", "width": 1}}]},
      {"type": "Circle", "stroke": "{edge}", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}
    """#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run(["add", try s.write("t.tokens.json", tokens), try s.write("B.json", boxed)])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("tokens usage, remove, set --dry-run and doctor name the component with the chain")
  func everyCommand() throws {
    let s = try Self.catalog()
    let direct = "{bdr.base} → {colors.blue}  Boxed  body.children[0].strokeBorder  strokeBorder"
    let aliased =
      "{edge} → {bdr.base} → {colors.blue}  Boxed  body.children[2].stroke  stroke"
    let usage = s.run(["tokens", "usage", "colors.blue"])
    #expect(usage.out.contains(direct) && usage.out.contains(aliased), "\(usage.out)")
    let dry = s.run(["tokens", "set", "colors.blue", "#ff0000", "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains(direct) && dry.out.contains(aliased), "\(dry.out)")
    let remove = s.run(["tokens", "remove", "colors.blue"])
    #expect(remove.status == 1)
    #expect(
      remove.err.contains(
        "Boxed: body.children[0].strokeBorder: unknown token {colors.blue} (referenced by {bdr.base})"
      ), "\(remove.err)")
    #expect(
      remove.err.contains(
        "Boxed: body.children[2].stroke: unknown token {colors.blue} (through {edge} → {bdr.base} → {colors.blue})"
      ), "\(remove.err)")
    let forced = s.run(["tokens", "remove", "colors.blue", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.out.contains("2 uses in components no longer resolve"), "\(forced.out)")
    let doctor = s.run(["doctor"])
    #expect(
      doctor.out.contains(
        "missing-token: Boxed body.children[0].strokeBorder: unknown token {colors.blue} (referenced by {bdr.base})"
      ), "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "missing-token: Boxed body.children[2].stroke: unknown token {colors.blue}"),
      "\(doctor.out)")
  }
}
