/// A length as a definition writes it: points, a token alias, a parameter, or nothing.
///
/// The four stay distinct from parsing to output, because they mean different things to a
/// design system: `8` is hard-coded, `{space.sm}` follows the token, `$gap` follows the
/// instance's argument, and absent/`null` is SwiftUI's `nil`, the platform default (spacing
/// 8 and padding 16 on iOS).
public enum Length: Sendable, Equatable, CustomStringConvertible {
  /// A literal number of points.
  case points(Double)
  /// A DTCG alias, `{space.md}`, stored as the dotted path `space.md`.
  case token(String)
  /// A parameter of the enclosing component, `$gap`, stored without the `$`.
  case parameter(String)
  /// SwiftUI's `nil`: the platform's default.
  case platformDefault
  /// SwiftUI's `.infinity`, allowed for maximum sizes only.
  case infinity

  /// How the length is written in a definition: `8`, `{space.md}`, `$gap`, `null`,
  /// `"infinity"`.
  public var description: String {
    switch self {
    case .points(let p): return JSONWriter.number(p)
    case .token(let path): return "{\(path)}"
    case .parameter(let name): return "$\(name)"
    case .platformDefault: return "null"
    case .infinity: return "infinity"
    }
  }

  /// The JSON form of the length.
  public var json: JSONValue {
    switch self {
    case .points(let p): return .number(p)
    case .token(let path): return .string("{\(path)}")
    case .parameter(let name): return .string("$\(name)")
    case .platformDefault: return .null
    case .infinity: return .string("infinity")
    }
  }

  /// Reads a length from JSON.
  ///
  /// - Parameters:
  ///   - value: A number, `"{token.path}"`, `"$parameter"`, `null`, or (when
  ///     `allowsInfinity`) `"infinity"`.
  ///   - allowsInfinity: True for `maxWidth`/`maxHeight`.
  /// - Returns: The length, or nil with `problem` describing what was expected.
  public static func parse(_ value: JSONValue, allowsInfinity: Bool = false) -> Result<
    Length, LengthProblem
  > {
    switch value {
    case .null:
      return .success(.platformDefault)
    case .number(let number):
      let n = number.value
      guard n.isFinite else { return .failure(.init("a finite number of points")) }
      return .success(.points(n))
    case .string(let s):
      if allowsInfinity, s == "infinity" || s == ".infinity" { return .success(.infinity) }
      if s.hasPrefix("{"), s.hasSuffix("}"), s.count > 2 {
        let path = String(s.dropFirst().dropLast())
        guard TokenPath.isValid(path) else {
          return .failure(.init("a token alias like {space.md}; '\(s)' is not a valid token path"))
        }
        return .success(.token(path))
      }
      if s.hasPrefix("$"), ReferencePath.isValid(String(s.dropFirst())) {
        return .success(.parameter(String(s.dropFirst())))
      }
      return .failure(
        .init(
          "a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\"\(allowsInfinity ? ", \"infinity\"" : "") or null; got the string \"\(s)\""
        ))
    default:
      return .failure(
        .init(
          "a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got \(value.typeName)"
        ))
    }
  }
}

/// Why a JSON value is not a length: what was expected.
public struct LengthProblem: Error, Sendable, Equatable {
  /// What was expected, for the message.
  public var expected: String
  init(_ expected: String) { self.expected = expected }
}

/// Rules for identifiers: component, parameter, variant and slot names.
public enum Identifier {
  /// True for `[A-Za-z_][A-Za-z0-9_]*` up to 128 characters (a Swift-compatible name).
  /// - Parameter name: The candidate.
  /// - Returns: Whether it is a valid identifier.
  public static func isValid(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 128 else { return false }
    for (i, byte) in name.utf8.enumerated() {
      let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
      let digit = byte >= 48 && byte <= 57
      if !(letter || (i > 0 && digit)) { return false }
    }
    return true
  }
}

/// A `$` reference without the `$`: a parameter (`title`) or a member of a `ForEach`
/// record element (`row.title`), identifiers joined by dots.
public enum ReferencePath {
  /// The most members a reference may name after its parameter (`row.title` is one).
  public static let maximumMembers = 1

