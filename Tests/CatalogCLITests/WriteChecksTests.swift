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
  /// padding, `C0` an empty VStack. Each link nests three levels (the padding, the
  /// VStack's child, the instance's body). Returns the files.
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
    #expect(
      r.err.contains(
        "rendering stops at 256 levels of views, modifiers and instances (each modifier is one level)"
      ), "\(r.err)")
    #expect(r.err.contains("C249"), "\(r.err)")
  }

  @Test func addAcceptsTheDeepestNestingRenderAccepts() throws {
    // Each link is three levels (the VStack, its padding, the instance's body): C85
    // reaches depth 255 (renders); C86 reaches 257 (render refuses).
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let added = s.run(["add"] + (try Self.chain(86, in: s)))
    #expect(added.status == 0, "\(added.err)")
    #expect(s.run(["render", "C85"]).status == 0)
    let more = try s.write(
      "C86.json",
      #"{"name":"C86","body":{"type":"VStack","children":[{"type":"C85"}]}}"#)
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
    // One error (issue 12, point 2), at the instance that starts the chain, with the others
    // counted rather than listed one error each.
    #expect(
      r.err.contains("I0.json:1:29: I0: body.type: views, modifiers and instances nest 300 deep"),
      "\(r.err.prefix(300))")
    #expect(r.err.contains("43 other components nest too deep as well (I1, I2, I3, I4, …)"))
    #expect(r.err.components(separatedBy: "Error:").count == 2, "\(r.err.prefix(600))")
    // 200 levels are fine.
    let ok = s.run(["add"] + files.suffix(200))
    #expect(ok.status == 0, "\(ok.err.prefix(300))")
    #expect(s.run(["render", "I100"]).status == 0)
  }
}

/// Nesting depth: slots forwarded through several components, and users far above a
/// component that becomes deeper (issue 12, point 6).
extension WriteChecksTests {
  /// `W0` is a VStack around its slot; each `Wi` forwards its slot into `W(i-1)`, so each
  /// level adds an instance and a slot expansion; `U` puts a Text into `W(levels)`.
  func forwardingChain(_ s: Sandbox, levels: Int) throws -> (chain: [String], user: String) {
    var files = [
      try s.write(
        "W0.json", #"{"name":"W0","body":{"type":"VStack","children":[{"type":"Slot"}]}}"#)
    ]
    for i in 1...levels {
      files.append(
        try s.write(
          "W\(i).json",
          #"{"name":"W\#(i)","body":{"type":"W\#(i - 1)","children":[{"type":"Slot"}]}}"#))
    }
    let user = try s.write(
      "U.json",
      #"{"name":"U","body":{"type":"W\#(levels)","children":[{"type":"Text","text":"x"}]}}"#)
    return (files, user)
  }

  @Test func nestingThroughForwardedSlotsIsMeasuredAsTheResolverDoes() throws {
    // 127 forwarding levels put U's Text deeper than the resolver goes: add refuses U.
    let s = try Sandbox()
    let (chain, user) = try forwardingChain(s, levels: 127)
    #expect(s.run(["add"] + chain).status == 0)
    let r = s.run(["add", user])
    #expect(r.status == 1)
    #expect(
      r.err.contains("U: body.children[0]: views, modifiers and instances nest 258 deep (U)"),
      "\(r.err)")
    // One level fewer renders, and is accepted.
    let t = try Sandbox()
    let (shorter, shorterUser) = try forwardingChain(t, levels: 126)
    #expect(t.run(["add"] + shorter + [shorterUser]).status == 0)
    let render = t.run(["render", "U"])
    #expect(render.status == 0, "\(render.err.prefix(300))")
  }

  @Test func aComponentThatBecomesDeeperIsRefusedForItsIndirectUsers() throws {
    // I0 → I1 → … → I250 (a Text): 251 levels. Wrapping I250's Text in ten VStacks
    // makes I0 … I4 too deep to render, far above I250's direct user I249.
    let s = try Sandbox()
    var files: [String] = []
    for i in 0..<250 {
      files.append(try s.write("I\(i).json", #"{"name":"I\#(i)","body":{"type":"I\#(i + 1)"}}"#))
    }
    files.append(try s.write("I250.json", #"{"name":"I250","body":{"type":"Text","text":"end"}}"#))
    #expect(s.run(["add"] + files).status == 0)
    var deep = #"{"type":"Text","text":"end"}"#
    for _ in 0..<10 { deep = #"{"type":"VStack","children":[\#(deep)]}"# }
    let deeper = try s.write("I250b.json", #"{"name":"I250","body":\#(deep)}"#)
    let before = try catalogDump(s.db)
    let r = s.run(["add", deeper])
    #expect(r.status == 1)
    #expect(
      r.err.contains("would break I0: body.type: views, modifiers and instances nest 261 deep"),
      "\(r.err.prefix(400))")
    #expect(r.err.contains("4 other components nest too deep as well (I1, I2, I3, I4)"))
    #expect(!r.err.contains("I5:"))
    #expect(try catalogDump(s.db) == before)
    #expect(s.run(["render", "I0"]).status == 0)
  }

  @Test(
    arguments: [
      (
        #"{"t": {"$type": "dimension", "big": {"$value": {"value": 1e400, "unit": "px"}}}}"#,
        "big.tokens.json:1:58: t.big.$value.value: the number 1e400 is out of range; expected a finite number (at most about 1.8e308)"
      ),
      (#"{"value":1e400}"#, "v.tokens.json:1:10: value: the number 1e400 is out of range"),
      (
        #"[1, {"a": [-2E+999]}]"#,
        "v.tokens.json:1:12: [1].a[0]: the number -2E+999 is out of range"
      ),
    ])
  func aNumberOverflowingADoubleNamesItsPath(_ text: String, _ message: String) throws {
    let s = try Sandbox()
    let file = try s.write(message.hasPrefix("big") ? "big.tokens.json" : "v.tokens.json", text)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains(message), "\(r.err)")
  }

  @Test func tokensSetWithAnOverflowingNumberNamesItsPath() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "set", "space.md", #"{"value":1e400,"unit":"px"}"#])
    #expect(r.status == 1)
    // It used to be taken as text and reported as an unknown token.
    #expect(
      r.err.contains(
        "{space.md}: value: the number 1e400 is out of range; expected a finite number"),
      "\(r.err)")
  }
}
