import CatalogLayout
import CatalogModel

/// A component expanded into a layout tree, ready to lay out and render.
///
/// A body resolves to zero or more members (views are lists). Layout gives the members to
/// one root node: the single member itself, or, for several, an implicit `VStack` as
/// SwiftUI's hosting root does; an empty list lays out to nothing (0×0, no nodes).
public struct ResolvedComponent {
  /// The component's name.
  public var name: String
  /// Every node the component resolved to, as parallel arrays (``LayoutTree``); each node's
  /// tag is its index into ``infos``.
  public var tree: LayoutTree
  /// The top-level members: their indices in ``tree``.
  public var memberNodes: [Int]
  /// Info for each node, indexed by its `tag` (built on demand from compact records).
  public var infos: ViewInfoTable
  /// Warnings (deprecated tokens).
  public var warnings: [String]
  /// The platform it was resolved for.
  public var platform: Platform
  /// The implicit `VStack` made by ``rootNode()`` for several members.
  private var implicitRoot: Int?

  /// Creates a resolved component.
  ///
  /// - Parameters:
  ///   - name: The component's name.
  ///   - tree: The layout tree.
  ///   - memberNodes: The top-level members' indices in `tree`.
  ///   - infos: Info per node tag (an array of ``ViewInfo`` converts with
  ///     `ViewInfoTable(_:)`).
  ///   - warnings: Warnings met while resolving.
  ///   - platform: The platform resolved for.
  public init(
    name: String, tree: LayoutTree, memberNodes: [Int], infos: ViewInfoTable, warnings: [String],
    platform: Platform
  ) {
    self.name = name
    self.tree = tree
    self.memberNodes = memberNodes
    self.infos = infos
    self.warnings = warnings
    self.platform = platform
  }

  /// The top-level members as `LayoutNode` objects (built from ``tree`` on each call).
  public var members: [LayoutNode] { tree.makeNodes(memberNodes) }

  /// The index in ``tree`` of the root to lay out: the single member, an implicit VStack for
  /// several (added to the tree and to ``infos`` on the first call), nil for none. The tree's
  /// root is set to it.
  public mutating func rootNode() -> Int? {
    if let implicitRoot { return implicitRoot }
    switch memberNodes.count {
    case 0: return nil
    case 1:
      tree.setRoot(memberNodes[0])
      return memberNodes[0]
    default:
      let node = tree.append(
        .stack(axis: .vertical, alignment: .center, spacing: nil), children: memberNodes,
        tag: infos.count)
      infos.append(
        ViewInfo(
          kind: "VStack", component: name, path: "body", instances: [name], isModifier: false,
          lengths: [],
          descriptor: .implicitRoot(count: memberNodes.count)))
      tree.setRoot(node)
      implicitRoot = node
      return node
    }
  }

  /// The root to lay out as `LayoutNode` objects (see ``rootNode()``), nil for none.
  public mutating func root() -> LayoutNode? {
    guard let r = rootNode() else { return nil }
    return tree.makeNodes([r])[0]
  }
}
