import CatalogCLI
import CatalogModel
import Foundation
import Testing

@Suite struct InitAndAddTests {
  @Test func initCreatesTheCatalog() throws {
    let s = try Sandbox()
    let r = s.run(["init"])
    #expect(r.status == 0)
    #expect(r.err == "")
    #expect(r.out.hasPrefix("Initialized catalog at \(s.db) (schema version "))
    #expect(FileManager.default.fileExists(atPath: s.db))
    // Running it again keeps the file and succeeds.
    #expect(s.run(["init"]).status == 0)
  }

  @Test func addEveryExampleInOneCall() throws {
    let s = try Sandbox()
    #expect(exampleComponentNames.count >= 7)
    let r = s.run(["add"] + exampleFiles)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err == "")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(exampleTokenCount >= 19)
    #expect(lines.first?.hasPrefix("Imported \(exampleTokenCount) tokens from ") == true)
    #expect(
      lines.first?.hasSuffix(
        "into set 'spacing' (\(exampleTokenCount) added, 0 changed, 0 unchanged)") == true)
    for name in exampleComponentNames {
      #expect(lines.contains("Added \(name) (revision 1)"), "no 'Added \(name)' in \(r.out)")
    }
    #expect(lines.count == 1 + exampleComponentNames.count)
  }

  @Test func addingTheSameFilesAgainChangesNothing() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["add"] + exampleFiles)
    #expect(r.status == 0)
    #expect(r.out.contains("(0 added, 0 changed, \(exampleTokenCount) unchanged)"))
    for name in exampleComponentNames {
      #expect(r.out.contains("Unchanged \(name) (revision 1)"))
    }
  }

  @Test func addingAChangedComponentMakesARevision() throws {
    let s = try Sandbox.withExamples()
    let text = try String(
      contentsOfFile: exampleFiles.first { $0.hasSuffix("/TrackRow.json") }!, encoding: .utf8
    )
    .replacingOccurrences(of: "\"Untitled\"", with: "\"Nameless\"")
    let file = try s.write("TrackRow.json", text)
    let r = s.run(["add", file])
    #expect(r.status == 0)
    #expect(r.out == "Updated TrackRow (revision 2)\n")
    #expect(s.run(["render", "TrackRow"]).out.contains("Text(\"Nameless\")"))
  }

  @Test func malformedFileReportsLineAndColumnAndSavesNothing() throws {
    let s = try Sandbox()
    _ = s.run(["init"])
    let good = try s.write(
      "Good.json", #"{"name": "Good", "body": {"type": "Text", "text": "good"}}"#)
    #expect(s.run(["add", good]).status == 0)
    let before = s.run(["list", "--json"]).out

    let second = try s.write(
      "Second.json", #"{"name": "Second", "body": {"type": "Text", "text": "second"}}"#)
    let bad = try s.write("bad.json", "{\n  \"name\": \"Bad\",\n  \"body\": {,}\n}\n")
    let r = s.run(["add", second, bad])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err.contains(
        "Error: \(bad):3:12: unexpected ','; expected a member name in double quotes\n"), "\(r.err)"
    )
    #expect(r.err.contains("Nothing was saved"))

    let after = s.run(["list", "--json"])
    #expect(after.out == before)
    let names = try json(after.out).arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
    #expect(names == ["Good"])
  }

  @Test func invalidDefinitionReportsItsPosition() throws {
    let s = try Sandbox()
    let file = try s.write(
      "Card.json",
      "{\"name\": \"Card\",\n \"body\": {\"type\": \"Text\", \"text\": \"a\",\n  \"modifiers\": [{\"padding\": {\"length\": \"8px\"}}]}}"
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err.contains(
        "\(file):3:40: Card: body.modifiers[0].padding.length: expected a number of points"),
      "\(r.err)")
  }

  @Test func unknownTokenIsRefusedWithItsPath() throws {
    let s = try Sandbox.withExamples()
    let before = s.run(["list", "--json"]).out
    let file = try s.write(
      "Wide.json",
      """
      {"name": "Wide", "body": {"type": "VStack", "children": [
        {"type": "Text", "text": "a"},
        {"type": "Text", "text": "b", "modifiers": [{"padding": {"edges": ["bottom"], "length": "{space.xxl}"}}]}]}}
      """)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err.contains(
        "Wide: body.children[1].modifiers[0].padding.length: unknown token {space.xxl}"), "\(r.err)"
    )
    #expect(s.run(["list", "--json"]).out == before)
  }

  @Test func unknownComponentAndCycleAreRefused() throws {
    let s = try Sandbox()
    let a = try s.write("A.json", #"{"name": "A", "body": {"type": "B"}}"#)
    let b = try s.write(
      "B.json", #"{"name": "B", "body": {"type": "VStack", "children": [{"type": "A"}]}}"#)
    let cycle = s.run(["add", a, b])
    #expect(cycle.status == 1)
    #expect(
      cycle.err.contains("components instance each other in a cycle: A → B → A"), "\(cycle.err)")
    let c = try s.write("C.json", #"{"name": "C", "body": {"type": "Nowhere"}}"#)
    let unknown = s.run(["add", c])
    #expect(unknown.status == 1)
    #expect(unknown.err.contains("C: body.type: unknown view type 'Nowhere'"), "\(unknown.err)")
  }

  @Test func unknownTokenInAnInstanceArgumentIsReportedOnce() throws {
    let s = try Sandbox.withExamples()
    let gap = try s.write(
      "Gap.json",
      #"{"name": "Gap", "parameters": {"size": {"type": "length", "default": 4}}, "body": {"type": "VStack", "spacing": "$size"}}"#
    )
    let user = try s.write(
      "UseGap.json",
      #"{"name": "UseGap", "body": {"type": "Gap", "arguments": {"size": "{space.nope}"}}}"#)
    let r = s.run(["add", gap, user])
    #expect(r.status == 1)
    #expect(r.err.contains("UseGap: body.arguments.size: unknown token {space.nope}"), "\(r.err)")
    // Regression: ComponentDefinition.tokenUses once listed the argument twice, so the error was printed twice.
    #expect(r.err.components(separatedBy: "unknown token {space.nope}").count - 1 == 1, "\(r.err)")
  }

  @Test func flexibleFrameToInfinityCanBeAdded() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Wide.json",
      #"{"name": "Wide", "body": {"type": "Color", "color": "red", "modifiers": [{"frame": {"minWidth": 0, "maxWidth": "infinity"}}]}}"#
    )
    let r = s.run(["add", file])
    // Regression: DefinitionParser once refused maxWidth "infinity" next to minWidth (see CatalogModelTests).
    #expect(r.status == 0, "\(r.err)")
  }

  @Test func missingFileIsAFailure() throws {
    let s = try Sandbox()
    let r = s.run(["add", s.path("nope.json")])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(r.err.contains("\(s.path("nope.json")): no such file"))
  }

  @Test func legacyTokenFileWarnsOnStderrAndStrictRefuses() throws {
    let s = try Sandbox()
    let file = try s.write("old.tokens.json", #"{"gap": {"$type": "dimension", "$value": "4px"}}"#)
    let strict = s.run(["add", "--strict", file])
    #expect(strict.status == 1)
    #expect(strict.err.contains("older string form"))
    let lenient = s.run(["add", file])
    #expect(lenient.status == 0)
    #expect(lenient.err.contains("warning"))
    #expect(lenient.out.contains("Imported 1 token from \(file) into set 'old'"))
  }
}

@Suite struct ReadCommandTests {
  @Test func list() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["list"])
    #expect(r.status == 0)
    #expect(r.err == "")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("NAME") == true)
    #expect(lines.first?.hasSuffix("  REV  PARAMETERS") == true)
    #expect(lines.count == 1 + exampleComponentNames.count)
    let row = try #require(lines.first { $0.hasPrefix("TrackRow ") })
    #expect(
      row.hasSuffix("1    title: string = \"Untitled\", artist: string?; variants: no-artist, full")
    )
  }

  @Test func listJSON() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["list", "--json"])
    #expect(r.status == 0)
    let array = try #require(try json(r.out).arrayValue)
    #expect(
      Set(array.compactMap { $0.objectValue?["name"]?.stringValue }) == Set(exampleComponentNames))
    let row = try #require(
      array.first { $0.objectValue?["name"] == .string("TrackRow") }?.objectValue)
    #expect(row.keys == ["name", "description", "revision", "parameters", "variants"])
    #expect(row["revision"] == .number(1))
    #expect(row["description"] == .string("A track's title over its artist."))
    #expect(
      row["parameters"]
        == .array([.string("title: string = \"Untitled\""), .string("artist: string?")]))
    #expect(row["variants"] == .array([.string("no-artist"), .string("full")]))
  }

  @Test func emptyCatalogListsNothing() throws {
    let s = try Sandbox()
    _ = s.run(["init"])
    let r = s.run(["list"])
    #expect(r.status == 0)
    #expect(r.out == "")
    #expect(r.err.contains("no components"))
    #expect(s.run(["list", "--json"]).out == "[]\n")
  }

  @Test func showPrintsTheDefinitionAsWritten() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["show", "TrackRow"])
    #expect(r.status == 0)
    #expect(r.err == "")
    let file = exampleFiles.first { $0.hasSuffix("/TrackRow.json") }!
    let original = try JSONParser.parse(String(contentsOfFile: file, encoding: .utf8)).root
    // Same value and same key order.
    #expect(try json(r.out) == original)
    #expect(r.out == JSONWriter.pretty(original))
  }

  @Test func showUnknownComponent() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["show", "Nope"])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(r.err == "Error: no component named 'Nope' in \(s.db)\n")
  }

  @Test func tokensList() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "list"])
    #expect(r.status == 0)
    #expect(r.err == "")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == exampleTokenCount)
    let sm = try #require(lines.first { $0.hasPrefix("space.sm ") })
    #expect(sm.contains("dimension"))
    #expect(sm.hasSuffix("{base.size.8} = 8pt  [spacing]"))
    let rating = try #require(lines.first { $0.hasPrefix("size.rating ") })
    #expect(rating.hasSuffix("2rem = 32pt  [spacing]"))
  }

  @Test func tokensListJSON() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "list", "--json", "--set", "spacing"])
    #expect(r.status == 0)
    let array = try #require(try json(r.out).arrayValue)
    #expect(array.count == exampleTokenCount)
    let sm = try #require(
      array.first { $0.objectValue?["path"] == .string("space.sm") }?.objectValue)
    #expect(sm["points"] == .number(8))
    #expect(sm["value"] == .string("{base.size.8}"))
    #expect(sm["set"] == .string("spacing"))
    let unknownSet = s.run(["tokens", "list", "--set", "nope"])
    #expect(unknownSet.status == 1)
    #expect(unknownSet.err == "Error: no token set named 'nope' (there are: spacing)\n")
  }
}

