import CatalogEscaping
import CatalogModel

extension TokenExporter {
  /// The Android styles of the typography tokens (DTCG Format §9.7), one `TextAppearance`
  /// style each, for `android:textAppearance` (Android's "Styles and themes" guide):
  ///
  /// - name: `TextAppearance.` and the path in upper camel case (`typography.heading` →
  ///   `TextAppearance.TypographyHeading`), with `parent=""` so that the dotted name does not
  ///   imply a parent style;
  /// - `android:fontFamily`: a generic family (`sans-serif`, `serif`, `monospace`, `cursive`,
  ///   `casual`) as is, any other family as the font resource `@font/<snake_case>` the app
  ///   must ship (the first family of a stack);
  /// - `android:textSize`: the size in `sp` (1 pt = 1 sp, as dimensions are `dp`);
  /// - `android:textFontWeight` (API 28): the weight 1…1000 (DTCG §8.4 names as numbers), and
  ///   `android:textStyle` `bold` from 600 up, else `normal`;
  /// - `android:lineHeight` (API 28): the DTCG line height (a multiple of the size) × the
  ///   size, in `sp`;
  /// - `android:letterSpacing`: the letter spacing in `em` (points ÷ size), as Android reads it.
  ///
  /// A typography token whose family or size does not resolve is left out with a comment.
  /// - Parameters:
  ///   - tokens: The exported tokens.
  ///   - resolver: Resolves the tokens and their members' aliases.
  /// - Returns: The `<style>` elements, indented for `<resources>`.
  static func androidTextAppearances(_ tokens: [DesignToken], resolver: TokenResolver) -> String {
    var out = ""
    var names = UniqueNames()
    for t in tokens {
      guard let r = try? resolver.resolve(t.path), r.type == "typography" else { continue }
      let name = names.make(
        "TextAppearance."
          + TokenNaming.words(t.path).map { $0.prefix(1).uppercased() + $0.dropFirst() }
          .joined())
      guard let face = typographyFace(r.value, resolver) else {
        out +=
          "  <!-- \(Escaping.xmlComment(t.path)): typography without a family or size that resolves; not exported -->\n"
        continue
      }
      let (family, size, member) = (face.family, face.size, face.member)
      if let d = t.description { out += "  <!-- \(Escaping.xmlComment(d)) -->\n" }
      out += "  <style name=\"\(Escaping.xmlAttribute(name))\" parent=\"\">\n"
      let generic: Set<String> = ["sans-serif", "serif", "monospace", "cursive", "casual"]
      let fontValue =
        generic.contains(family) ? family : "@font/\(TokenNaming.snake(family))"
      out += "    <item name=\"android:fontFamily\">\(Escaping.xmlText(fontValue))</item>\n"
      out += "    <item name=\"android:textSize\">\(JSONWriter.number(size))sp</item>\n"
      let weight: Double? = member("fontWeight").flatMap { w in
        w.numberValue ?? w.stringValue.flatMap { fontWeightNumbers[$0] }.map(Double.init)
      }
      if let weight {
        out += "    <item name=\"android:textFontWeight\">\(JSONWriter.number(weight))</item>\n"
        out += "    <item name=\"android:textStyle\">\(weight >= 600 ? "bold" : "normal")</item>\n"
      }
      if let line = member("lineHeight")?.numberValue {
        out +=
          "    <item name=\"android:lineHeight\">\(JSONWriter.number((line * size * 100).rounded() / 100))sp</item>\n"
      }
      if let spacing = member("letterSpacing").flatMap({
        TokenValue.points($0, type: "dimension", remBase: resolver.remBase)
      }) {
        out +=
          "    <item name=\"android:letterSpacing\">\(JSONWriter.number((spacing / size * 1000).rounded() / 1000))</item>\n"
      }
      out += "  </style>\n"
    }
    return out
  }
}
