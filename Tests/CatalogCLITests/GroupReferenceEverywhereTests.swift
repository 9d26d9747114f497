import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// Issue 14 review, point 2: `{group}` naming a group that has a `$root` token is
/// rewritten to `{group.$root}` (lenient, with a warning) or refused (`--strict`)
/// wherever a value is accepted and wherever the reference sits in it: a whole-value
/// alias, a composite member, a math operand; `tokens set` as import (DTCG §6.2, §7.1.1).
@Suite struct GroupReferenceEverywhereTests {
  static let file = #"""
    {"accent": {"$type": "color", "$root": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
                "light": {"$value": {"colorSpace": "srgb", "components": [1, 0.5, 0.5]}}},
     "size": {"$type": "dimension", "$root": {"$value": {"value": 2, "unit": "px"}},
              "lg": {"$value": {"value": 8, "unit": "px"}}},
     "b": {"$type": "border", "$value": {"color": "{accent}", "width": "{size}", "style": "solid"}},
     "s": {"$type": "shadow", "$value": [{"color": "{accent}", "offsetX": "{size}", "offsetY": {"value": 0, "unit": "px"},
                                        "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}]},
     "m": {"$type": "dimension", "$value": "{size} * 2"}}
    """#

  @Test("rewrite reaches every string of a value, each group reported once")
  func rewriteEverywhere() throws {
    let value = try JSONParser.parse(
      #"[{"color": "{accent}", "x": ["{size} + {size}", "{accent.$root}", "{other}"]}]"#
    ).root
    let (out, groups) = GroupReference.rewrite(value) { ["accent", "size"].contains($0) }
    #expect(groups == ["accent", "size"])
    #expect(
      JSONWriter.compact(out)
        == #"[{"color":"{accent.$root}","x":["{size.$root} + {size.$root}","{accent.$root}","{other}"]}]"#
    )
    let (same, none) = GroupReference.rewrite(value) { _ in false }
    #expect(same == value && none.isEmpty)
  }

  @Test("an import rewrites {group} in composites and math (lenient) and refuses it (--strict)")
  func importRule() throws {
    let s = try Sandbox()
    let path = try s.write("c.tokens.json", Self.file)
    let strict = s.run(["add", "--strict", path])
    #expect(strict.status == 1)
    for (token, group) in [
      ("b", "accent"), ("b", "size"), ("s", "accent"), ("s", "size"), ("m", "size"),
    ] {
      #expect(
        strict.err.contains(
          "\(token): the reference {\(group)} names a group; its root token is {\(group).$root}"),
        "\(token) \(group): \(strict.err)")
    }
    let lenient = s.run(["add", path])
    #expect(lenient.status == 0, "\(lenient.err)")
    #expect(
      lenient.err.contains(
        "s: the reference {size} names a group; rewritten to its root token {size.$root}"))
    let b = try json(s.run(["tokens", "get", "b", "--json"]).out).objectValue?["value"]
    #expect(b?.objectValue?["color"] == .string("{accent.$root}"))
    #expect(b?.objectValue?["width"] == .string("{size.$root}"))
    let m = try json(s.run(["tokens", "get", "m", "--json"]).out).objectValue
    #expect(m?["value"] == .string("{size.$root} * 2"))
    #expect(m?["points"] == .number(JSONNumber(4)))
  }

  @Test(
    "tokens set rewrites {group} as import does, and tokens list shows what is stored (built binary)"
  )
  func tokensSet() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("c.tokens.json", Self.file)]).status == 0)
    let border = try runBinary(
      binary,
      [
        "--db", s.db, "tokens", "set", "border.x",
        #"{"color":"{accent}","width":{"value":1,"unit":"px"},"style":"solid"}"#,
        "--type", "border",
      ], in: s.url)
    #expect(border.status == 0, "\(border.err)")
    #expect(
      border.err.contains(
        "warning: border.x.$value.color: the reference {accent} names a group; rewritten to its root token {accent.$root}"
      ), "\(border.err)")
    let alias = try runBinary(
      binary, ["--db", s.db, "tokens", "set", "alias.x", "{accent}", "--type", "color"], in: s.url)
    #expect(alias.status == 0, "\(alias.err)")
    #expect(alias.err.contains("rewritten to its root token {accent.$root}"))
    let list = try runBinary(binary, ["--db", s.db, "tokens", "list"], in: s.url).out
    #expect(list.contains(#"{"color":"{accent.$root}""#), "\(list)")
    #expect(
      list.split(separator: "\n").contains {
        $0.hasPrefix("alias.x") && $0.contains("{accent.$root}")
      },
      "\(list)")
  }
}
