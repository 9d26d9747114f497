/// A structural diff of two JSON values, by JSON path (`body.children[1].modifiers[0]`).
///
/// Objects are compared member by member (a member only in the old value is removed, only
/// in the new one added, in both with different values changed, recursively). Arrays are
/// aligned by their longest common subsequence of equal elements, so inserting a child in
/// the middle of `children` is one addition rather than a change of every later child;
/// unmatched elements between two matched ones are paired up in order and compared
/// recursively, the rest are additions or removals. Scalars of different value or type
/// are a change. Key order inside an object is not a change (JSON objects are unordered,
/// RFC 8259 §4).
///
/// For example:
/// ```swift
/// let changes = JSONDiff.changes(from: old.json, to: new.json)
/// // [~ body.arguments.alignment: "leading" → "center"]
/// ```
///
/// Paths are written as ``JSONPath`` writes them, the same paths definition errors and
/// the `component_length.json_path` column use. Added elements are named by their index in
/// the new array, removed ones by their index in the old one. The diff is bounded: values
/// nested deeper than ``maximumDepth`` are compared whole, and arrays whose alignment
/// would cost more than ``maximumAlignmentCost`` comparisons are compared index by index,
/// so a huge input costs time linear in its size and never overflows the stack.
public enum JSONDiff {
  /// One difference between the old and the new value.
  public struct Change: Sendable, Equatable, CustomStringConvertible {
    /// What happened at ``path``.
    public enum Kind: String, Sendable, Equatable {
      /// The path exists only in the new value.
      case added
      /// The path exists only in the old value.
      case removed
      /// The path exists in both with different values.
      case changed
    }

    /// What happened.
    public var kind: Kind
    /// Where, as a JSON path (`""` for the whole value).
    public var path: String
    /// The old value (`nil` when added).
    public var old: JSONValue?
    /// The new value (`nil` when removed).
    public var new: JSONValue?

    /// Creates a change.
    /// - Parameters:
    ///   - kind: Added, removed or changed.
    ///   - path: The JSON path.
    ///   - old: The old value, `nil` for an addition.
    ///   - new: The new value, `nil` for a removal.
    public init(kind: Kind, path: String, old: JSONValue?, new: JSONValue?) {
      self.kind = kind
      self.path = path
      self.old = old
      self.new = new
    }

    /// One line: `+ path: value`, `- path: value` or `~ path: old → new`, values as
    /// compact JSON cut to 120 characters.
    public var description: String {
      let shown = path.isEmpty ? "(root)" : path
      switch kind {
      case .added: return "+ \(shown): \(JSONDiff.short(new))"
      case .removed: return "- \(shown): \(JSONDiff.short(old))"
      case .changed: return "~ \(shown): \(JSONDiff.short(old)) → \(JSONDiff.short(new))"
      }
    }
  }

  /// Nesting below which values are compared whole (one change for the subtree).
  public static let maximumDepth = 512

  /// The largest `old.count × new.count` aligned by longest common subsequence; larger
  /// arrays are compared index by index.
  public static let maximumAlignmentCost = 4_000_000

  /// The differences between two values, in document order of the new value (removals at
  /// the place they were).
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  /// - Returns: The changes; empty when the values are equal apart from the order of
  ///   object members.
  public static func changes(from old: JSONValue, to new: JSONValue) -> [Change] {
    var changes: [Change] = []
    compare(old, new, path: "", depth: 0, into: &changes)
    return changes
  }

  private static func compare(
    _ old: JSONValue, _ new: JSONValue, path: String, depth: Int, into changes: inout [Change]
  ) {
    if old == new { return }
    guard depth < maximumDepth else {
      changes.append(Change(kind: .changed, path: path, old: old, new: new))
      return
    }
    switch (old, new) {
    case (.object(let a), .object(let b)):
      // Dictionaries keep this linear for objects with many members (the first of
      // duplicate keys wins, as ``JSONObject``'s subscript does).
      let oldMembers = Dictionary(
        a.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      let newKeys = Set(b.members.map(\.key))
      for (key, newValue) in b.members {
        let child = JSONPath.appending(key: key, to: path)
        if let oldValue = oldMembers[key] {
          compare(oldValue, newValue, path: child, depth: depth + 1, into: &changes)
        } else {
          changes.append(Change(kind: .added, path: child, old: nil, new: newValue))
        }
      }
      for (key, oldValue) in a.members where !newKeys.contains(key) {
        changes.append(
          Change(
            kind: .removed, path: JSONPath.appending(key: key, to: path), old: oldValue, new: nil))
      }
    case (.array(let a), .array(let b)):
      compareArrays(a, b, path: path, depth: depth, into: &changes)
    default:
      changes.append(Change(kind: .changed, path: path, old: old, new: new))
    }
  }

  private static func compareArrays(
    _ a: [JSONValue], _ b: [JSONValue], path: String, depth: Int, into changes: inout [Change]
  ) {
    // Matched index pairs, in order: the longest common subsequence of equal elements.
    var matches: [(Int, Int)] = []
    if a.count * b.count <= maximumAlignmentCost, !a.isEmpty, !b.isEmpty {
      let n = a.count
      let m = b.count
      // lengths[i][j]: LCS length of a[i...] and b[j...], in one flat array.
      var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          lengths[i * (m + 1) + j] =
            a[i] == b[j]
            ? lengths[(i + 1) * (m + 1) + j + 1] + 1
            : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < n, j < m {
        if a[i] == b[j] {
          matches.append((i, j))
          i += 1
          j += 1
        } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
          i += 1
        } else {
          j += 1
        }
      }
    }
    // Walk the gaps between matches (and after the last one).
    var previous = (-1, -1)
    for anchor in matches + [(a.count, b.count)] {
      let removed = Array((previous.0 + 1)..<anchor.0)
      let added = Array((previous.1 + 1)..<anchor.1)
      let paired = min(removed.count, added.count)
      for k in 0..<paired {
        compare(
          a[removed[k]], b[added[k]], path: JSONPath.appending(index: added[k], to: path),
          depth: depth + 1, into: &changes)
      }
      for k in removed.dropFirst(paired) {
        changes.append(
          Change(kind: .removed, path: JSONPath.appending(index: k, to: path), old: a[k], new: nil))
      }
      for k in added.dropFirst(paired) {
        changes.append(
          Change(kind: .added, path: JSONPath.appending(index: k, to: path), old: nil, new: b[k]))
      }
      previous = anchor
    }
  }

  /// A value as compact JSON, at most 120 characters.
  static func short(_ value: JSONValue?) -> String {
    guard let value else { return "(none)" }
    let text = JSONWriter.compact(value)
    return text.count > 120 ? String(text.prefix(117)) + "..." : text
  }
}
