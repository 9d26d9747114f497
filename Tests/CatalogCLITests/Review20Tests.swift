import Foundation
import Testing

/// Review 20 (fresh-user review of c7aae9c): type changes that break expressions, no-op
/// re-imports, problems left by an earlier `--force`.
@Suite struct Review20Tests {
  /// `w` dimension, `m = {w} * 2`, `c` colour, `half = rgba({c}, 0.5)`, a border `line`
  /// whose width is `{w} * 2`.
  static func expressionCatalog() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json",
      ##"{"w": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}, "m": {"$type": "dimension", "$value": "{w} * 2"}, "c": {"$type": "color", "$value": "#ff0000"}, "half": {"$type": "color", "$value": "rgba({c}, 0.5)"}, "line": {"$type": "border", "$value": {"color": "#000000", "width": "{w} * 2", "style": "solid"}}}"##
    )
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test(
    "tokens set refuses a type change that breaks math, rgba() and member math; --force lists them")
  func typeChangeBreakingExpressions() throws {
    let s = try Self.expressionCatalog()
    let w = s.run(["tokens", "set", "w", "#ff0000", "--type", "color"])
    #expect(w.status == 1, "\(w.out)")
    #expect(w.err.contains("{m}:") && w.err.contains("{line}:"), "\(w.err)")
    let c = s.run(["tokens", "set", "c", "4px", "--type", "dimension"])
    #expect(c.status == 1, "\(c.out)")
    #expect(c.err.contains("{half}:"), "\(c.err)")
    #expect(s.run(["doctor"]).status == 0)
    let forced = s.run(["tokens", "set", "c", "4px", "--type", "dimension", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("warning: {half}:"), "\(forced.err)")
  }

  @Test("an import and a set move that change an operand's type are refused too")
  func importAndMoveBreakingExpressions() throws {
    let s = try Self.expressionCatalog()
    let other = try s.write("o.tokens.json", ##"{"w": {"$type": "color", "$value": "#00ff00"}}"##)
    let add = s.run(["add", other])
    #expect(add.status == 1, "\(add.out)")
    #expect(add.err.contains("{m}:"), "\(add.err)")
  }

  @Test("re-adding unchanged token files changes nothing and writes no revision")
  func reimportIsNoOp() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.json",
      #"{"x": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "y": {"$type": "dimension", "$value": "{x}"}}"#
    )
    let b = try s.write(
      "b.json", #"{"x": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}"#)
    #expect(s.run(["add", a, b]).status == 0)
    let history = s.run(["tokens", "history", "y"]).out
    let again = s.run(["add", a])
    #expect(again.status == 0, "\(again.err)")
    #expect(!again.out.contains("changed") || again.out.contains("0 changed"), "\(again.out)")
    #expect(again.out.contains("0 changed"), "\(again.out)")
    #expect(s.run(["tokens", "history", "y"]).out == history)
  }

  @Test("a token's alias gets no revision when the token it names changes")
  func aliasGetsNoRevisionFromItsTarget() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.json",
      #"{"x": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "y": {"$type": "dimension", "$value": "{x}"}}"#
    )
    #expect(s.run(["add", a]).status == 0)
    let history = s.run(["tokens", "history", "y"]).out
    try s.write(
      "a.json",
      #"{"x": {"$type": "dimension", "$value": {"value": 3, "unit": "px"}}, "y": {"$type": "dimension", "$value": "{x}"}}"#
    )
    let again = s.run(["add", a])
    #expect(again.out.contains("1 changed"), "\(again.out)")
    #expect(s.run(["tokens", "history", "y"]).out == history)
    #expect(s.run(["tokens", "get", "y"]).out.contains("3"))
  }

  @Test("a problem a dependent had before is not blamed on an unrelated add or revert")
  func preexistingDependentProblemNotBlamed() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(s.run(["tokens", "remove", "space.sm", "--force"]).status == 0)
    let file = try s.write(
      "TB.json",
      #"{"name": "TitleBlock", "parameters": {"title": {"type": "string", "default": "Heading"}, "subtitle": {"type": "string", "optional": true}}, "body": {"type": "VStack", "alignment": "leading", "spacing": "{space.xs}", "children": [{"type": "Text", "text": "$title", "font": "headline"}, {"type": "Text", "text": "$subtitle", "when": "$subtitle"}]}}"#
    )
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    let revert = s.run(["revert", "TitleBlock", "1"])
    #expect(revert.status == 0, "\(revert.err)")
  }
}

