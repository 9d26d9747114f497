import CatalogCLI
import Foundation
import Testing

/// `render` reads the tokens of the component it lays out and of the components it reaches
/// through instances, not of the whole catalog (issue 17, point 4).
@Suite struct RenderTokenClosureTests {
  /// Tokens, an outer component whose only token is used two instance levels down, and an
  /// unrelated component naming a token no other uses.
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let tokens = try s.write(
      "spacing.tokens.json",
      """
      { "space": { "$type": "dimension",
        "inner": { "$value": { "value": 7, "unit": "px" } },
        "middle": { "$value": "{space.inner}" },
        "unrelated": { "$value": { "value": 3, "unit": "px" } } } }
      """)
    let inner = try s.write(
      "Inner.json",
      """
      { "name": "Inner", "body": { "type": "Text", "text": "x",
        "modifiers": [ { "padding": { "length": "{space.middle}" } } ] } }
      """)
    let middle = try s.write(
      "Middle.json",
      """
      { "name": "Middle", "body": { "type": "HStack", "children": [ { "type": "Inner" } ] } }
      """)
    let outer = try s.write(
      "Outer.json",
      """
      { "name": "Outer", "body": { "type": "VStack", "children": [ { "type": "Middle" } ] } }
      """)
    let other = try s.write(
      "Other.json",
      """
      { "name": "Other", "body": { "type": "Text", "text": "y",
        "modifiers": [ { "padding": { "length": "{space.unrelated}" } } ] } }
      """)
    #expect(s.run(["add", tokens, inner, middle, outer, other]).status == 0)
    return s
  }

  @Test("a token used two instances down resolves through its alias chain")
  func nestedInstanceTokens() throws {
    let s = try Self.catalog()
    let run = s.run(["render", "Outer", "--text-metrics", "fixed", "--explain"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.isEmpty, "\(run.err)")
    #expect(run.out.contains("padding(7)  (0, 0) 22.667×36"), "\(run.out)")
    #expect(
      run.out.contains("padding.all = 7pt ← {space.middle} ← {space.inner} ← 7px"), "\(run.out)")
  }

  @Test("the component rendered may itself be reached by nothing, and -a tokens still resolve")
  func argumentTokensAndUnreachedComponents() throws {
    let s = try Self.catalog()
    let other = s.run(["render", "Other", "--text-metrics", "fixed"])
    #expect(other.status == 0, "\(other.err)")
    #expect(other.out.contains("padding(3)"), "\(other.out)")
  }
}
