import Foundation
import Testing

/// Every command answers "who uses this token" from the token graph, showing the chain;
/// resolver `$ref`s stay inside the document's folder; issue 12's token cost cases end
/// quickly through the CLI.
@Suite struct TokenGraphCommandTests {
  static let tokens = """
    {"space": {"$type": "dimension",
      "base": {"$value": {"value": 10, "unit": "px"}},
      "gap": {"$value": "{space.base}"},
      "double": {"$value": "{space.gap} * 2"}}}
    """
  static let gap = """
    {"name": "Gap", "body": {"type": "VStack", "children": [{"type": "Text", "text": "a"}],
      "modifiers": [{"padding": {"length": "{space.gap}"}}]}}
    """

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run(["add", try s.write("space.tokens.json", tokens), try s.write("Gap.json", gap)])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("usage, remove, set --dry-run and lint agree that Gap uses space.base through space.gap")
  func usageThroughAnAlias() throws {
    let s = try Self.catalog()
    let usage = s.run(["tokens", "usage", "space.base"])
    #expect(usage.status == 0)
    #expect(
      usage.out
        == "{space.gap} → {space.base}  Gap  body.modifiers[0].padding.length  padding.all = 10pt\n"
    )
    let json = s.run(["tokens", "usage", "space.base", "--json"])
    #expect(
      json.out.contains("\"chain\" : [\n      \"space.gap\",\n      \"space.base\"\n    ]")
        || json.out.contains("\"space.gap\","))
    let remove = s.run(["tokens", "remove", "space.base"])
    #expect(remove.status == 1)
    #expect(remove.err.contains("Gap"), "\(remove.err)")
    let dry = s.run(["tokens", "set", "space.base", "12", "--dry-run"])
    #expect(dry.status == 0)
    let lint = s.run(["lint", "--tokens"])
    #expect(!lint.out.contains("{space.base}, directly"))
    #expect(!lint.out.contains("{space.gap}, directly"))
    #expect(lint.out.contains("no component uses {space.double}"))
    let unused = s.run(["tokens", "usage", "space.double"])
    #expect(unused.out == "No component uses {space.double}, directly or through another token.\n")
  }

  @Test(
    "math naming a missing token: refused at import, or kept by --allow-dangling and reported (a warning) by doctor and lint"
  )
  func missingMathOperand() throws {
    let s = try Sandbox()
    let file = try s.write(
      "m.tokens.json", #"{"space": {"$type": "dimension", "x": {"$value": "{space.nope} * 2"}}}"#)
    let refused = s.run(["add", file])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains("space.x: the alias {space.nope} names no token"), "\(refused.err)")
    #expect(refused.err.contains("pass --allow-dangling to keep it"), "\(refused.err)")
    // The two flags contradict each other: refused as a pair (a usage error).
    #expect(s.run(["add", file, "--allow-dangling", "--strict"]).status == 64)
    let add = s.run(["add", file, "--allow-dangling"])
    #expect(add.status == 0, "\(add.err)")
    #expect(add.err.contains("kept because of --allow-dangling"))
    // Kept on purpose: doctor lists it as a warning and exits 0 (one rule with missing-alias).
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0)
    #expect(
      doctor.out.contains(
        "warning: token-value: token space.x: its value cannot be computed: unknown token {space.nope} (referenced by {space.x})"
      ))
    // lint reports doctor's finding, in doctor's words (one token check).
    let lint = s.run(["lint", "--tokens"])
    #expect(
      lint.out.contains(
        "warning[unresolved-token]: space.x: {space.x}: its value cannot be computed: unknown token {space.nope}"
      ), "\(lint.out)")
  }

  @Test(
    "a dangling alias: refused, kept by --allow-dangling (doctor warns missing-alias); files aliasing each other import in any order"
  )
  func danglingAliasOneRule() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json", #"{"space": {"$type": "dimension", "gap": {"$value": "{base.unit}"}}}"#)
    let b = try s.write(
      "b.tokens.json",
      #"{"base": {"$type": "dimension", "unit": {"$value": {"value": 4, "unit": "px"}}}}"#)
    let refused = s.run(["tokens", "import", a])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains(
        "the alias {base.unit} names no token (not in this file, the files added with it, or the catalog)"
      ), "\(refused.err)")
    #expect(s.run(["tokens", "list"]).out.isEmpty)
    let kept = s.run(["tokens", "import", a, "--allow-dangling"])
    #expect(kept.status == 0, "\(kept.err)")
    #expect(kept.err.contains("kept because of --allow-dangling"), "\(kept.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0)
    #expect(
      doctor.out.contains(
        "warning: missing-alias: token space.gap (set a): the alias {base.unit} names no token in any set"
      ),
      "\(doctor.out)")
    // Both files in one add, the aliasing one first.
    let t = try Sandbox()
    let both = t.run(["add", a, b])
    #expect(both.status == 0, "\(both.err)")
    #expect(t.run(["tokens", "get", "space.gap", "--json"]).out.contains("4"))
  }

  @Test(
    "a resolver $ref leaving the folder is refused unless --allow-outside-refs, without echoing the file",
    arguments: [
      "../secret.json", "SECRET_ABSOLUTE", "link/secret.json",
    ])
  func outsideReferences(_ reference: String) throws {
    let s = try Sandbox()
    let inner = s.url.appendingPathComponent("doc")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    let secret = try s.write("secret.json", "SECRET=hunter2 not json")
    try FileManager.default.createSymbolicLink(
      atPath: inner.appendingPathComponent("link").path, withDestinationPath: s.url.path)
    let ref = reference == "SECRET_ABSOLUTE" ? secret : reference
    let doc = try s.write(
      "doc/r.resolver.json",
      """
      {"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "\(ref)"}]}, "b": {"sources": [{"$ref": "\(ref)"}]}},
       "resolutionOrder": [{"$ref": "#/sets/a"}, {"$ref": "#/sets/b"}]}
      """)
    let refused = s.run(["tokens", "import-resolver", doc])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains("outside") || refused.err.contains("absolute path"), "\(refused.err)")
    #expect(!refused.err.contains("hunter2"))
    #expect(
      refused.err.components(separatedBy: "Error:").count == 2, "each error once: \(refused.err)")
  }

  @Test(
    "issue 12's token cost inputs end quickly through add",
    arguments: [
      ("math-doubling.ok.tokens.json", Int32(0)), ("alias-chain-3000.refused.tokens.json", 1),
      ("alias-chain-999.ok.tokens.json", 0),
      ("nested-anchors.refused.tokens.yaml", 1), ("set-fanout.ok.resolver.json", 0),
      ("outside-parent.refused.resolver.json", 1),
      ("outside-absolute.refused.resolver.json", 1),
    ])
  func costInputs(_ name: String, _ status: Int32) throws {
    let s = try Sandbox()
    let path = cliPackageRoot.appendingPathComponent("bad-inputs/cost/tokens/\(name)").path
    let run = s.run(["add", path])
    #expect(run.status == status, "\(run.err.prefix(400))")
    if status == 1 { #expect(run.err.hasPrefix("Error:")) }
  }
}

