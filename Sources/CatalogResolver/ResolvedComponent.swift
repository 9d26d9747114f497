import CatalogLayout
import CatalogModel

/// A component expanded into layout nodes, ready to lay out and render.
///
/// A body resolves to zero or more members (views are lists). Layout gives the members to
/// one root node: the single member itself, or, for several, an implicit `VStack` as
/// SwiftUI's hosting root does; an empty list lays out to nothing (0×0, no nodes).
public struct ResolvedComponent {
  /// The component's name.
  public var name: String
  /// The top-level members.
  public var members: [LayoutNode]
  /// Info for each node, indexed by its `tag`.
  public var infos: [ViewInfo]
  /// Warnings (deprecated tokens).
  public var warnings: [String]
  /// The platform it was resolved for.
  public var platform: Platform

  /// The root to lay out: the single member, an implicit VStack for several, nil for none.
  public mutating func root() -> LayoutNode? {
    switch members.count {
    case 0: return nil
    case 1: return members[0]
    default:
      let node = LayoutNode(
        .stack(axis: .vertical, alignment: .center, spacing: nil), children: members,
        tag: infos.count)
      infos.append(
        ViewInfo(
          kind: "VStack", component: name, path: "body", instances: [name], isModifier: false,
          lengths: [],
          descriptor: .implicitRoot(count: members.count)))
      return node
    }
  }
}
