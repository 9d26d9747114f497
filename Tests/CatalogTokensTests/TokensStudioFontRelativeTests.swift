import CatalogModel
import CatalogTokens
import Testing

/// Typography members Tokens Studio (and Figma) write relative to the font: a letter
/// spacing in percent of the font size, `"AUTO"` line height, and a weight with a style
/// (`"Bold Italic"`). Before, `"letterSpacing": "0%"` (Tokens Studio's default) left the
/// whole value unread, and `add` refused the file blaming `fontSize`.
@Suite struct TokensStudioFontRelativeTests {
  @Test func percentLetterSpacingIsAShareOfTheFontSize() throws {
    let result = try parse(
      """
      {"a": {"type": "typography", "value": {"fontFamily": "Inter", "fontWeight": "Regular",
        "fontSize": "16", "lineHeight": "1.5", "letterSpacing": "0%"}},
       "b": {"type": "typography", "value": {"fontFamily": "Inter", "fontWeight": "Regular",
        "fontSize": "16", "lineHeight": "AUTO", "letterSpacing": "5%"}},
       "c": {"type": "typography", "value": {"fontFamily": "Inter", "fontWeight": "Bold",
        "fontSize": "{size}", "lineHeight": "1.5", "letterSpacing": "-2%"}},
       "d": {"type": "typography", "value": {"fontFamily": "Inter", "fontWeight": "Regular",
        "fontSize": "1.5rem", "lineHeight": "auto", "letterSpacing": "10%"}},
       "size": {"type": "fontSizes", "value": "20"}}
      """)
    let a = try TokensStudioMembersTests.token(result, "a")
    #expect(
      TokensStudioMembersTests.member(a, "letterSpacing") == TokensStudioMembersTests.dimension(0))
    #expect(
      TokensStudioMembersTests.member(a, "fontSize") == TokensStudioMembersTests.dimension(16))
    let b = try TokensStudioMembersTests.token(result, "b")
    #expect(
      TokensStudioMembersTests.member(b, "letterSpacing") == TokensStudioMembersTests.dimension(0.8)
    )
    #expect(TokensStudioMembersTests.member(b, "lineHeight") == .number(1.2))
    // Through the size's alias, as member math reads its operands; the alias stays.
    let c = try TokensStudioMembersTests.token(result, "c")
    #expect(
      TokensStudioMembersTests.member(c, "letterSpacing")
        == TokensStudioMembersTests.dimension(-0.4))
    #expect(TokensStudioMembersTests.member(c, "fontSize") == .string("{size}"))
    // In the size's own unit.
    let d = try TokensStudioMembersTests.token(result, "d")
    #expect(
      TokensStudioMembersTests.member(d, "letterSpacing")
        == TokensStudioMembersTests.dimension(0.15, "rem"))
    #expect(TokensStudioMembersTests.member(d, "lineHeight") == .number(1.2))
    let warnings = result.warnings.map { "\($0)" }.joined(separator: "\n")
    #expect(
      warnings.contains(#"letterSpacing "5%" of the font size is read as 0.8px"#), "\(warnings)")
    #expect(
      warnings.contains(
        #"lineHeight "AUTO" (Figma's automatic line height, CSS normal) is read as 1.2"#))
    #expect(!warnings.contains("kept, but"), "\(warnings)")
  }

  @Test func aPercentOfASizeThatIsNotADimensionIsKeptAndNamed() throws {
    let result = try parse(
      """
      {"t": {"type": "typography", "value": {"fontFamily": "Inter", "fontWeight": 400,
        "fontSize": "{size} / 0", "lineHeight": 1.5, "letterSpacing": "5%"}},
       "size": {"type": "fontSizes", "value": "20"}}
      """)
    _ = try TokensStudioMembersTests.token(result, "t")
    let warnings = result.warnings.map { "\($0)" }.joined(separator: "\n")
    #expect(warnings.contains("kept, but its value cannot be computed"), "\(warnings)")
    #expect(
      warnings.contains(#"letterSpacing: "5%" is a percentage of the font size"#), "\(warnings)")
    #expect(warnings.contains("division by zero"), "\(warnings)")
  }

  @Test(arguments: [
    ("Bold Italic", 700.0), ("Italic", 400), ("SemiBold Italic", 600), ("bolditalic", 700),
    ("Regular", 400), ("600", 600),
  ])
  func aWeightWithAStyleIsReadAsTheWeight(_ text: String, _ weight: Double) {
    #expect(TokensStudioMembers.fontWeight(text) == weight)
  }

  @Test func notAWeight() {
    for text in ["", "Oblique", "Bold Oblique", "1001", "0"] {
      #expect(TokensStudioMembers.fontWeight(text) == nil, "\(text)")
    }
  }
}
