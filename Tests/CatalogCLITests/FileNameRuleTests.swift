import Testing

/// Names that become file names (a component's `components/NAME.json`, a resolver
/// document's `resolvers/NAME.resolver.json`) follow the token sets' file-name rule
/// (`TokenSetName`): no Windows device names, no path parts, no control or bidirectional
/// characters, not empty.
@Suite struct FileNameRuleTests {
  @Test(
    "a new component may not be named after a Windows device",
    arguments: ["CON", "Nul", "aux", "Com1", "LPT9", "prn"])
  func deviceComponentName(name: String) throws {
    let s = try Sandbox()
    let file = try s.write(
      "\(name).json", #"{"name": "\#(name)", "body": {"type": "Text", "text": "x"}}"#)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("a device name on Windows"), "\(r.err)")
    #expect(s.run(["list"]).out.contains(name) == false)
  }

  static let document =
    ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{}], "compact": [{"gap": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##

  @Test(
    "a resolver document's name must be one safe file name",
    arguments: [
      ("CON", "a device name on Windows"), ("a\u{202E}b", "bidirectional"),
      ("../../evil", "may not hold '/'"), ("", "may not be empty"), (".hidden", "'..' or start"),
    ])
  func resolverDocumentName(name: String, expected: String) throws {
    let s = try Sandbox()
    let file = try s.write("density.resolver.json", Self.document)
    let r = s.run(["tokens", "import-resolver", file, "--name", name])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains(expected), "\(r.err)")
    #expect(!r.err.contains("CHECK constraint"), "\(r.err)")
    // A plain name is fine.
    #expect(s.run(["tokens", "import-resolver", file, "--name", "Density 2"]).status == 0)
  }
}
