import CatalogServer
import CatalogStore
import Testing

/// The name rules found wanting by review 16: resolver modifier and context names
/// (`ResolverInputName`), repeated inputs (`ResolverDocument.inputs(from:)`), the stored
/// length and space rules and Windows' reserved characters (`TokenSetName`), a Tokens
/// Studio file named after a device (`add --name`), and names printed to a terminal.
@Suite struct NameRulesReviewTests {
  /// A resolver document with one modifier `m` whose contexts are `contexts`.
  static func document(modifier: String = "m", contexts: [String]) -> String {
    let list = contexts.map { #""\#($0)": [{}]"# }.joined(separator: ", ")
    return
      ##"{"version": "2025.10", "modifiers": {"\##(modifier)": {"default": "\##(contexts[0])", "contexts": {\##(list)}}}, "resolutionOrder": [{"$ref": "#/modifiers/\##(modifier)"}]}"##
  }

  @Test("contexts that differ only in case are refused at their JSON path")
  func contextsDifferingInCase() throws {
    let s = try Sandbox()
    let file = try s.write("case2.resolver.json", Self.document(contexts: ["a", "A"]))
    for command in [["add", file], ["tokens", "import-resolver", file]] {
      let r = s.run(command)
      #expect(r.status == 1, "\(r.out)\(r.err)")
      #expect(r.err.contains("case2.resolver.json:1:"), "\(r.err)")
      #expect(r.err.contains("modifiers.m.contexts.A"), "\(r.err)")
      #expect(r.err.contains("differs from 'a' only in case"), "\(r.err)")
      #expect(r.err.contains("Nothing was saved"), "\(r.err)")
    }
    #expect(s.run(["tokens", "resolvers"]).out.isEmpty)
  }

  @Test("modifiers that differ only in case are refused at their JSON path")
  func modifiersDifferingInCase() throws {
    let s = try Sandbox()
    let file = try s.write(
      "case.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"m": {"default": "a", "contexts": {"a": [{}], "b": [{}]}}, "M": {"default": "q", "contexts": {"q": [{}], "r": [{}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}, {"$ref": "#/modifiers/M"}]}"##
    )
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("modifiers.M"), "\(r.err)")
    #expect(r.err.contains("the modifier 'M' differs from 'm' only in case"), "\(r.err)")
    #expect(!r.err.contains("is not a context"), "\(r.err)")
  }