/// `lint --fix` picks a token of the property's kind; `--dry-run`; `--max-warnings`.
@Suite struct TokenLintFixTests {
  static let tokens = """
    {"space": {"$type": "dimension", "xl": {"$value": {"value": 24, "unit": "px"}}},
     "size": {"$type": "dimension", "icon": {"$value": {"value": 24, "unit": "px"}}}}
    """
  static let row = """
    {"name": "Row", "body": {"type": "HStack", "spacing": 24, "children": [{"type": "Text", "text": "a"}],
      "modifiers": [{"frame": {"height": 24}}]}}
    """

  @Test(
    "a frame height of 24 becomes {size.icon}, spacing 24 becomes {space.xl}; --dry-run saves nothing"
  )
  func fixPicksTheRightKind() throws {
    let s = try Sandbox()
    #expect(
      s.run(["add", try s.write("t.tokens.json", Self.tokens), try s.write("Row.json", Self.row)])
        .status == 0)
    let dry = s.run(["lint", "--fix", "--dry-run"])
    #expect(
      dry.out.contains(
        "Would fix Row body.modifiers[0].frame.height: 24 → {size.icon} (hard-coded-length)"),
      "\(dry.out)")
    #expect(
      dry.out.contains("Would fix Row body.spacing: 24 → {space.xl} (hard-coded-length)"),
      "\(dry.out)")
    #expect(dry.out.contains("Dry run: nothing was saved."))
    #expect(!s.run(["show", "Row"]).out.contains("{size.icon}"))
    let fixed = s.run(["lint", "--fix"])
    #expect(fixed.err.contains("Fixed 2 findings in Row"), "\(fixed.err)")
    let shown = s.run(["show", "Row"]).out
    #expect(
      shown.contains("\"height\": \"{size.icon}\"")
        || shown.contains("\"height\" : \"{size.icon}\""), "\(shown)")
    #expect(shown.contains("{space.xl}"))
  }

  @Test("--max-warnings N exits 1 above N")
  func maxWarnings() throws {
    let s = try Sandbox()
    #expect(
      s.run(["add", try s.write("t.tokens.json", Self.tokens), try s.write("Row.json", Self.row)])
        .status == 0)
    #expect(s.run(["lint", "--max-warnings", "2"]).status == 0)
    let over = s.run(["lint", "--max-warnings", "1"])
    #expect(over.status == 1)
    #expect(over.err.contains("2 warnings, more than --max-warnings 1"))
    #expect(s.run(["lint", "--max-warnings", "x"]).status == 64)
  }
}

