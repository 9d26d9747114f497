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

  /// Converts SVG text to PNG bytes. The SVG's own `width`/`height` (points × scale) give
  /// the pixel size.
  ///
  /// - Parameter svg: An SVG document.
  /// - Returns: The PNG file's bytes.
  /// - Throws: ``PNGConversionError`` when `rsvg-convert` is missing or fails.
  public static func png(fromSVG svg: String) throws(PNGConversionError) -> [UInt8] {
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
