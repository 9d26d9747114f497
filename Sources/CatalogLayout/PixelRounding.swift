/// Rounding of final frames to the pixel grid (reference §3.7), a separate pass after layout.
enum PixelRounding {
  /// Rounds `value` (points) to the nearest multiple of `1 / scale`, ties up: add half a
  /// pixel, round down (`roundCoordinatesToNearestOrUp`). Before rounding, the value in
  /// pixels is snapped to a millionth of a pixel so that sums like 33.3333…×3 that land a
  /// hair below a tie or an integer in floating point round as their exact value would.
  /// Non-finite values are returned unchanged.
  ///
  /// Computed without libm calls (bit-identical to `rounded()` then `rounded(.down)`): below
  /// 2⁵¹ in magnitude, adding and subtracting 1.5 × 2⁵² rounds a double to the nearest
  /// integer, ties to even, exactly; `x − r` is then exact, so an exact tie is recognised and
  /// moved away from zero as `rounded()` does, and the floor is the nearest integer minus 1
  /// when that lies above. The only difference, a +0 where `rounded()` gives −0 (for −0.5 < x
  /// ≤ 0), vanishes when half a pixel is added; and `pixels + 0.5` is never −0, so its floor
  /// has the sign `rounded(.down)` gives. Larger values take the libm path.
  static func round(_ value: Double, scale: Double) -> Double {
    guard scale.isFinite, scale > 0 else { return value }
    return roundOnGrid(value, scale: scale)
  }

  /// ``round(_:scale:)`` for a scale already known to be finite and positive.
  ///
  /// A value already a whole number of pixels (most frames) takes a shorter path with the
  /// same result: for a whole `p = value × scale` below 2³¹ in magnitude, `p × 10⁶` and
  /// `p + 0.5` are exact, so the steps below give `p / scale` (+0 for ±0, as the shifter
  /// gives too).
  @inline(__always)
  static func roundOnGrid(_ value: Double, scale: Double) -> Double {
    let pixels = value * scale
    if abs(pixels) < wholeLimit {
      let whole = (pixels + shifter) - shifter
      if whole == pixels { return whole / scale }
    }
    let x = pixels * 1_000_000
    // NaN, ±∞ (value not finite: returned unchanged) and values beyond 2⁵¹ take libm.
    guard abs(x) < limit else {
      guard value.isFinite else { return value }
      let pixels = x.rounded() / 1_000_000
      return (pixels + 0.5).rounded(.down) / scale
    }
    var r = (x + shifter) - shifter
    if abs(x - r) == 0.5 { r = x + (x > 0 ? 0.5 : -0.5) }
    let y = r / 1_000_000 + 0.5
    var f = (y + shifter) - shifter
    if f > y { f -= 1 }
    return f / scale
  }

  /// 1.5 × 2⁵²: `(x + shifter) − shifter` is `x` rounded to an integer (ties to even) for
  /// |x| < 2⁵¹.
  private static let shifter = 6_755_399_441_055_744.0
  /// 2⁵¹, the magnitude below which the shifter rounds exactly.
  private static let limit = 2_251_799_813_685_248.0
  /// 2³¹: below it, a whole number of pixels times 10⁶ stays below ``limit``.
  private static let wholeLimit = 2_147_483_648.0

  /// Rounds a frame in root coordinates: the origin corner and the far corner are each
  /// rounded ("nearest, ties up"); the size is their difference, rounded again.
  ///
  /// - Parameters:
  ///   - rect: An unrounded frame, in points.
  ///   - scale: Pixels per point.
  /// - Returns: The frame on the pixel grid.
  static func round(_ rect: Rect, scale: Double) -> Rect {
    let x0 = round(rect.minX, scale: scale)
    let y0 = round(rect.minY, scale: scale)
    let x1 = round(rect.maxX, scale: scale)
    let y1 = round(rect.maxY, scale: scale)
    let w = x1.isFinite && x0.isFinite ? round(x1 - x0, scale: scale) : rect.width
    let h = y1.isFinite && y0.isFinite ? round(y1 - y0, scale: scale) : rect.height
    return Rect(x: x0, y: y0, width: w, height: h)
  }
}
