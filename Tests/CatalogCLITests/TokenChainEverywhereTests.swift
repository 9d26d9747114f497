import Foundation
import Testing

/// Issue 14 audit, point 1: every command shows the whole chain from the token a component
/// names down to the token it reaches (`{space.twice} → {space.gap} → {space.base}`), in
/// `tokens usage`'s form (TokenGraph.describe(chain:)).
@Suite struct TokenChainEverywhereTests {
  static let tokens = """
    {"space": {"$type": "dimension",
      "base": {"$value": {"value": 10, "unit": "px"}},
      "gap": {"$value": "{space.base}"},
      "twice": {"$value": "{space.gap} * 2"}}}
    """
  static func component(_ name: String, _ token: String) -> String {
    """
    {"name": "\(name)", "body": {"type": "VStack", "children": [{"type": "Text", "text": "a"}],
      "modifiers": [{"padding": {"length": "{\(token)}"}}]}}
    """
  }

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("space.tokens.json", tokens),
      try s.write("Gap.json", component("Gap", "space.gap")),
      try s.write("Twice.json", component("Twice", "space.twice")),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("remove --force, doctor and lint show {space.twice} → {space.gap} → {space.base} for Twice")
  func chainAfterForcedRemoval() throws {
    let s = try Self.catalog()
    let chain = "unknown token {space.base} (through {space.twice} → {space.gap} → {space.base})"
    let remove = s.run(["tokens", "remove", "--force", "space.base"])
    #expect(remove.status == 0, "\(remove.err)")
    #expect(remove.err.contains("Twice"), "\(remove.err)")
    #expect(remove.err.contains(chain), "\(remove.err)")
    // Gap names {space.gap}, which names the missing token itself: said as before.
    #expect(remove.err.contains("unknown token {space.base} (referenced by {space.gap})"))
    let doctor = s.run(["doctor"])
    #expect(doctor.out.contains(chain), "\(doctor.out)")
    let lint = s.run(["lint"])
    #expect(lint.out.contains("Twice: body.modifiers[0].padding.length: \(chain)"), "\(lint.out)")
  }

  @Test("tokens set --dry-run shows the chains, as tokens usage does")
  func dryRunShowsChain() throws {
    let s = try Self.catalog()
    let dry = s.run(["tokens", "set", "space.base", "12", "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(
      dry.out.contains(
        "{space.twice} → {space.gap} → {space.base}  Twice  body.modifiers[0].padding.length"),
      "\(dry.out)")
    #expect(
      dry.out.contains("{space.gap} → {space.base}  Gap  body.modifiers[0].padding.length"),
      "\(dry.out)")
    let usage = s.run(["tokens", "usage", "space.base"])
    #expect(usage.out.contains("{space.twice} → {space.gap} → {space.base}  Twice"), "\(usage.out)")
  }

  @Test("tokens remove (refused) and render show the chain; the built binary too")
  func refusalAndRenderShowChain() throws {
    let s = try Self.catalog()
    let chain = "unknown token {space.base} (through {space.twice} → {space.gap} → {space.base})"
    let refused = s.run(["tokens", "remove", "space.base"])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains("  Twice: body.modifiers[0].padding.length: \(chain)\n"),
      "\(refused.err)")
    #expect(refused.err.contains("  {space.twice}: \(chain)\n"), "\(refused.err)")
    guard let binary = builtBinary else { return }
    let forced = try runBinary(
      binary, ["--db", s.db, "tokens", "remove", "--force", "space.base"], in: s.url,
      deadline: 120)
    #expect(forced.status == 0, "\(forced.err)")
    #expect(
      forced.err.contains("warning: Twice: body.modifiers[0].padding.length: \(chain)"),
      "\(forced.err)")
    let render = try runBinary(binary, ["--db", s.db, "render", "Twice"], in: s.url, deadline: 60)
    #expect(render.status == 1)
    #expect(
      render.err == "Error: Twice: body.modifiers[0].padding.length: \(chain)\n", "\(render.err)")
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url, deadline: 120)
    #expect(doctor.status == 1)
    #expect(
      doctor.out.contains("token space.twice: its value cannot be computed: \(chain)"),
      "\(doctor.out)")
  }
}
