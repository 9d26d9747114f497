import CatalogModel
import CatalogResolver
import CatalogTokens

/// The `swiftui` output: SwiftUI source for a component, every stored component it uses
/// (wrappers included) and the tokens they refer to; and the Swift package of
/// `export --format swiftui`.
///
/// Rules:
/// - Each component is a `struct Name: View`: its parameters are stored properties in the
///   order written (`string` → `String`, `number` → `Double`, `integer` → `Int`, `boolean` →
///   `Bool`, `length` →
///   `CGFloat?` (nil is SwiftUI's platform default), `alignment` → `HorizontalAlignment`,
///   `VerticalAlignment` or `Alignment` depending on where it is used, `list` → `[String]`;
///   optional parameters are optionals, defaults are initial values). Its default slot is a
///   generic `@ViewBuilder var content: () -> Content` closure, each named slot one more
///   (`header: () -> Header`). Instances call the memberwise initialiser with the arguments
///   given, in parameter order, and pass every slot as a closure (`{ EmptyView() }` when
///   empty). Names follow ``SwiftUINames`` (renames are returned as warnings).
/// - Tokens are the members `tokens export --format swift` writes: `{space.sm}` →
///   `DesignTokens.spaceSm`, `{size.artwork}` → `DesignTokens.sizeArtwork`, values in
///   points (`CGFloat`; a `number` token is `Double`, used as `CGFloat(…)`).
/// - `render` writes one self-contained file: the component at the top level, and the
///   components and tokens it uses nested in an `extension` of it (`AlbumCard.TrackRow`,
///   `AlbumCard.DesignTokens`), so that rendered files can share one target without
///   declaring anything twice: inside the component, the nested copies are found first.
/// - `export --format swiftui` writes one package: each component in its own file at the
///   top level, one `DesignTokens.swift` (the token export) shared by all of them.
/// - Modifiers are chained in their order. A view's `when` becomes `if condition { … }`
///   (a parameter is true when present and not `false`, `""`, `0` or empty, as the catalog
///   evaluates it); a modifier's `when` becomes `.applying(if:)`, a small generated helper
///   (file-private in a rendered file, internal in the package).
/// - `collapsesWhenEmpty` becomes SwiftUI's `Group(subviews:)` with
///   `if !subviews.isEmpty { … }`, so the stack and its modifiers vanish with no children.
/// - The component gets a `#Preview` for its defaults and one per variant (unguarded:
///   Xcode expands them; the tests' stub SwiftUI declares the macro as Apple does); a
///   required parameter the preview lacks gets a value (``ComponentWriter/previewArguments(_:of:)``).
/// - A `Text` of a parameter that is not a string calls the generated `catalogText(_:)`
///   (``catalogTextHelper(access:)``), so it shows what `render` shows (`5`, not `5.0`).
/// - The text is laid out as `swift format` (the repository's `.swift-format`) would lay it
///   out: two-space indentation, chains one level deeper, lines within 100 columns where the
///   writer can break them, line comments only.
///
/// The output type-checks against the tests' stub SwiftUI module (Tests/Fixtures/SwiftUIStub,
/// signatures as Apple declares them); it needs iOS 18 / macOS 15 for `Group(subviews:)`.
public enum SwiftUIRenderer {
  /// The line length the writer keeps to (the repository's `.swift-format`).
  static let lineLength = 100

  /// SwiftUI source and the warnings met while writing it.
  public struct Output: Sendable, Equatable {
    /// The Swift source, ending with a newline.
    public var source: String
    /// Renames and other things a reader should know (``SwiftUINames``).
    public var warnings: [String]
  }

