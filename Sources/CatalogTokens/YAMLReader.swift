import CYAML
import CatalogModel

/// Reads YAML token files (Salesforce Lightning's Theo files) with libyaml's event API
/// into JSON values, keeping key order and each value's position.
///
/// Plain scalars follow YAML's core schema (`null`/`~`, `true`/`false`, numbers); quoted
/// scalars are strings. Anchors and aliases are expanded. A stream with a second document is
/// refused, naming the line where it starts. Nesting deeper than ``TokenSource/maximumDepth`` is an error, and so is a
/// file whose aliases expand to more than ``maximumExpandedNodes`` nodes in all (a "billion
/// laughs" file): the limit counts the nodes each alias stands for, not the aliases, so a
/// few nested anchors cannot expand to gigabytes.
public enum YAMLReader {
  /// The most nodes (scalars, sequences, mappings) that aliases may expand to in one file.
  public static let maximumExpandedNodes = 100_000

  /// Reads a YAML file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8).
  ///   - file: Its name, for messages.
  /// - Returns: The source with positions.
  /// - Throws: ``TokenFileError`` naming `file:line:column` and libyaml's problem.
  public static func read(bytes: [UInt8], file: String) throws(TokenFileError) -> TokenSource {
    if let problem = TextBytes.problem(in: bytes) {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(file):\(problem.line):\(problem.column)", path: "",
          message: problem.message)
      ])
    }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(.error, location: file, path: "", message: "libyaml could not start")
      ])
    }
    defer { yaml_parser_delete(&parser) }
    var input = bytes
    var builder = Builder()
    let result: Result<JSONValue, Failure> = input.withUnsafeMutableBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      return Result { () throws(Failure) -> JSONValue in try builder.document(&parser) }
    }
    switch result {
    case .success(let root):
      return TokenSource(
        root: root, file: file, syntax: .yaml, document: nil, positions: builder.positions)
    case .failure(let failure):
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(file):\(failure.line):\(failure.column)", path: failure.path,
          message: failure.message)
      ])
    }
  }

  struct Failure: Error {
    var line: Int
    var column: Int
    var message: String
    /// The JSON path of the value at fault (`space.big.$value.value`), as a JSON file's
    /// error names it; empty when the fault is not in one value.
    var path = ""
  }

  struct Builder {
    var positions: [String: SourcePosition] = [:]
    var anchors: [String: JSONValue] = [:]
    /// Nodes read so far, aliases counted at their expanded size.
    var nodes = 0
    /// Nodes that aliases have expanded to so far.
    var expanded = 0
    /// The expanded size of each anchored node.
    var anchorSizes: [String: Int] = [:]

    mutating func next(_ parser: inout yaml_parser_t) throws(Failure) -> yaml_event_t {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        throw Failure(
          line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1,
          message: "YAML: \(problem)")
      }
      return event
    }

    mutating func document(_ parser: inout yaml_parser_t) throws(Failure) -> JSONValue {
      while true {
        var event = try next(&parser)
        defer { yaml_event_delete(&event) }
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT: continue
        case YAML_STREAM_END_EVENT:
          throw Failure(line: 1, column: 1, message: "the file is empty; expected a YAML mapping")
        default:
          let root = try value(from: &event, parser: &parser, path: "", depth: 0)
          try refuseLaterDocuments(&parser)
          return root
        }
      }
    }

    /// A stream holds one token file: a second document (`---` after the first) is an
    /// error naming its line, never dropped (YAML 1.2 §9.2 streams).
    mutating func refuseLaterDocuments(_ parser: inout yaml_parser_t) throws(Failure) {
      while true {
        var event = try next(&parser)
        defer { yaml_event_delete(&event) }
        switch event.type {
        case YAML_DOCUMENT_END_EVENT: continue
        case YAML_STREAM_END_EVENT: return
        default:
          throw Failure(
            line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
            message:
              "a second YAML document starts here; a token file holds one document (split it into several files and add them together)"
          )
        }
      }
    }

    mutating func value(
      from event: inout yaml_event_t, parser: inout yaml_parser_t, path: String, depth: Int
    ) throws(Failure) -> JSONValue {
      let line = Int(event.start_mark.line) + 1
      let column = Int(event.start_mark.column) + 1
      positions[path] = SourcePosition(line: line, column: column)
      guard depth < TokenSource.maximumDepth else {
        throw Failure(
          line: line, column: column,
          message: "the value is nested more than \(TokenSource.maximumDepth) levels deep")
      }
      let firstNode = nodes
      nodes += 1
      switch event.type {
      case YAML_SCALAR_EVENT:
        let text = NameText.normalized(String(cString: event.data.scalar.value))
        let plain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        // A plain number out of a Double's range is an error here, not a string (`1e400`
        // would read as text and then fail as "got string").
        if plain, DecimalText.isOutOfRange(text) {
          throw Failure(
            line: line, column: column,
            message:
              "the number \(text) is out of range; expected a finite number (\(NumberOverflow.expectation(text)))",
            path: path.hasPrefix("\u{0}") ? "" : path)
        }
        let v = plain ? Self.plainScalar(text) : .string(text)
        if let anchor = event.data.scalar.anchor {
          anchors[String(cString: anchor)] = v
          anchorSizes[String(cString: anchor)] = 1
        }
        return v
      case YAML_ALIAS_EVENT:
        let name = String(cString: event.data.alias.anchor)
        guard let v = anchors[name], let size = anchorSizes[name] else {
          throw Failure(line: line, column: column, message: "YAML alias *\(name) names no anchor")
        }
        // The alias stands for its anchor's whole expanded node (YAML 1.2 §3.2.2.2).
        nodes += size - 1
        expanded += size
        guard expanded <= YAMLReader.maximumExpandedNodes else {
          throw Failure(
            line: line, column: column,
            message:
              "YAML aliases expand to more than \(YAMLReader.maximumExpandedNodes) nodes; the file is refused"
          )
        }
        return v
      case YAML_SEQUENCE_START_EVENT:
        let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
        var array: [JSONValue] = []
        while true {
          var child = try next(&parser)
          defer { yaml_event_delete(&child) }
          if child.type == YAML_SEQUENCE_END_EVENT { break }
          array.append(
            try value(
              from: &child, parser: &parser, path: JSONPath.appending(index: array.count, to: path),
              depth: depth + 1))
        }
        if let anchor {
          anchors[anchor] = .array(array)
          anchorSizes[anchor] = nodes - firstNode
        }
        return .array(array)
      case YAML_MAPPING_START_EVENT:
        let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
        var object = JSONObject()
        var merge: Merge?
        while true {
          var keyEvent = try next(&parser)
          defer { yaml_event_delete(&keyEvent) }
          if keyEvent.type == YAML_MAPPING_END_EVENT { break }
          let keyLine = Int(keyEvent.start_mark.line) + 1
          let keyColumn = Int(keyEvent.start_mark.column) + 1
          if Self.isMergeKey(keyEvent) {
            if merge != nil {
              throw Failure(
                line: keyLine, column: keyColumn,
                message: "the merge key '<<' appears twice in one mapping")
            }
            var valueEvent = try next(&parser)
            defer { yaml_event_delete(&valueEvent) }
            let at = SourcePosition(
              line: Int(valueEvent.start_mark.line) + 1,
              column: Int(valueEvent.start_mark.column) + 1)
            let mergePath = JSONPath.appending(key: "<<", to: path)
            let merged = try value(
              from: &valueEvent, parser: &parser, path: mergePath, depth: depth + 1)
            positions[mergePath] = nil
            merge = Merge(
              mappings: try Self.mergedMappings(merged, at: at), index: object.members.count,
              position: at)
            continue
          }
          let keyValue = try value(
            from: &keyEvent, parser: &parser, path: "\u{0}key", depth: depth + 1)
          let key: String
          switch keyValue {
          case .string(let s): key = s
          case .number(let n): key = JSONWriter.number(n.value)
          case .bool(let b): key = b ? "true" : "false"
          case .null: key = "null"
          default:
            throw Failure(line: keyLine, column: keyColumn, message: "a YAML key must be a scalar")
          }
          if object[key] != nil {
            throw Failure(
              line: keyLine, column: keyColumn,
              message: "the key '\(key)' appears twice in one mapping")
          }
          var valueEvent = try next(&parser)
          defer { yaml_event_delete(&valueEvent) }
          object.members.append(
            (
              key,
              try value(
                from: &valueEvent, parser: &parser, path: JSONPath.appending(key: key, to: path),
                depth: depth + 1)
            ))
        }
        positions["\u{0}key"] = nil
        if let merge { object = mergedObject(object, merge, path: path) }
        if let anchor {
          anchors[anchor] = .object(object)
          anchorSizes[anchor] = nodes - firstNode
        }
        return .object(object)
      default:
        throw Failure(line: line, column: column, message: "unexpected YAML event")
      }
    }

    /// A mapping's merge key: where it was and the mappings it names.
    struct Merge {
      /// The mappings to merge, in priority order (the first wins a key).
      var mappings: [JSONObject]
      /// How many of the mapping's own members came before the `<<` key.
      var index: Int
      /// Where the `<<` key's value starts, for the merged members.
      var position: SourcePosition
    }

    /// Whether a key is YAML 1.1's merge key: a plain `<<` (or one tagged `!!merge`); a
    /// quoted `"<<"` is an ordinary key (yaml.org/type/merge.html).
    static func isMergeKey(_ event: yaml_event_t) -> Bool {
      guard event.type == YAML_SCALAR_EVENT,
        String(cString: event.data.scalar.value) == "<<"
      else { return false }
      if let tag = event.data.scalar.tag {
        return String(cString: tag) == "tag:yaml.org,2002:merge"
      }
      return event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
    }

    /// The mappings a merge key's value names: one mapping, or a sequence of mappings
    /// (YAML 1.1 merge key type); anything else is refused where the value starts.
    static func mergedMappings(_ value: JSONValue, at: SourcePosition) throws(Failure)
      -> [JSONObject]
    {
      if let object = value.objectValue { return [object] }
      if case .array(let items) = value {
        var mappings: [JSONObject] = []
        for item in items {
          guard let object = item.objectValue else { break }
          mappings.append(object)
        }
        if mappings.count == items.count { return mappings }
      }
      throw Failure(
        line: at.line, column: at.column,
        message:
          "the merge key '<<' must be given a mapping or a sequence of mappings (YAML 1.1 merge key); got \(JSONWriter.compact(value).prefix(60))"
      )
    }

    /// YAML 1.1's merge rule, the one place it is applied (yaml.org/type/merge.html): each
    /// key of the merged mappings is added unless the mapping has it itself (wherever it is
    /// written), and of several mappings in a sequence the first to have a key wins. The
    /// merged members go where the `<<` key was. Merged values were counted when their
    /// aliases were read, so merging stays within ``YAMLReader/maximumExpandedNodes``.
    /// - Parameters:
    ///   - own: The mapping's own members.
    ///   - merge: The merge key.
    ///   - path: The mapping's JSON path, for the merged members' positions.
    /// - Returns: The mapping with the merged members.
    mutating func mergedObject(_ own: JSONObject, _ merge: Merge, path: String) -> JSONObject {
      var taken = Set(own.members.map(\.key))
      var added: [(key: String, value: JSONValue)] = []
      for mapping in merge.mappings {
        for member in mapping.members where taken.insert(member.key).inserted {
          added.append(member)
          let at = JSONPath.appending(key: member.key, to: path)
          if positions[at] == nil { positions[at] = merge.position }
        }
      }
      var result = own
      result.members.insert(contentsOf: added, at: merge.index)
      return result
    }

    static func plainScalar(_ text: String) -> JSONValue {
      switch text {
      case "", "~", "null", "Null", "NULL": return .null
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      default:
        let isNumeric = text.unicodeScalars.allSatisfy {
          "0123456789+-.eE".unicodeScalars.contains($0)
        }
        if isNumeric, let n = DecimalText.value(text) { return .number(n) }
        return .string(text)
      }
    }
  }
}
