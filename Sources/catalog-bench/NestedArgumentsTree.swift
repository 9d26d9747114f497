// The `nested-args` trees of catalog-bench (issue 17, point 2): the shape of `nested`, but
// every row is an instance given its own arguments, so no two rows resolve alike.

import CatalogLayout

/// Yoga's "huge nested" shape, as ``nestedTree(leaves:)``, with arguments on every row:
/// each level's stack takes its spacing from a `gap` parameter, and each of its ten rows is
/// an instance of the level below given `gap: $index` (a leaf `Cell` is given
/// `title: $index`, its text). Every instance has its own bound arguments, so the resolver
/// cannot copy a row made before (a plain instance's rows are copied whole); each node is
/// resolved, and each stack's spacing is a `$parameter` length with its own provenance.
/// The node count is the same as `nested-N`'s (10ⁿ `Text` leaves, the stacks and their
/// padding nodes).
///
/// - Parameter leaves: The number of leaves, a power of ten (10 to 1,000,000).
/// - Returns: The tree, named `nested-args-1k` (`-10k`, …), rooted at its top level.
func nestedArgumentsTree(leaves: Int) -> Tree {
  let levels = stackLevels(leaves: leaves)
  var defs = [
    #"{ "name": "Cell", "parameters": { "title": { "type": "number", "default": 0 } }, "body": { "type": "Text", "text": "$title" } }"#
  ]
  for level in 1...max(levels, 1) {
    let stack = level % 2 == 1 ? "HStack" : "VStack"
    let child = level == 1 ? "Cell" : "Level\(level - 1)"
    let argument = level == 1 ? "title" : "gap"
    defs.append(
      """
      { "name": "Level\(level)", "parameters": { "gap": { "type": "number", "default": 0 } },
        "body": { "type": "\(stack)", "spacing": "$gap",
        "children": [ { "type": "ForEach", "count": 10, "children": [
          { "type": "\(child)", "arguments": { "\(argument)": "$index" } } ] } ],
        "modifiers": [ { "padding": { "edges": ["all"], "length": "{space.xs}" } } ] } }
      """)
  }
  let size =
    leaves >= 1_000_000
    ? "\(leaves / 1_000_000)m" : leaves >= 1000 ? "\(leaves / 1000)k" : "\(leaves)"
  return Tree(
    name: "nested-args-\(size)", definitions: defs, root: "Level\(max(levels, 1))",
    proposal: ProposedSize(width: 1024, height: 768))
}
