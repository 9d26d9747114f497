import CatalogModel
import CatalogTokens
import Testing

@testable import CatalogService

/// A folder's resolver document (what `serve` renders from) reads a source naming a token
/// set from the folder's set, as the catalog reads its own (``TokenSetFileReference``).
@Suite struct FolderResolverSetTests {
  static let document = #"""
    {"name": "studio", "version": "2025.10",
     "sets": {"compact": {"sources": [{"$ref": "../tokens/compact.tokens.json"}]}},
     "modifiers": {"density": {"contexts": {
       "Compact": [{"$ref": "#/sets/compact"}], "Regular": []}, "default": "Regular"}},
     "resolutionOrder": [{"$ref": "#/modifiers/density"}]}
    """#

  static func resolve(_ sets: [String: [DesignToken]]) throws -> TokenResolver {
    let base = TokenResolver(tokens: [
      "space.sm": DesignToken(
        path: "space.sm", type: "dimension",
        value: .object(JSONObject([("value", .number(8)), ("unit", .string("px"))])))
    ])
    return try CatalogService.tokens(
      resolverDocuments: [("studio", try JSONParser.parse(document).root)],
      inputs: ["density": "Compact"], over: base,
      tokenSets: { name in sets[name].map(CatalogService.tokenTree) })
  }

  @Test func aFolderSetIsReadWhereTheDocumentNamesIt() throws {
    let compact = DesignToken(
      path: "space.sm", type: "dimension",
      value: .object(JSONObject([("value", .number(4)), ("unit", .string("px"))])))
    let resolver = try Self.resolve(["compact": [compact]])
    #expect(resolver.tokens["space.sm"]?.value == compact.value)
    #expect(resolver.tokens["space.sm"]?.origin == "density=Compact")
  }

  @Test func aMissingFolderSetIsAnErrorNamingIt() throws {
    #expect {
      _ = try Self.resolve([:])
    } throws: { error in
      "\(error)".contains("token set 'compact'")
    }
  }
}
