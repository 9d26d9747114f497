/// A length after resolution: its points and where they came from.
///
/// `provenance` lists each step from what the definition wrote to the value, so
/// `render --explain` can print `padding.bottom = 8pt ← {space.sm} ← {base.size.8} ← 8px`.
public struct ResolvedLength: Sendable, Equatable, CustomStringConvertible {
  /// What the length sizes (`padding.bottom`, `spacing`, `frame.width`).
  public var property: String
  /// The points, or nil when the layout engine applies the platform default per pair
  /// (stack spacing and Spacer minimum left to SwiftUI's `nil`).
  public var points: Double?
  /// Where the value came from, first step first (formatted when read: resolving a large
  /// tree records only what the steps are made of).
  public var provenance: [String] {
    get { explanation.steps }
    set { explanation = .steps(newValue) }
  }
  /// Where the length is written (`TrackRow body.children[0].modifiers[0].padding.length`),
  /// formatted when read.
  public var source: String {
    get { location.text }
    set { location = .text(newValue) }
  }

  /// The provenance, unformatted.
  var explanation: Explanation
  /// The source, unformatted.
  var location: Location

  /// The steps of a provenance, formatted on demand.
  enum Explanation: Sendable, Equatable {
    /// Steps already formatted (token chains come formatted from a per-resolution cache).
    case steps([String])
    /// `literal 8`.
    case literal(Double)
    /// `platform default (iOS)` when a default is applied, else the per-pair rule.
    case platformDefault(platform: String, defaultSpacing: Double, applied: Double?)
    /// A `$name` length: `$name`, then where the argument came from (its origin's steps
    /// that do not restate `$name`), then how its value became points (`value`). Recorded as
    /// these parts; the strings are made only when the provenance is read.
    case parameter(name: String, origin: Resolver.Origin, value: Value)

    /// How a `$parameter` length's value became points (the last steps of ``parameter``).
    enum Value: Sendable, Equatable {
      /// Steps already formatted (a token chain, from the resolver's per-resolution cache).
      case steps([String])
      /// `literal 8`.
      case literal(Double)
      /// No value (null or absent): the platform default, as ``platformDefault``.
      case platformDefault(platform: String, defaultSpacing: Double, applied: Double?)

      var steps: [String] {
        switch self {
        case .steps(let steps): return steps
        case .literal(let p): return Explanation.literal(p).steps
        case .platformDefault(let name, let spacing, let applied):
          return Explanation.platformDefault(
            platform: name, defaultSpacing: spacing, applied: applied
          ).steps
        }
      }
    }

    var steps: [String] {
      switch self {
      case .steps(let steps): return steps
      case .literal(let p): return ["literal \(formatPoints(p))"]
      case .platformDefault(let name, let spacing, let applied):
        if applied != nil { return ["platform default (\(name))"] }
        return [
          "platform default (\(name): \(formatPoints(spacing)) between ordinary views, 0 next to a Spacer)"
        ]
      case .parameter(let name, let origin, let value):
        let reference = "$\(name)"
        return [reference] + origin.steps.filter { !$0.hasPrefix(reference) } + value.steps
      }
    }
  }

  /// A source, formatted on demand.
  enum Location: Sendable, Equatable {
    /// Already formatted.
    case text(String)
    /// `component path suffix`: the component, the view's or modifier's JSON path and the
    /// property's path below it (`.padding.length`).
    case parts(component: String, path: String, suffix: String)

    var text: String {
      switch self {
      case .text(let t): return t
      case .parts(let component, let path, let suffix): return "\(component) \(path)\(suffix)"
      }
    }
  }

  /// Creates a resolved length.
  ///
  /// - Parameters:
  ///   - property: What the length sizes (`padding.all`).
  ///   - points: The points, nil for the engine's per-pair default.
  ///   - provenance: The steps from what was written to the value.
  ///   - source: Where the length is written (`Card body.modifiers[0].padding.length`).
  public init(property: String, points: Double?, provenance: [String], source: String) {
    self.property = property
    self.points = points
    self.explanation = .steps(provenance)
    self.location = .text(source)
  }

  /// Creates a resolved length whose provenance and source are formatted when read.
  init(property: String, points: Double?, explanation: Explanation, location: Location) {
    self.property = property
    self.points = points
    self.explanation = explanation
    self.location = location
  }

  /// Equal when every formatted field is equal (however it is stored).
  public static func == (a: ResolvedLength, b: ResolvedLength) -> Bool {
    a.property == b.property && a.points == b.points && a.provenance == b.provenance
      && a.source == b.source
  }

  /// `padding.bottom = 8pt ← {space.sm} ← 8px`.
  public var description: String {
    let value = points.map { "\(formatPoints($0))pt" } ?? "default"
    return (["\(property) = \(value)"] + provenance).joined(separator: " ← ")
  }
}

/// Points as the outputs write them: whole numbers bare, others with up to three decimals;
/// from 10^15 up, at most four significant digits with an exponent (`1e+20`, not
/// `9.999999999999998e+19`); `infinity`, `-infinity` and `not a number` spelt out (never
/// `inf`). The one formatter for points in every message and listing.
/// - Parameter value: Points.
/// - Returns: `8`, `33.333`, `0.5`, `1.5e+20`.
public func formatPoints(_ value: Double) -> String {
  if value.isNaN { return "not a number" }
  if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
  if abs(value) >= 1e15 {
    // Scientific, rounded to four significant digits (×1000 would overflow near the top).
    var exponent = 0
    var mantissa = value
    while abs(mantissa) >= 10 {
      mantissa /= 10
      exponent += 1
    }
    mantissa = (mantissa * 1000).rounded() / 1000
    if abs(mantissa) >= 10 {
      mantissa /= 10
      exponent += 1
    }
    var digits = mantissa == mantissa.rounded() ? String(Int(mantissa)) : String(mantissa)
    while digits.contains("."), digits.hasSuffix("0") { digits.removeLast() }
    return "\(digits)e+\(exponent)"
  }
  let thousandths = (value * 1000).rounded()
  if abs(thousandths) < 1e15 {
    // Below 10^12 points the thousandths are exact in an Int64 and the decimal written
    // from them is the shortest that reads back as `thousandths / 1000`, so it is what
    // `String(Double)` writes, without its digit search (issue 17, point 5).
    return decimalText(thousandths: Int64(thousandths))
  }
  let rounded = thousandths / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
  var s = String(rounded)
  if s.contains("e") { return s }
  while s.hasSuffix("0") { s.removeLast() }
  return s
}

/// `thousandths / 1000` as a decimal: the whole part, then a point and up to three digits
/// with no trailing zero when there is a fraction (`-1500` → `-1.5`, `8000` → `8`).
/// - Parameter thousandths: The value in thousandths, below 10^15 in magnitude.
/// - Returns: The decimal text.
func decimalText(thousandths: Int64) -> String {
  // Written right to left into a buffer on the stack and made a String once (joining small
  // strings cost about 700 instructions a number; `catalog site` writes millions).
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
    var position = buffer.count
    let magnitude = thousandths.magnitude
    var fraction = magnitude % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      for _ in 0..<digits {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
        fraction /= 10
      }
      position -= 1
      buffer[position] = UInt8(ascii: ".")
    }
    var whole = magnitude / 1000
    repeat {
      position -= 1
      buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
      whole /= 10
    } while whole > 0
    if thousandths < 0 {
      position -= 1
      buffer[position] = UInt8(ascii: "-")
    }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[position...]), as: UTF8.self)
  }
}
