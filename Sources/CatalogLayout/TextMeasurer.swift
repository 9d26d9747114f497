/// Measures text for layout: the seam between the layout engine and a font model.
///
/// SwiftUI measures `Text` with the platform's fonts (SF Pro on Apple platforms); on Linux we
/// cannot, so the engine asks a `TextMeasurer` (reference §3.6, "we need a text measurement
/// abstraction"). Implementations must be deterministic: the engine calls them many times per
/// layout pass with the same arguments and caches the answers.
public protocol TextMeasurer: Sendable {
  /// Measures `text` set in `style` when offered `proposedWidth`.
  ///
  /// - Parameters:
  ///   - text: The string to set.
  ///   - style: Text style, optional explicit size and line limit.
  ///   - proposedWidth: The width offered, in points; nil (or `.infinity`) asks for the ideal
  ///     size, which is one unwrapped line per paragraph.
  /// - Returns: The size the text takes, its baselines and its lines.
  func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement

  /// The size and baselines of `text` as ``measure(_:style:proposedWidth:)`` sets it,
  /// without the lines: what the layout passes need. The layout engine asks only this, so
  /// an implementation that works the extent out without building the lines' strings keeps
  /// sizing and placement free of allocation (issue 17, point 1); the default
  /// implementation measures and drops the lines.
  ///
  /// - Parameters:
  ///   - text: The string to set.
  ///   - style: Text style, optional explicit size and line limit.
  ///   - proposedWidth: The width offered, in points; nil (or `.infinity`) asks for the ideal
  ///     size.
  /// - Returns: The size, baselines and number of lines `measure` gives.
  func measureExtent(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextExtent
}

extension TextMeasurer {
  /// ``measure(_:style:proposedWidth:)``'s size, baselines and line count (its lines
  /// dropped): the default for measurers with no line-free path.
  ///
  /// - Parameters:
  ///   - text: The string to set.
  ///   - style: Text style, optional explicit size and line limit.
  ///   - proposedWidth: The width offered, in points; nil or `.infinity` for the ideal size.
  /// - Returns: The measurement's extent.
  public func measureExtent(_ text: String, style: TextStyle, proposedWidth: Double?)
    -> TextExtent
  {
    measure(text, style: style, proposedWidth: proposedWidth).extent
  }
}

/// What layout needs of a measured text: its size, its baselines and how many lines it has,
/// without the lines themselves (a plain value: memoising it retains nothing).
public struct TextExtent: Sendable, Equatable {
  /// The size the text occupies, in points.
  public var size: Size
  /// The first line's baseline, in points from the text's top.
  public var firstBaseline: Double
  /// The last line's baseline, in points from the text's top.
  public var lastBaseline: Double
  /// The number of lines as set (0 for an empty text, which has no baselines).
  public var lineCount: Int

  /// Creates an extent.
  ///
  /// - Parameters:
  ///   - size: The occupied size in points.
  ///   - firstBaseline: Points from the top to the first baseline.
  ///   - lastBaseline: Points from the top to the last baseline.
  ///   - lineCount: The number of lines.
  public init(size: Size, firstBaseline: Double, lastBaseline: Double, lineCount: Int) {
    self.size = size
    self.firstBaseline = firstBaseline
    self.lastBaseline = lastBaseline
    self.lineCount = lineCount
  }
}

/// The result of measuring a piece of text.
public struct TextMeasurement: Sendable, Equatable {
  /// The size the text occupies, in points: the widest line by the number of lines times
  /// the line height.
  public var size: Size
  /// The first line's baseline, in points from the text's top (SwiftUI's
  /// `firstTextBaseline` guide).
  public var firstBaseline: Double
  /// The last line's baseline, in points from the text's top (SwiftUI's `lastTextBaseline`).
  public var lastBaseline: Double
  /// The lines as set, after wrapping and truncation (a truncated last line ends in "…").
  public var lines: [String]

  /// Creates a measurement.
  ///
  /// - Parameters:
  ///   - size: The occupied size in points.
  ///   - firstBaseline: Points from the top to the first baseline.
  ///   - lastBaseline: Points from the top to the last baseline.
  ///   - lines: The lines as set.
  public init(size: Size, firstBaseline: Double, lastBaseline: Double, lines: [String]) {
    self.size = size
    self.firstBaseline = firstBaseline
    self.lastBaseline = lastBaseline
    self.lines = lines
  }

  /// The size, baselines and line count, without the lines.
  public var extent: TextExtent {
    TextExtent(
      size: size, firstBaseline: firstBaseline, lastBaseline: lastBaseline,
      lineCount: lines.count)
  }
}
