import CatalogModel

/// Follows JSON Pointer `$ref`s (Format §7.3) through a token file's tree, for
/// ``TokenFileParser``: a pointer must end inside a token's `$value`; aliases met on the
/// way are followed; a pointer met again is a cycle (§6.7.4).
struct TokenPointerResolver {
  /// The file's tree (after `$extends`).
  let root: JSONValue
  /// The file's tokens.
  let tokens: [DesignToken]
  /// Token index by stored path.
  let index: [String: Int]
  /// What this document's pointers resolved to, each resolved once (review 14: a chain
  /// `r_i → #/r_{i-1}/$value` was followed again from every token, quadratic).
  let memo = Memo()

  /// Resolutions kept for one document: its tree and tokens do not change while it is
  /// checked, so a pointer gives the same value wherever it is met.
  final class Memo {
    /// Pointer text → the value it gives (free of references) and the length of the
    /// `$ref` chain below it, counting itself. Failures are in ``tooLong`` and ``failed``.
    var resolved: [String: (value: JSONValue, length: Int)] = [:]
    /// Pointer prefix (`a/b`) → the members of the group there, for lookups in O(1).
    var groups: [String: [String: JSONValue]] = [:]
    /// Pointers whose own chain is longer than ``maximumChain``, wherever they are met.
    var tooLong: [String: TokenValue.ReferenceFailure] = [:]
    /// Pointers that fail wherever they are met (a missing member, a pointer into a group,
    /// …): every failure but a cycle and the depth guard, which depend on the way in.
    var failed: [String: TokenValue.ReferenceFailure] = [:]
    /// Too-long pointer → the pointer where its chain first passes ``maximumChain`` links
    /// (one error per chain, not one per token that reaches it).
    var cause: [String: String] = [:]
    /// The cause of the last "too long" thrown.
    var lastCause: String?
    /// Walks down the tree so far (one per pointer when each is kept; read by tests).
    var walks = 0
    /// The longest chain met below the pointer being resolved.
    var deepest = 0
    /// Whether the last "too long" thrown is the chain's own length (kept) rather than the
    /// depth it was met at (not kept).
    var intrinsic = false
  }

  /// The most `$ref`s one chain may hold (§7.3).
  static let maximumChain = 64

  /// Replaces every `{"$ref": …}` in a value by the value it points at.
  func inlinePointers(_ value: JSONValue, stack: inout [String], depth: Int) throws(TokenValue
    .ReferenceFailure) -> JSONValue
  {
    guard depth < 64 else { throw .init(message: "references nest too deeply") }
    switch value {
    case .object(let o):
      if o["$ref"] != nil { return try resolvePointer(value, stack: &stack) }
      var out = JSONObject()
      for (k, v) in o.members {
        out.members.append((k, try inlinePointers(v, stack: &stack, depth: depth + 1)))
      }
      return .object(out)
    case .array(let a):
      var out: [JSONValue] = []
      for v in a { out.append(try inlinePointers(v, stack: &stack, depth: depth + 1)) }
      return .array(out)
    default:
      return value
    }
  }

  /// Follows a `{"$ref": "#/…"}` to a value inside a token's `$value`, then follows any
  /// references inside that value; a pointer met again is a cycle (§7.3, §6.7.4).
  func resolvePointer(_ ref: JSONValue, stack: inout [String]) throws(TokenValue.ReferenceFailure)
    -> JSONValue
  {
    guard let o = ref.objectValue, let r = o["$ref"] else { return ref }
    guard let text = r.stringValue else {
      throw .init(message: "$ref must be a string JSON Pointer; got \(r.typeName) (§7.3)")
    }
    if o.count > 1 {
      throw .init(
        message:
          "a $ref object inside a value has only \"$ref\"; got \(o.keys.joined(separator: ", ")) (§7.3)"
      )
    }
    if stack.contains(text) {
      throw .init(
        message:
          "circular $ref: \(BoundedList.chain(Array(stack.drop { $0 != text } + [text]))) (§7.2.3, §6.7.4)"
      )
    }
    if stack.isEmpty { memo.deepest = 0 }
    if let failure = memo.tooLong[text] {
      memo.intrinsic = true
      memo.lastCause = memo.cause[text]
      throw failure
    }
    if let failure = memo.failed[text] { throw failure }
    if let known = memo.resolved[text] {
      memo.deepest = max(memo.deepest, known.length)
      return known.value
    }
    // Swift recursion stays bounded: a pointer not resolved yet is followed only this deep
    // (a failure that depends on where it is met, so it is not kept).
    guard stack.count < Self.maximumChain else {
      memo.intrinsic = false
      throw Self.chainTooLong
    }
    let outer = memo.deepest
    memo.deepest = 0
    let value: JSONValue
    do { value = try walk(text, stack: &stack) } catch {
      // A pointer that reaches a chain too long in itself is too long wherever it is met.
      if error == Self.chainTooLong {
        if memo.intrinsic {
          memo.tooLong[text] = error
          memo.cause[text] = memo.lastCause
        }
      } else if !error.message.hasPrefix("circular") {
        memo.failed[text] = error
      }
      throw error
    }
    let length = memo.deepest + 1
    guard length <= Self.maximumChain else {
      memo.intrinsic = true
      memo.tooLong[text] = Self.chainTooLong
      memo.cause[text] = text
      memo.lastCause = text
      throw Self.chainTooLong
    }
    memo.resolved[text] = (value, length)
    memo.deepest = max(outer, length)
    return value
  }

