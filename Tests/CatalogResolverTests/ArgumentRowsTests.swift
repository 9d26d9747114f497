import CatalogJSON
import CatalogLayout
import CatalogModel
import CatalogResolver
import Testing

/// Rows that take arguments (catalog-bench's `nested-args` shape): each row is an instance
/// given its own `$index`, resolved afresh. The resolver stores a scope's arguments by
/// parameter position and records a `$parameter` length's provenance as its parts, formatted
/// when read (issue 17, point 2); these tests pin the values and the texts.
@Suite struct ArgumentRowsTests {
  static let inner = try! define(
    #"""
    {"name": "ArgInner", "parameters": {"gap": {"type": "number", "default": 0},
       "label": {"type": "string", "default": "x"}},
     "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Text", "text": "$label"}],
       "modifiers": [{"padding": {"edges": ["all"], "length": "$gap"}}]}}
    """#)
  static let middle = try! define(
    #"""
    {"name": "ArgMiddle", "parameters": {"gap": {"type": "number", "default": 0}},
     "body": {"type": "ArgInner", "arguments": {"gap": "$gap", "label": "$$gap"}}}
    """#)
  static let outer = try! define(
    #"""
    {"name": "ArgOuter", "body": {"type": "HStack", "children": [
      {"type": "ForEach", "count": 3, "children": [
        {"type": "ArgInner", "arguments": {"gap": "$index"}},
        {"type": "ArgMiddle", "arguments": {"gap": "$index"}}]}]}}
    """#)

  @Test("rows given $index get their own values and provenance")
  func rowsWithArguments() throws {
    let resolved = try resolve("ArgOuter", extra: [Self.inner, Self.middle, Self.outer])
    let tree = resolved.tree
    // Per row: two instances of Text + VStack + padding.
    #expect(tree.count == 3 * 2 * 3 + 1)
    let paddings = (0..<tree.count).filter { resolved.infos[tree.tags[$0]].kind == "padding" }
    let stacks = (0..<tree.count).filter { resolved.infos[tree.tags[$0]].kind == "VStack" }
    let texts = (0..<tree.count).filter { resolved.infos[tree.tags[$0]].kind == "Text" }
    #expect(paddings.count == 6 && stacks.count == 6 && texts.count == 6)
    for (row, i) in stacks.enumerated() {
      let index = row / 2
      #expect(
        tree.kind(of: i)
          == .stack(axis: .vertical, alignment: .center, spacing: Double(index)))
      let length = try #require(resolved.infos[tree.tags[i]].lengths.first)
      // Passed on by ArgMiddle or not, the steps that restate `$gap` are left out.
      #expect(
        length.description == "spacing = \(index)pt ← $gap ← $index of ArgOuter ← literal \(index)")
      #expect(length.source == "ArgInner body.spacing")
    }
    for (row, i) in paddings.enumerated() {
      let index = row / 2
      let length = try #require(resolved.infos[tree.tags[i]].lengths.first)
      #expect(length.property == "padding.all")
      #expect(length.points == Double(index))
      #expect(length.source == "ArgInner body.modifiers[0].padding.length")
    }
    // `$$gap` is the text `$gap`, not a reference; the default label is `x`.
    let labels = texts.map { i -> String in
      if case .text(let s, _) = tree.kind(of: i) { return s }
      return "?"
    }
    #expect(labels == ["x", "$gap", "x", "$gap", "x", "$gap"])
  }

  @Test(
    "argument errors name the instance's arguments path",
    arguments: [
      (
        #"{"gapp": 1}"#, "body.arguments.gapp",
        "ArgInner has no parameter 'gapp'; its parameters: gap, label; did you mean 'gap'?"
      ),
      (
        #"{"label": 3}"#, "body.arguments.label",
        "argument 'label' of ArgInner must be a string; got number"
      ),
    ])
  func argumentErrors(arguments: String, path: String, message: String) throws {
    let bad = try define(
      #"{"name": "ArgBad", "body": {"type": "ArgInner", "arguments": "# + arguments + "}}")
    let error = try #require(throws: ResolutionError.self) {
      try resolve("ArgBad", extra: [Self.inner, bad])
    }
    #expect(error.component == "ArgBad")
    #expect(error.path == path)
    #expect(error.message == message)
  }

  /// Arguments of the parameter's JSON case skip the full check only when nothing more is
  /// declared: an enumerated string and a list of records are still checked in full.
  @Test("enumerated strings and record lists are checked in full, plain ones by their case")
  func argumentChecks() throws {
    let checked = try define(
      #"""
      {"name": "ArgChecked", "parameters": {
         "tone": {"type": "string", "values": ["loud", "soft"], "default": "soft"},
         "rows": {"type": "list", "items": {"title": "string"}, "default": []},
         "flag": {"type": "boolean", "default": false}},
       "body": {"type": "Text", "text": "$tone"}}
      """#)
    let fine = try define(
      #"""
      {"name": "ArgFine", "body": {"type": "ArgChecked",
        "arguments": {"tone": "loud", "rows": [{"title": "a"}], "flag": true}}}
      """#)
    let resolved = try resolve("ArgFine", extra: [checked, fine])
    #expect(resolved.tree.count == 1)
    let cases: [(String, String, String)] = [
      (
        #"{"tone": "quiet"}"#, "body.arguments.tone",
        "argument 'tone' of ArgChecked must be one of 'loud', 'soft'; got 'quiet'"
      ),
      (
        #"{"rows": [{"name": "a"}]}"#, "body.arguments.rows",
        "argument 'rows' of ArgChecked must be records with the members title; element 0 has an unknown member 'name'"
      ),
      (
        #"{"flag": "yes"}"#, "body.arguments.flag",
        "argument 'flag' of ArgChecked must be a boolean; got string"
      ),
    ]
    for (arguments, path, message) in cases {
      let bad = try define(
        #"{"name": "ArgBadCase", "body": {"type": "ArgChecked", "arguments": "# + arguments + "}}")
      let error = try #require(throws: ResolutionError.self) {
        try resolve("ArgBadCase", extra: [checked, bad])
      }
      #expect(error.path == path)
      #expect(error.message == message)
    }
  }
}
