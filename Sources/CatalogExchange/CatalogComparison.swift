import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens

/// What changes between two catalogs (files, folders or git revisions): components added,
/// removed and changed (with JSON paths), tokens added, removed, changed and probably
/// renamed, resolver documents and platforms, and the frame impact — every component,
/// variant and view whose frame moves, old → new, with the token chains that caused it.
public struct CatalogComparison: Sendable {
  /// A component that differs.
  public struct ComponentChange: Sendable, Equatable {
    /// `added`, `removed` or `changed`.
    public var kind: JSONDiff.Change.Kind
    /// The component.
    public var name: String
    /// For `changed`: each difference, by JSON path inside the definition.
    public var changes: [JSONDiff.Change]
  }

  /// One view whose frame moves.
  public struct FrameChange: Sendable, Equatable {
    /// The component laid out.
    public var component: String
    /// `defaults` or `variant NAME`.
    public var label: String
    /// The view (`padding(.bottom, 8)`), or empty when the case no longer resolves.
    public var view: String
    /// Where the view is defined (`TrackRow body.children[0]`).
    public var source: String
    /// The frame before and after, in points; nil when the case no longer resolves.
    public var old: Rect?
    /// The frame after.
    public var new: Rect?
    /// Why: token chains whose resolved length changed at this view
    /// (`{space.sm} 8pt → 12pt ← {base.12}`), or the component whose definition changed.
    public var causes: [String]
    /// Set when the case no longer resolves.
    public var error: String?
  }

  /// Components that differ, by name.
  public var components: [ComponentChange]
  /// Tokens that differ (the winning token per path, DTCG sets merged by precedence).
  public var tokens: TokenDiff
  /// Token sets added or removed, and a changed precedence order.
  public var tokenSets: [String]
  /// Resolver documents and platforms that differ, one line each.
  public var other: [String]
  /// Every view whose frame moves.
  public var frames: [FrameChange]

  /// True when the two catalogs have the same content.
  public var isEmpty: Bool {
    components.isEmpty && tokens.isEmpty && tokenSets.isEmpty && other.isEmpty && frames.isEmpty
  }

  /// The winning token per path: sets in precedence order, the later one winning (DTCG
  /// Resolver module §6, resolution order).
  /// - Parameter folder: The catalog.
  /// - Returns: The tokens, in first-seen order.
  public static func winningTokens(_ folder: CatalogFolder) -> [DesignToken] {
    var order: [String] = []
    var byPath: [String: DesignToken] = [:]
    for set in folder.tokenSets {
      for t in set.tokens {
        if byPath[t.path] == nil { order.append(t.path) }
        byPath[t.path] = t
      }
    }
    return order.compactMap { byPath[$0] }
  }