/// `tokens export`: SCSS, the ES module with its declarations, and one export per context.
@Suite struct TokenExportCommandTests {
  static let resolver = """
    {"version": "2025.10", "sets": {"base": {"sources": [{"space": {"$type": "dimension", "md": {"$value": {"value": 16, "unit": "px"}}, "sm": {"$value": {"value": 8, "unit": "px"}}}}]}},
     "modifiers": {"density": {"default": "comfortable", "contexts": {"comfortable": [], "compact": [{"space": {"md": {"$type": "dimension", "$value": {"value": 12, "unit": "px"}}}}]}}},
     "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/density"}]}
    """

  @Test func scssJavaScriptAndContexts() throws {
    let s = try TokenGraphCommandTests.catalog()
    let scss = s.run(["tokens", "export", "--format", "scss", "--references"])
    #expect(scss.out.contains("$space-base: 10px;"))
    #expect(scss.out.contains("$space-gap: $space-base;"), "\(scss.out)")
    let js = s.path("tokens.js")
    let wrote = s.run(["tokens", "export", "--format", "js", "--output", js])
    #expect(wrote.status == 0, "\(wrote.err)")
    #expect(
      try String(contentsOfFile: js, encoding: .utf8).contains("export const spaceBase = \"10px\";")
    )
    #expect(
      try String(contentsOfFile: s.path("tokens.d.ts"), encoding: .utf8).contains(
        "export declare const spaceBase: string;"))
    #expect(
      s.run(["tokens", "import-resolver", try s.write("density.resolver.json", Self.resolver)])
        .status == 0)
    let css = s.run(["tokens", "export", "--format", "css", "--all-contexts"])
    #expect(css.status == 0, "\(css.err)")
    #expect(css.out.contains("[data-density=\"compact\"] {\n  --space-md: 12px;\n}"), "\(css.out)")
    let swift = s.run([
      "tokens", "export", "--format", "swift", "--all-contexts", "--output", s.path("Tokens.swift"),
    ])
    #expect(swift.status == 0, "\(swift.err)")
    #expect(
      try String(contentsOfFile: s.path("Tokens.density-compact.swift"), encoding: .utf8).contains(
        "public static let spaceMd: CGFloat = 12"))
    #expect(s.run(["tokens", "export", "--format", "swift", "--all-contexts"]).status == 64)
  }
}

