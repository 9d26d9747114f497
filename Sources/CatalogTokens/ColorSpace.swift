/// The colour spaces of the DTCG Color module (2025.10) and the range of each component.
///
/// A colour `$value` is `{"colorSpace": …, "components": [c1, c2, c3], "alpha"?: 0…1,
/// "hex"?: "#rrggbb"}`; a component may be `"none"` (CSS Color 4's missing component).
public struct ColorSpace: Sendable, Equatable {
  /// The name written in `colorSpace` (`srgb`, `oklch`, …).
  public var name: String
  /// The accepted range of each of the three components; `upperIsExclusive` marks hues,
  /// which are in [0, 360).
  public var ranges: [(lower: Double?, upper: Double?, upperIsExclusive: Bool)]

  /// Equal when every part is equal.
  public static func == (a: ColorSpace, b: ColorSpace) -> Bool { a.name == b.name }

  private static let unit: (Double?, Double?, Bool) = (0, 1, false)
  private static let hue: (Double?, Double?, Bool) = (0, 360, true)
  private static let percent: (Double?, Double?, Bool) = (0, 100, false)
  private static let any: (Double?, Double?, Bool) = (nil, nil, false)
  private static let positive: (Double?, Double?, Bool) = (0, nil, false)

  /// Every colour space of the Color module, by name.
  public static let all: [String: ColorSpace] = {
    var spaces: [String: ColorSpace] = [:]
    for name in ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020"] {
      spaces[name] = ColorSpace(name: name, ranges: [unit, unit, unit].map { ($0.0, $0.1, $0.2) })
    }
    spaces["hsl"] = ColorSpace(
      name: "hsl", ranges: [hue, percent, percent].map { ($0.0, $0.1, $0.2) })
    spaces["hwb"] = ColorSpace(
      name: "hwb", ranges: [hue, percent, percent].map { ($0.0, $0.1, $0.2) })
    spaces["lab"] = ColorSpace(name: "lab", ranges: [percent, any, any].map { ($0.0, $0.1, $0.2) })
    spaces["lch"] = ColorSpace(
      name: "lch", ranges: [percent, positive, hue].map { ($0.0, $0.1, $0.2) })
    spaces["oklab"] = ColorSpace(
      name: "oklab", ranges: [unit, any, any].map { ($0.0, $0.1, $0.2) })
    spaces["oklch"] = ColorSpace(
      name: "oklch", ranges: [unit, positive, hue].map { ($0.0, $0.1, $0.2) })
    spaces["xyz-d50"] = ColorSpace(
      name: "xyz-d50", ranges: [any, any, any].map { ($0.0, $0.1, $0.2) })
    spaces["xyz-d65"] = ColorSpace(
      name: "xyz-d65", ranges: [any, any, any].map { ($0.0, $0.1, $0.2) })
    return spaces
  }()

  /// The names, sorted, for messages.
  public static var names: [String] { all.keys.sorted() }

  /// Why a component is out of range, or nil when it fits.
  /// - Parameters:
  ///   - value: The component.
  ///   - index: Its position (0, 1 or 2).
  /// - Returns: A message naming the range, or nil.
  public func problem(component value: Double, at index: Int) -> String? {
    guard index < ranges.count else { return nil }
    let r = ranges[index]
    let tooLow = r.lower.map { value < $0 } ?? false
    let tooHigh = r.upper.map { r.upperIsExclusive ? value >= $0 : value > $0 } ?? false
    guard tooLow || tooHigh else { return nil }
    let lower = r.lower.map { TokenValue.format($0) } ?? "-∞"
    let upper = r.upper.map { TokenValue.format($0) } ?? "∞"
    return
      "component \(index + 1) of a \(name) color must be in [\(lower), \(upper)\(r.upperIsExclusive ? ")" : "]"); got \(TokenValue.format(value))"
  }
}
