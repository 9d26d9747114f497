import Foundation

/// A parsed JSON document: its value and where each member was written.
public struct JSONDocument: Sendable {
  /// The top-level value.
  public let root: JSONValue
  /// The file name given to the parser, used in messages.
  public let file: String
  private let offsets: [String: Int]
  private let bytes: [UInt8]

  init(root: JSONValue, offsets: [String: Int], bytes: [UInt8], file: String) {
    self.root = root
    self.offsets = offsets
    self.bytes = bytes
    self.file = file
  }

  /// Where the value at a JSON path starts in the file.
  ///
  /// - Parameter path: A path as ``JSONPath`` writes it (`body.children[1].text`; the root
  ///   is the empty string).
  /// - Returns: Line and column (both from 1), or nil when the path is not in the document.
  public func position(of path: String) -> SourcePosition? {
    guard let offset = offsets[path] else { return nil }
    return SourcePosition(offset: offset, in: bytes)
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
  /// Creates an error.
  /// - Parameters:
  ///   - file: The file name.
  ///   - position: Line and column.
  ///   - message: What is wrong and what was expected.
  public init(file: String, position: SourcePosition, message: String) {
    self.file = file
    self.position = position
    self.message = message
  }

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
      && key.unicodeScalars.allSatisfy { s in
        s == "_" || s == "$" || s == "-"
          || (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s)))
      }
    if plain { return path.isEmpty ? key : "\(path).\(key)" }
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\"")
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
