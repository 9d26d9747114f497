import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

/// One drawing order for every picture (SwiftUI, reference §3.5): a node's background is
/// painted before the view, its overlay (and a border) after it, and redlines above all.
/// Checked on the SVG, which the PNG and the site's previews are made from.
@Suite struct PaintOrderTests {
  /// The `data-node` of every drawn element, in document order, and where the redline
  /// layer starts (elements after it are annotations).
  static func drawnNodes(_ svg: String) -> (order: [Int], redlinesStart: Int?) {
    var order: [Int] = []
    var redlinesStart: Int?
    for line in svg.split(separator: "\n") {
      if line.contains("data-layer=\"redlines\"") { redlinesStart = order.count }
      guard let r = line.range(of: " data-node=\""), redlinesStart == nil else { continue }
      let digits = line[r.upperBound...].prefix { $0.isNumber }
      if let k = Int(digits) { order.append(k) }
    }
    return (order, redlinesStart)
  }

  /// Every violation of the paint order in one laid-out component, as readable lines.
  static func violations(_ laidOut: LaidOutComponent, name: String) -> [String] {
    let svg = SVGRenderer.render(laidOut)
    let drawn = drawnNodes(svg)
    let nodes = laidOut.nodes()
    var index: [ObjectIdentifier: Int] = [:]
    for (k, e) in nodes.enumerated() { index[ObjectIdentifier(e.node)] = k }
    // The subtree of a node is a run of document indices: itself and every deeper node after it.
    func subtree(_ k: Int) -> Range<Int> {
      var end = k + 1
      while end < nodes.count, nodes[end].depth > nodes[k].depth { end += 1 }
      return k..<end
    }
    func positions(_ range: Range<Int>) -> [Int] {
      drawn.order.enumerated().filter { range.contains($0.element) }.map(\.offset)
    }
    var out: [String] = []
    if drawn.redlinesStart == nil, laidOut.root != nil { out.append("\(name): no redline layer") }
    for (k, e) in nodes.enumerated() {
      let behind: Bool
      switch e.node.kind {
      case .background: behind = true
      case .overlay: behind = false
      default: continue
      }
      let children = e.node.children.filter(\.isPlaced)
      guard children.count > 1, let p = index[ObjectIdentifier(children[0])],
        let s = index[ObjectIdentifier(children[1])]
      else { continue }
      let primary = positions(subtree(p))
      let secondary = positions(subtree(s))
      guard let pMin = primary.min(), let pMax = primary.max(), let sMin = secondary.min(),
        let sMax = secondary.max()
      else { continue }
      if behind, sMax > pMin {
        out.append(
          "\(name): node \(k) background (node \(s)) is painted after its view (node \(p))")
      }
      if !behind, sMin < pMax {
        out.append("\(name): node \(k) overlay (node \(s)) is painted before its view (node \(p))")
      }
    }
    return out
  }

  static func layOut(_ json: String, proposal: ProposedSize = .unspecified) throws
    -> LaidOutComponent
  {
    let definition = try DefinitionParser.parse(json, file: "test.json")
    var resolver = Resolver(
      source: InMemoryComponentSource([definition]), tokens: TokenResolver(tokens: [:]))
    return LaidOutComponent(
      try resolver.resolve(definition.name, arguments: JSONObject()), proposal: proposal)
  }

  @Test func everyExampleIsPaintedBackgroundViewOverlay() throws {
    let catalog = try ExampleCatalog.load()
    var problems: [String] = []
    var checked = 0
    for c in catalog.cases {
      let laidOut = try catalog.layOut(c)
      checked +=
        laidOut.nodes().filter {
          if case .background = $0.node.kind {
            return true
          } else if case .overlay = $0.node.kind {
            return true
          } else {
            return false
          }
        }.count
      problems += Self.violations(laidOut, name: c.name)
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    #expect(checked > 0, "the examples have no background or overlay to check")
  }

  static let chip =
    #"{"name":"Chip","body":{"type":"Text","text":"Hello","modifiers":[{"padding":8},{"background":"yellow"}]}}"#
  static let card = #"""
    {"name":"Card","body":{"type":"VStack","spacing":8,"children":[
      {"type":"Color","color":"blue","modifiers":[{"frame":{"height":60}}]},
      {"type":"Text","text":"Title"}],
     "modifiers":[{"padding":12},{"background":"white"},{"border":{"color":"gray","width":1}}]}}
    """#

  @Test(arguments: [chip, card]) func backgroundIsBehindAndBorderAbove(_ json: String) throws {
    let laidOut = try Self.layOut(json, proposal: ProposedSize(width: 200, height: nil))
    #expect(Self.violations(laidOut, name: "test").isEmpty)
    let drawn = Self.drawnNodes(SVGRenderer.render(laidOut))
    // The background's fill is the first element drawn; the view's text comes after it.
    let nodes = laidOut.nodes()
    let background = nodes.firstIndex {
      if case .color = $0.node.kind, laidOut.info($0.node)?.path.contains(".background") == true {
        return true
      } else {
        return false
      }
    }
    #expect(background != nil)
    if let background { #expect(drawn.order.first == background) }
  }

  @Test func chipBandsAndTextAreAboveTheBackground() throws {
    let svg = SVGRenderer.render(try Self.layOut(Self.chip))
    let lines = svg.split(separator: "\n")
    let yellow = lines.firstIndex { $0.contains("fill=\"#fff0a8\"") }
    let text = lines.firstIndex { $0.contains(">Hello</text>") }
    let band = lines.firstIndex { $0.contains("fill=\"#d0206a\" fill-opacity=\"0.14\"") }
    #expect(yellow != nil && text != nil && band != nil)
    if let yellow, let text, let band {
      #expect(yellow < text)
      #expect(yellow < band)
    }
  }
}
