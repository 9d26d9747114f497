import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import Testing

/// One golden case: a component, its arguments (a stored variant or none), a proposal.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  var file: String
  var component: String
  var variant: String?
  var width: Double?
  var height: Double?

  init(
    _ component: String, variant: String? = nil, width: Double? = nil, height: Double? = nil,
    file: String? = nil
  ) {
    self.component = component
    self.variant = variant
    self.width = width
    self.height = height
    self.file = file ?? ([component] + (variant.map { [$0] } ?? [])).joined(separator: "-")
  }

  var testDescription: String { file }
}

@Suite struct GoldenTests {
  static let cases: [GoldenCase] = {
    var cases: [GoldenCase] = []
    // Every example component with its default arguments, then every stored variant.
    for definition in exampleDefinitions {
      cases.append(GoldenCase(definition.name))
      for variant in definition.variants {
        cases.append(GoldenCase(definition.name, variant: variant.name))
      }
    }
    cases.append(GoldenCase("TrackListRow", width: 320, file: "TrackListRow-width-320"))
    cases.append(
      GoldenCase(
        "TrackRow", variant: "full", width: 320, height: 100, file: "TrackRow-full-320x100"))
    return cases
  }()

  @Test func casesCoverTheSeedProblem() {
    let names = Set(Self.cases.map(\.file))
    for required in [
      "OptionalStack-all-absent", "OptionalStack-one", "OptionalStack-all",
      "CollapsingOptionalStack-all-absent",
      "CollapsingOptionalStack-one", "CollapsingOptionalStack-all", "TrackListRow-width-320",
      "TrackRow", "AlbumCard",
      "VSStack", "HSStack",
    ] {
      #expect(names.contains(required), "missing golden case \(required)")
    }
  }

  @Test(arguments: cases)
  func golden(_ c: GoldenCase) throws {
    let definition = example(c.component)
    var arguments = JSONObject()
    if let variant = c.variant {
      arguments = try #require(definition.variants.first { $0.name == variant }).arguments
    }
    let laidOut = try layOut(
      c.component, arguments: arguments, proposal: ProposedSize(width: c.width, height: c.height))
    assertGolden(TreeRenderer.render(laidOut, explain: true), named: "\(c.file).txt")
  }
}