  /// True for `identifier` or `identifier.identifier`.
  /// - Parameter path: The reference without `$`.
  /// - Returns: Whether it is a valid reference.
  public static func isValid(_ path: String) -> Bool {
    // The parts between dots, each checked as ``Identifier/isValid(_:)`` checks a name, in
    // one pass over the bytes (splitting cost about 2,000 instructions a text; issue 17,
    // point 4).
    var parts = 1
    var length = 0
    for byte in path.utf8 {
      if byte == UInt8(ascii: ".") {
        guard length > 0, parts <= maximumMembers else { return false }
        parts += 1
        length = 0
        continue
      }
      let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
      let digit = byte >= 48 && byte <= 57
      guard letter || (length > 0 && digit), length < 128 else { return false }
      length += 1
    }
    return length > 0
  }

  /// The parameter a reference starts from (`row` in `row.title`).
  /// - Parameter path: A valid reference.
  /// - Returns: Its first identifier.
  public static func base(_ path: String) -> String {
    String(path.prefix { $0 != "." })
  }

  /// The members a reference names after its parameter (`["title"]` in `row.title`).
  /// - Parameter path: A valid reference.
  /// - Returns: The member names, in order; empty for a plain parameter.
  public static func members(_ path: String) -> [String] {
    path.split(separator: ".").dropFirst().map(String.init)
  }
}

/// Rules for DTCG token paths (`space.md`): segments joined by dots, none empty, none
/// starting with `$` (except the reserved `$root`), none containing `{` or `}`
/// (DTCG 2025.10 Format §5.1.1).
public enum TokenPath {
  /// True when `path` is a valid dotted token path.
  /// - Parameter path: The candidate, without braces.
  /// - Returns: Whether every segment is a valid token or group name.
  public static func isValid(_ path: String) -> Bool {
    let segments = path.split(separator: ".", omittingEmptySubsequences: false)
    guard !segments.isEmpty else { return false }
    for segment in segments {
      if segment.isEmpty || segment.contains("{") || segment.contains("}") { return false }
      if segment.hasPrefix("$") && segment != "$root" { return false }
    }
    // No control, invisible or bidirectional characters (NameText).
    return NameText.forbiddenScalar(in: path) == nil
  }

  /// The most UTF-8 bytes a token path may have.
  public static let maximumBytes = 4096

  /// The stored path a reference names: `{group.$root}` names the token stored under the
  /// group's path (DTCG Format §6.2, root tokens); any other reference names itself.
  /// - Parameter reference: The text between the braces.
  /// - Returns: The token path.
  public static func stored(_ reference: String) -> String {
    reference.hasSuffix(".$root") ? String(reference.dropLast(6)) : reference
  }

  /// Why `path` is not a token path a token may be stored under, in words, or nil when it
  /// is one: names joined by single dots, none starting with `$` (a reference may say
  /// `{group.$root}`, ``isValid(_:)``, but the token is stored under the group's path),
  /// no `{` or `}` (DTCG 2025.10 Format §5.1.1, §6.2), the characters every name refuses
  /// (``NameText/problem(in:)``, the importers' rule) and at most ``maximumBytes`` bytes.
  /// The one check `tokens set`, `tokens rename` and every other path entry run before
  /// anything is stored.
  /// - Parameter path: The path, already in NFC (``NameText/normalized(_:)``).
  /// - Returns: The problem (`it holds U+0001 (a control character); …`), or nil.
  public static func problem(in path: String) -> String? {
    if path.isEmpty { return "it is empty" }
    if path.utf8.count > maximumBytes { return "it is longer than \(maximumBytes) bytes" }
    for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
      if segment.isEmpty { return "it has an empty name; names are joined by single dots" }
      if segment.contains("{") || segment.contains("}") {
        return "it contains '{' or '}', which DTCG reserves for aliases (§5.1.1)"
      }
      if segment.hasPrefix("$") {
        return segment == "$root"
          ? "'$root' is stored under its group's path; name the group (DTCG Format §6.2)"
          : "the name '\(NameText.quoted(String(segment)))' starts with '$', which DTCG reserves for properties (§5.1.1)"
      }
    }
    return NameText.problem(in: path)
  }
}
