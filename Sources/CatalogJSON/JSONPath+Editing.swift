extension JSONPath {
  /// One step of a JSON path: a member name or an array index.
  public enum Segment: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  /// Splits a path as ``JSONPath`` writes it (`body.children[1]["space md"].length`).
  /// - Parameter path: The path; "" is the root.
  /// - Returns: Its segments, or nil when the path is malformed.
  public static func segments(_ path: String) -> [Segment]? {
    var out: [Segment] = []
    var chars = Array(path)
    var i = 0
    var key = ""
    func flush() {
      if !key.isEmpty { out.append(.key(key)) }
      key = ""
    }
    while i < chars.count {
      let c = chars[i]
      switch c {
      case ".":
        flush()
        i += 1
      case "[":
        flush()
        i += 1
        if i < chars.count, chars[i] == "\"" {
          i += 1
          var name = ""
          while i < chars.count, chars[i] != "\"" {
            if chars[i] == "\\", i + 1 < chars.count { i += 1 }
            name.append(chars[i])
            i += 1
          }
          guard i + 1 < chars.count, chars[i + 1] == "]" else { return nil }
          i += 2
          out.append(.key(name))
        } else {
          var digits = ""
          while i < chars.count, chars[i] != "]" {
            digits.append(chars[i])
            i += 1
          }
          guard i < chars.count, let n = Int(digits), n >= 0 else { return nil }
          i += 1
          out.append(.index(n))
        }
      default:
        key.append(c)
        i += 1
      }
    }
    flush()
    chars.removeAll()
    return out
  }

  /// The value at a path.
  /// - Parameters:
  ///   - path: The path.
  ///   - root: The document.
  /// - Returns: The value, or nil when the path leads nowhere.
  public static func value(at path: String, in root: JSONValue) -> JSONValue? {
    guard let segments = segments(path) else { return nil }
    var current = root
    for segment in segments {
      switch (segment, current) {
      case (.key(let k), .object(let o)):
        guard let next = o[k] else { return nil }
        current = next
      case (.index(let n), .array(let a)):
        guard a.indices.contains(n) else { return nil }
        current = a[n]
      default:
        return nil
      }
    }
    return current
  }

  /// Replaces the value at a path, keeping key order.
  /// - Parameters:
  ///   - path: The path of an existing value.
  ///   - root: The document, changed in place.
  ///   - newValue: The replacement.
  /// - Returns: False when the path leads nowhere (the document is unchanged).
  @discardableResult
  public static func set(_ path: String, in root: inout JSONValue, to newValue: JSONValue) -> Bool {
    guard let segments = segments(path) else { return false }
    return set(segments[...], in: &root, to: newValue)
  }

  private static func set(
    _ segments: ArraySlice<Segment>, in value: inout JSONValue, to newValue: JSONValue
  ) -> Bool {
    guard let first = segments.first else {
      value = newValue
      return true
    }
    switch (first, value) {
    case (.key(let k), .object(var o)):
      guard var child = o[k] else { return false }
      guard set(segments.dropFirst(), in: &child, to: newValue) else { return false }
      o[k] = child
      value = .object(o)
      return true
    case (.index(let n), .array(var a)):
      guard a.indices.contains(n) else { return false }
      guard set(segments.dropFirst(), in: &a[n], to: newValue) else { return false }
      value = .array(a)
      return true
    default:
      return false
    }
  }
}
