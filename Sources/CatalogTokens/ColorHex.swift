import CatalogModel

/// The hex text of a DTCG colour (Color module, 2025.10) for drawing: `#rrggbb`, with the
/// alpha appended (`#rrggbbaa`) below 1, since DTCG keeps alpha apart from `hex`.
public enum ColorHex {
  /// The colour as hex: its `hex` member when valid; else computed from its components in
  /// `srgb` (each 0…1 to a byte, CSS Color 4 §4.1) or `hsl` (hue in degrees, saturation
  /// and lightness in percent, CSS Color 4 §7.1 "HSL to sRGB"); a `"none"` component is 0
  /// (CSS Color 4 §4.4, missing components). Nil for another colour space (`display-p3`,
  /// `oklch`, …), which needs a conversion the catalog does not make, and for a non-colour.
  /// - Parameter value: A colour `$value` after aliases are followed.
  /// - Returns: `#rrggbb` or `#rrggbbaa`, or nil.
  public static func text(of value: JSONValue) -> String? {
    guard let object = value.objectValue else { return nil }
    let alpha = object["alpha"]?.numberValue.map { min(max($0, 0), 1) } ?? 1
    var rgb: [Double]?
    if let hex = object["hex"]?.stringValue, hex.count == 7, hex.hasPrefix("#"),
      hex.dropFirst().allSatisfy(\.isHexDigit)
    {
      return hex.lowercased() + (alpha < 1 ? byte(alpha) : "")
    }
    let components = object["components"]?.arrayValue?.map { $0.numberValue ?? 0 } ?? []
    guard components.count == 3 else { return nil }
    switch object["colorSpace"]?.stringValue {
    case "srgb"?: rgb = components
    case "hsl"?: rgb = hslToSRGB(components[0], components[1] / 100, components[2] / 100)
    default: return nil
    }
    guard let rgb else { return nil }
    return "#" + rgb.map(byte).joined() + (alpha < 1 ? byte(alpha) : "")
  }

  /// A 0…1 fraction as two lowercase hex digits.
  private static func byte(_ fraction: Double) -> String {
    let n = Int((min(max(fraction, 0), 1) * 255).rounded())
    let s = String(n, radix: 16)
    return s.count == 1 ? "0" + s : s
  }

  /// CSS Color 4 §7.1's `hslToRgb`: hue in degrees, saturation and lightness 0…1.
  private static func hslToSRGB(_ hue: Double, _ saturation: Double, _ lightness: Double)
    -> [Double]
  {
    var h = hue.truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    func f(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return [f(0), f(8), f(4)]
  }
}
