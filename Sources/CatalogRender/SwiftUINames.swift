import CatalogEscaping
import CatalogModel
import CatalogTokens

/// The Swift names `render --format swiftui` and `export --format swiftui` give to
/// components, parameters, slots and tokens, and the renames that keep them clear of Swift's
/// and SwiftUI's own names (issue 13, point 3).
///
/// Rules (the README's "Names in generated SwiftUI"):
/// - A component whose name is a Swift keyword, a standard-library or SwiftUI type the
///   generated code uses (`View`, `Text`, `Color`, `String`, `CGFloat`, …), `DesignTokens`
///   (the token type) or `Content` (the default slot's generic parameter) is written with the
///   suffix `Component` (`View` → `ViewComponent`), and so is such a name already followed by
///   `Component` (`ViewComponent` → `ViewComponentComponent`), so the rename is one-to-one
///   and `import-swift` removes one `Component` from exactly these (``catalogTypeName(_:)``).
/// - A parameter, slot, list-record member or `ForEach` element named `body` (View's
///   requirement), `self`, `Self`, `super`, `_`, `Type`, `Protocol`, `await` or a type the
///   generated code uses (`Text`, `VStack`, `String`…) is written with the suffix `Value`
///   (`body` → `bodyValue`; `bodyValue` → `bodyValueValue`), at its declaration and at every
///   use and argument label; `import-swift` undoes it (``catalogMemberName(_:)``). Other
///   keywords are escaped with backticks (`` `default` ``), which Swift accepts as names and
///   `import-swift` removes;
///   `id` needs nothing (View's `id(_:)` is a method, a stored `id` does not collide).
/// - A named slot's generic parameter is its name in upper camel case (`header` → `Header`),
///   with the suffix `Content` when a component of that name is written too.
/// - A token is `DesignTokens.<name>`, the member `tokens export --format swift` writes
///   (``TokenExporter/swiftNames(_:)``); a `number` token used as a length is
///   `CGFloat(DesignTokens.<name>)` (the export writes numbers as `Double`).
///
/// Every rename is reported as a warning (`render` prints them on standard error).
public struct SwiftUINames: Sendable {
  /// The Swift type of the token export, which generated code refers to.
  public static let tokensTypeName = "DesignTokens"

  /// Names a component may not have in Swift.
  public static let reservedTypeNames: Set<String> =
    Escaping.swiftKeywords.union([
      "Self", "Any", "Type", "Protocol", "String", "Double", "Bool", "Int", "CGFloat", "Array",
      "Optional", "Never", "URL", "View", "ViewBuilder", "Text", "Spacer", "Color", "Divider",
      "ForEach", "Group", "EmptyView", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack",
      "Grid", "GridRow", "ScrollView", "ViewThatFits", "GeometryReader", "Image", "Label",
      "Button", "Toggle", "Link", "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse",
      "Font", "Alignment", "HorizontalAlignment", "VerticalAlignment", "Edge", "Axis", "Binding",
      "Subview", "SubviewsCollection", "Preview", "PreviewProvider", tokensTypeName, "Content",
    ])

  /// Member names that backticks do not make usable in a `View` struct: `body` (View's
  /// requirement), `self`, `Self`, `super`, `_` (not a name), `Type` and `Protocol` (`x.Type`
  /// is a metatype), `await` (an expression keyword at every use), and every type the
  /// generated code names (``reservedTypeNames`` that are not keywords: a member `Text`
  /// hides `Text(…)` in the struct). Each was checked with `swiftc -typecheck`.
  public static let reservedMemberNames: Set<String> =
    Set(["body", "self", "Self", "super", "_", "Type", "Protocol", "await"])
    .union(reservedTypeNames.subtracting(Escaping.swiftKeywords))

  /// Component name → Swift type name.
  public private(set) var types: [String: String] = [:]
  /// Token path → member of ``tokensTypeName``.
  public private(set) var tokens: [String: String] = [:]
  /// Token paths whose type is `number` (`Double` in the export).
  public private(set) var numberTokens: Set<String> = []
  /// The renames made, as warnings.
  public private(set) var warnings: [String] = []
  /// Border token path → the colour and line width a shape's `stroke`/`strokeBorder` naming
  /// it is written with (``border(_:tokens:)``), for the tokens the components name.
  public private(set) var borders: [String: (color: String, lineWidth: String)] = [:]