@Suite struct RenderCommandTests {
  @Test func renderTree() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "TrackRow"])
    #expect(r.status == 0)
    #expect(r.err == "")
    #expect(r.out.hasPrefix("TrackRow on ios, proposed nil×nil: 68×30\n"))
    assertSnapshot(r.out, named: "render-TrackRow.txt")
  }

  @Test func renderExplain() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "TrackListRow", "--width", "320", "--explain"])
    #expect(r.status == 0)
    #expect(r.out.contains("· padding.leading = 4pt ← {space.xs} ← {base.size.4} ← 4px"))
    assertSnapshot(r.out, named: "render-TrackListRow-320-explain.txt")
  }

  @Test func renderJSON() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "TrackRow", "--format", "json"])
    #expect(r.status == 0)
    #expect(r.err == "")
    let document = try #require(try json(r.out).objectValue)
    #expect(document.keys == ["component", "platform", "proposal", "size", "warnings", "root"])
    #expect(document["component"] == .string("TrackRow"))
    #expect(
      document["size"] == .object(JSONObject([("width", .number(68)), ("height", .number(30))])))
    let root = try #require(document["root"]?.objectValue)
    #expect(root["view"] == .string("VStack"))
    assertSnapshot(r.out, named: "render-TrackRow.json")
  }

  @Test func renderVariant() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "TrackRow", "--variant", "full"])
    #expect(r.status == 0)
    #expect(r.out.contains("Text(\"Blue in Green\").font(.headline)"))
    #expect(r.out.contains("Text(\"Miles Davis\")"))
    let unknown = s.run(["render", "TrackRow", "--variant", "nope"])
    #expect(unknown.status == 1)
    #expect(unknown.out == "")
    #expect(unknown.err == "Error: TrackRow has no variant 'nope'; its variants: no-artist, full\n")
  }

  @Test func renderArguments() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "TrackRow", "--argument", "title=So What", "-a", "artist=Bill Evans"])
    #expect(r.status == 0)
    #expect(r.out.contains("Text(\"So What\").font(.headline)"))
    #expect(r.out.contains("Text(\"Bill Evans\")"))
    // An argument overrides the variant's.
    let over = s.run([
      "render", "TrackRow", "--variant", "full", "--argument", "artist=Wynton Kelly",
    ])
    #expect(over.out.contains("Text(\"Wynton Kelly\")"))
    #expect(!over.out.contains("Miles Davis"))
    let unknown = s.run(["render", "TrackRow", "--argument", "album=x"])
    #expect(unknown.status == 1)
    #expect(
      unknown.err == "Error: TrackRow has no parameter 'album'; its parameters: title, artist\n")
    let boolean = s.run(["render", "AlbumCard", "--argument", "compact=yes"])
    #expect(boolean.status == 1)
    #expect(
      boolean.err == "Error: argument 'compact' of AlbumCard must be true or false; got 'yes'\n")
  }

  /// A `-a` value naming a token: one no stored component uses still resolves (the render
  /// read only the tokens definitions name), and an unknown one is an error naming the
  /// argument with the nearest stored path, as every other unknown token is.
  @Test func renderArgumentTokens() throws {
    let s = try Sandbox.withExamples()
    let gap = try s.write(
      "Gap.json",
      #"{"name": "Gap", "parameters": {"gap": {"type": "length", "default": 8}}, "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}]}}"#
    )
    #expect(s.run(["add", gap]).status == 0)
    let unused = s.run(["render", "Gap", "-a", "gap={base.size.32}"])
    #expect(unused.status == 0, "\(unused.err)")
    #expect(unused.out.contains("VStack(alignment: .center, spacing: 32)"))
    let typo = s.run(["render", "Gap", "-a", "gap={space.mdd}"])
    #expect(typo.status == 1)
    #expect(
      typo.err
        == "Error: argument 'gap' of Gap: unknown token {space.mdd}; did you mean {space.md}?\n")
    let far = s.run(["render", "Gap", "-a", "gap={nothing.like.it}"])
    #expect(far.err == "Error: argument 'gap' of Gap: unknown token {nothing.like.it}\n")
  }

  @Test func renderSeedCases() throws {
    let s = try Sandbox.withExamples()
    #expect(
      s.run(["render", "OptionalStack"]).out.hasPrefix(
        "OptionalStack on ios, proposed nil×nil: 40×48\n"))
    #expect(
      s.run(["render", "CollapsingOptionalStack"]).out
        == "CollapsingOptionalStack on ios, proposed nil×nil: no view (the body resolves to no views)\n"
    )
  }

  @Test func renderUnknownComponent() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "Nope"])
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(r.err == "Error: no component named 'Nope' in \(s.db)\n")
  }

  @Test func removeIsRefusedWhileUsed() throws {
    let s = try Sandbox.withExamples()
    let refused = s.run(["remove", "VSStack"])
    #expect(refused.status == 1)
    #expect(refused.out == "")
    #expect(refused.err.hasPrefix("Error: component 'VSStack' is used by the components "))
    #expect(refused.err.contains("TrackRow"))
    #expect(s.run(["list", "--json"]).out.contains("\"VSStack\""))

    let forced = s.run(["remove", "VSStack", "--force"])
    #expect(forced.status == 0)
    #expect(forced.out == "Removed VSStack\n")
    #expect(!s.run(["list", "--json"]).out.contains("\"VSStack\""))
    let broken = s.run(["render", "TrackRow"])
    #expect(broken.status == 1)
    #expect(broken.err.contains("VSStack"))
  }

  @Test func removeUnusedAndUnknown() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["remove", "TrackListRow"])
    #expect(r.status == 0)
    #expect(r.out == "Removed TrackListRow\n")
    let again = s.run(["remove", "TrackListRow"])
    #expect(again.status == 1)
    #expect(again.err.hasPrefix("Error: "))
    #expect(again.out == "")
  }
}

