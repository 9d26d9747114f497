// scripts/layout-driver.swift: the tree of `catalog-bench --trees mixed` (843 nodes) built as
// `LayoutNode`s and laid out once (or N times, the argument), without the resolver. Compiled
// into module CatalogLayout with a checkout's layout sources by
// `scripts/callgrind-layout-passes.sh --layout-sources DIR`, so two commits are compared on
// the same tree.
func text(_ s: String) -> LayoutNode { LayoutNode(.text(s, TextStyle())) }
func row() -> LayoutNode {
  let framed = LayoutNode(
    .frame(
      FrameSpec(
        width: 120, height: 20, alignment: Alignment(horizontal: .leading, vertical: .center))),
    children: [text("Row")])
  let background = LayoutNode(
    .background(alignment: .center), children: [framed, LayoutNode(.color("yellow"))])
  let overlay = LayoutNode(
    .overlay(alignment: Alignment(horizontal: .trailing, vertical: .top)),
    children: [
      background,
      LayoutNode(.frame(FrameSpec(width: 4, height: 4)), children: [LayoutNode(.color("red"))]),
    ])
  let offset = LayoutNode(.offset(x: 2, y: 1), children: [overlay])
  let grid = LayoutNode(
    .grid(GridSpec(alignment: .center, horizontalSpacing: 4, verticalSpacing: nil)),
    children: [
      LayoutNode(.gridRow(alignment: nil), children: [text("a"), text("bb")]),
      LayoutNode(.gridRow(alignment: nil), children: [text("ccc"), text("d")]),
    ])
  return LayoutNode(
    .zStack(alignment: Alignment(horizontal: .leading, vertical: .center)),
    children: [offset, grid])
}
let rows = LayoutNode(
  .stack(axis: .vertical, alignment: .leading, spacing: nil), children: (0..<50).map { _ in row() })
var members: [LayoutNode] = []
for _ in 0..<20 { members += [text("t"), LayoutNode(.color("blue"))] }
let wide = LayoutNode(
  .stack(axis: .horizontal, alignment: .center, spacing: nil), children: members)
let root = LayoutNode(
  .stack(axis: .vertical, alignment: .center, spacing: nil), children: [rows, wide])
let tree = LayoutTree(root)
// Lays out N times (argument, default 1): DHAT's block counts at 1 and 2 give one layout's.
let times = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1 : 1
for _ in 0..<times {
  let frames = LayoutEngine().layout(tree, in: ProposedSize(width: 1024, height: 768))
  print("nodes \(tree.count) size \(frames.size)")
}