  /// Names for a set of components written together.
  /// - Parameters:
  ///   - definitions: The components written (the root and what it uses, or a whole catalog).
  ///   - tokens: The catalog's tokens.
  public init(definitions: [ComponentDefinition], tokens: TokenResolver) {
    for name in definitions.map(\.name) {
      let swift = Self.swiftTypeName(name)
      types[name] = swift
      if swift != name {
        warnings.append(
          "component '\(name)' is written as '\(swift)' in Swift: \(Self.reservedTypeNames.contains(name) ? "'\(name)' is a Swift or SwiftUI name" : "its name ends like a renamed one, so import-swift reads it back as '\(name)'")"
        )
      }
    }
    for d in definitions {
      var names: [String] = d.parameters.map(\.name)
      names += d.parameters.flatMap { $0.items?.map(\.name) ?? [] }
      names += ComponentWriter.slots(of: d)
      ComponentDefinition.visit(d.body) { v in
        if v.builtin == .ForEach { names.append(v.forEachElement) }
      }
      var seen: Set<String> = []
      for name in names where Self.isRenamedMember(name) && seen.insert(name).inserted {
        warnings.append(
          "\(d.name): '\(name)' is written as '\(Self.member(name))' in Swift: '\(name)' is a name a View struct cannot use"
        )
      }
    }
    for d in definitions {
      ComponentDefinition.visit(d.body) { v in
        if let token = v.properties.stroke?.borderToken, borders[token] == nil,
          let written = Self.border(token, tokens: tokens)
        {
          borders[token] = written
        }
      }
    }
    self.tokens = TokenExporter.swiftNames(Array(tokens.tokens.values))
    for path in self.tokens.keys where (try? tokens.resolveValue(path))?.type == "number" {
      numberTokens.insert(path)
    }
  }

  /// A DTCG `border` token (Format §9.3) as the arguments of SwiftUI's `stroke`: its colour
  /// as every colour is written (a colour token as the asset catalog colour named after its
  /// path, `Color("colors.blue")`, as a fill naming it is; a value as
  /// `Color(red:green:blue:opacity:)`), and its width in points, computed through any alias.
  /// - Parameters:
  ///   - path: The border token's path as written.
  ///   - tokens: The catalog's tokens.
  /// - Returns: The Swift colour and line width, or nil when the token is not a border that
  ///   resolves (the writer keeps its placeholder and the comment naming the token).
  static func border(_ path: String, tokens: TokenResolver) -> (color: String, lineWidth: String)? {
    guard let r = try? tokens.resolve(path), r.type == "border",
      let object = r.value.objectValue, let width = object["width"]
    else { return nil }
    var color = "Color.gray"
    if let member = object["color"] {
      if let target = TokenAlias.target(of: member) {
        color = ComponentWriter.swiftColor("{\(target)}")
      } else if let hex = ColorHex.text(of: member) {
        color = ComponentWriter.swiftColor(hex)
      }
    }
    let points: Double?
    if let target = TokenAlias.target(of: width) {
      points = (try? tokens.resolve(target))?.points
    } else {
      points = TokenValue.points(width, type: "dimension", remBase: tokens.remBase)
    }
    guard let points else { return nil }
    return (color, JSONWriter.number(points))
  }

  /// Component names renamed with the suffix `Component` (``reservedTypeNames``).
  static let typeRenaming = SuffixRenaming(reserved: reservedTypeNames, suffix: "Component")
  /// Member names renamed with the suffix `Value` (``reservedMemberNames``).
  static let memberRenaming = SuffixRenaming(reserved: reservedMemberNames, suffix: "Value")

  /// A one-to-one renaming that keeps catalog names off a reserved list: a reserved name,
  /// or a reserved name followed by the suffix one or more times, gets the suffix once
  /// more (`Text` → `TextComponent`, a real `TextComponent` → `TextComponentComponent`),
  /// so ``original(_:)`` can undo each and `import-swift` reads every written name back.
  struct SuffixRenaming: Sendable {
    /// The names that cannot be written as they are.
    let reserved: Set<String>
    /// What a renamed name gets at its end.
    let suffix: String

