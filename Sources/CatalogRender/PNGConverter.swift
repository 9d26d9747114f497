import Foundation

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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--format", "png"]
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    do { try process.run() } catch {
      throw PNGConversionError(message: "cannot run rsvg-convert: \(error.localizedDescription)")
    }
    // Feed the SVG from another thread so a full output pipe cannot deadlock.
    let data = Data(svg.utf8)
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      writer.write(data)
      try? writer.close()
    }
    let png = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PNGConversionError(
        message: "rsvg-convert failed (status \(process.terminationStatus)): \(message)")
    }
    return [UInt8](png)
  }
}

/// Why the PNG could not be made.
public struct PNGConversionError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for `Error: …`.
  public var message: String
  /// The message.
  public var description: String { message }
}
