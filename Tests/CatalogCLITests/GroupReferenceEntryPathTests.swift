import Foundation
import Testing

/// Issue 14, point 2: `{group}` naming a group with a `$root` token is invalid (DTCG 2025.10
/// Format §6.2, §7.1.1) on every path a reference enters the catalog: refused under
/// `--strict`, else rewritten to `{group.$root}` with a warning and stored (and exported) in
/// that form; a stored one is reported by `lint` and `doctor`; a group without `$root` named
/// as `{group}` is said to name a group (not "pass --allow-dangling"); a JSON Pointer `$ref`
/// to a group says so. One rule (GroupReference) behind each.
@Suite struct GroupReferenceEntryPathTests {
  /// `sp` is a group with a root token (6 px) and a member `lg` (20 px).
  static let rooted = """
    {"sp": {"$type": "dimension", "$root": {"$value": {"value": 6, "unit": "px"}},
      "lg": {"$value": {"value": 20, "unit": "px"}}}}
    """
  /// `space` is a group without a root token.
  /// The one wording of a reference to a group without `$root` (one token).
  static let group =
    "the reference {space} names a group, not a token (§7.1.1); its one token is {space.md}: name it"
  static let plain =
    #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#
  static let lenient =
    "the reference {sp} names a group; rewritten to its root token {sp.$root} (§6.2, §7.1.1)"
  static let strict =
    "the reference {sp} names a group; its root token is {sp.$root} (§6.2, §7.1.1)"

  static func card(_ length: String, text: String = "a") -> String {
    """
    {"name": "Card", "parameters": {"g": {"type": "length", "default": 0}},
      "body": {"type": "VStack", "spacing": "$g", "children": [{"type": "Text", "text": "\(text)"}],
      "modifiers": [{"padding": {"length": "\(length)"}}]}}
    """
  }

