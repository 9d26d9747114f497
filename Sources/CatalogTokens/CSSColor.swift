import CatalogModel
import CatalogSystem

extension TokenValue {
  /// A CSS colour string read as a DTCG colour (Color module): the hex forms (`#rgb`,
  /// `#rrggbb`, `#rrggbbaa`, ``hexColor(_:)``) and the CSS Color 4 functional forms
  /// `rgb()`, `rgba()`, `hsl()` and `hsla()`, with commas (`rgb(255, 0, 0)`,
  /// `rgba(255,0,0,.5)`) or spaces and a `/` alpha (`rgb(255 0 0 / 50%)`). Red, green and
  /// blue are numbers from 0 to 255 or percentages; a hue is a number or `deg`, saturation
  /// and lightness percentages; an alpha a number from 0 to 1 or a percentage. `hsl()` is
  /// converted to sRGB (CSS Color 4 §7.1). The one reading of CSS colour strings that
  /// import and `tokens set` use; an expression naming tokens (`rgba({c}, 0.5)`) is not
  /// one (``TokensStudioMembers/isColorExpression(_:)`` keeps it).
  /// - Parameter text: The string.
  /// - Returns: `{"colorSpace": "srgb", "components": […], "alpha"?, "hex"?}`, or nil when
  ///   the text is none of these forms or a part is out of range.
  public static func cssColor(_ text: String) -> JSONValue? {
    let t = text.trimmingSpaces.lowercased()
    if t.hasPrefix("#") { return hexColor(t) }
    guard t.hasSuffix(")"), let open = t.firstIndex(of: "(") else { return nil }
    let name = String(t[..<open]).trimmingSpaces
    guard ["rgb", "rgba", "hsl", "hsla"].contains(name) else { return nil }
    let inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
    guard !inner.contains("{"), !inner.contains("(") else { return nil }
    var channels: [String]
    var alphaText: String?
    if inner.contains(",") {
      // The legacy form: three or four comma-separated values, no `/`.
      guard !inner.contains("/") else { return nil }
      channels = inner.split(separator: ",", omittingEmptySubsequences: false).map {
        String($0).trimmingSpaces
      }
      guard channels.count == 3 || channels.count == 4 else { return nil }
      if channels.count == 4 { alphaText = channels.removeLast() }
    } else {
      // The modern form: three space-separated values and an optional `/ alpha`.
      let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
      guard halves.count <= 2 else { return nil }
      channels = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard channels.count == 3 else { return nil }
      if halves.count == 2 {
        alphaText = String(halves[1]).trimmingSpaces
        guard alphaText?.isEmpty == false else { return nil }
      }
    }
    guard channels.allSatisfy({ !$0.isEmpty }) else { return nil }
    func number(_ s: some StringProtocol) -> Double? {
      let s = String(s)
      return DecimalText.value(s.hasPrefix(".") ? "0" + s : s)
    }
    // A fraction from 0 to 1: a number scaled by `scale`, or a percentage.
    func fraction(_ s: String, scale: Double) -> Double? {
      let value =
        s.hasSuffix("%") ? number(s.dropLast()).map { $0 / 100 } : number(s).map { $0 / scale }
      guard let value, (0...1).contains(value) else { return nil }
      return value
    }
    let round = { (x: Double) in (x * 10000).rounded() / 10000 }
    var rgb: [Double]
    if name.hasPrefix("rgb") {
      rgb = []
      for c in channels {
        guard let v = fraction(c, scale: 255) else { return nil }
        rgb.append(v)
      }
    } else {
      let hueText = channels[0].hasSuffix("deg") ? String(channels[0].dropLast(3)) : channels[0]
      guard let hue = number(hueText),
        let s = fraction(channels[1].hasSuffix("%") ? channels[1] : channels[1] + "%", scale: 1),
        let l = fraction(channels[2].hasSuffix("%") ? channels[2] : channels[2] + "%", scale: 1)
      else { return nil }
      // CSS Color 4 §7.1 (hslToRgb).
      let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
      func f(_ n: Double) -> Double {
        let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
        let a = s * min(l, 1 - l)
        return l - a * max(-1, min(k - 3, 9 - k, 1))
      }
      rgb = [f(0), f(8), f(4)]
    }
    var members: [(key: String, value: JSONValue)] = [
      ("colorSpace", .string("srgb")), ("components", .array(rgb.map { .number(round($0)) })),
    ]
    if let alphaText {
      guard let alpha = fraction(alphaText, scale: 1) else { return nil }
      if alpha != 1 { members.append(("alpha", .number(round(alpha)))) }
    }
    return .object(JSONObject(members))
  }
}
