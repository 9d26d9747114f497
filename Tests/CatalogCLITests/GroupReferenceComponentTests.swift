import Foundation
import Testing

/// Issue 14 audit, point 2: the `{group}` rule of token files (GroupReference) holds for a
/// component's lengths and `render -a` values too: lenient rewrites to `{group.$root}` with
/// a warning, `--strict` refuses naming the component, JSON path and fix, `lint` reports a
/// stored one; and `{group}` naming a group without `$root` is said to name a group.
@Suite struct GroupReferenceComponentTests {
  static let tokens = """
    {"sp": {"$type": "dimension", "$root": {"$value": {"value": 6, "unit": "px"}},
      "lg": {"$value": {"value": 20, "unit": "px"}}}}
    """
  static let card = """
    {"name": "Card", "parameters": {"g": {"type": "length", "default": 0}},
      "body": {"type": "VStack", "spacing": "$g", "children": [{"type": "Text", "text": "a"}],
      "modifiers": [{"padding": {"length": "{sp}"}}]}}
    """

  @Test("add --strict refuses a component length {group} naming component, path and fix")
  func strictRefusesComponent() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("sp.tokens.json", Self.tokens)]).status == 0)
    let card = try s.write("Card.json", Self.card)
    let strict = s.run(["add", "--strict", card])
    #expect(strict.status == 1)
    #expect(
      strict.err.contains(
        "Card: body.modifiers[0].padding.length: the reference {sp} names a group; its root token is {sp.$root}"
      ), "\(strict.err)")
    // The same in one `add` with the token file: the file's groups count.
    let s2 = try Sandbox()
    let both = s2.run([
      "add", "--strict", try s2.write("sp.tokens.json", Self.tokens),
      try s2.write("Card.json", Self.card),
    ])
    #expect(both.status == 1)
    #expect(both.err.contains("its root token is {sp.$root}"), "\(both.err)")
  }

  @Test("add (lenient) warns and stores {sp.$root}; lint reports a stored {group}")
  func lenientRewritesComponent() throws {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("sp.tokens.json", Self.tokens), try s.write("Card.json", Self.card),
    ])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains(
        "Card: body.modifiers[0].padding.length: the reference {sp} names a group; rewritten to its root token {sp.$root}"
      ), "\(add.err)")
    let show = s.run(["show", "Card"])
    #expect(show.out.contains("\"{sp.$root}\""), "\(show.out)")
    #expect(!show.out.contains("\"{sp}\""))
    #expect(s.run(["lint", "Card"]).out.contains("No problems found"))
    let tree = s.run(["render", "Card", "--format", "json"])
    #expect(tree.status == 0, "\(tree.err)")
  }

  @Test("lint reports a stored {group} (saved before the rule) with its fix")
  func lintReportsStored() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("sp.tokens.json", Self.tokens)]).status == 0)
    // A definition stored before the rule: written straight into the catalog.
    #expect(
      s.run([
        "add",
        try s.write("Card.json", Self.card.replacingOccurrences(of: "{sp}", with: "{sp.lg}")),
      ]).status == 0)
    try sqlite3(
      s.db,
      "UPDATE component SET definition = replace(definition, '{sp.lg}', '{sp}') WHERE name = 'Card'"
    )
    let lint = s.run(["lint", "Card"])
    #expect(
      lint.out.contains(
        "warning[unresolved-token]: Card: body.modifiers[0].padding.length: the reference {sp} names a group; its root token is {sp.$root}"
      ), "\(lint.out)")
    let dry = s.run(["lint", "Card", "--fix", "--dry-run"])
    #expect(dry.out.contains("\"{sp}\" → {sp.$root}"), "\(dry.out)")
  }

  @Test("render -a g={sp} warns and renders with {sp.$root}")
  func renderArgument() throws {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("sp.tokens.json", Self.tokens),
      try s.write("Card.json", Self.card.replacingOccurrences(of: "{sp}", with: "{sp.lg}")),
    ])
    #expect(add.status == 0, "\(add.err)")
    let render = s.run(["render", "Card", "-a", "g={sp}"])
    #expect(render.status == 0, "\(render.err)")
    #expect(
      render.err.contains(
        "argument 'g' of Card: the reference {sp} names a group; rewritten to its root token {sp.$root}"
      ), "\(render.err)")
  }

  @Test("a token file's {group} for a group without $root is said to name a group")
  func groupWithoutRoot() throws {
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}, "gap": {"$type": "dimension", "$value": "{space}"}}"#
    )
    let add = s.run(["add", file])
    #expect(add.status == 1)
    #expect(add.err.contains("names a group"), "\(add.err)")
    #expect(!add.err.contains("pass --allow-dangling"), "\(add.err)")
    #expect(add.err.contains("{space.md}"), "\(add.err)")
    // The group in the catalog, the alias in a later file: the same words.
    let s2 = try Sandbox()
    #expect(
      s2.run([
        "add",
        try s2.write(
          "a.tokens.json",
          #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#),
      ]).status == 0)
    let later = s2.run([
      "add",
      try s2.write("b.tokens.json", #"{"gap": {"$type": "dimension", "$value": "{space}"}}"#),
    ])
    #expect(later.status == 1)
    #expect(later.err.contains("names a group"), "\(later.err)")
    #expect(!later.err.contains("pass --allow-dangling"), "\(later.err)")
  }
}
