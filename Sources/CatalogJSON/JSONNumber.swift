/// A JSON number: its value as a `Double`, and the text it was written as when writing
/// the value back would not give the same text.
///
/// RFC 8259 §6 leaves a number's precision to the implementation; a file that says
/// `12345678901234567890` or `1.50` should read back as written when it is exported
/// unchanged. So the parser keeps the source lexeme of a number whose shortest written
/// form differs from it (``JSONWriter/number(_:)``: `1.50` → `1.5`, `1E3` → `1000`), and
/// ``JSONWriter`` writes that lexeme. Arithmetic and comparisons use ``value`` only:
/// `1.50` equals `1.5`.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's value.
  public let value: Double
  private let exact: Lexeme?

  /// A lexeme kept by reference, so that a number costs 16 bytes and most numbers
  /// (whose text is their shortest form) none more.
  private final class Lexeme: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
  }

  /// A number with no source text; it is written in its shortest form.
  /// - Parameter value: A finite number.
  public init(_ value: Double) {
    self.value = value
    self.exact = nil
  }

  /// A number with the text it was written as.
  ///
  /// - Parameters:
  ///   - value: The number's value (what `lexeme` reads as).
  ///   - lexeme: Its JSON text (RFC 8259 §6 grammar), kept only when it differs from the
  ///     shortest form of `value`.
  public init(_ value: Double, lexeme: String) {
    self.value = value
    self.exact = lexeme == JSONWriter.number(value) ? nil : Lexeme(lexeme)
  }

  /// Reads a JSON number lexeme (RFC 8259 §6: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
  ///
  /// - Parameter lexeme: The text.
  /// - Returns: The number keeping `lexeme`, or nil when it is not a JSON number or is out
  ///   of the range of `Double`.
  public init?(lexeme: String) {
    guard JSONNumber.isJSONNumber(lexeme.utf8), let value = Double(lexeme), value.isFinite else {
      return nil
    }
    self.init(value, lexeme: lexeme)
  }

  /// The source text when it differs from the shortest form of ``value``, else nil.
  public var lexeme: String? { exact?.text }

  /// The text ``JSONWriter`` writes: the kept lexeme, else the shortest form.
  public var description: String { exact?.text ?? JSONWriter.number(value) }

  /// Numbers are equal when their values are (`1.50 == 1.5`); the lexeme is how it was
  /// written, not what it is.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }

  /// Hashes the value, consistently with `==`.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }

  /// Whether `bytes` follow the JSON number grammar exactly (RFC 8259 §6).
  /// - Parameter bytes: The text's UTF-8 bytes.
  /// - Returns: True for `0`, `-1.5`, `2e+3`; false for `01`, `+1`, `.5`, `0x10`.
  static func isJSONNumber<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
    var i = bytes.startIndex
    func digit(_ i: C.Index) -> Bool {
      i < bytes.endIndex && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
    }
    if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
    guard digit(i) else { return false }
    if bytes[i] == UInt8(ascii: "0") {
      i = bytes.index(after: i)
    } else {
      while digit(i) { i = bytes.index(after: i) }
    }
    if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") {
      i = bytes.index(after: i)
      guard digit(i) else { return false }
      while digit(i) { i = bytes.index(after: i) }
    }
    if i < bytes.endIndex, bytes[i] | 0x20 == UInt8(ascii: "e") {
      i = bytes.index(after: i)
      if i < bytes.endIndex, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i = bytes.index(after: i)
      }
      guard digit(i) else { return false }
      while digit(i) { i = bytes.index(after: i) }
    }
    return i == bytes.endIndex
  }
}