/// `--prune` keeps a set equal to its file; `tokens set` on a new path never invents a set.
@Suite struct TokenSetSyncTests {
  @Test(
    "add --prune removes what the file dropped, refuses while a component uses it, --dry-run saves nothing"
  )
  func pruneKeepsTheSetInSync() throws {
    let s = try TokenGraphCommandTests.catalog()
    let smaller = try s.write(
      "space.tokens.json",
      #"{"space": {"$type": "dimension", "base": {"$value": {"value": 10, "unit": "px"}}, "double": {"$value": "{space.base} * 2"}}}"#
    )
    // Without --prune the dropped token stays.
    #expect(s.run(["add", smaller]).status == 0)
    #expect(s.run(["tokens", "get", "space.gap"]).status == 0)
    // Gap uses space.gap: refused, naming the use and the chain.
    let refused = s.run(["add", smaller, "--prune"])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains(
        "Gap: body.modifiers[0].padding.length: uses {space.gap}; --prune removes {space.gap}"),
      "\(refused.err)")
    #expect(s.run(["tokens", "get", "space.gap"]).status == 0)
    let dry = s.run(["tokens", "import", smaller, "--prune", "--force", "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("Would prune 1 token from set 'space': {space.gap}"), "\(dry.out)")
    #expect(s.run(["tokens", "get", "space.gap"]).status == 0)
    let forced = s.run(["tokens", "import", smaller, "--prune", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.out.contains("Pruned 1 token from set 'space': {space.gap}"), "\(forced.out)")
    #expect(s.run(["tokens", "get", "space.gap"]).status == 1)
    let again = s.run(["add", smaller, "--prune"])
    #expect(again.out.contains("Pruned nothing from set 'space'"), "\(again.out)")
  }

  @Test("a token no component uses is pruned without --force")
  func pruneUnused() throws {
    let s = try TokenGraphCommandTests.catalog()
    let file = try s.write(
      "space.tokens.json",
      #"{"space": {"$type": "dimension", "base": {"$value": {"value": 10, "unit": "px"}}, "gap": {"$value": "{space.base}"}}}"#
    )
    let pruned = s.run(["add", file, "--prune"])
    #expect(pruned.status == 0, "\(pruned.err)")
    #expect(pruned.out.contains("Pruned 1 token from set 'space': {space.double}"), "\(pruned.out)")
    #expect(s.run(["tokens", "get", "space.double"]).status == 1)
  }

  @Test(
    "tokens set NEWPATH goes to the only set, is refused naming the sets when there are several")
  func newTokenGoesToTheOnlySet() throws {
    let s = try TokenGraphCommandTests.catalog()
    let one = s.run(["tokens", "set", "space.wide", "24"])
    #expect(one.status == 0, "\(one.err)")
    #expect(one.out.contains("in set 'space'"))
    #expect(
      s.run([
        "add",
        try s.write(
          "extra.tokens.json",
          #"{"size": {"$type": "dimension", "icon": {"$value": {"value": 24, "unit": "px"}}}}"#),
      ]).status == 0)
    let several = s.run(["tokens", "set", "space.huge", "64"])
    #expect(several.status == 1)
    #expect(
      several.err.contains("2 token sets (space, extra); choose one with --set NAME"),
      "\(several.err)")
    #expect(s.run(["tokens", "set", "space.huge", "64", "--set", "extra"]).status == 0)
    let empty = try Sandbox()
    let none = empty.run(["tokens", "set", "space.md", "8"])
    #expect(none.status == 1)
    #expect(none.err.contains("has no token set; name one with --set NAME"), "\(none.err)")
    #expect(!empty.run(["tokens", "sets"]).out.contains("default"))
  }
}

/// A Tokens Studio file whose top level is set names.
@Suite struct TokensStudioMultiSetTests {
  static let file = """
    {"global": {"spacing": {"sm": {"value": "8", "type": "spacing"}, "md": {"value": "{spacing.sm} * 2", "type": "spacing"}}},
     "compact": {"spacing": {"sm": {"value": "4", "type": "spacing"}}},
     "roomy": {"spacing": {"sm": {"value": "12", "type": "spacing"}}},
     "$themes": [
       {"id": "1", "name": "Compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}},
       {"id": "2", "name": "Roomy", "group": "density", "selectedTokenSets": {"global": "source", "roomy": "enabled"}}],
     "$metadata": {"tokenSetOrder": ["global", "compact", "roomy"]}}
    """

  @Test("each set is a catalog set in tokenSetOrder, $themes a resolver, {spacing.sm} resolves")
  func setsAndThemes() throws {
    let s = try Sandbox()
    let add = s.run(["add", try s.write("studio.json", Self.file)])
    #expect(add.status == 0, "\(add.err)")
    let sets = s.run(["tokens", "sets"]).out
    let order = ["global", "compact", "roomy"].compactMap { sets.range(of: $0)?.lowerBound }
    #expect(order.count == 3 && order == order.sorted(), "\(sets)")
    #expect(!s.run(["tokens", "list"]).out.contains("global.spacing"))
    // roomy is last in tokenSetOrder, so it wins: sm = 12, md = 24.
    let md = s.run(["tokens", "get", "spacing.md", "--json"])
    #expect(md.out.contains("\"points\" : 24") || md.out.contains("\"points\": 24"), "\(md.out)")
    let resolvers = s.run(["tokens", "resolvers"]).out
    #expect(resolvers.contains("density"), "\(resolvers)")
    let compact = s.run(["tokens", "export", "--format", "json-flat", "--input", "density=Compact"])
    #expect(compact.status == 0, "\(compact.err)")
    #expect(compact.out.contains("\"spacing.sm\""), "\(compact.out)")
    #expect(compact.out.contains("4"), "\(compact.out)")
  }
}

/// Token uses in defaults, variants and resolver documents; stored resolved values.
extension TokenGraphCommandTests {
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

