/// Rounding of final frames to the pixel grid (reference §3.7), a separate pass after layout.
enum PixelRounding {
  /// Rounds `value` (points) to the nearest multiple of `1 / scale`, ties up: add half a
  /// pixel, round down (`roundCoordinatesToNearestOrUp`). Before rounding, the value in
  /// pixels is snapped to a millionth of a pixel so that sums like 33.3333…×3 that land a
  /// hair below a tie or an integer in floating point round as their exact value would.
  /// Non-finite values are returned unchanged.
  static func round(_ value: Double, scale: Double) -> Double {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    let pixels = (value * scale * 1_000_000).rounded() / 1_000_000
    return (pixels + 0.5).rounded(.down) / scale
  }

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
