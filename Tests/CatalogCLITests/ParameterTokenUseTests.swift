import Foundation
import Testing

/// Issue 14, points 1–2 (review): a colour token named through a parameter — a string
/// parameter's default written into `"fill": "$tint"`, a variant's argument, an instance's
/// argument — is a use, for `tokens usage` (with where it is given: `default.tint`,
/// `variant.blue.tint`, `argument.tint`), `tokens remove`, `doctor`, `lint`'s unused tokens
/// and the site's "Used by"; and an argument is checked against its parameter by one rule,
/// whether a variant gives it, an instance or `render -a`.
@Suite struct ParameterTokenUseTests {
  static let tokens = #"""
    {"colors": {"$type": "color",
       "x": {"$value": {"colorSpace": "srgb", "components": [0, 1, 0], "hex": "#00ff00"}},
       "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff"}},
       "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}},
       "ink": {"$value": "{colors.red}"}},
     "space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}
    """#

  static let tint = #"""
    {"name": "Tint", "parameters": {"tint": {"type": "string", "default": "{colors.x}"},
       "ink": {"type": "string", "default": "black"}},
     "variants": {"blue": {"tint": "{colors.blue}"}},
     "body": {"type": "Rectangle", "fill": "$tint", "stroke": {"color": "$ink", "lineWidth": 1},
       "modifiers": [{"frame": {"width": 10, "height": 10}}]}}
    """#

  static let card = #"""
    {"name": "Card", "body": {"type": "VStack", "children": [
      {"type": "Tint", "arguments": {"ink": "{colors.ink}"}}]}}
    """#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("t.tokens.json", tokens), try s.write("Card.json", card),
      try s.write("Tint.json", tint),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("tokens usage names the component of a default, a variant's and an instance's argument")
  func usage() throws {
    let s = try Self.catalog()
    let x = s.run(["tokens", "usage", "colors.x"])
    #expect(
      x.out == "{colors.x}  Tint  parameters.tint.default  default.tint (color token)\n",
      "\(x.out)\(x.err)")
    let blue = s.run(["tokens", "usage", "colors.blue"])
    #expect(
      blue.out == "{colors.blue}  Tint  variants.blue.tint  variant.blue.tint (color token)\n",
      "\(blue.out)\(blue.err)")
    // Card (saved before Tint in the same add) passes {colors.ink} to Tint's colour: the
    // chain down to colors.red.
    let red = s.run(["tokens", "usage", "colors.red"])
    #expect(
      red.out
        == "{colors.ink} → {colors.red}  Card  body.children[0].arguments.ink  argument.ink (color token)\n",
      "\(red.out)\(red.err)")
    #expect(s.run(["doctor"]).status == 0)
  }

  @Test("tokens remove is refused while a parameter passes the token on")
  func remove() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "remove", "colors.x"])
    #expect(r.status == 1)
    #expect(r.err.contains("Tint: parameters.tint.default: unknown token {colors.x}"), "\(r.err)")
    let red = s.run(["tokens", "remove", "colors.red"])
    #expect(red.status == 1)
    #expect(red.err.contains("Card: body.children[0].arguments.ink"), "\(red.err)")
  }

  @Test("lint and the site count a token passed through a parameter as used")
  func lintAndSite() throws {
    let s = try Self.catalog()
    let lint = s.run(["lint", "--tokens"])
    for token in ["colors.x", "colors.blue", "colors.red", "colors.ink"] {
      #expect(!lint.out.contains("no component uses {\(token)}"), "\(token): \(lint.out)")
    }
    #expect(lint.out.contains("no component uses {space.md}"), "\(lint.out)")
    let out = s.path("site")
    #expect(s.run(["site", out]).status == 0)
    let page = try String(contentsOfFile: "\(out)/tokens/colors.x.html", encoding: .utf8)
    #expect(page.contains("<code>parameters.tint.default</code>"), "\(page)")
  }

  @Test("one rule checks an argument against its parameter: variant, instance, -a, default")
  func oneArgumentRule() throws {
    let s = try Self.catalog()
    // A colour token for a colour parameter: accepted everywhere (the variant was refused as
    // "a length needs a dimension or number token").
    #expect(s.run(["render", "Tint", "--variant", "blue", "--format", "tree"]).status == 0)
    #expect(s.run(["render", "Tint", "-a", "tint={colors.blue}", "--format", "tree"]).status == 0)
    // A dimension token for a colour parameter: the same sentence from each path.
    let message = "the token {space.md} is a dimension token; a colour needs a color token"
    let a = s.run(["render", "Tint", "-a", "tint={space.md}"])
    #expect(a.status == 1)
    #expect(a.err.contains("argument 'tint' of Tint: \(message)"), "\(a.err)")
    for (file, text) in [
      (
        "V.json",
        #"{"name": "V", "parameters": {"tint": {"type": "string", "default": "red"}}, "variants": {"d": {"tint": "{space.md}"}}, "body": {"type": "Rectangle", "fill": "$tint"}}"#
      ),
      (
        "D.json",
        #"{"name": "D", "parameters": {"tint": {"type": "string", "default": "{space.md}"}}, "body": {"type": "Rectangle", "fill": "$tint"}}"#
      ),
      (
        "I.json",
        #"{"name": "I", "body": {"type": "Tint", "arguments": {"tint": "{space.md}"}}}"#
      ),
    ] {
      let r = s.run(["add", try s.write(file, text)])
      #expect(r.status == 1, "\(file)")
      #expect(r.err.contains(message), "\(file): \(r.err)")
    }
  }
}
