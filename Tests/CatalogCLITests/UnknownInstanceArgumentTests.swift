import Foundation
import Testing

/// Review 23: a colour token given to an instance of a missing component (removed with
/// `--force`) or a damaged one was read as a length, so `lint` said `{colors.red} is a color
/// token; a length needs a dimension or number token` and `tokens rename colors.red` was
/// refused with that message, though the component's argument takes whatever the missing
/// component's parameter takes. Such an argument names no use until the component is back.
@Suite struct UnknownInstanceArgumentTests {
  @Test func aMissingComponentsArgumentIsNotALength() throws {
    let s = try Sandbox()
    let add = s.run([
      "add",
      try s.write(
        "c.tokens.json",
        #"{"colors": {"$type": "color", "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"#
      ),
      try s.write(
        "Inner.json",
        #"{"name": "Inner", "parameters": {"tint": {"type": "string", "default": "red"}}, "body": {"type": "Circle", "fill": "$tint"}}"#
      ),
      try s.write(
        "Outer.json",
        #"{"name": "Outer", "body": {"type": "VStack", "children": [{"type": "Inner", "arguments": {"tint": "{colors.red}"}}]}}"#
      ),
    ])
    #expect(add.status == 0, "\(add.err)")
    #expect(s.run(["tokens", "usage", "colors.red"]).out.contains("Outer"))
    #expect(s.run(["remove", "Inner", "--force"]).status == 0)
    let lint = s.run(["lint"])
    #expect(!lint.out.contains("a length needs"), "\(lint.out)")
    let doctor = s.run(["doctor"])
    #expect(!doctor.out.contains("a length needs"), "\(doctor.out)")
    // A rename rewrites Outer, whose instance of the missing Inner is the one problem named.
    let rename = s.run(["tokens", "rename", "colors.red", "colors.crimson"])
    #expect(!rename.err.contains("a length needs"), "\(rename.err)")
    // Once Inner is back, the argument is a colour use again, and the rename goes through.
    #expect(s.run(["add", s.path("Inner.json")]).status == 0)
    #expect(
      s.run(["tokens", "usage", "colors.red"]).out.contains("Outer"),
      "\(s.run(["tokens", "usage", "colors.red"]).out)")
    let again = s.run(["tokens", "rename", "colors.red", "colors.crimson"])
    #expect(again.status == 0, "\(again.err)")
  }
}

/// Review 23: a string parameter written into a colour took any value (`"default":
/// "hello"`, `-a tint=bleu`) and drew it grey with exit 0, while `"fill": "hello"` written in
/// place is refused. A colour a parameter gives obeys the same rule (`ColorName`).
@Suite struct ParameterColourValueTests {
  @Test func aColourFromAParameterMustBeAColour() throws {
    let s = try Sandbox()
    let bad = s.run([
      "add",
      try s.write(
        "Swatch.json",
        #"{"name": "Swatch", "parameters": {"tint": {"type": "string", "default": "hello"}}, "body": {"type": "Rectangle", "fill": "$tint"}}"#
      ),
    ])
    #expect(bad.status == 1)
    #expect(bad.err.contains("Swatch: body.fill"), "\(bad.err)")
    #expect(bad.err.contains("'hello' is not a colour"), "\(bad.err)")
    let good = s.run([
      "add",
      try s.write(
        "Swatch.json",
        #"{"name": "Swatch", "parameters": {"tint": {"type": "string", "default": "red"}}, "body": {"type": "Rectangle", "fill": "$tint"}}"#
      ),
    ])
    #expect(good.status == 0, "\(good.err)")
    let render = s.run(["render", "Swatch", "-a", "tint=bleu"])
    #expect(render.status == 1)
    #expect(render.err.contains("'bleu' is not a colour"), "\(render.err)")
    #expect(s.run(["render", "Swatch", "-a", "tint=#00ff00"]).status == 0)
  }
}
