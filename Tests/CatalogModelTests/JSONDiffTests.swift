import CatalogModel
import Testing

/// The structural JSON diff behind `catalog diff` and `catalog history`.
@Suite struct JSONDiffTests {
  func value(_ text: String) throws -> JSONValue { try JSONParser.parse(text).root }

  @Test func equalValuesHaveNoChanges() throws {
    let v = try value(#"{"a": [1, {"b": null}], "c": "x"}"#)
    #expect(JSONDiff.changes(from: v, to: v).isEmpty)
    // Member order is not a change.
    #expect(
      JSONDiff.changes(from: try value(#"{"a": 1, "b": 2}"#), to: try value(#"{"b": 2, "a": 1}"#))
        .isEmpty)
  }

  @Test func membersAreAddedRemovedAndChangedByPath() throws {
    let old = try value(
      #"{"name": "A", "body": {"type": "VStack", "arguments": {"alignment": "leading"}}, "description": "d"}"#
    )
    let new = try value(
      #"{"name": "A", "body": {"type": "VStack", "arguments": {"alignment": "center", "spacing": 4}}}"#
    )
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(
      changes.map(\.description) == [
        #"~ body.arguments.alignment: "leading" → "center""#,
        "+ body.arguments.spacing: 4",
        #"- description: "d""#,
      ])
  }

  @Test func anInsertedChildIsOneAddition() throws {
    let old = try value(
      #"{"children": [{"type": "Text"}, {"type": "Spacer"}, {"type": "Divider"}]}"#)
    let new = try value(
      #"{"children": [{"type": "Text"}, {"type": "Color"}, {"type": "Spacer"}, {"type": "Divider"}]}"#
    )
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(
      changes == [
        JSONDiff.Change(
          kind: .added, path: "children[1]", old: nil, new: try value(#"{"type": "Color"}"#))
      ])
  }

  @Test func aChangedElementIsComparedInside() throws {
    let old = try value(#"[{"padding": {"length": 8}}, 1]"#)
    let new = try value(#"[{"padding": {"length": "{space.sm}"}}, 1]"#)
    #expect(
      JSONDiff.changes(from: old, to: new).map(\.description) == [
        #"~ [0].padding.length: 8 → "{space.sm}""#
      ])
  }

  @Test func keysThatNeedQuotingArePathsStill() throws {
    let changes = JSONDiff.changes(from: try value(#"{"a b": 1}"#), to: try value(#"{"a b": 2}"#))
    #expect(changes.count == 1)
    #expect(changes[0].path == JSONPath.appending(key: "a b", to: ""))
  }

  @Test func typeChangesAndTheRoot() throws {
    #expect(
      JSONDiff.changes(from: .number(1), to: .string("1")).map(\.description) == [
        #"~ (root): 1 → "1""#
      ])
  }

  @Test func hugeArraysAreComparedWithoutAlignment() throws {
    // 3,000 × 3,000 elements is over the alignment budget: compared index by index.
    let a = JSONValue.array((0..<3_000).map { .number(Double($0)) })
    let b = JSONValue.array((0..<3_000).map { .number(Double($0 == 5 ? -1 : $0)) })
    #expect(JSONDiff.changes(from: a, to: b).map(\.path) == ["[5]"])
  }

  @Test func deepValuesDoNotOverflowTheStack() throws {
    var a = JSONValue.number(1)
    var b = JSONValue.number(2)
    for _ in 0..<2_000 {
      a = .array([a])
      b = .array([b])
    }
    let changes = JSONDiff.changes(from: a, to: b)
    #expect(changes.count == 1)
    #expect(changes[0].path.hasPrefix("[0][0]"))
  }
}
