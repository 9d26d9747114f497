import CatalogModel

/// The one rule for a reference written `{group}` where the group has a `$root` token
/// (DTCG 2025.10 Format §6.2, root tokens): the valid reference is `{group.$root}`;
/// `{group}` names the group, and a curly-brace reference MUST NOT target a non-token
/// (§7.1.1, §7.4.5). Under `--strict` it is an error; otherwise it is rewritten to
/// `{group.$root}` with a warning, so the catalog and every export keep the valid form.
///
/// It applies wherever a value is accepted (an import, a catalog folder, `edit --tokens`,
/// `tokens set`) and to every reference in the value: a whole-value alias, a member of a
/// composite value (a border's `color`, a shadow layer's `offsetX`, a typography member, a
/// gradient stop) and a Tokens Studio math operand.
public enum GroupReference {
  /// The value with every `{group}` naming a group that has a root token rewritten to
  /// `{group.$root}`, and the groups rewritten (each once, in order).
  ///
  /// - Parameters:
  ///   - value: A `$value`.
  ///   - isRootedGroup: Whether a path is a group that has a `$root` token.
  /// - Returns: The value (unchanged when nothing names such a group) and the groups.
  public static func rewrite(_ value: JSONValue, isRootedGroup: (String) -> Bool) -> (
    value: JSONValue, groups: [String]
  ) {
    let located = rewriteLocated(value, valuePath: "", isRootedGroup: isRootedGroup)
    return (located.value, located.groups.map(\.group))
  }

  /// ``rewrite(_:isRootedGroup:)`` with where each group is named: the JSON path of the
  /// member holding the first reference to it (`tokens.b.$value.width` for a border's
  /// width), so a diagnostic points at the member, not at the whole value.
  ///
  /// - Parameters:
  ///   - value: A `$value`.
  ///   - valuePath: The value's own JSON path (`b.$value`).
  ///   - isRootedGroup: Whether a path is a group that has a `$root` token.
  /// - Returns: The value and each group rewritten (once, in order) with its member's path.
  public static func rewriteLocated(
    _ value: JSONValue, valuePath: String, isRootedGroup: (String) -> Bool
  ) -> (value: JSONValue, groups: [(group: String, jsonPath: String)]) {
    var groups: [(group: String, jsonPath: String)] = []
    var memberPath = valuePath
    // The common case first: nothing that names a group, nothing copied.
    guard
      TokenGraph.references(in: value).contains(where: {
        isRootedGroup($0) && !$0.isEmpty
      })
    else { return (value, []) }
    func rewritten(_ text: String) -> String {
      var out = ""
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "{") {
        out += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}") else { break }
        let inner = rest[rest.index(after: open)..<close]
        // Another `{` inside starts the reference again (as references are read).
        if let again = inner.lastIndex(of: "{") {
          out += rest[open..<again]
          rest = rest[again...]
          continue
        }
        let target = String(inner)
        if !target.hasSuffix(".$root"), isRootedGroup(target) {
          out += "{\(target).$root}"
          if !groups.contains(where: { $0.group == target }) {
            groups.append((target, memberPath))
          }
        } else {
          out += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
      }
      return out + rest
    }
    // Iterative walk (the input controls the depth): rebuild containers bottom-up.
    func walk(_ value: JSONValue, depth: Int) -> JSONValue {
      guard depth < TokenSource.maximumDepth else { return value }
      switch value {
      case .string(let s): return s.contains("{") ? .string(rewritten(s)) : value
      case .array(var items):
        let parent = memberPath
        for i in items.indices {
          memberPath = JSONPath.appending(index: i, to: parent)
          items[i] = walk(items[i], depth: depth + 1)
        }
        memberPath = parent
        return .array(items)
      case .object(var o):
        let parent = memberPath
        for i in o.members.indices {
          memberPath = JSONPath.appending(key: o.members[i].key, to: parent)
          o.members[i].value = walk(o.members[i].value, depth: depth + 1)
        }
        memberPath = parent
        return .object(o)
      default: return value
      }
    }
    return (walk(value, depth: 0), groups)
  }

  /// The groups among `paths` that have a `$root` token: each path that is also a prefix
  /// (`space` for `space` and `space.md`). One pass over the paths and their ancestors.
  ///
  /// - Parameter paths: Token paths (normalised).
  /// - Returns: The paths that are groups with a root token.
  public static func rootedGroups(among paths: some Collection<String>) -> Set<String> {
    let all = Set(paths)
    var above = Set<String>()
    for path in all {
      var prefix = Substring(path)
      while let dot = prefix.lastIndex(of: ".") {
        prefix = prefix[..<dot]
        if !above.insert(String(prefix)).inserted { break }
      }
    }
    return above.filter { all.contains($0) }
  }

  /// The error for a reference `{group}` naming a group that has no `$root` token: a
  /// group is no token, so no reference may target it (§7.1.1); the message says what to
  /// write instead, a few of the group's tokens. The one wording wherever such a reference
  /// enters: a token file (a whole-value alias, a composite member, a math operand, whether
  /// the group is the file's or the catalog's), `tokens set`, a component's length or token
  /// argument, and a `render -a` value.
  /// - Parameters:
  ///   - group: The group's path as the reference wrote it.
  ///   - members: The group's token paths, sorted (the first three are named).
  /// - Returns: The message.
  public static func namesGroupMessage(_ group: String, members: [String]) -> String {
    let message = "the reference {\(group)} names a group, not a token (§7.1.1)"
    if members.isEmpty { return message + "; the group holds no token" }
    return message + "; \(membersPhrase(members))"
      + (members.count == 1 ? ": name it" : ": name one of them")
  }

  /// A few of a group's tokens, in words: `its 5 tokens include {space.lg}, {space.md},
  /// {space.sm}, …`, or `its one token is {one.only}`.
  /// - Parameter members: The group's token paths, sorted (the first three are named).
  /// - Returns: The phrase.
  public static func membersPhrase(_ members: [String]) -> String {
    let shown = members.prefix(3).map { "{\($0)}" }.joined(separator: ", ")
    if members.count == 1 { return "its one token is \(shown)" }
    return "its \(members.count) tokens include \(shown)\(members.count > 3 ? ", …" : "")"
  }

  /// The warning (lenient) or error (`--strict`) for one rewritten group, as import,
  /// `tokens set` and every other entry point say it.
  /// - Parameters:
  ///   - group: The group's path.
  ///   - strict: Whether the reference is refused rather than rewritten.
  /// - Returns: The message.
  public static func message(_ group: String, strict: Bool) -> String {
    strict
      ? "the reference {\(group)} names a group; its root token is {\(group).$root} (§6.2, §7.1.1)"
      : "the reference {\(group)} names a group; rewritten to its root token {\(group).$root} (§6.2, §7.1.1)"
  }
}