@Suite struct ExitStatusTests {
  @Test(arguments: [
    (["list", "--bogus"], "Error: Unknown option '--bogus'\nUsage: catalog list"),
    (["render"], "Error: Missing expected argument '<name>'\nUsage: catalog render"),
    (["show"], "Error: Missing expected argument '<name>'\nUsage: catalog show"),
    (
      ["render", "TrackRow", "--format", "svgz"],
      "Error: The value 'svgz' is invalid for '--format <tree|json|svg|png|html|swiftui>'. Please provide one of 'tree', 'json', 'svg', 'png', 'html' or 'swiftui'. Did you mean 'svg'?"
    ),
    (
      ["rendr", "TrackRow"],
      "Error: Unknown command 'rendr'; did you mean 'render'?\nUsage: catalog"
    ),
    (
      ["render", "TrackRow", "--fromat", "json"],
      "Error: Unknown option '--fromat'; did you mean '--format'?"
    ),
    (["tokens", "lst"], "Error: Unknown subcommand 'lst'; did you mean 'list'?"),
    (["platforms", "sett"], "Error: Unknown subcommand 'sett'; did you mean 'set'?"),
    (
      ["render", "TrackRow", "--width", "0x10"],
      "Error: The value '0x10' is invalid for '--width <points>': expected a decimal number from 0 to 1000000 or 'infinity'"
    ),
    (
      ["render", "TrackRow", "--width", "inf"],
      "Error: The value 'inf' is invalid for '--width <points>'"
    ),
    (
      ["render", "TrackRow", "--width", "Infinity"],
      "Error: The value 'Infinity' is invalid for '--width <points>'"
    ),
    (
      ["render", "TrackRow", "--width", "nan"],
      "Error: The value 'nan' is invalid for '--width <points>'"
    ),
    (
      ["render", "TrackRow", "--scale", "0.05"],
      "Error: The value '0.05' is invalid for '--scale <factor>': expected a decimal number from 0.1 to 10"
    ),
    (
      ["render", "TrackRow", "--scale", "11"],
      "Error: The value '11' is invalid for '--scale <factor>'"
    ),
    (
      ["render", "TrackRow", "-a", "title=A", "-a", "title=B"],
      "Error: The argument 'title' is given more than once in --argument"
    ),
    (
      ["platforms", "set", "tv", "--spacing", "0x8"],
      "Error: The value '0x8' is invalid for '--spacing <points>'"
    ),
    (
      ["tokens", "sets", "--move", "spacing", "--to", "0x0"],
      "Error: The value '0x0' is invalid for '--to <position>'"
    ),
    (["revert", "TrackRow", "0x1"], "Error: The value '0x1' is not a revision number"),
    (
      ["completion", "bsh"],
      "Error: The value 'bsh' is invalid for '<shell>'. Please provide one of 'bash', 'zsh' or 'fish'. Did you mean 'bash'?"
    ),
    (["render", "TrackRow", "--width"], "Error: Missing value for '--width <points>'"),
    (
      ["render", "TrackRow", "--width", "wide"],
      "Error: The value 'wide' is invalid for '--width <points>'"
    ),
    (
      ["render", "TrackRow", "--width", "-3"],
      "Error: The value '-3' is invalid for '--width <points>'"
    ),
    (["show", "A", "B"], "Error: Unexpected argument 'B'\nUsage: catalog show"),
    (["list", "--json=yes"], "Error: The flag '--json' does not take a value"),
    (["frobnicate"], "Error: Unknown command 'frobnicate'\nUsage: catalog"),
    (["tokens", "frobnicate"], "Error: Unknown subcommand 'frobnicate'\nUsage: catalog tokens"),
    (
      ["render", "TrackRow", "--variant", "a", "--variant", "b"],
      "Error: The option '--variant' was given more than once"
    ),
    (["--db"], "Error: Missing value for '--db <path>'"),
  ])
  func usageErrorsExit64(_ args: [String], _ prefix: String) throws {
    let s = try Sandbox.withExamples()
    let r = s.run(args)
    #expect(r.status == 64)
    #expect(r.out == "")
    #expect(r.err.hasPrefix(prefix), "\(r.err)")
    #expect(r.err.contains("\nUsage: catalog"))
  }

