import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed JSON document: its value and where each value was written.
///
/// Positions are kept as one byte offset per value in parse order (``JSONNodeTable``);
/// a JSON path is turned into its value's entry by walking the value and skipping whole
/// siblings, and line and column are worked out on demand from a table of line starts
/// built the first time one is asked for. A document costs 4 bytes a value beyond its
/// value and the file's bytes (which it shares with the caller, not copies).
public struct JSONDocument: Sendable {
  /// The top-level value.
  public let root: JSONValue
  /// The file name given to the parser, used in messages.
  public let file: String
  /// The dialect it was parsed as.
  public let dialect: JSONParser.Dialect
  private let nodes: JSONNodeTable
  private let bytes: [UInt8]
  private let lines: LineTable
  /// Kept in ``LineTable`` so a document's stored layout stays what other modules were
  /// built against.
  private var children: ChildTables { lines.children }
  /// Containers with more children than this get a ``ChildTables`` entry once a few paths
  /// went through them (``ChildTables/linearLookups``; below it, and until then, siblings
  /// are skipped one by one).
  static let indexedChildren = 16

  init(
    root: JSONValue, nodes: JSONNodeTable, bytes: [UInt8], file: String, dialect: JSONParser.Dialect
  ) {
    self.root = root
    self.nodes = nodes
    self.bytes = bytes
    self.file = file
    self.dialect = dialect
    self.lines = LineTable()
  }

  /// The number of values in the document (objects, arrays and scalars; member names are
  /// not values).
  public var valueCount: Int { nodes.count }

  /// Where the value at a JSON path starts in the file, as a byte offset.
  ///
  /// - Parameter path: A path as ``JSONPath`` writes it (`body.children[1].text`; the root
  ///   is the empty string).
  /// - Returns: The offset of its first byte, or nil when the path is not in the document.
  public func offset(of path: String) -> Int? {
    guard let segments = JSONPath.segments(path) else { return nil }
    var node = 0
    var value = root
    for segment in segments {
      switch (segment, value) {
      case (.key(let key), .object(let object)):
        let i: Int
        if object.count > Self.indexedChildren,
          let table = children.table(of: node, nodes: nodes, value: value)
        {
          guard let found = table.keys[key] else { return nil }
          i = found
          node = table.entries[i]
        } else {
          guard let found = object.members.firstIndex(where: { $0.key == key }) else { return nil }
          i = found
          node = nodes.child(i, of: node, children: object.members.lazy.map(\.value))
        }
        value = object.members[i].value
      case (.index(let i), .array(let elements)):
        guard elements.indices.contains(i) else { return nil }
        if elements.count > Self.indexedChildren,
          let table = children.table(of: node, nodes: nodes, value: value)
        {
          node = table.entries[i]
        } else {
          node = nodes.child(i, of: node, children: elements)
        }
        value = elements[i]
      default:
        return nil
      }
    }
    guard node < nodes.count else { return nil }
    return Int(nodes.offsets[node])
  }

  /// Where the value at a JSON path starts in the file.
  ///
  /// - Parameter path: A path as ``JSONPath`` writes it (`body.children[1].text`; the root
  ///   is the empty string).
  /// - Returns: Line and column (both from 1), or nil when the path is not in the document.
  public func position(of path: String) -> SourcePosition? {
    guard let offset = offset(of: path) else { return nil }
    return position(atOffset: offset)
  }

  /// The line and column of a byte offset in the file.
  /// - Parameter offset: A byte offset.
  /// - Returns: Line and column, both from 1; columns count characters.
  public func position(atOffset offset: Int) -> SourcePosition {
    let starts = lines.starts(of: bytes)
    // The last line start at or before `offset`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
    }
    let column = lines.column(of: offset, lineStart: Int(starts[low]), in: bytes)
    return SourcePosition(line: low + 1, column: column)
  }

  /// A location string for messages: `file:line:column` when the path is known, else the
  /// file name.
  ///
  /// - Parameter path: A JSON path in the document.
  /// - Returns: For example `Card.json:12:7`.
  public func location(of path: String) -> String {
    guard let p = position(of: path) else { return file }
    return "\(file):\(p.line):\(p.column)"
  }

  /// A location string for a JSON path a reader may have derived from what was written
  /// (the `padding.length` of a shorthand `"padding": "{space.md}"`): `file:line:column`
  /// of the value at `path`, else of its nearest enclosing value in the document, else the
  /// file name.
  ///
  /// - Parameter path: A JSON path, in the document or below a value that is.
  /// - Returns: For example `Card.json:3:16`.
  public func location(ofNearest path: String) -> String {
    guard var segments = JSONPath.segments(path) else { return location(of: path) }
    while true {
      let prefix = segments.reduce(into: "") { text, segment in
        switch segment {
        case .key(let key): text = JSONPath.appending(key: key, to: text)
        case .index(let index): text = JSONPath.appending(index: index, to: text)
        }
      }
      if let p = position(of: prefix) { return "\(file):\(p.line):\(p.column)" }
      if segments.isEmpty { return file }
      segments.removeLast()
    }
  }

  /// The exact text of the value at a JSON path, as written in a strict JSON file (for
  /// exporting `$extensions` byte for byte, DTCG Format §5.2.3).
  ///
  /// - Parameter path: A JSON path.
  /// - Returns: The text, or nil when the path is not in the document or the document is
  ///   not strict JSON (JSON5 text may hold comments and single quotes).
  public func rawText(of path: String) -> String? {
    guard dialect == .json, let start = offset(of: path) else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let end = Self.endOfValue(buffer, from: start) else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }

  /// Where a JSON value that starts at `start` ends: after its closing quote or bracket,
  /// or at the first delimiter after a number or literal.
  private static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var i = start
    var depth = 0
    var inString = false
    while i < bytes.count {
      let b = bytes[i]
      if inString {
        if b == UInt8(ascii: "\\") {
          i += 2
          continue
        }
        if b == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return i + 1 }
        }
        i += 1
        continue
      }
      switch b {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return i + 1 }
        if depth < 0 { return i }
      case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
        if depth == 0 { return i }
      default: break
      }
      i += 1
    }
    return depth == 0 ? i : nil
  }
}

