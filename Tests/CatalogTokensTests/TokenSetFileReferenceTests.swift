import CatalogModel
import Testing

@testable import CatalogTokens

/// The one spelling of a resolver source that names a catalog token set
/// (``TokenSetFileReference``): the set's file in a catalog folder, relative to
/// `resolvers/`, percent-encoded where a URI reference needs it.
@Suite struct TokenSetFileReferenceTests {
  @Test(
    "a set's reference reads back as the set",
    arguments: [
      ("compact", "../tokens/compact.tokens.json"),
      ("themes/dark", "../tokens/themes/dark.tokens.json"),
      ("a b#c%d", "../tokens/a%20b%23c%25d.tokens.json"),
      ("café", "../tokens/café.tokens.json"),
    ])
  func roundTrip(set: String, reference: String) {
    #expect(TokenSetFileReference.reference(toSet: set) == reference)
    #expect(TokenSetFileReference.set(named: reference) == set)
  }

  @Test(
    "any other reference names no set",
    arguments: [
      "#/sets/compact", "compact.tokens.json", "../tokens/.tokens.json", "../tokens/x.json",
      "../tokens/../x.tokens.json", "/abs/tokens/x.tokens.json",
    ])
  func otherReferences(reference: String) {
    #expect(TokenSetFileReference.set(named: reference) == nil)
  }

  @Test func usesNameTheContextsThatReadASet() throws {
    let json = try JSONParser.parse(
      #"""
      {"sets": {"compact": {"sources": [{"$ref": "../tokens/compact.tokens.json"}]}},
       "modifiers": {"density": {"contexts": {
         "Compact": [{"$ref": "#/sets/compact"}],
         "Roomy": [{"$ref": "../tokens/roomy.tokens.json"}, {"a": {"$value": 1}}]}}},
       "resolutionOrder": [{"$ref": "#/modifiers/density"}]}
      """#
    ).root
    let uses = TokenSetFileReference.uses(in: json)
    #expect(
      uses == [
        .init(
          jsonPath: "sets.compact.sources[0]", set: "compact", contexts: ["density=Compact"]),
        .init(
          jsonPath: "modifiers.density.contexts.Roomy[0]", set: "roomy",
          contexts: ["density=Roomy"]),
      ])
    let renamed = TokenSetFileReference.renaming(json, set: "compact", to: "dense")
    #expect(TokenSetFileReference.uses(in: renamed).map(\.set) == ["dense", "roomy"])
  }

  @Test func aStudioThemeNamesItsSetsAndChecksWithTheFilesTrees() throws {
    let root = try JSONParser.parse(
      #"""
      {"global": {"s": {"$value": 1, "$type": "number"}},
       "dark": {"s": {"$value": 2, "$type": "number"}},
       "$themes": [{"name": "Dark", "group": "mode", "selectedTokenSets": {"global": "source", "dark": "enabled"}},
                   {"name": "Light", "group": "mode", "selectedTokenSets": {"global": "enabled"}}],
       "$metadata": {"tokenSetOrder": ["global", "dark"]}}
      """#
    ).root
    let split = TokensStudioDocument.split(root, name: "studio")
    let resolver = try #require(split.resolver)
    let trees = split.treesByReference
    let document = try ResolverDocument.parse(
      source: TokenSource(value: resolver, file: "studio"),
      tokenSetOfReference: TokenSetFileReference.set(named:)
    ) { (ref: String) throws(TokenFileError) -> JSONValue in
      guard let tree = trees[ref] else { throw TokenFileError(diagnostics: []) }
      return tree
    }
    // The stored JSON keeps the references; resolving reads the trees.
    #expect(TokenSetFileReference.uses(in: document.json).map(\.set) == ["global", "dark"])
    let dark = try document.resolve(inputs: ["mode": .string("Dark")])
    #expect(dark.tokens.first { $0.path == "s" }?.value == .number(2))
  }
}