  /// Renders `name` and everything it uses as SwiftUI source.
  ///
  /// - Parameters:
  ///   - name: The component to render.
  ///   - definitions: The stored definitions it may use, by name.
  ///   - tokens: The catalog's tokens, for the generated constants.
  /// - Returns: Swift source text ending with a newline.
  /// - Throws: ``SwiftUIRenderError`` when a component used is missing or a token does not
  ///   resolve to points.
  public static func render(
    _ name: String, definitions: [String: ComponentDefinition], tokens: TokenResolver
  ) throws(SwiftUIRenderError) -> String {
    try renderWithWarnings(name, definitions: definitions, tokens: tokens).source
  }

  /// Renders `name` and everything it uses as SwiftUI source, with the renames made.
  ///
  /// - Parameters:
  ///   - name: The component to render.
  ///   - definitions: The stored definitions it may use, by name.
  ///   - tokens: The catalog's tokens, for the generated constants.
  /// - Returns: The source and its warnings.
  /// - Throws: ``SwiftUIRenderError`` when a component used is missing or a token does not
  ///   resolve to points.
  public static func renderWithWarnings(
    _ name: String, definitions: [String: ComponentDefinition], tokens: TokenResolver
  ) throws(SwiftUIRenderError) -> Output {
    let order = try componentsUsed(by: name, definitions)
    let names = SwiftUINames(definitions: order, tokens: tokens)
    let tokenPaths = try tokensUsed(by: order, names: names, tokens)
    guard let root = order.first else { throw SwiftUIRenderError(message: "no component") }
    let rootType = names.type(root.name)
    var out =
      "// Generated by `catalog render \(Escaping.swiftComment(name)) --format swiftui`: \(Escaping.swiftComment(name)) and\n// the components and tokens it uses. Do not edit.\n"
    out += "import SwiftUI\n\n"
    var needsApplying = false
    var needsCatalogText = false
    var rootWriter = ComponentWriter(definition: root, definitions: definitions, names: names)
    out += rootWriter.write()
    needsApplying = rootWriter.usesApplying
    needsCatalogText = rootWriter.usesCatalogText
    let isGeneric = !ComponentWriter.slots(of: root).isEmpty
    var nested: [String] = []
    for d in order.dropFirst() {
      var writer = ComponentWriter(definition: d, definitions: definitions, names: names)
      nested.append(writer.write())
      needsApplying = needsApplying || writer.usesApplying
      needsCatalogText = needsCatalogText || writer.usesCatalogText
    }
    if !tokenPaths.isEmpty {
      nested.append(
        tokenEnum(
          tokenPaths, tokens, names: names, computed: isGeneric,
          documentation:
            "/// The design tokens \(rootType) uses: the names and values of\n/// `tokens export --format swift`, in points."
        ))
    }
    if !nested.isEmpty {
      out +=
        "\n// What \(rootType) uses, nested in it so that rendered files can share one target.\n"
      out += "extension \(rootType) {\n"
      out += nested.map { indented($0) }.joined(separator: "\n")
      out += "}\n"
    }
    if needsApplying { out += "\n" + applyingHelper(access: "fileprivate ") }
    if needsCatalogText { out += "\n" + catalogTextHelper(access: "private ") }
    out += previews(root, definitions: definitions, names: names)
    return Output(source: out, warnings: names.warnings)
  }

  /// The catalog's nesting limit (``Resolver/maximumDepth`` levels of views and modifiers,
  /// measured by ``Resolver/depthInside(_:at:)``) for one definition's own body, checked
  /// without recursion: `render --format swiftui` lays nothing out, so it refuses with this
  /// a definition stored before the limit existed, as `render` refuses it (the writer itself
  /// only needs the parser's limit on nested views).
  /// - Parameter d: The definition to write.
  /// - Throws: ``SwiftUIRenderError`` naming the component and the view's JSON path.
  public static func checkDepth(_ d: ComponentDefinition) throws(SwiftUIRenderError) {
    var stack: [(view: ViewDefinition, depth: Int)] = [(d.body, 0)]
    while let (view, depth) = stack.popLast() {
      let inner = Resolver.depthInside(view, at: depth)
      guard depth < Resolver.maximumDepth, inner < Resolver.maximumDepth else {
        throw SwiftUIRenderError(
          message:
            "\(d.name): \(view.path): views, modifiers and instances are nested more than \(Resolver.maximumDepth) deep (each modifier is one level)"
        )
      }
      for child in view.children { stack.append((child, inner + 1)) }
      for slot in view.slots { for child in slot.views { stack.append((child, inner + 1)) } }
      for m in view.modifiers {
        switch m.modifier {
        case .background(let c), .overlay(let c):
          for child in c.views { stack.append((child, inner + 1)) }
        default: break
        }
      }
    }
  }

