import CatalogSystem
import Testing

/// `DecimalText.isOutOfRange` decides most texts with one scan of the bytes (issue 12,
/// point 2: it is called for every number a token import, a math expression or a YAML file
/// holds); its answers must be exactly those of the rule it replaced, which read every
/// decimal text as a `Double`.
@Suite struct DecimalTextRangeTests {
  /// The rule as it was: decimal, and infinite or underflowing to 0 when read.
  static func reference(_ text: String) -> Bool {
    guard DecimalText.isDecimal(text) else { return false }
    return Double(text)?.isFinite == false || DecimalText.underflows(text)
  }

  static let edges: [String] = [
    "", "+", "-", ".", "e5", ".e1", "1e", "1e+", "1e-", "0x10", "inf", "-inf", "nan", "1_0",
    " 1", "1 ", "1.2.3", "1e5.0", "١", "0", "-0", "+0", "0.", ".0", "0e0", "0e999999",
    "0.000e-99999", "-0.0e-400", "1", "-1", ".5", "5.", "1e308", "1e309", "-1e309", "9e307",
    "9.99e307", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "1.797693134862315807e308", "1.7976931348623157081e308",
    "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368",
    "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
    "1e-307", "1e-308", "2.2250738585072014e-308", "2.2250738585072011e-308", "1e-323",
    "4.9e-324", "5e-324", "3e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",
    "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
    "2e-324", "1e-324", "1e-400", "-1e-400", "0.00001e-320", "100000e-329", "1000000e-330",
    "0.1e309", "0.01e310", "10e307", "100e306", "1e-306", "0.1e-306", "1e+308", "1E308",
    "1E-400", "+1e309", "00000000000000000001e308", "1e0000000000000000000000000000308",
    "1e99999999999999999999999999", "1e-99999999999999999999999999",
    "0.0000000000000000000000000000001e-300",
  ]

  @Test func answersAsTheReadingRuleOnEdgeCases() {
    for text in Self.edges {
      #expect(DecimalText.isOutOfRange(text) == Self.reference(text), "\(text)")
      // Substrings take the same path as strings.
      let padded = "[" + text + "]"
      let inner = padded.dropFirst().dropLast()
      #expect(DecimalText.isOutOfRange(inner) == Self.reference(text), "\(text) as a substring")
    }
  }

  @Test func answersAsTheReadingRuleOnGeneratedNumbers() {
    var generator = SplitMix(seed: 12)
    let alphabet = Array("0123456789.eE+-x ")
    var outOfRange = 0
    for _ in 0..<20_000 {
      // Decimal-looking texts around every power of ten a Double can reach, and beyond.
      let mantissaDigits = Int(generator.next() % 25) + 1
      var mantissa = String(
        (0..<mantissaDigits).map { _ in Character(String(generator.next() % 10)) })
      if generator.next() % 2 == 0 {
        let point = Int(generator.next() % UInt64(mantissaDigits + 1))
        mantissa.insert(".", at: mantissa.index(mantissa.startIndex, offsetBy: point))
      }
      let exponent = Int(generator.next() % 800) - 400
      let sign = ["", "-", "+"][Int(generator.next() % 3)]
      let text = "\(sign)\(mantissa)e\(exponent)"
      let answer = DecimalText.isOutOfRange(text)
      if answer { outOfRange += 1 }
      #expect(answer == Self.reference(text), "\(text)")
      // And random short texts from a grammar-breaking alphabet.
      let noise = String(
        (0..<Int(generator.next() % 8)).map { _ in
          alphabet[Int(generator.next() % UInt64(alphabet.count))]
        })
      #expect(DecimalText.isOutOfRange(noise) == Self.reference(noise), "\(noise)")
    }
    // The generated texts reach both sides of the range.
    #expect(outOfRange > 1000)
  }

  @Test func everyPowerOfTenNearTheLimits() {
    for exponent in -340...320 {
      for mantissa in [
        "1", "9", "9.999999999999999999", "2.2250738585072014", "1.7976931348623157",
        "4.9406564584124654", "2.4703282292062328",
      ] {
        let text = "\(mantissa)e\(exponent)"
        #expect(DecimalText.isOutOfRange(text) == Self.reference(text), "\(text)")
      }
    }
  }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