  @Test func storedResolvedValuesFollowAChangedAliasTarget() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["tokens", "set", "base.size.8", "9"]).status == 0)
    #expect(s.run(["tokens", "list"]).out.contains("{base.size.8} = 9pt"))
    #expect(s.run(["tokens", "usage", "space.sm"]).out.contains("= 9pt"))
  }
}

/// lint --fix and missing tokens.
extension TokenLintFixTests {
  @Test func lintFixNeverWritesAMissingToken() throws {
    let s = try Sandbox.withExamples()
    let tokens = try s.write(
      "lint-demo.tokens.json",
      #"{"legacy": {"$type": "dimension", "gutter": {"$value": {"value": 12, "unit": "px"}, "$deprecated": "Use {space.gone} instead."}}}"#
    )
    let demo = cliPackageRoot.appendingPathComponent("examples/lint/LintDemo.json").path
    #expect(s.run(["add", "--force", tokens, demo]).status == 0)
    _ = s.run(["lint", "LintDemo", "--fix"])
    #expect(!s.run(["show", "LintDemo"]).out.contains("{space.gone}"))
  }
}

/// Export names for names outside ASCII.
extension TokenExportCommandTests {
  @Test func exportNamesStayValidForNonASCIINames() throws {
    let s = try Sandbox()
    let file = try s.write(
      "u.tokens.json",
      #"{"x": {"$type": "dimension", "é": {"$value": {"value": 7, "unit": "px"}}}}"#)
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "export", "--format", "css"]).out.contains("--x-u00e9: 7px;"))
    #expect(
      s.run(["tokens", "export", "--format", "android"]).out.contains(
        "<dimen name=\"x_u00e9\">7dp</dimen>"))
    let bad = s.run(["tokens", "export", "--format", "swift", "--name", "class"])
    #expect(bad.status == 64)
  }
}

/// Reordering sets.
extension TokenSetSyncTests {
  @Test func movingASetOutOfRangeIsAUsageError() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "sets", "--move", "spacing", "--to", "99"])
    #expect(r.status == 64)
    #expect(r.err.contains("expected 0 … 0, first or last"), "\(r.err)")
  }
}

/// `--allow-outside-refs` on every command that reads resolver documents (issue 12,
/// point 5): refused without it, read with it.
@Suite struct OutsideReferenceFlagTests {
  /// A resolver document in `doc/` whose set is a token file one folder up.
  func documentReferringOutside(_ s: Sandbox, folder: String = "doc", up: String = "..") throws
    -> String
  {
    try s.write(
      "shared.tokens.json",
      #"{"space": {"$type": "dimension", "gap": {"$value": {"value": 4, "unit": "px"}}}}"#)
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    return try s.write(
      "\(folder)/r.resolver.json",
      ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "\##(up)/shared.tokens.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##
    )
  }

  @Test(arguments: [["add"], ["tokens", "import"], ["tokens", "import-resolver"]])
  func fileCommands(_ command: [String]) throws {
    let s = try Sandbox()
    let doc = try documentReferringOutside(s)
    let refused = s.run(command + [doc])
    #expect(refused.status == 1)
    #expect(refused.err.contains("pass --allow-outside-refs"), "\(refused.err)")
    let allowed = s.run(command + ["--allow-outside-refs", doc])
    #expect(allowed.status == 0, "\(allowed.err)")
    #expect(allowed.out.contains("Imported resolver 'r'"), "\(allowed.out)")
  }

  @Test func folderImport() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let folder = s.path("out")
    #expect(s.run(["export", folder]).status == 0)
    _ = try documentReferringOutside(s, folder: "out/resolvers", up: "../..")
    let refused = s.run(["import", folder])
    #expect(refused.status == 1)
    #expect(refused.err.contains("pass --allow-outside-refs"), "\(refused.err)")
    let allowed = s.run(["import", "--allow-outside-refs", folder])
    #expect(allowed.status == 0, "\(allowed.err)")
    #expect(s.run(["tokens", "resolvers"]).out.contains("r"))
  }
}
