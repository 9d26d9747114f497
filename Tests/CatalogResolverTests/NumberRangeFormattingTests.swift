import CatalogModel
import CatalogResolver
import Testing

/// Issue 14 review, point 3: one points formatter for every message (no
/// `9.999999999999998e+19` or `inf`), and JSON that never holds `inf` or `nan`.
@Suite struct NumberRangeFormattingTests {
  @Test(
    "points are written by one formatter, large and non-finite values included",
    arguments: [
      (8.0, "8"), (33.3333, "33.333"), (0.5, "0.5"), (1e20, "1e+20"),
      (9.999999999999998e+19, "1e+20"), (1.5e300, "1.5e+300"), (1e306, "1e+306"),
      (-2.25e18, "-2.25e+18"), (Double.infinity, "infinity"), (-Double.infinity, "-infinity"),
      (Double.nan, "not a number"),
    ])
  func points(value: Double, expected: String) {
    #expect(formatPoints(value) == expected)
  }

  /// The formatter's rule before issue 17 point 5 made it write thousandths itself:
  /// rounded to thousandths, whole numbers as integers, others as `String(Double)` without
  /// trailing zeros.
  private static func formattedByDouble(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    var s = String(rounded)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  @Test("points below 10^12 are written as String(Double) writes them, to the thousandth")
  func thousandthsAsDouble() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, -0.001, 0.01, 0.1, 0.125, 1.005,
      2.675, 33.3333, -33.3333, 1e11 + 0.5, 999_999_999_999.999, -999_999_999_999.999,
      123_456.789, 0.07, 1.1, 2.2, 3.3,
    ]
    let scales: [Double] = [1, 10, 1_000, 1e6, 1e9, 1e11]
    for _ in 0..<20_000 {
      let scale = scales.randomElement(using: &generator) ?? 1
      values.append(Double.random(in: -scale...scale, using: &generator))
    }
    let differing = values.filter { formatPoints($0) != Self.formattedByDouble($0) }
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }

  @Test("JSON output writes a non-finite number as null, never inf or nan (RFC 8259 §6)")
  func jsonNeverInfinite() throws {
    let value = JSONValue.array([
      .number(JSONNumber(.infinity)), .number(JSONNumber(-.infinity)), .number(JSONNumber(.nan)),
    ])
    #expect(JSONWriter.compact(value) == "[null,null,null]")
    #expect(try JSONParser.parse(JSONWriter.pretty(value), file: "x").root.arrayValue?.count == 3)
  }

  @Test(
    "numbers a Double cannot hold are refused by every reader, not read as 0 or infinity",
    arguments: ["1e400", "-1e400", "1e-400", "-2.5e-999"])
  func outOfRange(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse("[\(text)]", file: "x") }
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse("[\(text)]", file: "x", dialect: .json5)
    }
    #expect(DecimalText.value(text) == nil)
    #expect(DecimalText.isOutOfRange(text))
  }

  @Test(
    "0 written any way, and subnormal numbers, are in range",
    arguments: ["0", "0e-400", "-0.0", "5e-324"])
  func inRange(text: String) throws {
    #expect(!DecimalText.isOutOfRange(text))
    #expect(try JSONParser.parse("[\(text)]", file: "x").root.arrayValue?.count == 1)
  }
}