/// CSS colour strings in a DTCG colour `$value` (review 20, point 5).
@Suite struct Review20CSSColorTests {
  @Test("rgb(), rgba(), hsl() and hsla(), with commas or spaces and a / alpha, are converted")
  func functionalFormsConverted() throws {
    let s = try Sandbox()
    let file = try s.write(
      "c.tokens.json",
      #"{"a": {"$type": "color", "$value": "rgb(255, 0, 0)"}, "b": {"$type": "color", "$value": "rgba(255,0,0,.5)"}, "c": {"$type": "color", "$value": "rgb(255 0 0 / 50%)"}, "d": {"$type": "color", "$value": "hsl(120, 100%, 50%)"}, "e": {"$type": "color", "$value": "hsla(120 100% 25% / 0.5)"}}"#
    )
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(!add.err.contains("kept as written"), "\(add.err)")
    let list = s.run(["tokens", "list"]).out
    for line in [
      #"a  color  {"colorSpace":"srgb","components":[1,0,0]}"#,
      #"b  color  {"colorSpace":"srgb","components":[1,0,0],"alpha":0.5}"#,
      #"c  color  {"colorSpace":"srgb","components":[1,0,0],"alpha":0.5}"#,
      #"d  color  {"colorSpace":"srgb","components":[0,1,0]}"#,
      #"e  color  {"colorSpace":"srgb","components":[0,0.5,0],"alpha":0.5}"#,
    ] {
      #expect(list.contains(line), "\(list)")
    }
  }

  @Test("an invalid CSS colour string is an error, not kept")
  func invalidColorIsError() throws {
    let s = try Sandbox()
    for (name, value) in [("g", "#ggg"), ("r", "rgb(300, 0, 0)"), ("h", "hsl(1, 2)")] {
      let file = try s.write(
        "\(name).tokens.json", #"{"x": {"$type": "color", "$value": "\#(value)"}}"#)
      let add = s.run(["add", file])
      #expect(add.status == 1, "\(value): \(add.out)")
      #expect(add.err.contains("is not a CSS colour the catalog reads"), "\(add.err)")
    }
  }
}

/// A folder exported after a documented `--force` warns and imports back with `--force`
/// (review 20, point 4).
@Suite struct Review20ForcedExportTests {
  @Test("export warns naming a length left naming a removed token; import --force brings it back")
  func removedTokenRoundTrip() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(s.run(["tokens", "remove", "space.sm", "--force"]).status == 0)
    let folder = s.path("d")
    let export = s.run(["export", folder])
    #expect(export.status == 0, "\(export.err)")
    #expect(export.err.contains("warning: Card: body.spacing: "), "\(export.err)")
    #expect(export.err.contains("catalog import --force"), "\(export.err)")
    let other = s.path("n.db")
    #expect(s.run(["init"], db: other).status == 0)
    let refused = s.run(["import", folder], db: other)
    #expect(refused.status == 1, "\(refused.out)")
    let forced = s.run(["import", folder, "--force", "--allow-dangling"], db: other)
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("kept (--force)"), "\(forced.err)")
  }

  @Test("a length naming a retyped token comes back with import --force too")
  func retypedTokenRoundTrip() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(
      s.run(["tokens", "set", "space.sm", "#f00", "--type", "color", "--force"]).status == 0)
    let folder = s.path("d")
    let export = s.run(["export", folder])
    #expect(export.err.contains("warning: Card: body.spacing: "), "\(export.err)")
    let other = s.path("n.db")
    #expect(s.run(["init"], db: other).status == 0)
    let forced = s.run(["import", folder, "--force"], db: other)
    #expect(forced.status == 0, "\(forced.err)")
  }
}