  /// Resolves every pointer the tokens' values hold, each after the pointers its target's
  /// value holds (an iterative depth-first walk, post-order), so each resolution finds what
  /// it reaches already kept and goes one step deep. A chain then costs one walk per
  /// pointer in whichever order it is written (review 12: `r_0 → r_1 → …`, targets after
  /// the tokens that use them, was followed 64 deep again from every token, over 60 s for
  /// 2,000 tokens). Failures are kept by ``resolvePointer(_:stack:)`` and reported later,
  /// where each token's value is checked.
  func resolveTargetsFirst() {
    var done = Set<String>()
    var open = Set<String>()
    var work: [(text: String, next: [String])] = []
    for token in tokens {
      var starts: [String] = []
      Self.collectPointers(in: token.value, into: &starts, depth: 0)
      for start in starts where !done.contains(start) {
        open.insert(start)
        work.append((start, dependencies(of: start)))
        while !work.isEmpty {
          if let next = work[work.count - 1].next.popLast() {
            guard !done.contains(next), !open.contains(next) else { continue }
            open.insert(next)
            work.append((next, dependencies(of: next)))
          } else {
            let text = work.removeLast().text
            open.remove(text)
            done.insert(text)
            var stack: [String] = []
            _ = try? resolvePointer(.object(JSONObject([("$ref", .string(text))])), stack: &stack)
          }
        }
      }
    }
  }

  /// The pointers held by the value of the token a pointer goes into (the segments before
  /// its first `$value` name the token); none when it names no token of the file.
  private func dependencies(of text: String) -> [String] {
    guard let pointer = try? Self.pointer(text),
      let end = pointer.segments.firstIndex(of: "$value"),
      let j = index[TokenFileParser.normalized(pointer.segments[..<end].joined(separator: "."))]
    else { return [] }
    var found: [String] = []
    Self.collectPointers(in: tokens[j].value, into: &found, depth: 0)
    return found
  }

  /// Appends the text of every `$ref` in a value (at most 64 levels down, as
  /// ``inlinePointers(_:stack:depth:)`` reads).
  private static func collectPointers(in value: JSONValue, into found: inout [String], depth: Int) {
    guard depth < 64 else { return }
    switch value {
    case .object(let o):
      if let text = o["$ref"]?.stringValue {
        found.append(text)
        return
      }
      for (_, v) in o.members { collectPointers(in: v, into: &found, depth: depth + 1) }
    case .array(let a):
      for v in a { collectPointers(in: v, into: &found, depth: depth + 1) }
    default:
      return
    }
  }

  /// Where the too-long `$ref` chain a value reaches first passes ``maximumChain`` links:
  /// the pointer whose own chain is the first too long, or nil when the value reaches none.
  func chainCause(of value: JSONValue) -> String? {
    var found: [String] = []
    Self.collectPointers(in: value, into: &found, depth: 0)
    return found.lazy.compactMap { memo.cause[$0] }.first
  }

  static var chainTooLong: TokenValue.ReferenceFailure {
    .init(message: "the $ref chain is longer than \(maximumChain) (§7.3)")
  }

