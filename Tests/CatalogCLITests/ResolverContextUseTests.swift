import Foundation
import Testing

/// Review 22: a Tokens Studio theme whose set gives `{colors.brand}` a dimension, where the
/// catalog's winning token is a colour, passed `add` and `doctor`, then `render --input
/// theme=Dark` failed. `doctor` checks every component's token uses in each context of
/// every resolver document, by the one type rule.
@Suite struct ResolverContextUseTests {
  /// A Tokens Studio file whose `dark` set makes `{colors.brand}` a dimension, and whose
  /// theme Dark selects it; the catalog's winning `{colors.brand}` (set `light`) is a colour.
  static let studio = #"""
    {"dark": {"colors": {"brand": {"value": "6", "type": "spacing"}}},
     "light": {"colors": {"brand": {"value": "#ff0000", "type": "color"}}},
     "$themes": [{"name": "Light", "group": "theme", "selectedTokenSets": {"light": "enabled"}},
                 {"name": "Dark", "group": "theme", "selectedTokenSets": {"dark": "enabled"}}],
     "$metadata": {"tokenSetOrder": ["dark", "light"]}}
    """#

  @Test func doctorNamesTheUseAndTheContext() throws {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("studio.json", ResolverContextUseTests.studio),
      try s.write(
        "Box.json", #"{"name": "Box", "body": {"type": "Rectangle", "fill": "{colors.brand}"}}"#),
    ])
    #expect(add.status == 0, "\(add.err)")
    #expect(s.run(["render", "Box"]).status == 0)
    #expect(s.run(["render", "Box", "--input", "theme=Dark"]).status == 1)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1, "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "resolver-context: Box: body.fill: with --input theme=Dark (resolver document 'studio'): {colors.brand} is a dimension token; a colour needs a color token"
      ), "\(doctor.out)")
    #expect(!doctor.out.contains("theme=Light"), "\(doctor.out)")
  }
}

/// Review 23: the per-context check read a component's own uses only, so a colour token
/// passed as an instance's argument (`Outer` giving `Box` `"tint": "{colors.brand}"`) was
/// not checked in the context that makes it a dimension.
@Suite struct ResolverContextArgumentTests {
  @Test func anInstanceArgumentIsCheckedInEachContext() throws {
    let s = try Sandbox()
    let box = #"""
      {"name": "Box", "parameters": {"tint": {"type": "string", "default": "red"}},
       "body": {"type": "Rectangle", "fill": "$tint"}}
      """#
    let outer = #"""
      {"name": "Outer", "body": {"type": "VStack", "children": [
        {"type": "Box", "arguments": {"tint": "{colors.brand}"}}]}}
      """#
    let add = s.run([
      "add", try s.write("studio.json", ResolverContextUseTests.studio),
      try s.write("Box.json", box),
      try s.write("Outer.json", outer),
    ])
    #expect(add.status == 0, "\(add.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1, "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "resolver-context: Outer: body.children[0].arguments.tint: with --input theme=Dark"),
      "\(doctor.out)")
  }
}

/// Review 23: adding an unchanged resolver file again wrote a new document revision each
/// time (tokens written as stored get none), cluttering `tokens resolvers --history`.
@Suite struct UnchangedResolverRevisionTests {
  @Test func reAddingAnUnchangedDocumentKeepsItsRevision() throws {
    let s = try Sandbox()
    let tokens = cliPackageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json").path
    let resolver = cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json")
      .path
    #expect(s.run(["add", tokens]).status == 0)
    #expect(s.run(["add", resolver]).out.contains("(revision 1)"))
    let again = s.run(["add", resolver])
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.contains("(revision 1)"), "\(again.out)")
    let history = s.run(["tokens", "resolvers", "--history", "density"]).out
    #expect(history.split(separator: "\n").count == 2, "one revision: \(history)")
  }
}
