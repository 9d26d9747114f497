/// The one rule for a proposed size that a drawing cannot show: `svg`, `png` and `html`
/// draw every frame at a finite size, so a proposal of `infinity` (SwiftUI's "take all you
/// can", which `tree` and `json` show as `infinity`) is refused for them, wherever it comes
/// from (`render --width`, `render --matrix`, `catalog serve`'s `width=` query value). A
/// component laid out in an unspecified proposal takes its ideal size instead, which is
/// what leaving the option out asks for.
public enum DrawnProposal {
  /// The outputs that draw frames.
  public static let drawingFormats: Set<String> = ["svg", "png", "html"]

  /// Why a proposal cannot be drawn in `format`, or nil when it can.
  ///
  /// - Parameters:
  ///   - width: The proposed width in points (nil: unspecified).
  ///   - height: The proposed height in points (nil: unspecified).
  ///   - format: The output (`svg`, `png`, `html`, `tree`, …).
  ///   - names: How the caller names the two values (`--width`, or `width` in a query).
  /// - Returns: A sentence naming the value and what to give instead, or nil.
  public static func problem(
    width: Double?, height: Double?, format: String,
    names: (width: String, height: String) = ("--width", "--height")
  ) -> String? {
    guard drawingFormats.contains(format) else { return nil }
    let given = [(names.width, width), (names.height, height)].filter { _, value in
      value.map { !$0.isFinite } ?? false
    }
    guard let first = given.first, let value = first.1 else { return nil }
    let name = first.0
    let shown = value.isNaN ? "nan" : "infinity"
    return
      "\(name) \(shown) cannot be drawn: \(format) draws frames of a finite size; give a number of points, or leave \(name) out for the component's ideal size (tree and json show an infinite proposal)"
  }
}
