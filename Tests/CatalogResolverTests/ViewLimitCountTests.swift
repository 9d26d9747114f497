import CatalogModel
import CatalogTokens
import Testing

@testable import CatalogResolver

/// The view limit is counted before a loop's rows are expanded (review 17: `doctor` took
/// 78 s on a catalog holding a `ForEach` of 1,000 rows of 1,000 views, each case expanding
/// up to 500,000 views before the error).
@Suite struct ViewLimitCountTests {
  func resolver(_ definitions: [ComponentDefinition]) -> Resolver {
    Resolver(
      source: InMemoryComponentSource(exampleDefinitions + definitions),
      tokens: TokenResolver(tokens: exampleTokens))
  }

  @Test("a loop whose rows do not read their element fails after its first row")
  func uniformRowsFailAfterOneRow() throws {
    let nest = try define(
      #"{"name": "Nest", "body": {"type": "ForEach", "count": 1000, "children": [{"type": "ForEach", "count": 1000, "children": [{"type": "Text", "text": "x"}]}]}}"#
    )
    var r = resolver([nest])
    #expect {
      try r.resolve("Nest")
    } throws: { error in
      "\(error)".contains("resolves to more than 500000 views")
    }
    // One outer row (1,001 views) was expanded, not 500,000.
    #expect(r.infos.count <= 1001, "\(r.infos.count) views expanded before the error")
  }

  @Test("a row that reads $index may differ from the others: the loop is expanded in full")
  func rowsReadingTheirIndexAreNotExtrapolated() throws {
    // Row 0 holds 1,000 texts, the other 999 rows one text each: 1,999 views in all, though
    // the first row times the rows is over the limit.
    let uneven = try define(
      #"{"name": "Uneven", "body": {"type": "ForEach", "count": 1000, "children": [{"type": "ForEach", "count": 1000, "when": "$index == 0", "children": [{"type": "Text", "text": "x"}]}, {"type": "Text", "text": "row"}]}}"#
    )
    var r = resolver([uneven])
    r.nodeLimit = 100_000
    let resolved = try r.resolve("Uneven")
    #expect(resolved.tree.count >= 2000)
  }

  @Test("an element read through an instance's argument counts as reading the row")
  func rowsReadingThroughAnInstanceAreNotExtrapolated() throws {
    let many = try define(
      #"{"name": "Many", "parameters": {"n": {"type": "number", "default": 0}}, "body": {"type": "ForEach", "count": "$n", "children": [{"type": "Text", "text": "x"}]}}"#
    )
    let rows = try define(
      #"{"name": "Rows", "body": {"type": "ForEach", "in": "$list", "children": [{"type": "Many", "arguments": {"n": "$item"}}]}, "parameters": {"list": {"type": "list", "default": [1000, 0, 0, 0, 0, 0, 0, 0, 0, 0]}}}"#
    )
    var r = resolver([many, rows])
    r.nodeLimit = 5000
    #expect(try r.resolve("Rows").tree.count >= 1000)
  }
}