/// The byte offsets where lines start, found the first time a position is asked for
/// (most documents are read without one being needed).
private final class LineTable: @unchecked Sendable {
  // `starts` is written once under `lock`, then only read; `last` is read and written
  // under `lock`.
  private let lock = Lock()
  private var starts: [UInt32]?
  /// The document's ``ChildTables``.
  let children = ChildTables()

  func starts(of bytes: [UInt8]) -> [UInt32] {
    lock.lock()
    defer { lock.unlock() }
    if let starts { return starts }
    var table: [UInt32] = [0]
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count,
        let found = memchr(base + offset, 0x0A, buffer.count - offset)
      {
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        table.append(UInt32(truncatingIfNeeded: newline + 1))
        offset = newline + 1
      }
    }
    starts = table
    return table
  }

  /// The last column worked out: on a very long line (a minified file is one line) each
  /// position later on the same line is counted on from there, not from the line's start
  /// (review 12: 1,000 errors on a 300 KB line counted 150 MB).
  private var last: (lineStart: Int, offset: Int, column: Int)?

  /// The column (in characters, from 1) of `offset` on the line starting at `lineStart`.
  func column(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
    lock.lock()
    defer { lock.unlock() }
    var from = (offset: lineStart, column: 1)
    if let last, last.lineStart == lineStart, last.offset <= offset {
      from = (last.offset, last.column)
    }
    let column = bytes.withUnsafeBufferPointer {
      from.column - 1 + SourcePosition.column(of: offset, lineStart: from.offset, in: $0)
    }
    last = (lineStart, offset, column)
    return column
  }
}

/// For each large container a path went through, its children's entries and, for an
/// object, each key's first member index: built once per container, so locating a value
/// costs O(depth) rather than a scan of every sibling before it (review 12: 1,000 located
/// errors in a 2,000-member file scanned the file's top level once each).
private final class ChildTables: @unchecked Sendable {
  struct Table {
    /// Key → index of its first member (objects only).
    var keys: [String: Int]
    /// Node entry of each child, in order.
    var entries: [Int]
  }
  // `tables` and `lookups` are only read and written under `lock`.
  private let lock = Lock()
  private var tables: [Int: Table] = [:]
  /// Paths that went through a container without a table yet, by its entry.
  private var lookups: [Int: Int] = [:]
  /// Paths through one container located by skipping siblings before its table is built:
  /// a table costs about 1,600 instructions a child, so a container that one or two
  /// messages name (two warnings in each of 500 groups of 100 tokens) is not indexed
  /// whole (issue 14 point 9); the many paths through one container still cost O(depth).
  static let linearLookups = 4

  /// The container's table, or nil while fewer than ``linearLookups`` paths went through
  /// it (the caller then skips siblings).
  func table(of node: Int, nodes: JSONNodeTable, value: JSONValue) -> Table? {
    lock.lock()
    defer { lock.unlock() }
    if let table = tables[node] { return table }
    let seen = lookups[node, default: 0]
    if seen < Self.linearLookups {
      lookups[node] = seen + 1
      return nil
    }
    var table = Table(keys: [:], entries: [])
    switch value {
    case .object(let object):
      table.entries = nodes.childEntries(of: node, children: object.members.lazy.map(\.value))
      table.keys.reserveCapacity(object.count)
      for (i, member) in object.members.enumerated() where table.keys[member.key] == nil {
        table.keys[member.key] = i
      }
    case .array(let elements):
      table.entries = nodes.childEntries(of: node, children: elements)
    default:
      break
    }
    tables[node] = table
    return table
  }
}

/// A line and column in a text file, both counted from 1; columns count characters.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in characters.
  public var column: Int
  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}

/// Malformed JSON: the file, line and column, and what was expected there.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file name given to the parser.
  public var file: String
  /// Where the problem is.
  public var position: SourcePosition
  /// What is wrong and what was expected.
  public var message: String

  /// `file:line:column: message`, the form compilers and editors understand.
  public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// JSON paths as the catalog writes them in messages: member names joined with dots,
/// array indices in brackets (`body.children[1].modifiers[0].padding.length`).
public enum JSONPath {
  /// The path of a member of the object at `path`.
  ///
  /// Keys that are not plain identifiers are quoted (`tokens["space md"]`).
  /// - Parameters:
  ///   - key: The member name.
  ///   - path: The object's path ("" for the root).
  /// - Returns: The member's path.
  public static func appending(key: String, to path: String) -> String {
    let plain =
      !key.isEmpty
      && key.utf8.allSatisfy { b in
        // `_`, `$`, `-`, ASCII letters and digits, byte by byte (this runs for every member
        // of a token file, so it avoids Unicode property lookups).
        b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b == UInt8(ascii: "-")
          || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
          || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
          || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
      }
    if plain { return path.isEmpty ? key : "\(path).\(key)" }
    let escaped = key.replacing("\\", with: "\\\\").replacing(
      "\"", with: "\\\"")
    return "\(path)[\"\(escaped)\"]"
  }

  /// The path of an element of the array at `path`.
  /// - Parameters:
  ///   - index: The element's index, from 0.
  ///   - path: The array's path.
  /// - Returns: The element's path, `path[index]`.
  public static func appending(index: Int, to path: String) -> String {
    "\(path)[\(index)]"
  }
}
