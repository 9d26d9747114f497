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

/// Issue 14, point 1, review: a dry run of a colour-only change listed every view the
/// colour touches as a frame change `(0, 0) 10×10 → (0, 0) 10×10`. Every dry run now lists
/// the frames that move and, apart, the views drawn differently with their frames unchanged.
@Suite struct ColourOnlyDryRunTests {
  @Test("tokens set --dry-run and add --dry-run say the frames are unchanged")
  func colourOnly() throws {
    let s = try MemberChainUseTests.catalog()
    let expected = """
      No component's layout changes; these are drawn differently:
      Boxed (defaults): frames unchanged
        Rectangle().strokeBorder(#0000ff, lineWidth: 2) → Rectangle().strokeBorder(#ff0000, lineWidth: 2)  (Boxed body.children[0])
        Circle().stroke(#0000ff, lineWidth: 2) → Circle().stroke(#ff0000, lineWidth: 2)  (Boxed body.children[2])

      """
    let set = s.run(["tokens", "set", "colors.blue", "#ff0000", "--dry-run"])
    #expect(set.status == 0, "\(set.err)")
    #expect(set.out.contains(expected), "\(set.out)")
    #expect(!set.out.contains("10×10 →"), "\(set.out)")
    let changed = MemberChainUseTests.tokens.replacing(
      ##""components": [0, 0, 1], "hex": "#0000ff""##,
      with: ##""components": [1, 0, 0], "hex": "#ff0000""##)
    let add = s.run(["add", "--dry-run", try s.write("t.tokens.json", changed)])
    #expect(add.status == 0, "\(add.err)")
    #expect(add.out.contains(expected), "\(add.out)")
    // A change that moves frames lists them, and a restyled view next to them says its
    // frame is unchanged.
    let gap = #"{"gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#
    let p =
      #"{"name": "P", "body": {"type": "Rectangle", "fill": "{colors.blue}", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"padding": "{gap}"}]}}"#
    #expect(
      s.run(["add", try s.write("g.tokens.json", gap), try s.write("P.json", p)]).status == 0)
    let moved = s.run([
      "add", "--dry-run", try s.write("t.tokens.json", changed),
      try s.write("g.tokens.json", gap.replacing("4", with: "6")),
    ])
    #expect(moved.status == 0, "\(moved.err)")
    #expect(
      moved.out.contains(
        """
        Boxed (defaults): frames unchanged
          Rectangle().strokeBorder(#0000ff, lineWidth: 2) → Rectangle().strokeBorder(#ff0000, lineWidth: 2)  (Boxed body.children[0])
        """), "\(moved.out)")
    #expect(
      moved.out.contains(
        """
        P (defaults):
          padding(4) → padding(6)  (0, 0) 18×18 → (0, 0) 22×22  (P body.modifiers[1])
        """), "\(moved.out)")
    // A view that moves and is drawn differently says both.
    #expect(
      moved.out.contains(
        "  Rectangle().fill(#0000ff) → Rectangle().fill(#ff0000)  (4, 4) 10×10 → (6, 6) 10×10  (P body)"
      ), "\(moved.out)")
    #expect(!moved.out.contains("these are drawn differently"), "\(moved.out)")
  }
}

