import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts the `svg` output to PNG with `rsvg-convert` (Debian package `librsvg2-bin`,
/// optional: only `render --format png` needs it).
public enum PNGConverter {
  /// The `rsvg-convert` executable on `PATH`, or nil when it is not installed.
  public static var executable: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/rsvg-convert"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The widest or tallest PNG made, in pixels (16,384: twice a 8K display's width, and
  /// half of cairo's 32,767-pixel surface limit that `rsvg-convert` would hit).
  public static let maximumSide = 16_384
  /// The most pixels in one PNG (64 megapixels: 256 MiB of RGBA while it is drawn).
  public static let maximumPixels = 64 * 1024 * 1024

  /// Refuses a PNG larger than ``maximumSide`` per side or ``maximumPixels`` in all,
  /// before `rsvg-convert` runs (it would fail with its own message, or use gigabytes).
  ///
  /// - Parameters:
  ///   - width: The image's width in pixels (points × scale).
  ///   - height: Its height in pixels.
  /// - Throws: ``PNGConversionError`` stating the size and the limit.
  public static func checkPixelSize(width: Double, height: Double) throws(PNGConversionError) {
    let w = width.rounded(.up)
    let h = height.rounded(.up)
    guard w.isFinite, h.isFinite,
      w > Double(maximumSide) || h > Double(maximumSide) || w * h > Double(maximumPixels)
    else { return }
    throw PNGConversionError(
      message:
        "the PNG would be \(formatPixels(w)) × \(formatPixels(h)) pixels; the most --format png makes is \(formatPixels(Double(maximumSide))) pixels per side and \(maximumPixels / (1024 * 1024)) megapixels in all: give a smaller --width/--height or --scale, or use --format svg (which has no such limit)"
    )
  }

  /// A pixel count with thousands separators (`1,000,000`).
  static func formatPixels(_ value: Double) -> String {
    guard value < 1e15 else { return TextFormat.significant(value, digits: 3) }
    var digits = String(Int(value))
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return digits + out
  }

  /// The pixel size an SVG document asks for: its root element's `width` and `height`.
  static func pixelSize(of svg: String) -> (width: Double, height: Double) {
    SVGRootElement(svg)?.pixelSize ?? (0, 0)
  }

  /// Converts SVG text to PNG bytes. The SVG's own `width`/`height` (points × scale) give
  /// the pixel size, which must be within ``checkPixelSize(width:height:)``'s limits.
  ///
  /// - Parameter svg: An SVG document.
  /// - Returns: The PNG file's bytes.
  /// - Throws: ``PNGConversionError`` when the image is too large, or `rsvg-convert` is
  ///   missing or fails.
  public static func png(fromSVG svg: String) throws(PNGConversionError) -> [UInt8] {
    let size = pixelSize(of: svg)
    try checkPixelSize(width: size.width, height: size.height)
    guard let executable else {
      throw PNGConversionError(
        message:
          "--format png needs rsvg-convert, which is not installed (Debian: apt-get install librsvg2-bin); --format svg works without it"
      )
    }
    // The SVG is written while the PNG is read (ChildProcess polls both), so a full output
    // pipe cannot deadlock.
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        executable, ["--format", "png"], input: .bytes(Array(svg.utf8)))
    } catch {
      throw PNGConversionError(message: "cannot run rsvg-convert: \(error.message)")
    }
    let message = String(decoding: result.error, as: UTF8.self)
    guard result.status == 0 && !result.signalled else {
      throw PNGConversionError(
        message: "rsvg-convert failed (status \(result.status)): \(message)")
    }
    return result.output
  }
}

/// Why the PNG could not be made.
public struct PNGConversionError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for `Error: …`.
  public var message: String
  /// The message.
  public var description: String { message }
}
