/// One node of the tree that the layout engine sizes and places.
///
/// A node is either a view (`Text`, `Color`, `Spacer`, `Divider`, a stack) or a modifier
/// that wraps exactly one child (`padding`, `frame`, `fixedSize`), the way chained SwiftUI
/// modifiers wrap the view before them: `Text("a").padding(8).frame(width: 100)` is
/// `frame(padding(text))`. The resolver builds the tree; the engine writes `frame`.
///
/// Units are points. `frame` is in the root's coordinate space (origin top-left, y down),
/// rounded to the display scale's pixel grid after layout (SwiftUI rounds only final
/// frames: `docs/layout-reference.md` §3.7).
public final class LayoutNode {
  /// What the node is and the parameters its layout needs.
  public let kind: LayoutKind
  /// The node's children: a stack's members in order, or the one child of a modifier.
  public var children: [LayoutNode]
  /// The layout priority its parent stack sees (SwiftUI's `layoutPriority` trait, default 0).
  /// Spacers report −∞ whatever this says (`Spacer.swift` in OpenSwiftUI).
  public var layoutPriority: Double
  /// An opaque number the caller uses to map nodes back to its own views (the resolver
  /// stores an index into its provenance table here).
  public var tag: Int
  /// The final frame in root coordinates, in points, rounded to the pixel grid.
  /// Written by `LayoutEngine.layout`; zero before.
  public internal(set) var frame: Rect
  /// False when layout gave the node no place (a `ViewThatFits` child that was not chosen,
  /// and everything inside it): renderers draw only placed nodes. Written by layout.
  public internal(set) var isPlaced: Bool = true
  /// The grid-cell traits the enclosing `Grid` reads (SwiftUI's `gridCellColumns`,
  /// `gridColumnAlignment`, `gridCellUnsizedAxes`); like ``layoutPriority`` they are carried
  /// by the outermost wrapper.
  public var gridCell = GridCellTraits()
  /// Set while a `LayoutPass` flattens the tree and cleared before it returns: a node met a
  /// second time (shared or cyclic references) is skipped without hashing every node.
  var isFlattening = false

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - kind: The view or modifier.
  ///   - children: Members of a stack, or the single child of a modifier.
  ///   - layoutPriority: SwiftUI's layout priority, default 0.
  ///   - tag: A caller-defined number, kept as is.
  public init(
    _ kind: LayoutKind, children: [LayoutNode] = [], layoutPriority: Double = 0, tag: Int = 0
  ) {
    self.kind = kind
    self.children = children
    self.layoutPriority = layoutPriority
    self.tag = tag
    self.frame = .zero
  }
}

/// The kinds of layout node, with SwiftUI's parameters.
public enum LayoutKind: Sendable, Equatable {
  /// `HStack` (main axis horizontal) or `VStack` (vertical). `spacing` nil means the
  /// platform default between each pair (SwiftUI's `spacing: nil`).
  case stack(axis: Axis, alignment: Alignment, spacing: Double?)
  /// `ZStack`: children on top of each other, aligned by `alignment`.
  case zStack(alignment: Alignment)
  /// `Text`: its string measured by the engine's `TextMeasurer`.
  case text(String, TextStyle)
  /// `Spacer(minLength:)`; nil minimum means the default spacing (8 on iOS).
  case spacer(minLength: Double?)
  /// `Divider`: one pixel thick across the enclosing stack.
  case divider
  /// `Color` or a shape: takes any proposal, 10 for an unspecified one.
  case color(String)
  /// `.padding(insets)`: one child. Insets in points; nil edges are not padded.
  case padding(EdgeInsets)
  /// `.frame(...)`: one child.
  case frame(FrameSpec)
  /// `.fixedSize(horizontal:vertical:)`: one child, proposed nil on the chosen axes.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// `.offset(x:y:)`: one child, drawn moved by (x, y) points. Layout is unchanged: the
  /// node keeps the child's size, spacing and priority, and its parent places it as if there
  /// were no offset; only the child's frame moves (SwiftUI's offset is a geometry effect
  /// applied after layout). x is along the layout direction: positive moves toward the
  /// trailing edge (left in right-to-left layout, where every frame is mirrored).
  case offset(x: Double, y: Double)
  /// `.background(alignment:) { secondary }`: children are `[primary, secondary]`. Only the
  /// primary decides the size, spacing, priority and alignment guides; the secondary is
  /// proposed the primary's final size and aligned to it by `alignment` (reference §3.5).
  /// A node with only a primary behaves like the primary alone.
  case background(alignment: Alignment)
  /// `.overlay(alignment:) { secondary }`: as `background`, drawn above the primary; the
  /// layout rules are the same (reference §3.5).
  case overlay(alignment: Alignment)
  /// `.alignmentGuide(guide) { d in … }`: one child whose explicit value for one alignment
  /// guide is replaced (SwiftUI's `alignmentGuide(_:computeValue:)`). Size, spacing and
  /// priority are the child's.
  case alignmentGuide(AlignmentGuideSpec)
  /// A shape (`Rectangle`, `RoundedRectangle`, `Capsule`, `Circle`, `Ellipse`): flexible
  /// like `Color` (``ShapeLayout``).
  case shape(ShapeKind)
  /// `Image`: its intrinsic size, or its proposal when `resizable()` (``ImageLayout``).
  case image(ImageSpec)
  /// `.aspectRatio(_:contentMode:)` (`scaledToFit`/`scaledToFill` with a nil ratio): one
  /// child, offered the largest (fit) or smallest (fill) size of the ratio within or
  /// covering the proposal (``AspectRatioLayout``). Ratio is width ÷ height.
  case aspectRatio(Double?, ContentMode)
  /// `Grid`: children are `GridRow`s (cells) and views spanning every column (``GridLayout``).
  case grid(GridSpec)
  /// `GridRow(alignment:)`: a row of its parent grid; nil alignment is the grid's.
  case gridRow(alignment: VerticalAlignment?)
  /// `ScrollView(axis)`: one child, proposed nil along the axis (``ScrollViewLayout``).
  case scrollView(Axis)
  /// `ViewThatFits(in:)`: the first child whose ideal size fits on the constrained axes
  /// (``ViewThatFitsLayout``).
  case viewThatFits(horizontal: Bool, vertical: Bool)
  /// `GeometryReader`: takes its proposal; children at its top-leading corner
  /// (``GeometryReaderLayout``).
  case geometryReader
}