/// Issue 14, review: `tree` and `json` did not show a `Text`'s `foregroundColor` (nor the
/// colours of shapes, `Color`s and borders); they now show each as the SVG draws it.
@Suite struct DrawnColourOutputTests {
  @Test("tree and json show the colours svg draws, a colour token's own hex")
  func colours() throws {
    let s = try MemberChainUseTests.catalog()
    let tx = #"""
      {"name": "Tx", "body": {"type": "VStack", "children": [
        {"type": "Text", "text": "Hi", "foregroundColor": "{colors.blue}",
         "modifiers": [{"border": {"color": "{colors.blue}", "width": 1}}]},
        {"type": "Rectangle", "fill": "#00ff0080", "strokeBorder": "{bdr.base}",
         "modifiers": [{"frame": {"width": 5, "height": 5}}]}]}}
      """#
    #expect(s.run(["add", try s.write("Tx.json", tx)]).status == 0)
    let tree = s.run(["render", "Tx", "--format", "tree"])
    #expect(
      tree.out.contains(#"Text("Hi")  (0, 0) 17×22  foregroundColor #0000ff"#),
      "\(tree.out)")
    #expect(
      tree.out.contains("border(#0000ff, width: 1)  (0, 0) 17×22  border #0000ff"),
      "\(tree.out)")
    #expect(tree.out.contains("5×5  fill #00ff0080, stroke #0000ff"), "\(tree.out)")
    let json = s.run(["render", "Tx", "--format", "json"])
    #expect(json.out.contains(##""foregroundColor": "#0000ff""##), "\(json.out)")
    #expect(json.out.contains(##""fill": "#00ff0080""##), "\(json.out)")
    let svg = s.run(["render", "Tx", "--format", "svg"])
    #expect(svg.out.contains(##"fill="#0000ff""##) && svg.out.contains(##"fill="#00ff0080""##))
  }
}

/// Issue 14, review: `render --format swiftui` wrote every border token as `Color.gray,
/// lineWidth: 1`; it now writes the token's colour (a colour token as the asset colour
/// `Color("colors.blue")`, as a fill naming it is written; a value as
/// `Color(red:green:blue:opacity:)`) and its width, and names the token in the comment
/// `import-swift` reads back.
@Suite struct SwiftUIBorderTokenTests {
  @Test("a border token is written with its own colour and width")
  func borderToken() throws {
    let s = try MemberChainUseTests.catalog()
    let hex =
      ##"{"hair": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5, "hex": "#ff0000"}, "width": {"value": 1.5, "unit": "px"}, "style": "solid"}}}"##
    let h =
      #"{"name": "H", "body": {"type": "Circle", "stroke": "{hair}", "modifiers": [{"frame": {"width": 4, "height": 4}}]}}"#
    #expect(
      s.run(["add", try s.write("h.tokens.json", hex), try s.write("H.json", h)]).status == 0)
    let boxed = s.run(["render", "Boxed", "--format", "swiftui"])
    #expect(boxed.status == 0, "\(boxed.err)")
    #expect(
      boxed.out.contains(
        #"Rectangle().strokeBorder(Color("colors.blue"), lineWidth: 2)  // border token {bdr.base}"#
      ), "\(boxed.out)")
    // Through an alias of the border token.
    #expect(
      boxed.out.contains(
        #"Circle().stroke(Color("colors.blue"), lineWidth: 2)  // border token {edge}"#),
      "\(boxed.out)")
    let out = s.run(["render", "H", "--format", "swiftui"])
    // A line past 100 columns puts the arguments on their own line, the comment after `)`.
    #expect(
      out.out.contains(
        """
            Circle().stroke(
              Color(red: 1, green: 0, blue: 0, opacity: 0.502), lineWidth: 1.5
            )  // border token {hair}
        """), "\(out.out)")
    // import-swift reads the token back from the comment.
    let file = try s.write("H.swift", out.out)
    let back = s.run(["import-swift", file, "--dry-run"])
    #expect(
      back.out.contains(#""stroke": "{hair}""#) || back.out.contains(#""stroke":"{hair}""#),
      "\(back.out)\(back.err)")
  }
}

/// Review 23: a dry run of a colour change listed a shape's `fill` but not a `Text` whose
/// `foregroundColor` names the token: a Text's label has no colour, so the two layouts
/// compared equal. Views are compared by their drawn colours too (`FrameMatcher.View.colors`).
@Suite struct TextColourDryRunTests {
  @Test func aTextColourChangeIsListed() throws {
    let s = try Sandbox()
    let add = s.run([
      "add",
      try s.write(
        "c.tokens.json",
        ##"{"colors": {"$type": "color", "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}}}}"##
      ),
      try s.write(
        "Caption.json",
        #"{"name": "Caption", "body": {"type": "Text", "text": "Hi", "foregroundColor": "{colors.red}"}}"#
      ),
    ])
    #expect(add.status == 0, "\(add.err)")
    let dry = s.run(["tokens", "set", "colors.red", "#00ff00", "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(
      dry.out.contains(#"Text("Hi") foregroundColor #ff0000 → Text("Hi") foregroundColor #00ff00"#),
      "\(dry.out)")
  }
}
