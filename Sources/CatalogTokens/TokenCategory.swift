import CatalogModel

/// What kind of length a dimension token is for, read from its name and `$extensions`, so
/// that a fix never puts a spacing token on a frame or a size token on padding.
///
/// The rule: a `$extensions` hint wins (`"com.catalog": {"category": "spacing"}`, or Tokens
/// Studio's `"studio.tokens": {"originalType": "spacing" | "sizing"}`); otherwise the
/// nearest path segment naming a category decides (`space`, `spacing`, `gap`, `gutter`,
/// `inset`, `padding`, `margin` → spacing; `size`, `sizing`, `dimension`, `width`, `height`
/// → size). Tokens with neither have no category and fit either.
public enum TokenCategory: String, Sendable, CaseIterable {
  /// Spacing between views and padding (SwiftUI `spacing:` and `.padding`).
  case spacing
  /// Frame sizes (SwiftUI `.frame(width:height:)`).
  case size

  static let spacingWords: Set<String> = [
    "space", "spacing", "spacings", "gap", "gaps", "gutter", "inset", "insets", "padding", "margin",
  ]
  static let sizeWords: Set<String> = [
    "size", "sizes", "sizing", "dimension", "dimensions", "width", "height",
  ]

  /// The category of a token.
  /// - Parameters:
  ///   - path: The dotted path.
  ///   - extensions: Its `$extensions`, if any.
  /// - Returns: The category, or nil when neither hint nor name says.
  public static func of(path: String, extensions: JSONValue?) -> TokenCategory? {
    if let e = extensions?.objectValue {
      if let c = e["com.catalog"]?.objectValue?["category"]?.stringValue,
        let category = TokenCategory(rawValue: c)
      {
        return category
      }
      switch e["studio.tokens"]?.objectValue?["originalType"]?.stringValue {
      case "spacing"?: return .spacing
      case "sizing"?: return .size
      default: break
      }
    }
    for segment in path.split(separator: ".").reversed() {
      let word = segment.lowercased()
      if spacingWords.contains(word) { return .spacing }
      if sizeWords.contains(word) { return .size }
    }
    return nil
  }

  /// The category a length property needs: `spacing` and `padding…` take spacing tokens,
  /// `frame…` takes size tokens.
  /// - Parameter property: A length property (`padding.top`, `frame.height`, `spacing`).
  /// - Returns: The category, or nil for other properties.
  public static func needed(by property: String) -> TokenCategory? {
    if property == "spacing" || property.hasPrefix("padding") { return .spacing }
    if property.hasPrefix("frame") { return .size }
    return nil
  }
}
