import Foundation
import Testing

/// A `number` parameter used as a length obeys the 1,000,000-point bound when saved:
/// its default, variant values and instance arguments, naming component and JSON path.
@Suite struct NumberLengthBoundTests {
  static func pad(default value: String, variant: String = "4") -> String {
    """
    {"name": "Pad", "parameters": {"inset": {"type": "number", "default": \(value)}},
     "variants": {"wide": {"inset": \(variant)}},
     "body": {"type": "Text", "text": "x", "modifiers": [{"padding": {"length": "$inset"}}]}}
    """
  }

  @Test(
    "a number parameter used as a length is bounded at save",
    arguments: [
      (pad(default: "1e308"), "Pad: parameters.inset.default: the default of $inset"),
      (pad(default: "4", variant: "-2e6"), "Pad: variants.wide.inset: variant wide gives $inset"),
    ])
  func bounded(definition: String, message: String) throws {
    let s = try Sandbox()
    let r = s.run(["add", try s.write("Pad.json", definition)])
    #expect(r.status == 1)
    #expect(r.err.contains(message), "\(r.err)")
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"))
    #expect(s.run(["list"]).out.isEmpty)
  }

  @Test("an instance argument for it is bounded too; the built binary exits 1")
  func instanceArgument() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("Pad.json", Self.pad(default: "4"))]).status == 0)
    let outer = try s.write(
      "Outer.json",
      #"{"name": "Outer", "body": {"type": "Pad", "arguments": {"inset": 5e6}}}"#)
    let r = try runBinary(binary, ["--db", s.db, "add", outer], in: s.url)
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err.contains("Outer: body.arguments.inset: argument 'inset' of Pad is 5000000 points"),
      "\(r.err)")
    // A number parameter that is no length is not bounded.
    let ratio = try s.write(
      "Ratio.json",
      #"{"name": "Ratio", "parameters": {"n": {"type": "number", "default": 1e300}}, "body": {"type": "Text", "text": "x"}}"#
    )
    #expect(s.run(["add", ratio]).status == 0)
  }
}
