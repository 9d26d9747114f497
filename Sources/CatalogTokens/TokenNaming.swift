import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Platform names for token paths, as Style Dictionary's name transforms make them:
/// `space.md` → Swift `spaceMd`, CSS `--space-md`, Android `space_md`.
public enum TokenNaming {
  /// Swift's keywords, which a generated name must escape with backticks.
  static let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal",
    "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias",
    "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in",
    "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil",
    "super", "self", "Self",
    "throw", "throws", "true", "try", "await", "async",
  ]

  /// The words of a path: segments split on anything that is not a letter or digit, and
  /// on lower-to-upper case changes (`brandColors.primary-500` → brand, Colors, primary, 500).
  /// - Parameter path: A dotted token path.
  /// - Returns: The words.
  public static func words(_ path: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousIsLower = false
    for scalar in path.unicodeScalars {
      let isAlnum =
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || scalar.properties.numericType != nil
      if isAlnum && !scalar.isASCII {
        // A letter outside ASCII becomes its code point (`é` → `u00e9`), so names stay valid
        // CSS, Android and Swift identifiers and distinct from each other.
        if !current.isEmpty { words.append(current) }
        current = ""
        previousIsLower = false
        words.append("u" + TextFormat.hex(scalar.value, width: 4))
        continue
      }
      guard isAlnum else {
        if !current.isEmpty { words.append(current) }
        current = ""
        previousIsLower = false
        continue
      }
      let isUpper = scalar.properties.isUppercase
      if isUpper && previousIsLower && !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.unicodeScalars.append(scalar)
      previousIsLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// A Swift identifier in lower camel case (`space.md` → `spaceMd`, `size.2xl` → `size2xl`,
  /// `8` → `_8`, `default` → `` `default` ``).
  /// - Parameter path: A dotted token path.
  /// - Returns: A valid Swift identifier.
  public static func swift(_ path: String) -> String {
    let w = words(path)
    guard let first = w.first else { return "_token" }
    var name = first.lowercased()
    for word in w.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
    if let c = name.first, c.isNumber { name = "_" + name }
    if swiftKeywords.contains(name) { name = "`\(name)`" }
    return name
  }

  /// A CSS custom property name without the leading dashes, in kebab case (`space.md` →
  /// `space-md`).
  /// - Parameter path: A dotted token path.
  /// - Returns: The name.
  public static func kebab(_ path: String) -> String {
    let name = words(path).map { $0.lowercased() }.joined(separator: "-")
    return name.isEmpty ? "token" : name
  }

  /// An Android resource name in snake case (`space.md` → `space_md`; a leading digit gets
  /// a `_` prefix since resource names are Java identifiers).
  /// - Parameter path: A dotted token path.
  /// - Returns: The name.
  public static func snake(_ path: String) -> String {
    let name = words(path).map { $0.lowercased() }.joined(separator: "_")
    if let c = name.first, c.isNumber { return "_" + name }
    return name.isEmpty ? "_token" : name
  }
}
