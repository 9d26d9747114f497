import Foundation
import Testing

/// A composite member's alias must name a token of the member's type (DTCG Format §9,
/// §7.4.5): import's rule, also run by the dependents check of `tokens set` (refused
/// without `--force`, naming the composite, member and new type) and by `doctor` (an
/// error), so a re-typed token cannot leave a border or shadow that `check` then refuses.
@Suite struct CompositeMemberTypeTests {
  static let tokens = """
    {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
     "w": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}},
     "b": {"$type": "border", "$value": {"color": "{c}", "width": "{w}", "style": "solid"}},
     "sh": {"$type": "shadow", "$value": {"color": "{c}", "offsetX": "{w}", "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}}
    """
  static let green = #"{"colorSpace":"srgb","components":[0,1,0]}"#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let add = s.run(["add", try s.write("c.json", tokens)])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("tokens set --type that breaks a composite member is refused, naming it")
  func retypeIsRefused() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "set", "w", Self.green, "--type", "color"])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("{b} (border): width: the alias {w} names a color token"), "\(r.err)")
    #expect(r.err.contains("{sh} (shadow): offsetX: the alias {w} names a color token"))
    #expect(s.run(["tokens", "get", "w"]).out.contains("dimension"))
    let c = s.run(["tokens", "set", "c", "5px", "--type", "dimension"])
    #expect(c.status == 1)
    #expect(
      c.err.contains("{b} (border): color: the alias {c} names a dimension token"), "\(c.err)")
    #expect(s.run(["doctor"]).status == 0)
  }

  @Test("forced, the mismatch is a warning, and doctor reports it as an error")
  func forcedThenDoctor() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "set", "c", "5px", "--type", "dimension", "--force"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains("{b} (border): color: the alias {c} names a dimension token"), "\(r.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status != 0, "\(doctor.out)")
    #expect(
      doctor.out.contains("color: the alias {c} names a dimension token"),
      "\(doctor.out)\(doctor.err)")
    #expect(!doctor.out.contains("No problems found"))
  }

  @Test("an import re-typing a member's token is refused the same way")
  func importIsRefused() throws {
    let s = try Self.catalog()
    let file = try s.write(
      "w.json",
      #"{"w": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 1, 0]}}}"#)
    let r = s.run(["tokens", "import", file, "--set", "c"])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("width: the alias {w} names a color token"), "\(r.err)")
  }

  @Test("tokens set of a composite checks its own members' types")
  func ownMembersAreChecked() throws {
    let s = try Self.catalog()
    let r = s.run([
      "tokens", "set", "b2", #"{"color":"{w}","width":"{w}","style":"solid"}"#, "--type", "border",
    ])
    #expect(r.status == 1)
    #expect(
      r.err.contains("{b2} (border): color: the alias {w} names a dimension token"), "\(r.err)")
  }
}
