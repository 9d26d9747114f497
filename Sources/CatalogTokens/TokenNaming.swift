import CatalogEscaping
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Platform names for token paths, one rule per target language over one segmentation
/// (``words(_:)``), as Style Dictionary's name transforms make them: `space.md` → Swift and
/// JavaScript `spaceMd`, CSS `--space-md`, SCSS `$space-md`, Android `space_md`.
///
/// No character of a path is dropped: one that cannot be part of a name (an emoji, `+`,
/// `é`) becomes a word of its own spelling its code point (`emoji.😀` → `emojiU1F600`,
/// `--emoji-u1f600`), so two paths that differ only in such characters get different
/// names. Two paths that still get the same name in a target (`a.b2` and `aB2` are both
/// `aB2`) are a ``Collision``, which an export reports naming both tokens.
public enum TokenNaming {
  /// A language tokens are exported to, with its naming rule.
  public enum Target: String, Sendable, CaseIterable {
    /// Swift: lower camel case, `_` before a leading digit, backticks for a reserved word.
    case swift = "Swift"
    /// JavaScript and TypeScript: lower camel case, `_` before a leading digit or a
    /// reserved word (ECMAScript §12.7.2).
    case javaScript = "JavaScript"
    /// A CSS custom property, without its `--`: kebab case (any name may follow `--`).
    case css = "CSS custom property"
    /// An SCSS variable, without its `$`: kebab case, `_` before a leading digit (a Sass
    /// identifier cannot start with one).
    case scss = "SCSS variable"
    /// An Android resource name: snake case, `_` before a leading digit or a Java reserved
    /// word (the name is a Java identifier in `R.dimen`).
    case android = "Android resource"
  }

  /// Two tokens whose paths give the same name in one target.
  public struct Collision: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path named first (in path order).
    public var first: String
    /// The other path.
    public var second: String
    /// The name both get.
    public var name: String
    /// The target.
    public var target: Target
    /// Whether the name is that of ``second``'s letter-spacing companion (a typography
    /// token's `--body-letter-spacing`), not of ``second`` itself.
    public var secondIsLetterSpacing: Bool

    /// A collision.
    /// - Parameters:
    ///   - first: The path named first.
    ///   - second: The other path.
    ///   - name: The name both get.
    ///   - target: The target.
    ///   - secondIsLetterSpacing: Whether the name is `second`'s letter-spacing companion.
    public init(
      first: String, second: String, name: String, target: Target,
      secondIsLetterSpacing: Bool = false
    ) {
      self.first = first
      self.second = second
      self.name = name
      self.target = target
      self.secondIsLetterSpacing = secondIsLetterSpacing
    }