  static func withRooted() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run(["add", try s.write("sp.tokens.json", rooted)])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("token file: add, tokens import store and export {sp.$root}; --strict refuses")
  func tokenFile() throws {
    let alias = #"{"gap": {"$type": "dimension", "$value": "{sp}"}}"#
    for command in [["add"], ["tokens", "import"]] {
      let s = try Self.withRooted()
      let file = try s.write("gap.tokens.json", alias)
      let refused = s.run(command + ["--strict", file])
      #expect(refused.status == 1, "\(command)")
      #expect(refused.err.contains("gap: \(Self.strict)"), "\(command): \(refused.err)")
      let added = s.run(command + [file])
      #expect(added.status == 0, "\(command): \(added.err)")
      #expect(
        added.err.contains("gap.tokens.json:1:42: warning: gap: \(Self.lenient)"),
        "\(command): \(added.err)")
      let get = s.run(["tokens", "get", "gap"])
      #expect(get.out.contains(#""{sp.$root}""#), "\(get.out)")
      #expect(get.out.contains("= {sp.$root} ← 6px = 6pt"), "\(get.out)")
      let exported = s.run(["tokens", "export", "--format", "dtcg", "--set", "gap"])
      #expect(exported.out.contains(#""$value": "{sp.$root}""#), "\(exported.out)")
      #expect(!exported.out.contains(#""{sp}""#))
    }
  }

  @Test("component add: stored {sp.$root} is used by sp, resolves, and changing sp is checked")
  func componentAddThenChangeRoot() throws {
    // The rewritten value was refused by the dependents check before the scoped resolver
    // read {sp.$root} as the path sp.
    let s = try Self.withRooted()
    let add = s.run(["add", try s.write("Card.json", Self.card("{sp}"))])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains(
        "Card.json:3:40: warning: Card: body.modifiers[0].padding.length: \(Self.lenient)"),
      "\(add.err)")
    #expect(s.run(["show", "Card"]).out.contains(#""length": "{sp.$root}""#))
    let usage = s.run(["tokens", "usage", "sp"])
    #expect(usage.out.contains("{sp}  Card  body.modifiers[0].padding.length"), "\(usage.out)")
    #expect(s.run(["tokens", "set", "sp", "8"]).status == 0)
    let tree = s.run(["render", "Card"])
    #expect(tree.out.contains("padding(8)"), "\(tree.out)")
    let remove = s.run(["tokens", "remove", "sp"])
    #expect(remove.status == 1)
    #expect(remove.err.contains("Card"), "\(remove.err)")
    #expect(s.run(["lint", "Card"]).out.contains("No problems found"))
  }

  @Test("edit: a length changed to {sp} is saved as {sp.$root} with the warning")
  func edit() throws {
    let s = try Self.withRooted()
    #expect(s.run(["add", try s.write("Card.json", Self.card("{sp.lg}"))]).status == 0)
    let editor = try s.script("ed.sh", #"sed -i 's/{sp.lg}/{sp}/' "$1""#)
    let r = s.run(
      ["edit", "Card"], environment: ["EDITOR": editor, "CATALOG_TEXT_METRICS": "fixed"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains("Card: body.modifiers[0].padding.length: \(Self.lenient)"), "\(r.err)")
    #expect(s.run(["show", "Card"]).out.contains(#""length": "{sp.$root}""#))
  }

  @Test("revert: a revision holding {sp} (saved before the rule) is saved as {sp.$root}")
  func revert() throws {
    let s = try Self.withRooted()
    #expect(s.run(["add", try s.write("Card.json", Self.card("{sp.lg}"))]).status == 0)
    #expect(
      s.run(["add", try s.write("Card2.json", Self.card("{sp.lg}", text: "b"))]).status == 0)
    _ = try sqlite3(
      s.db,
      "UPDATE component_revision SET definition = replace(definition, '{sp.lg}', '{sp}') WHERE revision = 1"
    )
    let r = s.run(["revert", "Card", "1"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains("Card@1: Card: body.modifiers[0].padding.length: \(Self.lenient)"),
      "\(r.err)")
    let show = s.run(["show", "Card"]).out
    #expect(show.contains(#""length": "{sp.$root}""#), "\(show)")
    #expect(show.contains(#""text": "a""#))
  }

  @Test("tokens set: {sp} is stored as {sp.$root} with the warning")
  func tokensSet() throws {
    let s = try Self.withRooted()
    let r = s.run(["tokens", "set", "gap", "{sp}", "--set", "sp"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("gap: \(Self.lenient)"), "\(r.err)")
    #expect(s.run(["tokens", "get", "gap"]).out.contains(#""{sp.$root}""#))
  }

  @Test("lint and doctor report a stored {sp} in a token and in a component")
  func storedOnes() throws {
    let s = try Self.withRooted()
    #expect(s.run(["add", try s.write("Card.json", Self.card("{sp.lg}"))]).status == 0)
    #expect(s.run(["tokens", "set", "gap", "{sp.lg}", "--set", "sp"]).status == 0)
    // Written before the rule existed: straight into the file.
    for sql in [
      "UPDATE component SET definition = replace(definition, '{sp.lg}', '{sp}')",
      "UPDATE component_revision SET definition = replace(definition, '{sp.lg}', '{sp}')",
      "UPDATE token SET value = '\"{sp}\"', alias_of = 'sp' WHERE path = 'gap'",
    ] { _ = try sqlite3(s.db, sql) }
    let lint = s.run(["lint"])
    #expect(
      lint.out.contains(
        "warning[unresolved-token]: Card: body.modifiers[0].padding.length: \(Self.strict)"),
      "\(lint.out)")
    #expect(
      lint.out.contains("warning[unresolved-token]: gap: {gap}: \(Self.strict)"), "\(lint.out)")
    let doctor = s.run(["doctor"])
    #expect(
      doctor.out.contains(
        "warning: reference: Card: body.modifiers[0].padding.length: \(Self.strict)"),
      "\(doctor.out)")
    #expect(doctor.out.contains("warning: reference: token gap: \(Self.strict)"), "\(doctor.out)")
  }

  /// One wording (`GroupReference.namesGroupMessage`) on every path: before, a token file,
  /// `tokens set` and a component each said it their own way (`its 1 token include …`).
  @Test("{space} naming a group without $root says it names a group on every path, in one wording")
  func groupWithoutRoot() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("space.tokens.json", Self.plain)]).status == 0)
    let file = try s.write(
      "gap.tokens.json", #"{"gap": {"$type": "dimension", "$value": "{space}"}}"#)
    for run in [
      s.run(["tokens", "import", file]), s.run(["tokens", "import", "--allow-dangling", file]),
      s.run(["add", "--allow-dangling", file]),
    ] {
      #expect(run.status == 1)
      #expect(
        run.err.contains(
          "gap: \(Self.group)"
        ), "\(run.err)")
      #expect(!run.err.contains("--allow-dangling"), "\(run.err)")
    }
    let set = s.run(["tokens", "set", "gap", "{space}", "--set", "space"])
    #expect(set.status == 1)
    #expect(set.err.contains("{gap}: \(Self.group)\n"), "\(set.err)")
    let component = s.run(["add", try s.write("Card.json", Self.card("{space}"))])
    #expect(component.status == 1)
    #expect(
      component.err.contains(
        "Card: body.modifiers[0].padding.length: \(Self.group)"
      ), "\(component.err)")
    #expect(s.run(["add", try s.write("Card.json", Self.card("{space.md}"))]).status == 0)
    let argument = s.run(["render", "Card", "-a", "g={space}"])
    #expect(argument.status == 1)
    #expect(
      argument.err.contains("argument 'g' of Card: \(Self.group)"),
      "\(argument.err)")
  }

  @Test("a JSON Pointer $ref to a group says it points at a group (and at the root's value)")
  func pointerToGroup() throws {
    let s = try Sandbox()
    let plain = s.run([
      "add",
      try s.write(
        "p.tokens.json",
        ##"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}, "gap": {"$type": "dimension", "$value": {"$ref": "#/space"}}}"##
      ),
    ])
    #expect(plain.status == 1)
    #expect(
      plain.err.contains(
        "gap: the $ref '#/space' points at a group; it must point into a token's $value (§7.3)\n"),
      "\(plain.err)")
    let root = s.run([
      "add",
      try s.write(
        "r.tokens.json",
        ##"{"sp": {"$type": "dimension", "$root": {"$value": {"value": 6, "unit": "px"}}}, "gap": {"$type": "dimension", "$value": {"$ref": "#/sp"}}}"##
      ),
    ])
    #expect(root.status == 1)
    #expect(
      root.err.contains(
        "gap: the $ref '#/sp' points at a group; it must point into a token's $value (§7.3); its root token's value is '#/sp/$root/$value'"
      ), "\(root.err)")
    let fixed = s.run([
      "add",
      try s.write(
        "f.tokens.json",
        ##"{"sp": {"$type": "dimension", "$root": {"$value": {"value": 6, "unit": "px"}}}, "gap": {"$type": "dimension", "$value": {"$ref": "#/sp/$root/$value"}}}"##
      ),
    ])
    #expect(fixed.status == 0, "\(fixed.err)")
    #expect(s.run(["tokens", "get", "gap"]).out.contains("= 6px = 6pt"))
  }

  /// A whole-token `$ref` without `$type` that points at a group says so, as the typed one
  /// does (before: `no $type: the token has none, …`, which hid the cause).
  @Test("an untyped whole-token $ref to a group says it points at a group")
  func untypedPointerToGroup() throws {
    let s = try Sandbox()
    let run = s.run([
      "add",
      try s.write(
        "u.tokens.json",
        ##"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}, "gap": {"$ref": "#/space"}}"##
      ),
    ])
    #expect(run.status == 1)
    #expect(
      run.err.contains(
        "gap: the $ref '#/space' points at a group; it must point into a token's $value (§7.3)\n"),
      "\(run.err)")
    #expect(!run.err.contains("no $type"), "\(run.err)")
  }

  @Test("the built binary: add --strict exits 1 naming the fix; lenient exits 0 with the warning")
  func binary() throws {
    guard let binary = builtBinary else { return }
    let s = try Sandbox()
    let tokens = try s.write("sp.tokens.json", Self.rooted)
    let card = try s.write("Card.json", Self.card("{sp}"))
    let strict = try runBinary(
      binary, ["--db", s.db, "add", "--strict", tokens, card], in: s.url, deadline: 120)
    #expect(strict.status == 1)
    #expect(
      strict.err.contains(
        "Card.json:3:40: Card: body.modifiers[0].padding.length: \(Self.strict)"),
      "\(strict.err)")
    #expect(strict.err.contains("Nothing was saved"))
    let lenient = try runBinary(
      binary, ["--db", s.db, "add", tokens, card], in: s.url, deadline: 120)
    #expect(lenient.status == 0, "\(lenient.err)")
    #expect(
      lenient.err.contains(
        "Card.json:3:40: warning: Card: body.modifiers[0].padding.length: \(Self.lenient)"),
      "\(lenient.err)")
    let show = try runBinary(binary, ["--db", s.db, "show", "Card"], in: s.url, deadline: 60)
    #expect(show.out.contains(#""length": "{sp.$root}""#), "\(show.out)")
  }
}
