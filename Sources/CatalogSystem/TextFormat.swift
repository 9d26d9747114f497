#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few `printf`-style number formats the catalog prints, without Foundation's
/// `String(format:)` (which brings ICU into `catalog`; issue 17, point 4). Each gives the
/// same text as the C format it names.
package enum TextFormat {
  /// `value` with `digits` digits after the point, as C's `%.<digits>f` (`snprintf`, so the
  /// rounding is the C library's: the binary value rounded to nearest).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - digits: Digits after the decimal point (0–17).
  /// - Returns: The text, e.g. `1.5` with 1 digit → `1.5`.
  package static func fixed(_ value: Double, digits: Int) -> String {
    cFormat("%.\(max(0, min(digits, 17)))f", value)
  }

  /// `value` with `digits` significant digits, as C's `%.<digits>g` (`1e+15` style for
  /// large and small magnitudes).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - digits: Significant digits (1–17).
  /// - Returns: The text, e.g. 1234567890123456789 with 3 digits → `1.23e+18`.
  package static func significant(_ value: Double, digits: Int) -> String {
    cFormat("%.\(max(1, min(digits, 17)))g", value)
  }

  /// `value` formatted by `vsnprintf(3)` with `format` (one `double` conversion).
  private static func cFormat(_ format: String, _ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let written = withVaList([value]) { arguments in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 64, format, arguments) }
    }
    if written < 0 { return String(value) }
    if written >= 64 {
      // Huge magnitudes: measure, then format into a buffer of that size.
      var large = [CChar](repeating: 0, count: Int(written) + 1)
      _ = withVaList([value]) { arguments in
        large.withUnsafeMutableBufferPointer {
          vsnprintf($0.baseAddress, $0.count, format, arguments)
        }
      }
      return String(
        decoding: large.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return String(
      decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `value` in hexadecimal, zero-padded to at least `width` digits, as C's `%0<width>x`
  /// (`uppercase`: `%0<width>X`).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - width: The minimum number of digits.
  ///   - uppercase: Whether the digits A–F are capitals.
  /// - Returns: The digits, e.g. 10 with width 4 → `000a`.
  package static func hex<T: BinaryInteger>(_ value: T, width: Int, uppercase: Bool = false)
    -> String
  {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
