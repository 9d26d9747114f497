import Foundation
import Testing

/// Writes refuse what reads refuse (issue 12 point 6): the length bound, the nesting depth
/// and the messages for out-of-range input.
@Suite struct WriteChecksTests {
  @Test(arguments: [
    #"{"name":"Huge","body":{"type":"VStack","spacing":1e300,"children":[]}}"#,
    #"{"name":"Huge","body":{"type":"VStack","children":[],"modifiers":[{"padding":2000000}]}}"#,
  ])
  func addRefusesALengthOverTheBound(_ definition: String) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["add", try s.write("Huge.json", definition)])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"), "\(r.err)")
    #expect(s.run(["list"]).out.contains("Huge") == false)
  }

  @Test func tokenSetRefusesAValueThatBreaksAComponentLength() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let tokens = try s.write(
      "a.tokens.json",
      #"{"space": {"md": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}}"#)
    #expect(s.run(["add", tokens]).status == 0)
    let pad = try s.write(
      "Pad.json",
      #"{"name": "Pad", "body": {"type": "VStack", "spacing": "{space.md}", "children": [{"type": "Spacer"}]}}"#
    )
    #expect(s.run(["add", pad]).status == 0)
    let r = s.run(["tokens", "set", "space.md", "5000000"])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("Pad"), "\(r.err)")
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"), "\(r.err)")
    #expect(s.run(["render", "Pad"]).status == 0)
    // --force saves it with the breakage as a warning, like other breaking changes.
    let forced = s.run(["tokens", "set", "space.md", "5000000", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("warning"), "\(forced.err)")
    let render = s.run(["render", "Pad"])
    #expect(render.status == 1)
    #expect(
      render.err.contains("lengths must be finite and at most 1000000 points"), "\(render.err)")
  }
}

extension WriteChecksTests {
  /// Writes `C0` … `C<count-1>`, one file each: `C<i>` is a VStack holding `C<i-1>` with
  /// padding, `C0` an empty VStack. Each link nests two levels (the VStack's child, the
  /// instance's body). Returns the files.
  static func chain(_ count: Int, in s: Sandbox) throws -> [String] {
    var files = [try s.write("C0.json", #"{"name":"C0","body":{"type":"VStack","children":[]}}"#)]
    for i in 1..<count {
      files.append(
        try s.write(
          "C\(i).json",
          #"{"name":"C\#(i)","body":{"type":"VStack","children":[{"type":"C\#(i - 1)"}],"modifiers":[{"padding":1}]}}"#
        ))
    }
    return files
  }

  @Test func addRefusesNestingRenderRefuses() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["add"] + (try Self.chain(250, in: s)))
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("rendering stops at 256 levels of views and instances"), "\(r.err)")
    #expect(r.err.contains("C249"), "\(r.err)")
  }

  @Test func addAcceptsTheDeepestNestingRenderAccepts() throws {
    // C127 reaches depth 254 (renders); C128 reaches 256 (render refuses).
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let added = s.run(["add"] + (try Self.chain(128, in: s)))
    #expect(added.status == 0, "\(added.err)")
    #expect(s.run(["render", "C127"]).status == 0)
    let more = try s.write(
      "C128.json",
      #"{"name":"C128","body":{"type":"VStack","children":[{"type":"C127"}]}}"#)
    let r = s.run(["add", more])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("rendering stops at 256"), "\(r.err)")
  }
}

extension WriteChecksTests {
  @Test func aMalformedConditionEchoesAnExcerptOnly() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let condition = String(repeating: "(", count: 100_000)
    let file = try s.write(
      "Deep.json",
      #"{"name":"Deep","body":{"type":"VStack","when":"\#(condition)","children":[]}}"#)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("malformed condition"), "\(r.err.prefix(300))")
    #expect(r.err.contains(String(repeating: "(", count: 80) + "…"), "\(r.err.prefix(300))")
    #expect(r.err.count < 2000, "\(r.err.count) characters")
  }

  @Test func tokenSetSaysAHugeNumberIsOutOfRange() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let tokens = try s.write(
      "a.tokens.json",
      #"{"space": {"md": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}}"#)
    #expect(s.run(["add", tokens]).status == 0)
    let r = s.run(["tokens", "set", "space.md", "1e400"])
    #expect(r.status == 1)
    #expect(r.err.contains("the number 1e400 is out of range"), "\(r.err)")
  }

  @Test(arguments: ["1e308", "1e400", "2000000"])
  func renderRefusesAnOutOfRangeWidth(_ width: String) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let p = try s.write("P.json", #"{"name":"P","body":{"type":"VStack","children":[]}}"#)
    #expect(s.run(["add", p]).status == 0)
    let r = s.run(["render", "P", "--width", width])
    #expect(r.status == 64, "\(r.out)")
    #expect(r.err.contains("expected a decimal number from 0 to 1000000 or 'infinity'"), "\(r.err)")
    #expect(s.run(["render", "P", "--width", "infinity"]).status == 0)
  }
}

extension WriteChecksTests {
  @Test(arguments: [
    #"{"name":"Gap","parameters":{"gap":{"type":"length","default":3e6}},"body":{"type":"VStack","spacing":"$gap","children":[]}}"#,
    #"{"name":"Gap","parameters":{"gap":{"type":"length","default":4}},"variants":{"wide":{"gap":3e6}},"body":{"type":"VStack","spacing":"$gap","children":[]}}"#,
  ])
  func addRefusesAParameterLengthOverTheBound(_ definition: String) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["add", try s.write("Gap.json", definition)])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"), "\(r.err)")
  }

  @Test func addRefusesAnInstanceArgumentOverTheBound() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let gap = try s.write(
      "Gap.json",
      #"{"name":"Gap","parameters":{"gap":{"type":"length","default":4}},"body":{"type":"VStack","spacing":"$gap","children":[]}}"#
    )
    #expect(s.run(["add", gap]).status == 0)
    let user = try s.write(
      "User.json", #"{"name":"User","body":{"type":"Gap","arguments":{"gap":3e6}}}"#)
    let r = s.run(["add", user])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"), "\(r.err)")
  }
}

/// Bounds add checks before saving: lengths and nesting depth.
extension WriteChecksTests {
  @Test func lengthsThatWouldOverflowAreErrorsNotInfinity() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Huge.json",
      #"{"name":"Huge","body":{"type":"Color","color":"red","modifiers":[{"padding":1e308},{"padding":1e308}]}}"#
    )
    // Saving checks the bound render checks (issue 12 point 6), so add refuses it.
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("lengths must be finite and at most 1000000 points"), "\(r.err)")
  }

  @Test func instanceChainsTooDeepToRenderAreRefusedByAdd() throws {
    let s = try Sandbox.withExamples()
    var files: [String] = []
    for i in 0..<300 {
      let body = i < 299 ? #"{"type":"I\#(i + 1)"}"# : #"{"type":"Text","text":"end"}"#
      files.append(try s.write("I\(i).json", #"{"name":"I\#(i)","body":\#(body)}"#))
    }
    let r = s.run(["add"] + files)
    #expect(r.status == 1)
    #expect(r.err.contains("I0: views and instances nest 300 deep"), "\(r.err.prefix(300))")
    // 200 levels are fine.
    let ok = s.run(["add"] + files.suffix(200))
    #expect(ok.status == 0, "\(ok.err.prefix(300))")
    #expect(s.run(["render", "I100"]).status == 0)
  }
}
