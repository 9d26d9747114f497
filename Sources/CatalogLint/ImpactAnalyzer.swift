import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens

/// What a token change does to the catalog's layouts: every component and variant whose
/// frames change, with the old and new frame of each changed view, and every view that
/// keeps its frame but is drawn differently (a colour, a border's colour), with how it reads
/// before and after — so a colour-only change lists the components it affects and says
/// their frames are unchanged, in every dry run (`tokens set`, `add`, `import`).
public struct ImpactAnalyzer {
  /// One view whose frame changes.
  public struct ViewChange: Sendable, Equatable {
    /// The view's label (`padding(.bottom, 8)`).
    public var label: String
    /// Where it is defined (`TrackRow body.children[0].modifiers[0]`).
    public var source: String
    /// Its frame before, in points.
    public var old: Rect
    /// Its frame after, in points.
    public var new: Rect
    /// How it reads after, when that changed too (a colour); nil when the same.
    public var newLabel: String? = nil
  }

  /// One view that keeps its frame but reads differently (`Rectangle().fill(#0000ff)` →
  /// `Rectangle().fill(#ff0000)`): a colour or another drawn property changed.
  public struct Restyle: Sendable, Equatable {
    /// How the view reads before.
    public var old: String
    /// How it reads after.
    public var new: String
    /// Where it is defined (`Tint body`).
    public var source: String
  }

  /// The changes for one component in one case (defaults or a variant).
  public struct Entry: Sendable, Equatable {
    /// The component.
    public var component: String
    /// `defaults` or `variant NAME`.
    public var label: String
    /// The views whose frames change, in tree order; empty with `error` set when the case
    /// no longer resolves.
    public var changes: [ViewChange]
    /// Why the case fails after the change, if it does.
    public var error: String?
    /// Views only the new layout has (`label  frame  (source)`).
    public var added: [String] = []
    /// Views only the old layout has.
    public var removed: [String] = []
    /// Views whose frame is unchanged but that read differently (a colour changed).
    public var restyled: [Restyle] = []

    /// True when a frame moves, a view is added or removed, or the case no longer resolves:
    /// the layout changes, not only how it is drawn.
    public var changesLayout: Bool {
      error != nil || !changes.isEmpty || !added.isEmpty || !removed.isEmpty
    }
  }

  private let before: [ComponentDefinition]
  private let after: [ComponentDefinition]
  private let platform: Platform

  /// Creates an analyzer over the stored components, for a change of tokens only.
  /// - Parameters:
  ///   - definitions: Every stored component.
  ///   - platform: The platform layouts are computed for.
  public init(definitions: [ComponentDefinition], platform: Platform = .ios) {
    self.init(before: definitions, after: definitions, platform: platform)
  }

  /// Creates an analyzer for a change of components (and tokens): components as they are
  /// and as they would be. A component that exists only after the change is not compared.
  /// - Parameters:
  ///   - before: The stored components now.
  ///   - after: The components after the change.
  ///   - platform: The platform layouts are computed for.
  public init(
    before: [ComponentDefinition], after: [ComponentDefinition], platform: Platform = .ios
  ) {
    self.before = before.sorted { $0.name < $1.name }
    self.after = after.sorted { $0.name < $1.name }
    self.platform = platform
  }

