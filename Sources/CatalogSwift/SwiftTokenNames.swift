import CatalogModel
import CatalogRender
import CatalogTokens
import Foundation

/// How Swift code names the catalog's tokens, both ways.
///
/// Three spellings map to a token path:
/// - the SwiftUI renderer's enums (`render --format swiftui`): `Spacing.sm`,
///   `Spacing.insetHorizontal`, `Size.artwork` (``SwiftUIRenderer/swiftName(ofToken:)``);
/// - the Swift token export (`tokens export --format swift`): `DesignTokens.spaceSm`
///   (``TokenNaming/swift(_:)`` under the export's type name);
/// - a `--token-map FILE`: a JSON object of Swift expression → token path, for an app's own
///   names (`{"Theme.gutter": "space.md"}`; braces around the path are allowed).
/// An implicit member (`.sm` where a spacing is expected) matches when exactly one token
/// has that member name, or exactly one `space.*` token does.
public struct SwiftTokenNames: Sendable {
  /// The catalog's tokens.
  public let tokens: TokenResolver
  /// The type name of the Swift export (`DesignTokens`), used by `--fix`.
  public let exportTypeName: String
  /// `Base.member` → token path.
  public private(set) var byExpression: [String: String] = [:]
  /// Member name → token path, when one token has that member name.
  public private(set) var byMember: [String: String] = [:]
  /// Type names that hold tokens (`Spacing`, `Size`, `DesignTokens`, the map's bases): a
  /// member of one of these that names no token is a reference the catalog lacks.
  public private(set) var namespaces: Set<String> = []
  /// Resolved points per token path (dimension and number tokens that resolve).
  public private(set) var points: [String: Double] = [:]
  /// The groups with a `$root` token (``GroupReference/rootedGroups(among:)``): a reference
  /// to one of these tokens is written `{group.$root}` (``reference(to:)``).
  public private(set) var rootedGroups: Set<String> = []

  /// Builds the names for a catalog's tokens.
  /// - Parameters:
  ///   - tokens: The catalog's tokens.
  ///   - exportTypeName: The Swift export's type name (`tokens export --format swift --name`).
  ///   - map: Extra names (`Theme.gutter` → `space.md`), from a `--token-map` file.
  public init(
    tokens: TokenResolver, exportTypeName: String = "DesignTokens", map: [String: String] = [:]
  ) {
    self.tokens = tokens
    self.exportTypeName = exportTypeName
    namespaces = [exportTypeName, "Spacing"]
    rootedGroups = GroupReference.rootedGroups(among: tokens.tokens.keys)
    var memberCount: [String: [String]] = [:]
    for path in tokens.tokens.keys.sorted() {
      guard let r = try? tokens.resolve(path), let p = r.points else { continue }
      points[path] = p
      let (e, m) = SwiftUIRenderer.swiftName(ofToken: path)
      byExpression["\(e).\(m)"] = path
      namespaces.insert(e)
      let exported = Self.unescaped(TokenNaming.swift(path))
      byExpression["\(exportTypeName).\(exported)"] = path
      memberCount[m, default: []].append(path)
      memberCount[exported, default: []].append(path)
    }
    for (member, paths) in memberCount {
      let distinct = Set(paths)
      if distinct.count == 1 {
        byMember[member] = paths[0]
      } else {
        // `.sm` where a length is expected: with several tokens of that member name
        // (`space.sm`, `radius.sm`), the one spacing token is meant (the catalog's lengths are
        // spacing first); otherwise it stays ambiguous and names no token.
        let spacing = distinct.filter { $0.hasPrefix("space.") }
        if spacing.count == 1, let only = spacing.first { byMember[member] = only }
      }
    }
    for (expression, path) in map {
      var target = path
      if target.hasPrefix("{"), target.hasSuffix("}") {
        target = String(target.dropFirst().dropLast())
      }
      byExpression[expression] = target
      if let dot = expression.lastIndex(of: ".") {
        let base = String(expression[..<dot])
        if !base.isEmpty { namespaces.insert(base) }
        byMember[String(expression[expression.index(after: dot)...])] = target
      }
    }
  }