/// A two-dimensional axis.
public enum Axis: String, Sendable, Equatable {
  /// Left to right (x); an HStack's main axis.
  case horizontal
  /// Top to bottom (y); a VStack's main axis.
  case vertical
}

/// SwiftUI's `HorizontalAlignment`.
public enum HorizontalAlignment: String, Sendable, Equatable, CaseIterable {
  /// The leading edge: guide value 0 (the right edge in right-to-left layout).
  case leading
  /// The horizontal centre: guide value width / 2.
  case center
  /// The trailing edge: guide value width.
  case trailing
}

/// SwiftUI's `VerticalAlignment`, including the text baselines.
public enum VerticalAlignment: String, Sendable, Equatable, CaseIterable {
  /// The top edge: guide value 0.
  case top
  /// The vertical centre: guide value height / 2.
  case center
  /// The bottom edge: guide value height.
  case bottom
  /// The first line's baseline; the bottom for a view without text (reference §2.5).
  case firstTextBaseline
  /// The last line's baseline; the bottom for a view without text (reference §2.5).
  case lastTextBaseline
}

/// SwiftUI's `Alignment`: one horizontal and one vertical guide.
public struct Alignment: Sendable, Equatable {
  /// The guide used along the horizontal axis.
  public var horizontal: HorizontalAlignment
  /// The guide used along the vertical axis.
  public var vertical: VerticalAlignment
  /// Creates an alignment from its two guides.
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  /// `.center`, SwiftUI's default for stacks and frames.
  public static let center = Alignment(horizontal: .center, vertical: .center)
}

/// Edge insets in points, SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Sendable, Equatable {
  /// Inset of the top edge, in points.
  public var top: Double
  /// Inset of the leading edge, in points (the right edge in right-to-left layout).
  public var leading: Double
  /// Inset of the bottom edge, in points.
  public var bottom: Double
  /// Inset of the trailing edge, in points.
  public var trailing: Double
  /// Creates insets, in points.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// The parameters of `.frame`: fixed (`width`, `height`) and flexible (`min…`, `ideal…`,
/// `max…`). Values in points; `.infinity` is allowed for maxima; nil means not given.
public struct FrameSpec: Sendable, Equatable {
  /// Fixed width in points (reference §3.2); negative or non-finite values count as nil.
  public var width: Double?
  /// Fixed height in points (§3.2); negative or non-finite values count as nil.
  public var height: Double?
  /// Flexible frame minimum width in points (§3.3); negative becomes 0.
  public var minWidth: Double?
  /// Flexible frame ideal width in points (§3.3), used for a nil proposal.
  public var idealWidth: Double?
  /// Flexible frame maximum width in points (§3.3); `.infinity` fills the proposal.
  public var maxWidth: Double?
  /// Flexible frame minimum height in points (§3.3).
  public var minHeight: Double?
  /// Flexible frame ideal height in points (§3.3).
  public var idealHeight: Double?
  /// Flexible frame maximum height in points (§3.3).
  public var maxHeight: Double?
  /// How the child is aligned inside the frame (default `.center`).
  public var alignment: Alignment
  // Same shape as LayoutEnvironment.init (assigning each parameter), kept because Swift
  // synthesises no public initialiser with defaults and the resolver creates frame specs.
  /// Creates a frame specification; every length in points.
  public init(
    width: Double? = nil, height: Double? = nil,
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
    minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) {
    self.width = width
    self.height = height
    self.minWidth = minWidth
    self.idealWidth = idealWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.idealHeight = idealHeight
    self.maxHeight = maxHeight
    self.alignment = alignment
  }
  /// True when any of the flexible parameters is given (SwiftUI's `_FlexFrameLayout`),
  /// false for a fixed frame (`_FrameLayout`).
  public var isFlexible: Bool {
    minWidth != nil || idealWidth != nil || maxWidth != nil || minHeight != nil
      || idealHeight != nil || maxHeight != nil
  }
}

/// The text attributes layout needs: Apple's text style (`body`, `headline`, …) or an
/// explicit point size, and an optional line limit.
public struct TextStyle: Sendable, Hashable {
  /// Apple's text style name (`largeTitle` … `caption2`); `body` by default.
  public var style: String
  /// An explicit font size in points, overriding the style's size.
  public var size: Double?
  /// SwiftUI's `lineLimit`; nil means no limit.
  public var lineLimit: Int?
  /// Creates a text style.
  public init(style: String = "body", size: Double? = nil, lineLimit: Int? = nil) {
    self.style = style
    self.size = size
    self.lineLimit = lineLimit
  }
}