/// Review 20, point 8: the small findings.
@Suite struct Review20SmallTests {
  @Test("a 1,001-step chain of math operands is refused at import, as an alias chain is")
  func longMathChainRefused() throws {
    let s = try Sandbox()
    var members = [#""t0": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}"#]
    for i in 1...1_001 {
      members.append(#""t\#(i)": {"$type": "dimension", "$value": "{t\#(i - 1)} + 1"}"#)
    }
    let file = try s.write("m.tokens.json", "{\(members.joined(separator: ", "))}")
    let add = s.run(["add", file, "--quiet"])
    #expect(add.status == 1, "\(add.out)")
    #expect(
      add.err.contains("t1001: the alias chain from {t1001} is longer than 1000 steps"),
      "\(add.err)")
  }

  @Test("tokens set infers colour for a colour function on a new path")
  func colorFunctionInfersColor() throws {
    let s = try Sandbox()
    let file = try s.write(
      "colors.tokens.json", ##"{"colors": {"red": {"$type": "color", "$value": "#ff0000"}}}"##)
    #expect(s.run(["add", file]).status == 0)
    let set = s.run(["tokens", "set", "colors.x", "rgba({colors.red}, 50%)"])
    #expect(set.status == 0, "\(set.err)")
    #expect(s.run(["tokens", "list"]).out.contains("colors.x    color"))
  }

  @Test("tokens usage of a group lists the uses of each of its tokens (review 21)")
  func usageOfGroup() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let r = s.run(["tokens", "usage", "space"])
    #expect(r.status == 0, "a group is not missing: \(r.err)")
    #expect(r.out.contains("{space.md}: "), "\(r.out)")
    #expect(r.out.contains("\n  {") && r.out.contains("{space.md}  "), "\(r.out)")
  }

  @Test("a token file with no storable token warns with the warning: place")
  func emptySetWarningIsPlaced() throws {
    let s = try Sandbox()
    let file = try s.write("flags.tokens.json", #"{"f": {"$type": "boolean", "$value": true}}"#)
    let r = s.run(["add", file])
    #expect(
      r.err.contains("flags.tokens.json: warning: no token of the file can be stored"), "\(r.err)")
  }
}

/// `tokens export --all-contexts` writes the tokens only a context adds (review 20, point 6).
@Suite struct Review20ContextExportTests {
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let base = try s.write(
      "base.json", #"{"s": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}"#)
    try s.write("a.json", #"{"s": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}"#)
    try s.write(
      "b.json",
      #"{"s": {"$type": "dimension", "$value": {"value": 3, "unit": "px"}}, "only": {"$type": "dimension", "$value": {"value": 7, "unit": "px"}}}"#
    )
    let resolver = try s.write(
      "x.resolver.json",
      ##"{"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}}, "modifiers": {"m": {"contexts": {"a": [{"$ref": "a.json"}], "b": [{"$ref": "b.json"}]}, "default": "a"}}, "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/m"}]}"##
    )
    #expect(s.run(["add", base]).status == 0)
    let r = s.run(["tokens", "import-resolver", resolver])
    #expect(r.status == 0, "\(r.err)")
    return s
  }

  @Test("a token only a context adds is in its CSS block and its Swift file")
  func contextOnlyToken() throws {
    let s = try Self.catalog()
    let css = s.run(["tokens", "export", "--all-contexts", "--format", "css"])
    #expect(css.out.contains("[data-m=\"b\"] {\n  --s: 3px;\n  --only: 7px;\n}"), "\(css.out)")
    let swift = s.run([
      "tokens", "export", "--all-contexts", "--format", "swift", "--output", s.path("t.swift"),
    ])
    #expect(swift.status == 0, "\(swift.err)")
    let text = try String(contentsOfFile: s.path("t.m-b.swift"), encoding: .utf8)
    #expect(text.contains("public static let only: CGFloat = 7"), "\(text)")
  }

  @Test("--format js --all-contexts writes each context module's .d.ts")
  func contextDeclarations() throws {
    let s = try Self.catalog()
    let js = s.run([
      "tokens", "export", "--all-contexts", "--format", "js", "--output", s.path("t.js"),
    ])
    #expect(js.status == 0, "\(js.err)")
    let dts = try String(contentsOfFile: s.path("t.m-b.d.ts"), encoding: .utf8)
    #expect(dts.contains("export declare const only: string;"), "\(dts)")
  }
}

/// The site shows an expression token's computed value (review 20, point 7).
@Suite struct Review20SiteTests {
  @Test("math and rgba() tokens show their computed value and a swatch")
  func computedValues() throws {
    let s = try Review20Tests.expressionCatalog()
    let out = s.path("site")
    #expect(s.run(["site", out]).status == 0)
    let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(index.contains("<td>dimension</td><td>4 px = 4 pt</td>"), "\(index)")
    #expect(
      index.contains(
        #"<td>color</td><td><span class="swatch" style="background: #ff000080"></span>"#),
      "\(index)")
    #expect(!index.contains("<td>{w} * 2</td>"))
    let page = try String(contentsOfFile: out + "/tokens/m.html", encoding: .utf8)
    #expect(page.contains("<dt>Value</dt><dd>4 px = 4 pt</dd>"), "\(page)")
    #expect(
      page.contains("<dt>As written</dt><dd><code>&quot;{w} * 2&quot;</code>")
        || page.contains("{w} * 2"))
  }
}

/// More of review 20's round trips and moves.
@Suite struct Review20MoreTests {
  @Test("tokens sets --move that makes an operand a colour is refused, naming the math")
  func moveBreakingMath() throws {
    let s = try Sandbox()
    let low = try s.write("aa.tokens.json", ##"{"w": {"$type": "color", "$value": "#00ff00"}}"##)
    let high = try s.write(
      "t.tokens.json",
      #"{"w": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}, "m": {"$type": "dimension", "$value": "{w} * 2"}}"#
    )
    #expect(s.run(["add", low, high]).status == 0)
    let move = s.run(["tokens", "sets", "--move", "aa", "--to", "1"])
    #expect(move.status == 1, "\(move.out)")
    #expect(move.err.contains("{m}: cannot compute {m}"), "\(move.err)")
  }

  @Test("a parameter renamed with add --force: export warns once, import --force brings it back")
  func renamedParameterRoundTrip() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let file = try s.write(
      "TB.json",
      #"{"name": "TitleBlock", "parameters": {"heading": {"type": "string", "default": "Title"}, "subtitle": {"type": "string", "optional": true}}, "body": {"type": "VStack", "alignment": "leading", "spacing": "{space.xs}", "children": [{"type": "Text", "text": "$heading", "font": "headline"}, {"type": "Text", "text": "$subtitle", "when": "$subtitle"}]}}"#
    )
    #expect(s.run(["add", file, "--force"]).status == 0)
    let folder = s.path("d")
    let export = s.run(["export", folder])
    #expect(
      export.err.contains(
        "warning: Card: body.children[1].arguments.title: TitleBlock has no parameter 'title'; its parameters: heading, subtitle; the folder imports back"
      ), "\(export.err)")
    let other = s.path("n.db")
    #expect(s.run(["init"], db: other).status == 0)
    #expect(s.run(["import", folder], db: other).status == 1)
    let forced = s.run(["import", folder, "--force"], db: other)
    #expect(forced.status == 0, "\(forced.err)")
  }
}