  /// ``resolvePointer(_:stack:)`` for a pointer not resolved before: the walk down the tree.
  private func walk(_ text: String, stack: inout [String]) throws(TokenValue.ReferenceFailure)
    -> JSONValue
  {
    memo.walks += 1
    let pointer = try Self.pointer(text)
    var node = root
    var insideValue = false
    var walked: [String] = []
    for segment in pointer.segments {
      if !insideValue, let object = node.objectValue,
        child("$value", of: node, at: walked, insideValue: false) != nil
          || child("$ref", of: node, at: walked, insideValue: false) != nil
      {
        guard segment == "$value" else {
          throw .init(
            message:
              "the $ref '\(text)' points at '\(segment)' of the token #/\(walked.joined(separator: "/")); a reference must point into a token's $value (§7.3)"
          )
        }
        insideValue = true
        if let v = object["$value"] {
          node = v
        } else {
          node = try resolvePointer(.object(object), stack: &stack)
        }
        walked.append(segment)
        continue
      }
      if insideValue, let target = TokenAlias.target(of: node),
        let j = index[TokenFileParser.normalized(target)]
      {
        node = tokens[j].value
      }
      if let object = node.objectValue {
        // `insideValue` first: outside a value `object` may be a group of thousands.
        if insideValue && object["$ref"] != nil {
          stack.append(text)
          node = try resolvePointer(node, stack: &stack)
          stack.removeLast()
        }
        guard let next = child(segment, of: node, at: walked, insideValue: insideValue) else {
          throw .init(
            message:
              "the $ref '\(text)' points at '\(segment)', which #/\(walked.joined(separator: "/")) does not have (§7.3)"
          )
        }
        node = next
      } else if let array = node.arrayValue {
        guard let i = JSONPointer.index(segment) else {
          throw .init(
            message:
              "the $ref '\(text)' uses '\(segment)' as an array index; indices are whole numbers from 0 (§7.3)"
          )
        }
        guard i < array.count else {
          throw .init(
            message:
              "the $ref '\(text)' uses index \(i), but the array has \(array.count) elements (§7.3)"
          )
        }
        node = array[i]
      } else {
        throw .init(
          message: "the $ref '\(text)' goes past a \(node.typeName) at '\(segment)' (§7.3)")
      }
      walked.append(segment)
    }
    guard insideValue else {
      if let cycle = wholeTokenCycle(from: text, at: node) {
        throw .init(
          message: "circular $ref: \(BoundedList.chain(Array(cycle))) (§7.2.3, §6.7.4)")
      }
      let what =
        node.objectValue.map {
          $0["$value"] != nil || $0["$ref"] != nil
            ? "a token, not its $value (add /$value)" : "a group"
        } ?? "a value outside any token"
      // A group with a root token: the pointer to its value is said (Format §6.2, §7.3).
      let root =
        node.objectValue?["$root"] != nil && what == "a group"
        ? "; its root token's value is '\(text)/$root/$value'" : ""
      throw .init(
        message:
          "the $ref '\(text)' points at \(what); it must point into a token's $value (§7.3)\(root)")
    }
    if let target = TokenAlias.target(of: node), let j = index[TokenFileParser.normalized(target)] {
      node = tokens[j].value
    }
    stack.append(text)
    defer { stack.removeLast() }
    return try inlinePointers(node, stack: &stack, depth: 0)
  }

  /// The cycle of whole-token `$ref`s (`"x": {"$ref": "#/a/y"}`, `"y": {"$ref": "#/a/x"}`)
  /// that the pointer `text`, which reached the token `node` written as a `$ref`, is part
  /// of: each such token is followed to the token its pointer names, at most
  /// ``maximumChain`` times.
  ///
  /// - Parameters:
  ///   - text: The pointer that reached `node`.
  ///   - node: What it points at (outside any `$value`).
  /// - Returns: The pointers of the cycle, the first repeated at the end, or nil when
  ///   following them ends anywhere else.
  private func wholeTokenCycle(from text: String, at node: JSONValue) -> [String]? {
    var seen = [text]
    var current = node
    while seen.count <= Self.maximumChain, let next = current.objectValue?["$ref"]?.stringValue {
      if let start = seen.firstIndex(of: next) { return Array(seen[start...]) + [next] }
      seen.append(next)
      guard let pointer = try? Self.pointer(next) else { return nil }
      var target = root
      for segment in pointer.segments {
        guard let child = target.objectValue?[segment] else { return nil }
        target = child
      }
      current = target
    }
    return nil
  }

  /// The member `segment` of the object `node`; a group's members (outside any value,
  /// where `walked` names the node) are indexed once per document.
  private func child(_ segment: String, of node: JSONValue, at walked: [String], insideValue: Bool)
    -> JSONValue?
  {
    guard let object = node.objectValue else { return nil }
    if insideValue || object.count < 8 { return object[segment] }
    // The prefix as a pointer (RFC 6901 escapes), so `a/b` and ["a", "b"] differ.
    let key = walked.map { $0.replacing("~", with: "~0").replacing("/", with: "~1") }
      .joined(separator: "/")
    if let members = memo.groups[key] { return members[segment] }
    let members = Dictionary(object.members, uniquingKeysWith: { first, _ in first })
    memo.groups[key] = members
    return members[segment]
  }

  /// Reads a `$ref` as a same-document JSON Pointer (RFC 6901 §6 fragment, through
  /// ``JSONPointer``), stricter where the DTCG test suite is: it starts with `#/` (other
  /// files are not supported here), has no empty segment (`//` or a trailing `/`), and no
  /// `{`/`}` (alias syntax mixed in) (Format §7.3).
  ///
  /// - Parameter text: The `$ref` string.
  /// - Returns: The pointer.
  /// - Throws: ``TokenValue/ReferenceFailure`` naming what is malformed.
  static func pointer(_ text: String) throws(TokenValue.ReferenceFailure) -> JSONPointer {
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
    let pointer: JSONPointer
    do { pointer = try JSONPointer(fragment: text) } catch {
      throw .init(message: "the $ref \(error.message) (§7.3)")
    }
    if pointer.segments.contains(where: \.isEmpty) {
      throw .init(
        message: "the $ref '\(text)' has an empty segment (a double or trailing '/') (§7.3)")
    }
    return pointer
  }
}
