/// The spacing preferences of one edge of a view (SwiftUI's `Spacing` entries for one edge).
///
/// Reference §2.2: each view carries, per edge, values keyed by category. `any` is the
/// `nil` category ("any neighbour"); the others only count when the neighbour's facing edge
/// has the same category. A nil field means "no entry".
struct EdgeSpacing: Equatable {
  /// The `nil`-category value: applies to any neighbour.
  var any: Double?
  /// Between two texts.
  var textToText: Double?
  /// An edge that sits above a text (the view above, or the text's own top).
  var edgeAboveText: Double?
  /// An edge that sits below a text (the view below, or the text's own bottom).
  var edgeBelowText: Double?

  /// No entries.
  static let empty = EdgeSpacing()

  /// Per-key maximum of two edges (how stacks export their children's spacing, §2.2).
  func union(_ other: EdgeSpacing) -> EdgeSpacing {
    func m(_ a: Double?, _ b: Double?) -> Double? {
      switch (a, b) {
      case (let x?, let y?): return max(x, y)
      case (let x?, nil): return x
      case (nil, let y?): return y
      default: return nil
      }
    }
    return EdgeSpacing(
      any: m(any, other.any), textToText: m(textToText, other.textToText),
      edgeAboveText: m(edgeAboveText, other.edgeAboveText),
      edgeBelowText: m(edgeBelowText, other.edgeBelowText))
  }
}

/// A view's spacing preferences on its four edges (SwiftUI's `ViewSpacing`, reference §2.2).
///
/// Edges are logical (leading/trailing); right-to-left layout mirrors the final frames, so the
/// distance between neighbours never depends on the direction.
struct ViewSpacing: Equatable {
  var top: EdgeSpacing
  var leading: EdgeSpacing
  var bottom: EdgeSpacing
  var trailing: EdgeSpacing

  /// An ordinary view (Color, shape, Divider, Image): only zero-valued text-category entries,
  /// `edgeBelowText` on its top and `edgeAboveText` on its bottom, and no `nil`-category
  /// entry, so two ordinary views fall back to the default spacing (§2.2, OSUI
  /// `Spacing.init()`). The left/right text categories are left out: in this model no view
  /// carries them on a facing edge, so they could never match.
  static let ordinary = ViewSpacing(
    top: EdgeSpacing(edgeBelowText: 0), leading: .empty,
    bottom: EdgeSpacing(edgeAboveText: 0), trailing: .empty)

  /// `Spacing.zero`: a `nil`-category 0 on every edge. An empty HStack/VStack carries it, so
  /// it sits 0 pt from its neighbours (§2.1).
  static let zero = ViewSpacing(
    top: EdgeSpacing(any: 0), leading: EdgeSpacing(any: 0),
    bottom: EdgeSpacing(any: 0), trailing: EdgeSpacing(any: 0))

  /// No entries at all (the union of nothing): neighbours get the default spacing.
  static let empty = ViewSpacing(top: .empty, leading: .empty, bottom: .empty, trailing: .empty)

  /// A horizontally written `Text`: entries only on its top and bottom edges (§2.2,
  /// OSUI `Text+Spacing.swift`). Its top matches an ordinary view's bottom (`edgeAboveText`,
  /// value `spacingAboveText`), its bottom matches an ordinary view's top (`edgeBelowText`,
  /// value `spacingBelowText`), and text-to-text pairs add two halves of `textToTextSpacing`.
  static func text(_ env: LayoutEnvironment) -> ViewSpacing {
    let half = env.textToTextSpacing / 2
    return ViewSpacing(
      top: EdgeSpacing(textToText: half, edgeAboveText: env.spacingAboveText),
      leading: .empty,
      bottom: EdgeSpacing(textToText: half, edgeBelowText: env.spacingBelowText),
      trailing: .empty)
  }

  /// A `Spacer`: `nil`-category 0 on its stack-axis edges (OSUI `Spacer.swift`,
  /// `.horizontal(.zero)` / `.vertical(.zero)`); on all four edges outside any stack.
  static func spacer(stackAxis: Axis?) -> ViewSpacing {
    switch stackAxis {
    case .horizontal?:
      return ViewSpacing(
        top: .empty, leading: EdgeSpacing(any: 0), bottom: .empty, trailing: EdgeSpacing(any: 0))
    case .vertical?:
      return ViewSpacing(
        top: EdgeSpacing(any: 0), leading: .empty, bottom: EdgeSpacing(any: 0), trailing: .empty)
    case nil:
      return .zero
    }
  }

  /// Per-edge, per-key maximum (the default `Layout.spacing`: union of the subviews').
  func union(_ other: ViewSpacing) -> ViewSpacing {
    ViewSpacing(
      top: top.union(other.top), leading: leading.union(other.leading),
      bottom: bottom.union(other.bottom), trailing: trailing.union(other.trailing))
  }

  /// Resets the edges across `axis` (leading+trailing for horizontal, top+bottom for
  /// vertical): removes every entry and re-adds only the ordinary zero text-category ones
  /// (§2.2, "Frames and padding clear spacing preferences").
  func resetting(axis: Axis) -> ViewSpacing {
    var copy = self
    if axis == .horizontal {
      copy.leading = ViewSpacing.ordinary.leading
      copy.trailing = ViewSpacing.ordinary.trailing
    } else {
      copy.top = ViewSpacing.ordinary.top
      copy.bottom = ViewSpacing.ordinary.bottom
    }
    return copy
  }

  /// Resets the chosen edges (padding resets the edges with a non-zero inset, §3.1/§2.2).
  func resetting(top t: Bool, leading l: Bool, bottom b: Bool, trailing r: Bool) -> ViewSpacing {
    var copy = self
    if t { copy.top = ViewSpacing.ordinary.top }
    if l { copy.leading = ViewSpacing.ordinary.leading }
    if b { copy.bottom = ViewSpacing.ordinary.bottom }
    if r { copy.trailing = ViewSpacing.ordinary.trailing }
    return copy
  }

  /// The distance between this view and `next`, which follows it along `axis`
  /// (`ViewSpacing.distance(to:along:)`, reference §2.2):
  ///
  /// 1. For every category present on both facing edges, add the two values; the distance
  ///    is the largest such sum.
  /// 2. If no category matches, take the larger of the two `nil`-category values (a missing
  ///    one counts as −∞).
  /// 3. If neither edge has a `nil`-category value, use `defaultSpacing`.
  func distance(to next: ViewSpacing, along axis: Axis, defaultSpacing: Double) -> Double {
    let a = axis == .horizontal ? trailing : bottom
    let b = axis == .horizontal ? next.leading : next.top
    var best: Double?
    func consider(_ x: Double?, _ y: Double?) {
      if let x, let y { best = max(best ?? -.infinity, x + y) }
    }
    consider(a.textToText, b.textToText)
    consider(a.edgeAboveText, b.edgeAboveText)
    consider(a.edgeBelowText, b.edgeBelowText)
    if let best { return best }
    if a.any != nil || b.any != nil {
      return max(a.any ?? -.infinity, b.any ?? -.infinity)
    }
    return defaultSpacing
  }
}