  /// Lays every component and variant out with the old and the new tokens and compares.
  ///
  /// - Parameters:
  ///   - old: Tokens before the change.
  ///   - new: Tokens after the change.
  ///   - proposal: The size proposed to each component (unspecified by default).
  /// - Returns: One entry per component and case whose layout changes or breaks.
  public func impact(
    from old: TokenResolver, to new: TokenResolver, proposal: ProposedSize = .unspecified
  ) -> [Entry] {
    let beforeSource = InMemoryComponentSource(before)
    let afterSource = InMemoryComponentSource(after)
    let existing = Set(before.map(\.name))
    var out: [Entry] = []
    for definition in after where existing.contains(definition.name) {
      let cases = ComponentCases.baseline(definition).map { ($0.label, $0.arguments) }
      for (label, arguments) in cases {
        var previous = Resolver(source: beforeSource, tokens: old, platform: platform)
        guard let oldResolved = try? previous.resolve(definition.name, arguments: arguments) else {
          continue
        }
        var next = Resolver(source: afterSource, tokens: new, platform: platform)
        let newResolved: ResolvedComponent
        do {
          newResolved = try next.resolve(definition.name, arguments: arguments)
        } catch {
          out.append(
            Entry(component: definition.name, label: label, changes: [], error: "\(error)"))
          continue
        }
        let a = LaidOutComponent(oldResolved, proposal: proposal)
        let b = LaidOutComponent(newResolved, proposal: proposal)
        // Views matched by identity (FrameMatcher), not position: an inserted view is one
        // added view and every later view is still compared with itself.
        var changes: [ViewChange] = []
        var added: [String] = []
        var removed: [String] = []
        var restyled: [Restyle] = []
        for change in FrameMatcher.compare(a, b) {
          switch change {
          case .changed(let old, let new) where old.frame == new.frame:
            // The same frame, read differently (a colour): not a frame that moved.
            // A label without the colour (a Text's) says it with its drawn colours.
            let same = old.label == new.label
            restyled.append(
              Restyle(
                old: same ? "\(old.label) \(old.colors)" : old.label,
                new: same ? "\(new.label) \(new.colors)" : new.label, source: old.source))
          case .changed(let old, let new):
            // Named as the view is now (before the change).
            changes.append(
              ViewChange(
                label: old.label, source: old.source, old: old.frame, new: new.frame,
                newLabel: old.label == new.label ? nil : new.label))
          case .added(let v):
            added.append("\(v.label)  \(FrameMatcher.describe(v.frame))  (\(v.source))")
          case .removed(let v):
            removed.append("\(v.label)  \(FrameMatcher.describe(v.frame))  (\(v.source))")
          }
        }
        if !changes.isEmpty || !added.isEmpty || !removed.isEmpty || !restyled.isEmpty {
          out.append(
            Entry(
              component: definition.name, label: label, changes: changes, error: nil, added: added,
              removed: removed, restyled: restyled))
        }
      }
    }
    return out
  }

  /// The impact as text, one block per component and case: the frames that move (`old →
  /// new`), views added (`+`) and removed (`-`), then the views drawn differently with
  /// their frames unchanged (`Rectangle().fill(#0000ff) → Rectangle().fill(#ff0000)`); a
  /// case whose frames all stay says `frames unchanged` on its heading, and a report with
  /// no frame moving anywhere starts by saying so.
  /// - Parameter entries: What ``impact(from:to:proposal:)`` returned.
  /// - Returns: Text ending with a newline, or a line saying nothing changes.
  public static func report(_ entries: [Entry]) -> String {
    if entries.isEmpty { return "No component's layout changes.\n" }
    var out = ""
    if !entries.contains(where: \.changesLayout) {
      out += "No component's layout changes; these are drawn differently:\n"
    }
    for e in entries {
      out += "\(e.component) (\(e.label)):\(e.changesLayout ? "" : " frames unchanged")\n"
      if let error = e.error { out += "  no longer resolves: \(error)\n" }
      for c in e.changes {
        let label = c.newLabel.map { "\(c.label) → \($0)" } ?? c.label
        out += "  \(label)  \(frame(c.old)) → \(frame(c.new))  (\(c.source))\n"
      }
      for a in e.added { out += "  + \(a)\n" }
      for r in e.removed { out += "  - \(r)\n" }
      for r in e.restyled {
        out += "  \(r.old) → \(r.new)\(e.changesLayout ? ", frame unchanged" : "")  (\(r.source))\n"
      }
    }
    return out
  }

  static func frame(_ r: Rect) -> String { FrameMatcher.describe(r) }
}
