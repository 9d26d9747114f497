import Foundation
import Testing

/// Problems a fresh user found, each with the test that would have caught it.
@Suite struct ReviewRegressionTests {
  @Test func nestedForEachStopsAtTheNodeLimitInsteadOfExhaustingMemory() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Many.json",
      #"{"name":"Many","body":{"type":"ForEach","count":10000,"children":[{"type":"ForEach","count":10000,"children":[{"type":"Text","text":"x"}]}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["render", "Many"])
    #expect(r.status == 1)
    #expect(r.err.contains("resolves to more than 500000 views"), "\(r.err)")
    #expect(r.out.isEmpty)
  }

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

  @Test func tokensInParameterDefaultsAndVariantsAreUses() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "PD.json",
      #"{"name":"PD","parameters":{"gap":{"type":"length","default":"{space.xl}"}},"variants":{"v":{"gap":"{space.lg}"}},"body":{"type":"VStack","spacing":"$gap","children":[{"type":"Text","text":"a"},{"type":"Text","text":"b"}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "usage", "space.xl"]).out.contains("parameters.gap.default"))
    #expect(
      s.run(["tokens", "remove", "space.xl"]).status == 1, "refused while the default uses it")
    #expect(s.run(["tokens", "rename", "space.lg", "space.large"]).status == 0)
    let v = s.run(["render", "PD", "--variant", "v"])
    #expect(v.status == 0, "\(v.err)")
    #expect(s.run(["show", "PD"]).out.contains("\"gap\": \"{space.large}\""))
  }

  @Test func renameMovesTheTokenInResolverDocuments() throws {
    let s = try Sandbox.withExamples()
    #expect(
      s.run([
        "add", cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json").path,
      ]).status == 0)
    #expect(
      s.run(["tokens", "rename", "space.sm", "space.small"]).out.contains(
        "Updated resolver document density"))
    let r = s.run(["render", "TrackRow", "--input", "density=compact", "--explain"])
    #expect(
      r.out.contains("padding.bottom = 4pt ← {space.small} (density=compact) ← 4px"), "\(r.out)")
  }

  @Test func dryRunOfAComponentChangeListsTheMovedViews() throws {
    let s = try Sandbox.withExamples()
    let shown = s.run(["show", "VSStack"]).out.replacingOccurrences(
      of: "\"spacing\": 0", with: "\"spacing\": 6")
    let file = try s.write("VS6.json", shown)
    let r = s.run(["add", "--dry-run", file])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Would update VSStack"))
    #expect(r.out.contains("TrackRow (variant full):"), "\(r.out)")
    #expect(s.run(["show", "VSStack"]).out.contains("\"spacing\": 0"))
  }

  @Test func aFailedOrDryAddLeavesNoNewCatalogFile() throws {
    let s = try Sandbox()
    let bad = try s.write("bad.json", "{bad")
    #expect(s.run(["add", bad]).status == 1)
    #expect(!FileManager.default.fileExists(atPath: s.db))
    let tokens = cliPackageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json").path
    #expect(s.run(["add", "--dry-run", tokens]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }

  @Test func matrixRefusesFormatsItCannotPrint() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "OptionalStack", "--matrix", "--format", "html"])
    #expect(r.status == 64)
    #expect(r.err.contains("--matrix prints every case as a tree, JSON or one SVG grid"))
  }
}

extension ReviewRegressionTests {
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

extension ReviewRegressionTests {
  @Test func initOnAReadyCatalogSaysSo() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).out.hasPrefix("Initialized catalog at"))
    #expect(s.run(["init"]).out.hasPrefix("The catalog at \(s.db) is ready"))
  }

  @Test func movingASetOutOfRangeIsAUsageError() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "sets", "--move", "spacing", "--to", "99"])
    #expect(r.status == 64)
    #expect(r.err.contains("expected 0 … 0, first or last"), "\(r.err)")
  }
}
