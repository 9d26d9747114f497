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
  /// The most pixels in one PNG: 64 × 2²⁰ = 67,108,864 (256 MiB of RGBA while it is drawn).
  public static let maximumPixels = 64 * 1024 * 1024

  /// A pixel budget: the most pixels per side and in all. The budgets are the two below,
  /// declared here together, so the memberwise initialiser stays internal.
  public struct Limit: Sendable, Equatable, CustomStringConvertible {
    /// The widest or tallest image, in pixels.
    public var maximumSide: Int
    /// The most pixels in all (width × height).
    public var maximumPixels: Int
    /// `render --format png` and `site`: ``PNGConverter/maximumSide`` and
    /// ``PNGConverter/maximumPixels``.
    public static let commandLine = Limit(
      maximumSide: PNGConverter.maximumSide, maximumPixels: PNGConverter.maximumPixels)
    /// One `serve` request (`/render/NAME.png`): 4,096 pixels per side and 4 × 2²⁰ pixels in
    /// all, a sixteenth of ``commandLine``, so one request rasterises for well under a second
    /// (an 8,000 × 8,000 PNG took 11 s) and a few requests cannot occupy the server.
    public static let server = Limit(maximumSide: 4_096, maximumPixels: 4 * 1024 * 1024)

    /// The budget as a phrase: `16,384 pixels per side and 67,108,864 pixels (64 × 2²⁰) in all`.
    public var description: String {
      let mebi = maximumPixels % (1 << 20) == 0 ? " (\(maximumPixels >> 20) × 2²⁰)" : ""
      return
        "\(PNGConverter.formatPixels(Double(maximumSide))) pixels per side and \(PNGConverter.formatPixels(Double(maximumPixels))) pixels\(mebi) in all"
    }

    /// Whether an image of `width` × `height` pixels (rounded up) exceeds the budget; an
    /// infinite or NaN size does.
    /// - Parameters:
    ///   - width: Pixels.
    ///   - height: Pixels.
    /// - Returns: `true` when the image is too large.
    public func isExceeded(width: Double, height: Double) -> Bool {
      let w = width.rounded(.up)
      let h = height.rounded(.up)
      guard w.isFinite, h.isFinite else { return true }
      return w > Double(maximumSide) || h > Double(maximumSide) || w * h > Double(maximumPixels)
    }
  }

  /// Refuses a PNG larger than ``maximumSide`` per side or ``maximumPixels`` in all,
  /// before `rsvg-convert` runs (it would fail with its own message, or use gigabytes).
  ///
  /// - Parameters:
  ///   - width: The image's width in pixels (points × scale).
  ///   - height: Its height in pixels.
  /// - Throws: ``PNGConversionError`` stating the size and the limit.
  public static func checkPixelSize(width: Double, height: Double) throws(PNGConversionError) {
    guard Limit.commandLine.isExceeded(width: width, height: height) else { return }
    throw PNGConversionError(
      message:
        "the PNG would be \(formatSize(width: width, height: height)) pixels; the most --format png makes is \(Limit.commandLine.description): give a smaller --width/--height or --scale, or use --format svg (which has no such limit)",
      reason: .tooLarge)
  }

  /// `W × H` in whole pixels (rounded up) with thousands separators.
  /// - Parameters:
  ///   - width: Pixels.
  ///   - height: Pixels.
  /// - Returns: `1,000 × 2,000`.
  public static func formatSize(width: Double, height: Double) -> String {
    "\(formatPixels(width.rounded(.up))) × \(formatPixels(height.rounded(.up)))"
  }

  /// A pixel count with thousands separators (`1,000,000`).
  static func formatPixels(_ value: Double) -> String {
    guard value.isFinite else { return "infinite" }
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
  /// - Parameter svg: An SVG document (as ``SVGRenderer`` writes it).
  /// - Returns: The size in pixels; 0 for an attribute that is missing.
  public static func pixelSize(of svg: String) -> (width: Double, height: Double) {
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
          "--format png needs rsvg-convert, which is not installed (Debian: apt-get install librsvg2-bin); --format svg works without it",
        reason: .rasteriserMissing)
    }
    // The SVG is written while the PNG is read (ChildProcess polls both), so a full output
    // pipe cannot deadlock.
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        executable, ["--format", "png"], input: .bytes(Array(svg.utf8)))
    } catch {
      throw PNGConversionError(
        message: "cannot run rsvg-convert: \(error.message)", reason: .rasteriserFailed)
    }
    let message = String(decoding: result.error, as: UTF8.self)
    guard result.status == 0 && !result.signalled else {
      throw PNGConversionError(
        message: "rsvg-convert failed (status \(result.status)): \(message)",
        reason: .rasteriserFailed)
    }
    return result.output
  }
}

/// Why the PNG could not be made.
public struct PNGConversionError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for `Error: …`.
  public var message: String
  /// Which kind of failure, for a caller that words its own message (`catalog serve`).
  public var reason: Reason
  /// The kinds of failure.
  public enum Reason: Sendable, Equatable {
    /// The image exceeds the pixel budget.
    case tooLarge
    /// `rsvg-convert` is not installed.
    case rasteriserMissing
    /// `rsvg-convert` could not run or failed.
    case rasteriserFailed
  }
  /// The message.
  public var description: String { message }
}