  /// The components `name` uses, itself first, then in the order first met (breadth first).
  static func componentsUsed(by name: String, _ definitions: [String: ComponentDefinition])
    throws(SwiftUIRenderError) -> [ComponentDefinition]
  {
    var order: [ComponentDefinition] = []
    var queue = [name]
    var seen: Set<String> = []
    var next = 0
    while next < queue.count {
      let component = queue[next]
      next += 1
      guard seen.insert(component).inserted else { continue }
      guard let d = definitions[component] else {
        throw SwiftUIRenderError(
          message:
            "no component named '\(component)'\(component == name ? "" : " (used by \(order.last?.name ?? name))")"
        )
      }
      order.append(d)
      for use in d.instanceUses where !seen.contains(use.component) { queue.append(use.component) }
    }
    return order
  }

  /// The token paths the components use (lengths and length defaults), sorted; each must be
  /// a dimension or number the Swift export writes.
  static func tokensUsed(
    by definitions: [ComponentDefinition], names: SwiftUINames, _ tokens: TokenResolver
  ) throws(SwiftUIRenderError) -> [String] {
    var paths: Set<String> = []
    for d in definitions {
      // Lengths only: a border, shadow or colour token is named in a comment or as an
      // asset colour (`Color("color.accent")`), not written by the Swift token export.
      for use in d.tokenUses where use.kind == .length { paths.insert(use.token) }
      for p in d.parameters {
        if let v = p.defaultValue, let t = TokenAlias.target(of: v) { paths.insert(t) }
      }
    }
    for path in paths {
      let resolution: TokenResolver.Resolution
      do { resolution = try tokens.resolve(path) } catch {
        throw SwiftUIRenderError(message: "token {\(path)}: \(error)")
      }
      guard resolution.points != nil, names.tokens[path] != nil else {
        throw SwiftUIRenderError(message: "token {\(path)} is not a dimension or number")
      }
    }
    return paths.sorted()
  }

  /// `enum DesignTokens { … }` with the given tokens (static constants, or computed
  /// properties inside a generic type, which cannot hold static stored properties).
  static func tokenEnum(
    _ paths: [String], _ tokens: TokenResolver, names: SwiftUINames, computed: Bool,
    documentation: String
  ) -> String {
    var out = documentation + "\nenum \(SwiftUINames.tokensTypeName) {\n"
    for path in paths {
      guard let resolution = try? tokens.resolve(path), let points = resolution.points,
        let member = names.tokens[path]
      else { continue }
      let chain =
        (resolution.steps + [TokenValue.shortDescription(resolution.value)])
        .joined(separator: " ← ")
      let type = names.numberTokens.contains(path) ? "Double" : "CGFloat"
      out += "  /// \(Escaping.swiftComment(chain))\n"
      out +=
        computed
        ? "  static var \(member): \(type) { \(JSONWriter.number(points)) }\n"
        : "  static let \(member): \(type) = \(JSONWriter.number(points))\n"
    }
    return out + "}\n"
  }