  @Test func missingCatalogIsAFailure() throws {
    let s = try Sandbox()
    for command in [
      ["list"], ["show", "TrackRow"], ["render", "TrackRow"], ["tokens", "list"],
      ["remove", "TrackRow"],
    ] {
      let r = s.run(command)
      #expect(r.status == 1, "\(command)")
      #expect(r.out == "")
      #expect(
        r.err
          == "Error: no catalog at '\(s.db)'; create one with 'catalog init', or choose another with --db or $CATALOG_DB\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: s.db), "a read command created the catalog")
  }

  @Test func failuresWriteErrorToStderrOnly() throws {
    let s = try Sandbox.withExamples()
    for command in [
      ["show", "Nope"], ["render", "Nope"], ["remove", "Nope"],
      ["render", "TrackRow", "--variant", "x"],
    ] {
      let r = s.run(command)
      #expect(r.status == 1, "\(command)")
      #expect(r.out == "", "\(command)")
      #expect(r.err.hasPrefix("Error: "), "\(command)")
      #expect(!r.err.contains("Usage:"), "\(command)")
    }
  }

  /// The subcommands listed by `catalog --help`, so a new command is covered too.
  static let commands: [[String]] = {
    let help = catalog(["--help"]).out
    var out: [[String]] = [
      [], ["init"], ["add"], ["list"], ["show"], ["remove"], ["render"], ["tokens"],
      ["tokens", "list"],
    ]
    if let range = help.range(of: "SUBCOMMANDS:\n") {
      for line in help[range.upperBound...].split(separator: "\n") {
        // The section ends at the next heading (GET STARTED:).
        if !line.hasPrefix(" ") { break }
        guard line.hasPrefix("  ") && !line.hasPrefix("   ") else { continue }
        let name = String(line.dropFirst(2).prefix { $0 != " " })
        if !name.isEmpty, name != "See", !out.contains([name]) { out.append([name]) }
      }
    }
    return out
  }()

  @Test(arguments: commands)
  func helpOnEveryCommand(_ command: [String]) {
    for flag in ["--help", "-h"] {
      let r = catalog(command + [flag])
      #expect(r.status == 0, "\(command) \(flag)")
      #expect(r.err == "")
      #expect(r.out.hasPrefix("OVERVIEW: "), "\(command) \(flag): \(r.out)")
      #expect(r.out.contains("\nUSAGE: catalog"))
    }
    if !command.isEmpty {
      let viaHelp = catalog(["help"] + command)
      #expect(viaHelp.status == 0)
      #expect(viaHelp.out == catalog(command + ["--help"]).out)
    }
  }

  @Test func helpListsEverySubcommand() {
    let help = catalog(["--help"]).out
    for name in ["init", "add", "list", "show", "remove", "render", "tokens"] {
      #expect(help.contains("\n  \(name) "), "catalog --help does not list \(name)")
    }
  }

  @Test func noArgumentsPrintsHelp() {
    let r = catalog([])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("OVERVIEW: "))
  }
}