    /// `the tokens {a.b2} and {aB2} both become the Swift name aB2; …`.
    public var description: String {
      let second =
        secondIsLetterSpacing
        ? "the letter spacing of the typography token {\(second)}" : "{\(second)}"
      let first = secondIsLetterSpacing ? "the token {\(first)}" : "the tokens {\(first)}"
      return
        "\(first) and \(second) both become the \(target.rawValue) name \(name); rename one of them (catalog tokens rename OLD NEW)"
    }
  }

  /// The words Swift needs backticks for as a member name
  /// (``Escaping/swiftReservedWords``, the one list).
  public static var swiftReservedWords: Set<String> { Escaping.swiftReservedWords }

  /// Words JavaScript reserves in a module (ECMAScript §12.7.2, with the strict-mode and
  /// module ones: `await`, `let`, `static`, `yield`, `implements`…), which a constant name
  /// must not be.
  public static let javaScriptReservedWords: Set<String> = [
    "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
    "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for", "function",
    "if", "implements", "import", "in", "instanceof", "interface", "let", "new", "null",
    "package", "private", "protected", "public", "return", "static", "super", "switch", "this",
    "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
  ]

  /// Java's reserved words and literals (Java Language Specification §3.9, §3.10.3–3.10.8):
  /// an Android resource is read in Java as `R.dimen.NAME`, so NAME must not be one.
  public static let javaReservedWords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
    "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
    "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
    "long", "native", "new", "package", "private", "protected", "public", "return", "short",
    "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
    "transient", "try", "void", "volatile", "while", "true", "false", "null", "_",
  ]

  /// The words of a path, the one segmentation every target uses: segments split at `.`,
  /// `-`, `_` and white space, and at lower-to-upper case changes
  /// (`brandColors.primary-500` → brand, Colors, primary, 500); every other character that
  /// is not an ASCII letter or digit is a word of its own, `u` and its code point in hex
  /// (`é` → `u00E9`, `😀` → `u1F600`, `+` → `u002B`), so nothing is dropped.
  /// - Parameter path: A dotted token path.
  /// - Returns: The words.
  public static func words(_ path: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousIsLower = false
    func endWord() {
      if !current.isEmpty { words.append(current) }
      current = ""
      previousIsLower = false
    }
    for scalar in path.unicodeScalars {
      let isLetter = scalar.isASCII && scalar.properties.isAlphabetic
      let isDigit = ("0"..."9").contains(scalar)
      if scalar == "." || scalar == "-" || scalar == "_" || scalar.properties.isWhitespace {
        endWord()
        continue
      }
      guard isLetter || isDigit else {
        endWord()
        words.append("u" + TextFormat.hex(scalar.value, width: 4, uppercase: true))
        continue
      }
      if scalar.properties.isUppercase && previousIsLower && !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.unicodeScalars.append(scalar)
      previousIsLower = scalar.properties.isLowercase || isDigit
    }
    endWord()
    return words
  }

  /// The name of a path in a target, by the target's rule (see ``Target``).
  /// - Parameters:
  ///   - path: A dotted token path.
  ///   - target: The language.
  /// - Returns: A valid name (Swift keywords in backticks).
  public static func name(_ path: String, for target: Target) -> String {
    let w = words(path)
    switch target {
    case .swift, .javaScript:
      guard let first = w.first else { return "_token" }
      var name = first.lowercased()
      for word in w.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
      if let c = name.first, c.isNumber { name = "_" + name }
      if target == .swift {
        return swiftReservedWords.contains(name) ? "`\(name)`" : name
      }
      return javaScriptReservedWords.contains(name) ? "_" + name : name
    case .css, .scss:
      let name = w.map { $0.lowercased() }.joined(separator: "-")
      if name.isEmpty { return "token" }
      if target == .scss, let c = name.first, c.isNumber { return "_" + name }
      return name
    case .android:
      let name = w.map { $0.lowercased() }.joined(separator: "_")
      if let c = name.first, c.isNumber { return "_" + name }
      if javaReservedWords.contains(name) { return "_" + name }
      return name.isEmpty ? "_token" : name
    }
  }

  /// The names of several paths in one target, given in path order, and the collisions:
  /// a path whose name an earlier path already has gets a numeric suffix here (`aB22`) so
  /// the text stays valid, and is listed as a ``Collision``, which the exports refuse
  /// (``TokenExporter/checkNames(_:format:resolver:)``).
  /// - Parameters:
  ///   - paths: Token paths (any order).
  ///   - target: The language.
  /// - Returns: Path → name, and the collisions.
  public static func names(_ paths: [String], for target: Target) -> (
    names: [String: String], collisions: [Collision]
  ) {
    var byName: [String: String] = [:]
    var out: [String: String] = [:]
    var collisions: [Collision] = []
    for path in Set(paths).sorted() {
      let base = name(path, for: target)
      var candidate = base
      var n = 2
      if let other = byName[base] {
        collisions.append(Collision(first: other, second: path, name: base, target: target))
      }
      while byName[candidate] != nil {
        candidate =
          base.hasSuffix("`") ? "`\(base.dropFirst().dropLast())\(n)`" : "\(base)\(n)"
        n += 1
      }
      byName[candidate] = path
      out[path] = candidate
    }
    return (out, collisions)
  }

  /// A Swift identifier in lower camel case (`space.md` → `spaceMd`, `size.2xl` → `size2xl`,
  /// `8` → `_8`, `default` → `` `default` ``): ``name(_:for:)`` for ``Target/swift``.
  /// - Parameter path: A dotted token path.
  /// - Returns: A valid Swift identifier.
  public static func swift(_ path: String) -> String { name(path, for: .swift) }

  /// A CSS custom property name without the leading dashes, in kebab case (`space.md` →
  /// `space-md`): ``name(_:for:)`` for ``Target/css``.
  /// - Parameter path: A dotted token path.
  /// - Returns: The name.
  public static func kebab(_ path: String) -> String { name(path, for: .css) }

  /// An Android resource name in snake case (`space.md` → `space_md`):
  /// ``name(_:for:)`` for ``Target/android``.
  /// - Parameter path: A dotted token path.
  /// - Returns: The name.
  public static func snake(_ path: String) -> String { name(path, for: .android) }
}
