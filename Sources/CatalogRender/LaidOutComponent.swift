import CatalogLayout
import CatalogModel
import CatalogResolver

/// A resolved component after layout: the root node with frames, and the size.
public struct LaidOutComponent {
  /// The resolved component (names, infos, warnings).
  public var component: ResolvedComponent
  /// The root node with frames in root coordinates, or nil when the body resolved to no
  /// view at all.
  public var root: LayoutNode?
  /// The proposal the root was given, in points (nil axes: unspecified, the ideal size).
  public var proposal: ProposedSize
  /// The root's size in points, rounded to the pixel grid; zero when there is no view.
  public var size: Size
  /// Whether `Text` was measured with a real font's advances (Inter through FreeType) rather
  /// than the fixed-advance model: the SVG then sets text at its natural width.
  public var usesFontMetrics: Bool

  /// Lays out a resolved component with SwiftUI's rules.
  ///
  /// - Parameters:
  ///   - component: The resolver's output.
  ///   - proposal: The size proposed to the root (`--width`/`--height`; nil is unspecified).
  ///   - layoutDirection: Left-to-right by default.
  ///   - textMeasurer: How `Text` is measured; nil (the default) uses the deterministic
  ///     `FixedAdvanceTextMeasurer` that golden tests rely on. The CLI passes
  ///     `FreeTypeTextMeasurer` for `render --text-metrics font`.
  ///   - workspace: Layout memory kept from one component to the next (`catalog site`);
  ///     nil lays out in fresh memory. The frames are the same either way.
  public init(
    _ component: ResolvedComponent, proposal: ProposedSize,
    layoutDirection: LayoutDirection = .leftToRight,
    textMeasurer: (any TextMeasurer)? = nil, workspace: LayoutWorkspace? = nil
  ) {
    var component = component
    let root = component.root()
    self.component = component
    self.root = root
    self.proposal = proposal
    self.usesFontMetrics = textMeasurer.map { !($0 is FixedAdvanceTextMeasurer) } ?? false
    let environment = LayoutEnvironment(
      defaultSpacing: component.platform.defaultSpacing,
      displayScale: component.platform.displayScale,
      layoutDirection: layoutDirection, textMeasurer: textMeasurer ?? FixedAdvanceTextMeasurer())
    if let root, let workspace {
      size = LayoutEngine(environment: environment).layout(root, in: proposal, reusing: workspace)
    } else if let root {
      size = LayoutEngine(environment: environment).layout(root, in: proposal)
    } else {
      size = .zero
    }
  }

  /// Every node with its depth, in document order (iterative, for deep trees).
  public func nodes() -> [(node: LayoutNode, depth: Int)] {
    guard let root else { return [] }
    var out: [(LayoutNode, Int)] = []
    var stack: [(LayoutNode, Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
      // A node layout did not place (a ViewThatFits child not chosen) is not drawn, nor
      // anything inside it.
      if !node.isPlaced { continue }
      out.append((node, depth))
      for child in node.children.reversed() { stack.append((child, depth + 1)) }
    }
    return out
  }

  /// The info the resolver recorded for a node.
  public func info(_ node: LayoutNode) -> ViewInfo? {
    component.infos.indices.contains(node.tag) ? component.infos[node.tag] : nil
  }
}