@Suite struct DatabaseLocationTests {
  @Test func catalogDBEnvironmentVariableIsUsed() throws {
    let s = try Sandbox()
    let path = s.path("from-env.db")
    let r = catalog(["init"], environment: ["CATALOG_DB": path])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("Initialized catalog at \(path) "))
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(catalog(["add"] + exampleFiles, environment: ["CATALOG_DB": path]).status == 0)
    let list = catalog(["list", "--json"], environment: ["CATALOG_DB": path])
    #expect(list.status == 0)
    #expect(try json(list.out).arrayValue?.count == exampleComponentNames.count)
  }

  @Test func dbOptionWinsOverTheEnvironment() throws {
    let s = try Sandbox()
    let env = s.path("env.db")
    let option = s.path("option.db")
    #expect(catalog(["--db", option, "init"], environment: ["CATALOG_DB": env]).status == 0)
    #expect(FileManager.default.fileExists(atPath: option))
    #expect(!FileManager.default.fileExists(atPath: env))
    // After the command too.
    #expect(catalog(["list", "--db", option], environment: ["CATALOG_DB": env]).status == 0)
    #expect(catalog(["--db=\(option)", "list"], environment: ["CATALOG_DB": env]).status == 0)
  }

  @Test func emptyEnvironmentVariableFallsBackToTheDefault() throws {
    // An empty CATALOG_DB is ignored: the default ./catalog.db, which must not exist here.
    let cwd = FileManager.default.currentDirectoryPath
    // With a catalog.db in the working folder the default cannot be checked here.
    guard !FileManager.default.fileExists(atPath: cwd + "/catalog.db") else { return }
    let r = catalog(["list"], environment: ["CATALOG_DB": ""])
    #expect(r.status == 1)
    #expect(r.err.contains("no catalog at 'catalog.db'"))
  }
}

/// Limits and failures of a render.
extension RenderCommandTests {
  @Test func nestedForEachStopsAtTheNodeLimitInsteadOfExhaustingMemory() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Many.json",
      #"{"name":"Many","body":{"type":"ForEach","count":10000,"children":[{"type":"ForEach","count":10000,"children":[{"type":"Text","text":"x"}]}]}}"#
    )
    // Refused by add (its defaults do not render, review 17); saved with --force.
    #expect(s.run(["add", file]).status == 1)
    #expect(s.run(["add", file, "--force"]).status == 0)
    let r = s.run(["render", "Many"])
    #expect(r.status == 1)
    #expect(r.err.contains("resolves to more than 500000 views"), "\(r.err)")
    #expect(r.out.isEmpty)
  }
}

/// init on a catalog that exists.
extension InitAndAddTests {
  @Test func initOnAReadyCatalogSaysSo() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).out.hasPrefix("Initialized catalog at"))
    #expect(s.run(["init"]).out.hasPrefix("The catalog at \(s.db) is ready"))
  }
}