  /// `text` with every non-empty line indented by two spaces.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : "  " + $0
    }.joined(separator: "\n")
  }

  /// The `applying(if:)` helper behind modifiers with a `when`.
  static func applyingHelper(access: String) -> String {
    """
    extension View {
      /// Applies `transform` when `condition` holds (a modifier with a `when` in the catalog).
      @ViewBuilder \(access)func applying<Modified: View>(
        if condition: Bool, _ transform: (Self) -> Modified
      ) -> some View {
        if condition { transform(self) } else { self }
      }
    }

    """
  }

  /// The name of the helper a `Text` of a parameter that is not a string calls
  /// (``catalogTextHelper(access:)``); `import-swift` reads `Text(catalogText(x))` as `$x`.
  public static let catalogTextName = "catalogText"

  /// The `catalogText(_:)` helper: the text `render` shows for a parameter's value, so the
  /// SwiftUI source shows the same (review: an `Int` imported as a number showed `5.0` in
  /// SwiftUI and `5` in `render`). A `Double` is written as `JSONWriter.number` writes it
  /// (a whole number below 2^53 without `.0`, `2.5` as `2.5`), an absent value as nothing,
  /// anything else as `String(describing:)` (`5`, `true`).
  static func catalogTextHelper(access: String) -> String {
    """
    /// The text the catalog's `render` shows for a parameter's value: a whole number without
    /// `.0`, nothing for an absent value.
    \(access)func \(catalogTextName)<Value>(_ value: Value?) -> String {
      guard let value else { return "" }
      if let number = value as? Double {
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
          return String(Int64(number))
        }
        return "\\(number)"
      }
      return String(describing: value)
    }

    """
  }

  /// A `#Preview` for the component's defaults and one per variant.
  static func previews(
    _ root: ComponentDefinition, definitions: [String: ComponentDefinition], names: SwiftUINames
  ) -> String {
    var writer = ComponentWriter(definition: root, definitions: definitions, names: names)
    var out = "\n#Preview(\(quoted(root.name))) {\n  \(writer.previewCall(JSONObject()))\n}\n"
    for v in root.variants {
      out +=
        "\n#Preview(\(quoted("\(root.name) · \(v.name)"))) {\n  \(writer.previewCall(v.arguments))\n}\n"
    }
    return out
  }

  /// The Swift name earlier versions of the writer gave a token path, an enum per group and
  /// a member (`space.inset.horizontal` → `("Spacing", "insetHorizontal")`); the writer now
  /// uses ``SwiftUINames`` (`DesignTokens.spaceInsetHorizontal`), and `import-swift` still
  /// reads this spelling.
  /// - Parameter path: A dotted DTCG token path.
  /// - Returns: The enum's name and the member's name.
  public static func swiftName(ofToken path: String) -> (enumName: String, member: String) {
    let segments = path.split(separator: ".").map(String.init)
    let group = segments.first ?? "token"
    let enumName = group == "space" ? "Spacing" : upperCamel(group)
    var member = lowerCamel(Array(segments.dropFirst()))
    if member.isEmpty { member = "value" }
    return (enumName, member)
  }

  static func upperCamel(_ s: String) -> String {
    let words = s.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    var out = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if out.isEmpty || out.first?.isNumber == true { out = "T" + out }
    return out
  }

  static func lowerCamel(_ segments: [String]) -> String {
    let words = segments.flatMap {
      $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
    guard let first = words.first else { return "" }
    var out = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if out.first?.isNumber == true { out = "_" + out }
    return out
  }

  /// Swift keywords (and `body`), which generated names must not be (``Escaping/swiftKeywords``).
  static var keywords: Set<String> { Escaping.swiftKeywords }

  /// A Swift identifier for a name (``Escaping/swiftIdentifier(_:)``).
  static func identifier(_ name: String) -> String { Escaping.swiftIdentifier(name) }

  /// A Swift string literal (``Escaping/swiftStringLiteral(_:)``).
  static func quoted(_ s: String) -> String { Escaping.swiftStringLiteral(s) }
}

/// Why SwiftUI source could not be written.
public struct SwiftUIRenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}
