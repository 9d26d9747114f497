import Foundation
import Testing

/// `rgba({colors.blue}, 50%)` and member math `{size.w} * 2` through the commands (issue 14
/// points 1 and 3): kept as written, computed by the token graph, so `tokens set` changes
/// the result, `tokens remove` sees the dependency, `doctor` and `lint` report a reference
/// that names no token, and the catalog folder round trip keeps the expression. Values by
/// hand: blue (0, 0, 1) at 50 % is alpha 0.5; 4px × 2 = 8px, 10px × 2 = 20px.
@Suite struct TokenExpressionCommandTests {
  static let tokens = ##"""
    {"colors": {"blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff"}},
                "primary": {"$type": "color", "$value": "{colors.blue}"},
                "half": {"$type": "color", "$value": "rgba({colors.primary}, 50%)"}},
     "size": {"w": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}},
     "line": {"$type": "border", "$value": {"color": "rgba({colors.blue}, 0.25)", "width": "{size.w} * 2", "style": "solid"}},
     "sh": {"$type": "shadow", "$value": {"color": "rgba({colors.blue}, 50%)", "offsetX": {"value": 0, "unit": "px"},
            "offsetY": "{size.w} / 2", "blur": "{size.w} * 2", "spread": {"value": 0, "unit": "px"}}}}
    """##

  static func sandbox() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write("t.tokens.json", tokens)
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains(
        "colors.half: 'rgba({colors.primary}, 50%)' is a Tokens Studio colour function naming a token, not DTCG; it is kept and computed when the token is used"
      ), "\(add.err)")
    return s
  }

  @Test func setThenGetUpdatesTheComputedValues() throws {
    let s = try Self.sandbox()
    let line = s.run(["tokens", "get", "line"])
    #expect(line.status == 0, "\(line.err)")
    #expect(line.out.contains(#""width":"{size.w} * 2""#), "\(line.out)")
    #expect(line.out.contains(#""width":{"value":8,"unit":"px"}"#), "\(line.out)")
    #expect(s.run(["tokens", "set", "size.w", "10px"]).status == 0)
    #expect(s.run(["tokens", "get", "line"]).out.contains(#""width":{"value":20,"unit":"px"}"#))
    #expect(
      s.run(["tokens", "get", "sh"]).out.contains(
        #""offsetY":{"value":5,"unit":"px"},"blur":{"value":20,"unit":"px"}"#))
    let half = s.run(["tokens", "get", "colors.half"])
    #expect(
      half.out.contains(
        ##"= rgba({colors.primary}, 50%) ← {"colorSpace":"srgb","components":[0,0,1],"hex":"#0000ff","alpha":0.5}"##
      ), "\(half.out)")
    #expect(s.run(["tokens", "set", "colors.blue", "#ff0000"]).status == 0)
    #expect(
      s.run(["tokens", "get", "colors.half"]).out.contains(
        ##"{"colorSpace":"srgb","components":[1,0,0],"hex":"#ff0000","alpha":0.5}"##))
    let css = s.run(["tokens", "export", "--format", "css"])
    #expect(css.out.contains("--colors-half: color(srgb 1 0 0 / 0.5);"), "\(css.out)")
    #expect(css.out.contains("--line: 20px solid color(srgb 1 0 0 / 0.25);"), "\(css.out)")
    #expect(!css.err.contains("not exported"), "\(css.err)")
    #expect(s.run(["doctor"]).status == 0)
  }

  @Test func removeIsRefusedWhileAnExpressionNamesTheToken() throws {
    let s = try Self.sandbox()
    let remove = s.run(["tokens", "remove", "size.w"])
    #expect(remove.status == 1)
    #expect(
      remove.err.contains("{line}: unknown token {size.w} (referenced by {line})"), "\(remove.err)")
    #expect(
      remove.err.contains("{sh}: unknown token {size.w} (referenced by {sh})"), "\(remove.err)")
    let blue = s.run(["tokens", "remove", "colors.blue"])
    #expect(blue.status == 1)
    #expect(
      blue.err.contains(
        "{colors.half}: unknown token {colors.blue} (through {colors.half} → {colors.primary} → {colors.blue})"
      ), "\(blue.err)")
  }

  @Test func doctorAndLintReportADanglingReferenceInsideAnExpression() throws {
    let s = try Self.sandbox()
    #expect(s.run(["tokens", "remove", "size.w", "--force"]).status == 0)
    let first = s.run(["doctor"])
    #expect(first.status == 0, "\(first.out)\(first.err)")
    #expect(
      first.out.contains(
        "warning: token-value: token line: its value cannot be computed: unknown token {size.w} (referenced by {line})"
      ), "\(first.out)")
    #expect(s.run(["tokens", "remove", "colors.blue", "--force"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(
      doctor.out.contains(
        "warning: token-value: token colors.half: its value cannot be computed: unknown token {colors.blue} (through {colors.half} → {colors.primary} → {colors.blue})"
      ), "\(doctor.out)")
    let lint = s.run(["lint", "--tokens"])
    #expect(
      lint.out.contains("warning[unresolved-token]: line: {line}: its value cannot be computed"),
      "\(lint.out)")
    #expect(lint.out.contains("warning[unresolved-token]: colors.half:"), "\(lint.out)")
    // A reference to a token that is no colour is an error for both.
    let wrong = try s.write(
      "w.tokens.json",
      #"{"d": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "c": {"$type": "color", "$value": "rgba({d}, 50%)"}}"#
    )
    let add = s.run(["add", wrong])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains(
        "c: kept, but its value cannot be computed: cannot compute {c}: 'rgba({d}, 50%)': {d} is not a color (its value is 1px); a colour function needs a color token"
      ), "\(add.err)")
    let after = s.run(["doctor"])
    #expect(after.status == 1)
    #expect(
      after.out.contains("token-value: token c: its value cannot be computed: cannot compute {c}"),
      "\(after.out)")
    #expect(s.run(["lint", "--tokens"]).out.contains("error[unresolved-token]: c:"))
  }

  @Test func theCatalogFolderKeepsTheExpressionAndTheDTCGExportComputesIt() throws {
    let s = try Self.sandbox()
    #expect(s.run(["export", s.path("team")]).status == 0)
    let file = try String(contentsOfFile: s.path("team/tokens/t.tokens.json"), encoding: .utf8)
    #expect(file.contains(#""width":"{size.w} * 2""#), "\(file)")
    #expect(file.contains(#""$value": "rgba({colors.primary}, 50%)""#), "\(file)")
    let copy = s.path("copy.db")
    let imported = s.run(["import", s.path("team")], db: copy)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(s.run(["tokens", "set", "size.w", "10px"], db: copy).status == 0)
    #expect(
      s.run(["tokens", "get", "line"], db: copy).out.contains(#""width":{"value":20,"unit":"px"}"#))
    let dtcg = s.run(["tokens", "export", "--format", "dtcg"])
    #expect(dtcg.status == 0)
    #expect(!dtcg.out.contains("rgba("), "\(dtcg.out)")
    #expect(dtcg.out.contains(#""width":{"value":8,"unit":"px"}"#), "\(dtcg.out)")
    #expect(
      dtcg.err.contains("warning: {line} (border): written with its computed value:"), "\(dtcg.err)"
    )
    // The DTCG export is valid DTCG: a strict import takes it.
    let exported = try s.write("x.tokens.json", dtcg.out)
    #expect(s.run(["add", exported, "--strict"], db: s.path("strict.db")).status == 0)
  }
}

/// The built binary on a dangling reference inside an expression: exit codes and stderr.
@Suite(.serialized) struct TokenExpressionBinaryTests {
  @Test func aDanglingReferenceInsideAnExpressionThroughTheBinary() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json",
      ##"{"c": {"$type": "color", "$value": "rgba({nope}, 50%)"}, "b": {"$type": "border", "$value": {"color": "#000000", "width": "{nada} * 2", "style": "solid"}}}"##
    )
    let refused = try runBinary(binary, ["--db", s.db, "add", file], in: s.url)
    #expect(refused.status == 1)
    #expect(
      refused.err.contains("t.tokens.json:1:7: c: the alias {nope} names no token"),
      "\(refused.err)")
    #expect(refused.err.contains("b: the alias {nada} names no token"), "\(refused.err)")
    let kept = try runBinary(binary, ["--db", s.db, "add", file, "--allow-dangling"], in: s.url)
    #expect(kept.status == 0, "\(kept.err)")
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url)
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(
      doctor.out.contains(
        "warning: token-value: token c: its value cannot be computed: unknown token {nope} (referenced by {c})"
      ), "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "warning: token-value: token b: its value cannot be computed: unknown token {nada} (referenced by {b})"
      ), "\(doctor.out)")
    let css = try runBinary(
      binary, ["--db", s.db, "tokens", "export", "--format", "css"], in: s.url)
    #expect(css.status == 0)
    #expect(
      css.err.contains(
        "warning: {c} (color): not exported: its value cannot be computed: unknown token {nope}"),
      "\(css.err)")
  }
}