  @Test("Tokens Studio themes of one group that differ only in case are refused")
  func themesDifferingInCase() throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.json",
      ##"""
      {"global": {"gap": {"value": "8", "type": "spacing"}},
       "compact": {"gap": {"value": "4", "type": "spacing"}},
       "$themes": [
         {"name": "Compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}},
         {"name": "compact", "group": "density", "selectedTokenSets": {"global": "source"}}],
       "$metadata": {"tokenSetOrder": ["global", "compact"]}}
      """##)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("$themes[1].name"), "\(r.err)")
    #expect(r.err.contains("studio.json:5:"), "\(r.err)")
    #expect(r.err.contains("only in case"), "\(r.err)")
  }

  @Test("modifier and context names with control characters, '=' or ',' are refused")
  func controlCharactersInInputNames() throws {
    let s = try Sandbox()
    for (modifier, context, expected) in [
      ("m", #"b\n*/"#, "U+000A"), (#"m\u202E"#, "b", "U+202E"), ("m=x", "b", "'=' or ','"),
      ("m", "b,c", "'=' or ','"), ("m", " b", "start or end with a space"),
    ] {
      let file = try s.write(
        "hs.resolver.json", Self.document(modifier: modifier, contexts: ["a", context]))
      let r = s.run(["tokens", "import-resolver", file])
      #expect(r.status == 1, "\(modifier) \(context): \(r.out)\(r.err)")
      #expect(r.err.contains(expected), "\(r.err)")
    }
  }

  @Test("a name stored before the rule is printed escaped, on one line")
  func storedNamesPrintEscaped() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    do {
      let store = try CatalogStore(path: s.db)
      var modifier = ResolverModifierRecord(name: "m\u{202E}", defaultContext: "a")
      modifier.appendContext(named: "a", tokenCount: 0)
      modifier.appendContext(named: "b\n*/", tokenCount: 0)
      try store.saveResolverDocument(
        ResolverDocumentInput(
          name: "old", document: Self.document(contexts: ["a", "b"]), modifiers: [modifier]))
    }
    let r = s.run(["tokens", "resolvers"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains(#"b\n*/"#), "\(r.out)")
    #expect(!r.out.contains("b\n*/"), "\(r.out)")
    #expect(!r.out.contains("\u{202E}"), "\(r.out)")
  }

  @Test("a modifier given twice, in any case, is refused by --input (64) and serve (400)")
  func repeatedInputs() throws {
    let s = try Sandbox()
    let file = try s.write(
      "density.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{}], "compact": [{"gap": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##
    )
    #expect(s.run(["add", file]).status == 0)
    for inputs in [
      ["--input", "density=compact", "--input", "DENSITY=regular"],
      ["--input", "density=compact", "--input", "density=regular"],
      ["--input", "density=compact,Density=regular"],
    ] {
      let r = s.run(["tokens", "export", "--format", "css"] + inputs)
      #expect(r.status == 64, "\(inputs): \(r.out)\(r.err)")
      #expect(r.err.contains("more than once"), "\(r.err)")
    }
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    for value in ["density=compact,density=regular", "density=compact,DENSITY=regular"] {
      let css = server.response(method: "GET", path: "/tokens.css", query: ["input": value])
      #expect(css.status == 400, "\(value)")
      #expect(String(decoding: css.body, as: UTF8.self).contains("more than once"))
    }
    let one = server.response(
      method: "GET", path: "/tokens.css", query: ["input": " density = compact "])
    #expect(one.status == 200, "\(String(decoding: one.body, as: UTF8.self))")
  }

  @Test(
    "set names the catalog cannot store or Windows cannot write are refused before writing",
    arguments: [
      ("a ", "start or end with a space"), (" lead", "start or end with a space"),
      (String(repeating: "x", count: 200), "at most 128 characters"),
      ("a*b", "may not hold '*'"), ("a?b", "may not hold '?'"), ("a<b", "may not hold '<'"),
      ("a|b", "may not hold '|'"), ("a\"b", "may not hold '\"'"),
      ("trailing.", "with '.' or a space"), ("com\u{B9}", "a device name on Windows"),
      ("themes/dark.", "with '.' or a space"),
    ])
  func setNames(name: String, expected: String) throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    #expect(s.run(["tokens", "set", "gap", "1px", "--new-set", "--set", "base"]).status == 0)
    let rename = s.run(["tokens", "sets", "--rename", "base", "--to", name])
    #expect(rename.status == 1, "\(rename.out)\(rename.err)")
    #expect(rename.err.contains(expected), "\(rename.err)")
    #expect(!rename.err.contains("CHECK constraint"), "\(rename.err)")
    let new = s.run(["tokens", "set", "f", "1px", "--new-set", "--set", name])
    #expect(new.status == 1, "\(new.out)\(new.err)")
    #expect(new.err.contains(expected), "\(new.err)")
    #expect(!new.err.contains("CHECK constraint"), "\(new.err)")
    #expect(s.run(["tokens", "sets"]).out.contains("base"))
  }

  @Test("a resolver document name with spaces around it is refused with the rule")
  func resolverDocumentNameSpaces() throws {
    let s = try Sandbox()
    let file = try s.write("d.resolver.json", Self.document(contexts: ["a", "b"]))
    let r = s.run(["tokens", "import-resolver", file, "--name", "d2 "])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("may not start or end with a space"), "\(r.err)")
    #expect(r.err.contains("d.resolver.json"), "\(r.err)")
    #expect(r.err.contains("Nothing was saved"), "\(r.err)")
    #expect(!r.err.contains("CHECK constraint"), "\(r.err)")
  }

  static let studio = ##"""
    {"global": {"gap": {"value": "8", "type": "spacing"}},
     "compact": {"gap": {"value": "4", "type": "spacing"}},
     "$themes": [
       {"name": "regular", "group": "density", "selectedTokenSets": {"global": "source"}},
       {"name": "compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}}],
     "$metadata": {"tokenSetOrder": ["global", "compact"]}}
    """##

  @Test(
    "a Tokens Studio file named after a device or with spaces names the file; add --name names its themes' document",
    arguments: ["CON.json", "aux.tokens.json", " sp .json"])
  func studioFileNamedAfterDevice(fileName: String) throws {
    let s = try Sandbox()
    let file = try s.write(fileName, Self.studio)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("\(file): the resolver document name"), "\(r.err)")
    #expect(r.err.contains("--name"), "\(r.err)")
    #expect(r.err.contains("Nothing was saved"), "\(r.err)")
    #expect(!r.err.contains("CHECK constraint"), "\(r.err)")
    #expect(s.run(["tokens", "sets"]).out.contains("global") == false)
    let named = s.run(["add", file, "--name", "themes"])
    #expect(named.status == 0, "\(named.out)\(named.err)")
    #expect(named.out.contains("Imported resolver 'themes'"), "\(named.out)")
    #expect(s.run(["tokens", "import", file, "--name", "themes"]).status == 0)
  }

  @Test("add --name with two resolver documents is refused")
  func addNameWithTwoDocuments() throws {
    let s = try Sandbox()
    let a = try s.write("a.resolver.json", Self.document(contexts: ["a", "b"]))
    let b = try s.write("b.resolver.json", Self.document(modifier: "n", contexts: ["a", "b"]))
    let r = s.run(["add", a, b, "--name", "x"])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("--name names one resolver document"), "\(r.err)")
  }
}
