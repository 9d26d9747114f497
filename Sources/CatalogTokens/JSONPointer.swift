import CatalogModel
import Foundation

/// A same-document JSON Pointer reference (RFC 6901 in a URI fragment, `#/a/b/0`), as DTCG
/// `$ref` writes it (Format §7.3; Resolver §4.2).
///
/// Stricter than RFC 6901 where the DTCG test suite is: a pointer must start with `#/`,
/// have no empty segment (`//` or a trailing `/`), no `{`/`}` (mixing alias syntax), and
/// `~` only as `~0` or `~1`.
public struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
  /// The unescaped segments (`#/a~1b/0` → `["a/b", "0"]`).
  public var segments: [String]
  /// The pointer as written.
  public var text: String

  /// Parses a pointer.
  /// - Parameter text: The `$ref` string.
  /// - Throws: ``TokenValue/ReferenceFailure`` naming what is malformed (§7.3).
  public init(_ text: String) throws(TokenValue.ReferenceFailure) {
    self.text = text
    guard text.hasPrefix("#") else {
      throw .init(
        message:
          "the $ref '\(text)' must start with '#/' (a pointer into this document; other files are not supported here) (§7.3)"
      )
    }
    let body = text.dropFirst()
    guard body.hasPrefix("/") else {
      throw .init(
        message: body.isEmpty
          ? "the $ref '#' points at the whole document; it must point at a value inside a token, e.g. #/group/token/$value (§7.3)"
          : "the $ref '\(text)' is not a JSON Pointer: after '#' comes '/' (RFC 6901) (§7.3)")
    }
    if text.contains("{") || text.contains("}") {
      throw .init(message: "the $ref '\(text)' mixes alias syntax {…} into a JSON Pointer (§7.3)")
    }
    var segments: [String] = []
    for raw in body.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard !raw.isEmpty else {
        throw .init(
          message: "the $ref '\(text)' has an empty segment (a double or trailing '/') (§7.3)")
      }
      var out = ""
      var i = raw.startIndex
      while i < raw.endIndex {
        let c = raw[i]
        if c == "~" {
          let n = raw.index(after: i)
          guard n < raw.endIndex, raw[n] == "0" || raw[n] == "1" else {
            throw .init(
              message: "the $ref '\(text)' has '~' not followed by 0 or 1 (RFC 6901 escapes) (§7.3)"
            )
          }
          out.append(raw[n] == "0" ? "~" : "/")
          i = raw.index(after: n)
        } else {
          out.append(c)
          i = raw.index(after: i)
        }
      }
      segments.append(out.removingPercentEncoding ?? out)
    }
    self.segments = segments
  }

  /// Creates a pointer from segments.
  /// - Parameter segments: Unescaped segments.
  public init(segments: [String]) {
    self.segments = segments
    self.text =
      "#/"
      + segments.map {
        $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      }.joined(separator: "/")
  }

  /// `#/a/b`.
  public var description: String { text }

  /// An array index segment: digits without a leading zero (RFC 6901 §4).
  /// - Parameter segment: A segment.
  /// - Returns: The index or nil.
  public static func index(_ segment: String) -> Int? {
    guard !segment.isEmpty, segment.allSatisfy({ $0.isASCII && $0.isNumber }),
      segment == "0" || !segment.hasPrefix("0")
    else { return nil }
    return Int(segment)
  }
}
