import CatalogModel

/// The token and group paths a DTCG token tree defines, and the one rule for a new path
/// that would collide with them.
///
/// A tree is a DTCG file's top-level object, or a source of a resolver document's set or
/// context (Resolver §4.1.4). An object holding `$value` (or a JSON Pointer `$ref`) is a
/// token (Format §5); any other object below a name is a group (Format §6); a group's
/// `$root` token is stored under the group's own path (Format §6.2, root tokens). Keys that
/// start with `$` are properties, not names. The walk is iterative, so the tree's depth
/// never becomes Swift recursion.
public struct TokenTreePaths: Sendable, Equatable {
  /// The token paths, in document order.
  public var tokens: [String] = []
  /// The group paths, in document order (a group holding `$root` is also a token).
  public var groups: [String] = []

  /// Creates an empty set of paths.
  public init() {}

  /// The paths defined by `tree`.
  ///
  /// - Parameter tree: A DTCG token tree (an object; anything else defines nothing).
  /// - Returns: Its token and group paths.
  public static func of(_ tree: JSONValue) -> TokenTreePaths {
    var result = TokenTreePaths()
    guard let root = tree.objectValue else { return result }
    var stack: [(prefix: String, object: JSONObject)] = [("", root)]
    while let (prefix, object) = stack.popLast() {
      var children: [(String, JSONObject)] = []
      for (key, value) in object.members {
        guard let child = value.objectValue else { continue }
        if key == "$root" {
          if !prefix.isEmpty { result.tokens.append(prefix) }
          continue
        }
        guard !key.hasPrefix("$") else { continue }
        let path = prefix.isEmpty ? key : "\(prefix).\(key)"
        if child["$value"] != nil || child["$ref"] != nil {
          result.tokens.append(path)
        } else {
          result.groups.append(path)
          children.append((path, child))
        }
      }
      stack += children.reversed()
    }
    return result
  }

  /// How a path would collide with an existing token or group path.
  public enum Collision: Sendable, Equatable {
    /// The same path.
    case same
    /// The path is a group above the existing one (`space` above `space.md`).
    case groupAbove
    /// The path is below the existing one (`space.md.x` below `space.md`).
    case below
  }

  /// The one rule for a path a token is renamed to (`tokens rename`): it must not be an
  /// existing token or group, a group above one, or a name below one, since a token's path
  /// names one thing only (DTCG Format §5.1.1: a token and a group may not share a name;
  /// a token holds no children, §5).
  ///
  /// - Parameters:
  ///   - path: The new path.
  ///   - existing: An existing token or group path.
  /// - Returns: How they collide, or nil when they do not.
  public static func collision(of path: String, with existing: String) -> Collision? {
    if path == existing { return .same }
    if existing.hasPrefix(path), existing.utf8.dropFirst(path.utf8.count).first == UInt8(ascii: ".")
    {
      return .groupAbove
    }
    if path.hasPrefix(existing), path.utf8.dropFirst(existing.utf8.count).first == UInt8(ascii: ".")
    {
      return .below
    }
    return nil
  }

  /// The paths above `path`, nearest last (`a.b.c` → `a`, `a.b`).
  /// - Parameter path: A dotted path.
  /// - Returns: Its ancestors.
  public static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var current = ""
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    for part in parts.dropLast() {
      current = current.isEmpty ? String(part) : "\(current).\(part)"
      result.append(current)
    }
    return result
  }
}
