import Foundation
import Testing

/// An alias inside a composite value follows the one dangling-alias rule of a whole-value
/// alias: refused without `--allow-dangling`, kept with a warning with it, a doctor
/// warning (exit 0), listed in the folder manifest's `danglingAliases`.
@Suite struct CompositeDanglingAliasTests {
  static let cases: [(String, String)] = [
    (
      "border",
      #"{"b": {"$type": "border", "$value": {"color": "{nope.color}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}}"#
    ),
    (
      "shadow",
      #"{"b": {"$type": "shadow", "$value": {"color": "{nope.color}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}}"#
    ),
    (
      "typography",
      #"{"b": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "{nope.size}", "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}}}"#
    ),
    (
      "gradient",
      #"{"b": {"$type": "gradient", "$value": [{"color": "{nope.color}", "position": 0}, {"color": {"colorSpace": "srgb", "components": [1, 1, 1]}, "position": 1}]}}"#
    ),
  ]

  @Test("a composite member naming no token follows the one rule", arguments: cases)
  func compositeMemberFollowsTheRule(type: String, file text: String) throws {
    let s = try Sandbox()
    let file = try s.write("\(type).tokens.json", text)
    let refused = s.run(["add", file])
    #expect(refused.status == 1, "\(refused.out)")
    #expect(refused.err.contains("names no token"), "\(refused.err)")
    #expect(refused.err.contains("pass --allow-dangling to keep it"))
    let kept = s.run(["add", file, "--allow-dangling"])
    #expect(kept.status == 0, "\(kept.err)")
    #expect(kept.err.contains("kept because of --allow-dangling"))
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(doctor.out.contains("warning: missing-alias: token b"), "\(doctor.out)")
    #expect(s.run(["export", s.path("out")]).status == 0)
    let manifest = try String(contentsOfFile: s.path("out/catalog.json"), encoding: .utf8)
    #expect(manifest.contains("\"danglingAliases\": [\n    \"b\"\n  ]"), "\(manifest)")
  }

  @Test("tokens set refuses a composite member naming no token (built binary: exit 1, stderr)")
  func tokensSetRefusesDanglingMembers() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let file = try s.write(
      "c.tokens.json",
      #"{"c": {"$type": "color", "x": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let value = #"{"color":"{zzz}","width":{"value":1,"unit":"px"},"style":"solid"}"#
    let r = try runBinary(
      binary, ["--db", s.db, "tokens", "set", "c.b", value, "--type", "border"], in: s.url)
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(r.err.contains("the alias {zzz} names no token"), "\(r.err)")
    // A whole-value alias and a math operand get the same rule's message.
    for (whole, type) in [("{zzz}", "color"), ("{zzz} * 2", "dimension")] {
      let top = s.run(["tokens", "set", "c.t", whole, "--type", type])
      #expect(top.status == 1)
      #expect(top.err.contains("the alias {zzz} names no token"), "\(top.err)")
    }
    let ok = value.replacingOccurrences(of: "{zzz}", with: "{c.x}")
    #expect(s.run(["tokens", "set", "c.b", ok, "--type", "border"]).status == 0)
  }
}