    /// Whether `name` is reserved, or reserved followed by the suffix one or more times.
    func isRenamed(_ name: String) -> Bool {
      var base = Substring(name)
      while !reserved.contains(String(base)) {
        guard base.hasSuffix(suffix), base.count > suffix.count else { return false }
        base = base.dropLast(suffix.count)
      }
      return true
    }

    /// The written name: `name` with the suffix when ``isRenamed(_:)``, else `name`.
    func renamed(_ name: String) -> String { isRenamed(name) ? name + suffix : name }

    /// The inverse of ``renamed(_:)``: the catalog name of a written one.
    func original(_ written: String) -> String {
      guard written.hasSuffix(suffix) else { return written }
      let base = String(written.dropLast(suffix.count))
      return isRenamed(base) ? base : written
    }
  }

  /// Whether a component name gets the suffix `Component` in Swift: a reserved name
  /// (``reservedTypeNames``), or a reserved name followed by `Component` one or more times
  /// (so that `Text` → `TextComponent` and a real `TextComponent` → `TextComponentComponent`
  /// stay apart, and ``catalogTypeName(_:)`` can undo each).
  static func isRenamedType(_ name: String) -> Bool { typeRenaming.isRenamed(name) }

  /// The Swift type name of a component: the name with the suffix `Component` when
  /// ``isRenamedType(_:)`` (`struct` → `structComponent`, `View` → `ViewComponent`), else
  /// the name. One-to-one, so `import-swift` reads every written name back
  /// (``catalogTypeName(_:)``).
  /// - Parameter name: The catalog name.
  /// - Returns: A Swift type name that is not a keyword or a name the generated code uses.
  public static func swiftTypeName(_ name: String) -> String { typeRenaming.renamed(name) }

  /// The inverse of ``swiftTypeName(_:)``: the catalog name of a Swift struct name
  /// (`structComponent` → `struct`, `CardComponent` → `CardComponent`).
  /// - Parameter swift: The struct's name, without backticks.
  /// - Returns: The catalog name.
  public static func catalogTypeName(_ swift: String) -> String { typeRenaming.original(swift) }

  /// Whether a member name gets the suffix `Value`: a name a `View` struct cannot use
  /// (``reservedMemberNames``), or such a name followed by `Value` one or more times.
  static func isRenamedMember(_ name: String) -> Bool { memberRenaming.isRenamed(name) }

  /// The argument label a member is written with, without backticks (`body` → `bodyValue`,
  /// `default` → `default`): what a call of the generated struct says.
  /// - Parameter name: The catalog name.
  /// - Returns: The label.
  public static func memberLabel(_ name: String) -> String { memberRenaming.renamed(name) }

  /// The inverse of ``member(_:)``: the catalog name of a Swift parameter, slot or member
  /// name (`bodyValue` → `body`; backticks already removed by the reader).
  /// - Parameter swift: The Swift name, without backticks.
  /// - Returns: The catalog name.
  public static func catalogMemberName(_ swift: String) -> String {
    memberRenaming.original(swift)
  }

  /// The Swift type name of a component (itself unless renamed).
  /// - Parameter component: The component's catalog name.
  /// - Returns: The Swift name.
  public func type(_ component: String) -> String { types[component] ?? component }

  /// The Swift name of a parameter, slot, record member or loop element: renamed with the
  /// suffix `Value` when reserved, escaped with backticks when a keyword.
  /// - Parameter name: The catalog name.
  /// - Returns: A valid Swift identifier.
  public static func member(_ name: String) -> String {
    if isRenamedMember(name) { return name + "Value" }
    return Escaping.swiftIdentifier(name)
  }

  /// A token reference as a length: `DesignTokens.spaceSm`, `CGFloat(DesignTokens.ratio)`
  /// for a number token, or nil when the token is not one the export writes.
  /// - Parameter path: The token path.
  /// - Returns: A Swift expression of type `CGFloat`.
  public func length(ofToken path: String) -> String? {
    guard let name = tokens[path] else { return nil }
    let reference = "\(Self.tokensTypeName).\(name)"
    return numberTokens.contains(path) ? "CGFloat(\(reference))" : reference
  }
}
