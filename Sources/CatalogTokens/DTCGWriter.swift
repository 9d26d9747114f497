import CatalogModel

/// Writes tokens as a DTCG 2025.10 token file (Format module): groups nested by path in
/// the tokens' order, each token with `$type` (always explicit, so the file does not
/// depend on group inheritance), `$value` as stored (aliases kept), `$description`,
/// `$deprecated` and `$extensions` — the latter byte for byte as imported when the exact
/// text is known (Format §5.2.3). A token whose path is also a group's (`color.accent`
/// beside `color.accent.light`) is written as that group's `$root` (§6.2).
public enum DTCGWriter {
  final class Node {
    var children: [(String, Node)] = []
    var token: DesignToken?
    func child(_ name: String) -> Node {
      if let c = children.first(where: { $0.0 == name }) { return c.1 }
      let n = Node()
      children.append((name, n))
      return n
    }
  }

  /// The file's text.
  /// - Parameters:
  ///   - tokens: The tokens, in the order to write.
  ///   - header: A `$description` for the file, if any.
  /// - Returns: Pretty JSON ending with a newline.
  public static func write(_ tokens: [DesignToken], header: String?) -> String {
    let root = Node()
    var index: [String: Node] = [:]
    for t in tokens {
      var node = root
      var prefix = ""
      for segment in t.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      {
        prefix = prefix.isEmpty ? segment : prefix + "." + segment
        if let known = index[prefix] {
          node = known
        } else {
          node = node.child(segment)
          index[prefix] = node
        }
      }
      node.token = t
    }
    var out = "{"
    var first = true
    if let header {
      out += "\n  \"$description\": \(JSONWriter.quoted(header))"
      first = false
    }
    write(root, into: &out, level: 1, first: &first)
    out += first ? "}\n" : "\n}\n"
    return out
  }

  static func write(_ node: Node, into out: inout String, level: Int, first: inout Bool) {
    let pad = String(repeating: "  ", count: level)
    if let t = node.token, !node.children.isEmpty {
      member("$root", into: &out, pad: pad, first: &first)
      token(t, into: &out, level: level)
    }
    for (name, child) in node.children {
      member(name, into: &out, pad: pad, first: &first)
      if let t = child.token, child.children.isEmpty {
        token(t, into: &out, level: level)
      } else {
        out += "{"
        var childFirst = true
        write(child, into: &out, level: level + 1, first: &childFirst)
        out += childFirst ? "}" : "\n\(pad)}"
      }
    }
  }

  static func member(_ name: String, into out: inout String, pad: String, first: inout Bool) {
    out += first ? "\n" : ",\n"
    first = false
    out += "\(pad)\(JSONWriter.quoted(name)): "
  }

  static func token(_ t: DesignToken, into out: inout String, level: Int) {
    let pad = String(repeating: "  ", count: level + 1)
    var fields: [String] = []
    if let type = t.type { fields.append("\(pad)\"$type\": \(JSONWriter.quoted(type))") }
    fields.append("\(pad)\"$value\": \(JSONWriter.compact(t.value))")
    if let d = t.description { fields.append("\(pad)\"$description\": \(JSONWriter.quoted(d))") }
    if let d = t.deprecated { fields.append("\(pad)\"$deprecated\": \(JSONWriter.compact(d))") }
    if let e = t.extensionsJSON { fields.append("\(pad)\"$extensions\": \(e)") }
    out +=
      "{\n" + fields.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: level) + "}"
  }
}
