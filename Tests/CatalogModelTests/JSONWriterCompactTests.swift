import CatalogModel
import Testing

/// `JSONWriter.compact` writes UTF-8 bytes directly (issue 12 point 3: it was a tenth of a
/// token import); its text must stay byte for byte what the String-appending writer gives.
@Suite struct JSONWriterCompactTests {
  @Test(arguments: [
    "null", "true", "false", "0", "-0", "8", "-12", "0.5", "1.50", "1E3", "1e+21", "-1.5e-7",
    "9007199254740992", "9007199254740993", "12345678901234567890", "\"\"", "\"{space.md}\"",
    "\"{a.b} * 2 + 1\"", "\"quote \\\" and \\\\ backslash\"", "\"tab\\tnew\\nline\\r\\b\\f\"",
    "\"\\u0000\\u001f\\u007f\"", "\"café 👩🏽‍💻 \\u2028 \\u202e\"", "[]", "{}", "[1,[2,[3,{}]]]",
    "{\"value\":8,\"unit\":\"px\"}",
    "{\"colorSpace\":\"srgb\",\"components\":[0.5,0.25,1],\"hex\":\"#80ff40\"}",
    "{\"a\\\"b\":{\"c\\n\":[null,true,false,\"x\"]},\"\":0.1}",
  ])
  func compactEqualsTheAppendingWriter(_ text: String) throws {
    let value = try JSONParser.parse(text, file: "t.json").root
    #expect(JSONWriter.compact(value) == JSONWriter.compactByAppending(value))
  }

  /// Built values (no lexemes): whole and fractional numbers, every control character.
  @Test func builtValuesMatch() {
    var strings: [String] = []
    for scalar in 0..<0x80 {
      strings.append("a\(Unicode.Scalar(UInt8(scalar)))z")
    }
    let numbers: [Double] = [0, -0.0, 1, -1, 8.25, 1e15, -9_007_199_254_740_991, 1e300, 0.1 + 0.2]
    let value = JSONValue.object(
      JSONObject(
        strings.map { ($0, .string($0)) }
          + numbers.enumerated().map { ("n\($0.offset)", .number(JSONNumber($0.element))) }
          + [("list", .array(numbers.map { .number(JSONNumber($0)) }))]))
    #expect(JSONWriter.compact(value) == JSONWriter.compactByAppending(value))
    for s in strings {
      #expect(JSONWriter.compact(.string(s)) == JSONWriter.compactByAppending(.string(s)))
    }
  }

  /// Whole numbers have their digits written straight into the buffer (issue 14 point 9):
  /// the text is still ``JSONWriter/number(_:)``'s, at every digit count, both signs and
  /// both sides of the ±2^53 bound.
  @Test func wholeNumbersMatchTheirShortestText() {
    var numbers: [Double] = [
      0, -0.0, 9_007_199_254_740_991, -9_007_199_254_740_991, 9_007_199_254_740_992,
      -9_007_199_254_740_992, 1e16, 123_456_789, -1_000_000_007,
    ]
    var power: Double = 1
    for _ in 0..<16 {
      numbers += [power - 1, power, power + 1, -power, -(power - 1), -(power + 1)]
      power *= 10
    }
    for n in numbers {
      #expect(JSONWriter.compact(.number(JSONNumber(n))) == JSONWriter.number(n))
      #expect(
        JSONWriter.compact(.array([.number(JSONNumber(n))]))
          == JSONWriter.compactByAppending(.array([.number(JSONNumber(n))])))
    }
  }
}