  /// Compares two catalogs.
  ///
  /// - Parameters:
  ///   - base: The catalog before (a pull request's base).
  ///   - head: The catalog after.
  ///   - platform: The platform frames are computed for.
  /// - Returns: The differences.
  public static func compare(base: CatalogFolder, head: CatalogFolder, platform: Platform = .ios)
    -> CatalogComparison
  {
    // Components, by JSON path.
    let baseByName = Dictionary(
      base.components.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let headByName = Dictionary(
      head.components.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var components: [ComponentChange] = []
    for name in Set(baseByName.keys).union(headByName.keys).sorted() {
      switch (baseByName[name], headByName[name]) {
      case (nil, .some): components.append(ComponentChange(kind: .added, name: name, changes: []))
      case (.some, nil): components.append(ComponentChange(kind: .removed, name: name, changes: []))
      case (.some(let a), .some(let b)) where a.json != b.json:
        components.append(
          ComponentChange(
            kind: .changed, name: name, changes: JSONDiff.changes(from: a.json, to: b.json)))
      default: break
      }
    }
    // Tokens.
    let baseTokens = winningTokens(base)
    let headTokens = winningTokens(head)
    let tokens = TokenDiff.compare(baseTokens, headTokens)
    var sets: [String] = []
    let baseSets = base.tokenSets.map(\.name)
    let headSets = head.tokenSets.map(\.name)
    for s in headSets where !baseSets.contains(s) { sets.append("+ token set \(s)") }
    for s in baseSets where !headSets.contains(s) { sets.append("- token set \(s)") }
    let common = baseSets.filter { headSets.contains($0) }
    if common != headSets.filter({ baseSets.contains($0) }) {
      sets.append(
        "~ token set precedence: \(baseSets.joined(separator: " < ")) → \(headSets.joined(separator: " < "))"
      )
    }
    // Resolver documents and platforms.
    var other: [String] = []
    for name in Set(base.resolvers.map(\.name)).union(head.resolvers.map(\.name)).sorted() {
      let a = base.resolvers.first { $0.name == name }
      let b = head.resolvers.first { $0.name == name }
      if a == nil {
        other.append("+ resolver \(name)")
      } else if b == nil {
        other.append("- resolver \(name)")
      } else if a != b {
        other.append(
          contentsOf: JSONDiff.changes(from: a?.document ?? .null, to: b?.document ?? .null).map {
            "~ resolver \(name): \($0)"
          })
      }
    }
    for name in Set(base.platforms.map(\.name)).union(head.platforms.map(\.name)).sorted() {
      let a = base.platforms.first { $0.name == name }
      let b = head.platforms.first { $0.name == name }
      if a != b {
        other.append(
          "~ platform \(name): \(a.map(platformText) ?? "none") → \(b.map(platformText) ?? "none")")
      }
    }
    // Frame impact: every component in both, laid out before and after.
    let oldResolver = TokenResolver(
      tokens: Dictionary(baseTokens.map { ($0.path, $0) }, uniquingKeysWith: { _, b in b }))
    let newResolver = TokenResolver(
      tokens: Dictionary(headTokens.map { ($0.path, $0) }, uniquingKeysWith: { _, b in b }))
    let entries = ImpactAnalyzer(
      before: base.components, after: head.components, platform: platform
    ).impact(from: oldResolver, to: newResolver)
    let changedDefinitions = Set(components.filter { $0.kind == .changed }.map(\.name))
    var frames: [FrameChange] = []
    for e in entries {
      if let error = e.error {
        frames.append(
          FrameChange(
            component: e.component, label: e.label, view: "", source: "", old: nil, new: nil,
            causes: [], error: error))
      }
      for c in e.changes {
        let causes = frameCauses(
          source: c.source, head: headByName, old: oldResolver, new: newResolver,
          changedDefinitions: changedDefinitions)
        frames.append(
          FrameChange(
            component: e.component, label: e.label, view: c.label, source: c.source, old: c.old,
            new: c.new, causes: causes, error: nil))
      }
    }
    return CatalogComparison(
      components: components, tokens: tokens, tokenSets: sets, other: other, frames: frames)
  }

  static func platformText(_ p: Platform) -> String {
    "spacing \(JSONWriter.number(p.defaultSpacing)), padding \(JSONWriter.number(p.defaultPadding)), scale \(JSONWriter.number(p.displayScale))"
  }

  /// Why a view's frame moved: the token lengths written at that view (its JSON path and
  /// below) whose resolved points differ, each with its alias chain after the change; and
  /// the view's component when its definition changed.
  static func frameCauses(
    source: String, head: [String: ComponentDefinition], old: TokenResolver, new: TokenResolver,
    changedDefinitions: Set<String>
  ) -> [String] {
    let parts = source.split(separator: " ", maxSplits: 1).map(String.init)
    guard let name = parts.first, let definition = head[name] else { return [] }
    let path = parts.count > 1 ? parts[1] : "body"
    var causes: [String] = []
    var seen = Set<String>()
    for use in definition.tokenUses where use.path == path || use.path.hasPrefix(path + ".") {
      let a = try? old.resolve(use.token)
      let b = try? new.resolve(use.token)
      guard a?.points != b?.points, !seen.contains(use.token) else { continue }
      seen.insert(use.token)
      let was = a?.points.map { "\(formatPoints($0))pt" } ?? "unresolved"
      let now = b?.points.map { "\(formatPoints($0))pt" } ?? "unresolved"
      let chain = (b?.steps.dropFirst() ?? []).map { " ← \($0)" }.joined()
      causes.append("{\(use.token)} \(was) → \(now)\(chain)")
    }
    if changedDefinitions.contains(name) { causes.append("\(name) definition changed") }
    return causes
  }
}
