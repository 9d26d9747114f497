import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON Pointer (RFC 6901): a path of reference tokens from a document's root, written
/// `/a/b~1c/0` (`~0` is `~`, `~1` is `/`, §3), or as a URI fragment `#/a/b~1c/0` whose
/// characters may also be percent-encoded (§6).
///
/// For example:
/// ```swift
/// let pointer = try JSONPointer(fragment: "#/color/$value/components/0")
/// let value = try pointer.value(in: document.root)
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens (`/a~1b/0` → `["a/b", "0"]`); empty for the whole
  /// document.
  public var segments: [String]

  /// A pointer from its reference tokens.
  /// - Parameter segments: Unescaped tokens.
  public init(segments: [String]) {
    self.segments = segments
  }

  /// Parses a pointer in its JSON string form (RFC 6901 §3, §5): `""` is the whole
  /// document, otherwise each token follows a `/`.
  ///
  /// - Parameter text: The pointer.
  /// - Throws: ``JSONPointerError`` when the text does not start with `/` or has a `~`
  ///   that is not `~0` or `~1`.
  public init(_ text: String) throws(JSONPointerError) {
    guard !text.isEmpty else {
      self.segments = []
      return
    }
    guard text.hasPrefix("/") else {
      throw JSONPointerError(
        pointer: text, problem: .missingLeadingSlash,
        message: "'\(text)' is not a JSON Pointer: it must be empty or start with '/' (RFC 6901 §3)"
      )
    }
    var segments: [String] = []
    for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      segments.append(try Self.unescaped(raw, in: text))
    }
    self.segments = segments
  }

  /// Parses a pointer in its URI fragment form (RFC 6901 §6): `#` then the pointer,
  /// percent-decoded.
  ///
  /// - Parameter fragment: The fragment, `#` included (`#/a/b`; `#` alone is the whole
  ///   document).
  /// - Throws: ``JSONPointerError`` when it does not start with `#`, its percent-encoding is
  ///   malformed, or the pointer after `#` is malformed.
  public init(fragment: String) throws(JSONPointerError) {
    guard fragment.hasPrefix("#") else {
      throw JSONPointerError(
        pointer: fragment, problem: .notAFragment,
        message: "'\(fragment)' is not a URI fragment: it must start with '#' (RFC 6901 §6)")
    }
    let body = String(fragment.dropFirst())
    guard let decoded = PercentEncoding.decoded(body) else {
      throw JSONPointerError(
        pointer: fragment, problem: .malformedPercentEncoding,
        message: "'\(fragment)' has a malformed %-escape (RFC 3986 §2.1, RFC 6901 §6)")
    }
    do {
      try self.init(decoded)
    } catch {
      throw JSONPointerError(
        pointer: fragment, problem: error.problem,
        message: error.message.replacing("'\(decoded)'", with: "'\(fragment)'"))
    }
  }

  /// `~1` → `/`, `~0` → `~` (RFC 6901 §4: `~1` first, so `~01` is `~1`, not `/`).
  private static func unescaped(_ raw: Substring, in text: String) throws(JSONPointerError)
    -> String
  {
    guard raw.contains("~") else { return String(raw) }
    var out = ""
    var i = raw.startIndex
    while i < raw.endIndex {
      let c = raw[i]
      guard c == "~" else {
        out.append(c)
        i = raw.index(after: i)
        continue
      }
      let n = raw.index(after: i)
      guard n < raw.endIndex, raw[n] == "0" || raw[n] == "1" else {
        throw JSONPointerError(
          pointer: text, problem: .badTilde,
          message: "'\(text)' has '~' not followed by 0 or 1 (RFC 6901 §3 escapes)")
      }
      out.append(raw[n] == "0" ? "~" : "/")
      i = raw.index(after: n)
    }
    return out
  }

  /// One reference token escaped for a pointer (`a/b~c` → `a~1b~0c`, RFC 6901 §3).
  /// - Parameter segment: An unescaped token.
  /// - Returns: The escaped token.
  public static func escaped(_ segment: String) -> String {
    guard segment.contains("~") || segment.contains("/") else { return segment }
    return segment.replacing("~", with: "~0").replacing(
      "/", with: "~1")
  }

  /// The pointer in its JSON string form, `/a~1b/0` (`""` for the whole document).
  public var text: String { segments.map { "/" + Self.escaped($0) }.joined() }

  /// The pointer as a URI fragment, `#/a~1b/0`, with no percent-encoding (what DTCG `$ref`s
  /// and resolver documents write).
  public var fragment: String { "#" + text }

  /// The fragment form, `#/a/b`.
  public var description: String { fragment }

  /// An array index token: `0` or digits without a leading zero (RFC 6901 §4).
  /// - Parameter segment: A reference token.
  /// - Returns: The index, or nil for anything else (`-`, `01`, `-1`, `x`).
  public static func index(_ segment: String) -> Int? {
    let utf8 = segment.utf8
    guard let first = utf8.first, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      first != UInt8(ascii: "0") || utf8.count == 1
    else { return nil }
    return Int(segment)
  }

  /// Evaluates the pointer against a document (RFC 6901 §4): each token names a member of
  /// an object or an index of an array.
  ///
  /// - Parameter root: The document's root value.
  /// - Returns: The value the pointer refers to.
  /// - Throws: ``JSONPointerError`` naming the first token that leads nowhere: a missing
  ///   member, an index that is not one or is past the end (`-` included, §4), or a step
  ///   into a scalar.
  public func value(in root: JSONValue) throws(JSONPointerError) -> JSONValue {
    var node = root
    for (depth, segment) in segments.enumerated() {
      let at = JSONPointer(segments: Array(segments[..<depth])).fragment
      switch node {
      case .object(let object):
        guard let next = object[segment] else {
          throw JSONPointerError(
            pointer: fragment, problem: .missingMember,
            message: "'\(fragment)' names '\(segment)', which \(at) does not have (RFC 6901 §4)")
        }
        node = next
      case .array(let elements):
        guard let i = Self.index(segment) else {
          throw JSONPointerError(
            pointer: fragment, problem: .badIndex,
            message:
              "'\(fragment)' uses '\(segment)' as an array index at \(at); indices are whole numbers from 0 (RFC 6901 §4)"
          )
        }
        guard i < elements.count else {
          throw JSONPointerError(
            pointer: fragment, problem: .indexOutOfRange,
            message:
              "'\(fragment)' uses index \(i), but the array at \(at) has \(elements.count) elements (RFC 6901 §4)"
          )
        }
        node = elements[i]
      default:
        throw JSONPointerError(
          pointer: fragment, problem: .throughScalar,
          message: "'\(fragment)' goes past a \(node.typeName) at '\(segment)' (RFC 6901 §4)")
      }
    }
    return node
  }
}

/// A malformed JSON Pointer, or one that leads nowhere in a document.
public struct JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, for callers that answer each kind differently.
  public enum Problem: Sendable, Equatable {
    /// The pointer is neither empty nor starts with `/` (RFC 6901 §3).
    case missingLeadingSlash
    /// A fragment does not start with `#` (§6).
    case notAFragment
    /// A fragment's `%` escapes are malformed (§6).
    case malformedPercentEncoding
    /// A `~` is not followed by `0` or `1` (§3).
    case badTilde
    /// An object has no member with the token's name (§4).
    case missingMember
    /// An array's token is not an index (§4).
    case badIndex
    /// An array's index is past its end (§4).
    case indexOutOfRange
    /// A token steps into a string, number, Boolean or null (§4).
    case throughScalar
  }

  /// The pointer as written.
  public var pointer: String
  /// The kind of problem.
  public var problem: Problem
  /// What is wrong, naming the pointer and the RFC 6901 section.
  public var message: String

  /// The message.
  public var description: String { message }
}