  /// Reads a `--token-map` file: a JSON object of Swift expression → token path.
  /// - Parameter file: The file's path.
  /// - Returns: The map.
  /// - Throws: ``SwiftBridgeError`` naming the file and what was expected.
  public static func readMap(file: String) throws(SwiftBridgeError) -> [String: String] {
    let data = try readSwiftBytes(file, limit: SwiftSourceFile.maximumFileSize)
    let document: JSONDocument
    do { document = try JSONParser.parse(bytes: data, file: file) } catch {
      throw SwiftBridgeError("\(error)")
    }
    guard let object = document.root.objectValue else {
      throw SwiftBridgeError(
        "\(file): a token map is a JSON object of Swift name → token path, like {\"Theme.gutter\": \"space.md\"}"
      )
    }
    var out: [String: String] = [:]
    for (key, value) in object.members {
      guard let path = value.stringValue else {
        throw SwiftBridgeError(
          "\(file): \(key): a token path string like \"space.md\"; got \(value.typeName)")
      }
      out[key] = path
    }
    return out
  }

  /// The token a static member names (`Spacing.sm`, `DesignTokens.spaceSm`, or `.sm` with
  /// no base).
  /// - Parameters:
  ///   - base: The type written before the dot, or nil for an implicit member.
  ///   - member: The member's name.
  /// - Returns: The token path, or nil.
  public func token(base: String?, member: String) -> String? {
    let m = Self.unescaped(member)
    if let base { return byExpression["\(base).\(m)"] }
    return byMember[m]
  }

  /// The reference a definition holds for a token: `{space.md}`, or `{sp.$root}` for the
  /// root token of a group (stored as `sp`; DTCG Format §6.2: `{sp}` names the group, which
  /// the import would rewrite with a warning), so what `import-swift` writes is valid as
  /// it stands.
  /// - Parameter path: The token's stored path.
  /// - Returns: The reference with its braces.
  public func reference(to path: String) -> String {
    rootedGroups.contains(path) ? "{\(path).$root}" : "{\(path)}"
  }

  /// True when `base` is a type that holds tokens, so `base.member` should name one.
  /// - Parameter base: A type name.
  /// - Returns: Whether it is a token namespace.
  public func isNamespace(_ base: String) -> Bool { namespaces.contains(base) }

  /// The Swift export's name for a token: `DesignTokens.spaceSm`.
  /// - Parameter path: A token path.
  /// - Returns: The expression `--fix` writes.
  public func exportName(of path: String) -> String {
    "\(exportTypeName).\(TokenNaming.swift(path))"
  }

  /// The tokens whose resolved value is `value` points, best first: tokens of the group
  /// the use prefers (`space` for spacing and padding, `size` for frames), then shorter
  /// paths, then by name.
  /// - Parameters:
  ///   - value: A length in points.
  ///   - group: The preferred top-level group.
  /// - Returns: Token paths.
  public func tokens(equalTo value: Double, preferring group: String) -> [String] {
    points.filter { $0.value == value }.keys.sorted { a, b in
      let ga = a.hasPrefix(group + ".")
      let gb = b.hasPrefix(group + ".")
      if ga != gb { return ga }
      let da = tokens.tokens[a]?.deprecated != nil
      let db = tokens.tokens[b]?.deprecated != nil
      if da != db { return !da }
      if a.count != b.count { return a.count < b.count }
      return a < b
    }
  }

  /// The `$deprecated` note of a token, if it is deprecated (DTCG Format §5.2.4).
  /// - Parameter path: A token path.
  /// - Returns: nil when not deprecated; otherwise the message (possibly empty).
  public func deprecation(of path: String) -> String? {
    guard let d = tokens.tokens[path]?.deprecated else { return nil }
    switch d {
    case .bool(false): return nil
    case .string(let s): return s
    default: return ""
    }
  }

  static func unescaped(_ name: String) -> String {
    name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2
      ? String(name.dropFirst().dropLast()) : name
  }
}

/// A failure of the Swift bridge that is not about one place in a Swift file (an unreadable
/// file, a malformed token map).
public struct SwiftBridgeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, naming the file.
  public var message: String
  /// Creates an error.
  /// - Parameter message: What went wrong.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
