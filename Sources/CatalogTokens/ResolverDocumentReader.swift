import CatalogModel

extension ResolverDocument {
  /// Reads a resolver document's JSON into ``ResolverDocument``, collecting every problem
  /// with its position (Resolver §4).
  struct Reader {
    let source: TokenSource
    let loadFile: ((String) throws(TokenFileError) -> JSONValue)?
    /// Whether set, modifier and context names must follow the name rules
    /// (``TokenSetName/problem(in:existing:)``, ``ResolverInputName/problem(in:kind:siblings:)``):
    /// true for a document being imported, false for one the catalog already stores (it
    /// keeps working under a rule made after it was saved).
    var checksNames = true
    /// The catalog token set a file `$ref` names, when the reference is to stay a reference
    /// (``TokenSetFileReference``) rather than be replaced by the file's tokens: the set's
    /// tree is still read (with `loadFile`) to check and resolve the document, and the
    /// stored JSON names the set as ``TokenSetFileReference/reference(toSet:)`` spells it.
    var tokenSetOfReference: ((String) -> String?)?
    /// File `$ref`s kept as references to token sets, each with its spelling in the stored
    /// document.
    var kept: [String: String] = [:]
    var errors: [TokenDiagnostic] = []
    var sets: [String: TokenSet] = [:]
    var setJSON: [String: JSONObject] = [:]
    var modifierJSON: [String: JSONObject] = [:]
    var inlined: [String: JSONValue] = [:]
    /// For each named set, an identity per tree of its sources (`file:x.json`, `inline#3`),
    /// so a set referenced many times adds each tree once.
    var setKeys: [String: [String]] = [:]
    /// Files already read (or refused), by `$ref`: each is read and reported once.
    var loaded: [String: Result<JSONValue, TokenFileError>] = [:]
    var inlineCount = 0

    init(source: TokenSource, loadFile: ((String) throws(TokenFileError) -> JSONValue)?) {
      self.source = source
      self.loadFile = loadFile
    }

    mutating func error(_ jsonPath: String, _ message: String) {
      errors.append(
        TokenDiagnostic(
          .error, location: source.location(of: jsonPath), path: jsonPath, message: message))
    }

    /// Records the error `message` at `jsonPath` and gives up on what is being read.
    /// - Returns: nil.
    mutating func failed<T>(_ jsonPath: String, _ message: String) -> T? {
      error(jsonPath, message)
      return nil
    }

    mutating func read() -> ResolverDocument? {
      guard let root = source.root.objectValue else {
        return failed(
          "",
          "a resolver document must be a JSON object; got \(source.root.typeName) (Resolver §4.1)")
      }
      for key in root.keys where !ResolverDocument.rootKeys.contains(key) {
        error(
          key,
          "unknown property '\(key)' on a resolver document; it has name, version, description, sets, modifiers, resolutionOrder, $schema, $defs and $extensions (Resolver §4.1)"
        )
      }
      let version = root["version"]?.stringValue
      if root["version"] == nil {
        error("", "a resolver document needs \"version\": \"2025.10\" (Resolver §4.1.2)")
      } else if version != "2025.10" {
        error(
          "version",
          "the version must be \"2025.10\"; got \(JSONWriter.compact(root["version"] ?? .null)) (Resolver §4.1.2)"
        )
      }
      for key in ["name", "description"] {
        if let v = root[key], v.stringValue == nil {
          error(key, "\(key) must be a string; got \(v.typeName) (Resolver §4.1)")
        }
      }
      if let s = root["sets"] {
        if let o = s.objectValue {
          for (k, v) in o.members {
            // The one rule for set names (a set may become a catalog set and a file).
            if checksNames, let problem = TokenSetName.problem(in: NameText.normalized(k)) {
              error(
                JSONPath.appending(key: k, to: "sets"),
                "the set name '\(NameText.forTerminal(k))' is refused: \(problem)")
            } else if let so = v.objectValue {
              setJSON[k] = so
            } else {
              error(
                "sets.\(k)",
                "a set must be an object with \"sources\"; got \(v.typeName) (Resolver §4.1.4)")
            }
          }
        } else {
          error("sets", "sets must be an object of named sets (Resolver §4.1.4)")
        }
      }
      if let m = root["modifiers"] {
        if let o = m.objectValue {
          for (i, (k, v)) in o.members.enumerated() {
            // The one rule for modifier names (inputs name them, without case); a clash is
            // reported at the later name.
            if checksNames,
              let problem = ResolverInputName.problem(
                in: k, kind: "modifier", siblings: o.keys.prefix(i))
            {
              error(JSONPath.appending(key: k, to: "modifiers"), problem)
            }
            if let mo = v.objectValue {
              modifierJSON[k] = mo
            } else {
              error(
                "modifiers.\(k)",
                "a modifier must be an object with \"contexts\"; got \(v.typeName) (Resolver §4.1.5)"
              )
            }
          }
        } else {
          error("modifiers", "modifiers must be an object of named modifiers (Resolver §4.1.5)")
        }
      }
      // Check every declared set and modifier, used or not.
      var modifiers: [String: Modifier] = [:]
      for (name, _) in setJSON {
        var stack: [String] = []
        _ = namedSet(name, jsonPath: JSONPath.appending(key: name, to: "sets"), stack: &stack)
      }
      for (name, object) in modifierJSON {
        if let m = modifier(
          object, name: name, jsonPath: JSONPath.appending(key: name, to: "modifiers"),
          inline: false)
        {
          modifiers[name] = m
        }
      }
      var steps: [Step] = []
      guard let orderValue = root["resolutionOrder"] else {
        return failed(
          "",
          "a resolver document needs \"resolutionOrder\", an array of sets and modifiers (Resolver §4.1.6)"
        )
      }
      guard let order = orderValue.arrayValue else {
        return failed(
          "resolutionOrder",
          "resolutionOrder must be an array; got \(orderValue.typeName) (Resolver §4.1.6)")
      }
      if order.isEmpty {
        error(
          "resolutionOrder",
          "resolutionOrder must list at least one set or modifier (Resolver §4.1.6)")
      }
      var names: [String: String] = [:]
      for (i, item) in order.enumerated() {
        let path = JSONPath.appending(index: i, to: "resolutionOrder")
        guard let o = item.objectValue else {
          error(
            path,
            "a resolutionOrder entry must be a {\"$ref\": …} or an inline set or modifier; got \(item.typeName) (Resolver §4.1.6)"
          )
          continue
        }
        var stepName: String?
        if let ref = o["$ref"] {
          guard let text = ref.stringValue else {
            error(path, "$ref must be a string (Resolver §4.2)")
            continue
          }
          if text.hasPrefix("#/sets/") {
            let name = String(text.dropFirst(7))
            var stack: [String] = []
            if let set = namedSet(name, jsonPath: path, stack: &stack) { steps.append(.set(set)) }
            stepName = "set \(name)"
          } else if text.hasPrefix("#/modifiers/") {
            let name = String(text.dropFirst(12))
            if let m = modifiers[name] {
              steps.append(.modifier(m))
            } else if modifierJSON[name] == nil {
              error(path, "$ref \(text) names no modifier of this document (Resolver §4.2)")
            }
            stepName = "modifier \(name)"
          } else if text.hasPrefix("#/resolutionOrder") {
            error(
              path,
              "$ref \(text) points into resolutionOrder, which references may never do (Resolver §4.2.1)"
            )
          } else {
            error(
              path,
              "$ref \(text) must name a set (#/sets/NAME) or a modifier (#/modifiers/NAME) (Resolver §4.2)"
            )
          }
        } else {
          guard let type = o["type"]?.stringValue else {
            error(path, "an inline entry needs \"type\": \"set\" or \"modifier\" (Resolver §4.1.6)")
            continue
          }
          guard let name = o["name"]?.stringValue, !name.isEmpty else {
            error(path, "an inline \(type) needs a \"name\" (Resolver §4.1.6)")
            continue
          }
          var rest = o
          rest["type"] = nil
          rest["name"] = nil
          switch type {
          case "set":
            for key in rest.keys where !ResolverDocument.setKeys.contains(key) {
              error(
                JSONPath.appending(key: key, to: path),
                "unknown property '\(key)' on a set (Resolver §4.1.4)")
            }
            var stack: [String] = []
            if let set = set(rest, name: name, jsonPath: path, stack: &stack) {
              steps.append(.set(set))
            }
            stepName = "set \(name)"
          case "modifier":
            if checksNames,
              let problem = ResolverInputName.problem(
                in: name, kind: "modifier", siblings: modifierJSON.keys)
            {
              error(JSONPath.appending(key: "name", to: path), problem)
            }
            if let m = modifier(rest, name: name, jsonPath: path, inline: true) {
              steps.append(.modifier(m))
            }
            stepName = "modifier \(name)"
          default:
            error(
              JSONPath.appending(key: "type", to: path),
              "type must be \"set\" or \"modifier\"; got '\(type)' (Resolver §4.1.6)")
          }
        }
        if let stepName {
          let bare = String(stepName.split(separator: " ", maxSplits: 1).last ?? "")
          if let previous = names[bare] {
            error(
              path,
              "the name '\(bare)' appears twice in resolutionOrder (first as \(previous)); names must be unique (Resolver §4.1.6)"
            )
          } else {
            names[bare] = stepName
          }
        }
      }
      var json = source.root
      if !inlined.isEmpty || !kept.isEmpty, var o = json.objectValue {
        // File references inlined so the stored document stands alone; those naming a
        // catalog token set stay references, spelt as the catalog spells them.
        var files = inlined
        for (reference, spelling) in kept {
          files[reference] = .object(JSONObject([("$ref", .string(spelling))]))
        }
        o = Self.inline(o, files)
        json = .object(o)
      }
      return ResolverDocument(
        name: root["name"]?.stringValue, version: version ?? "2025.10",
        description: root["description"]?.stringValue,
        resolutionOrder: steps, json: json, file: source.file)
    }

    static func inline(_ object: JSONObject, _ files: [String: JSONValue]) -> JSONObject {
      var out = JSONObject()
      for (k, v) in object.members { out.members.append((k, inline(v, files))) }
      return out
    }

    static func inline(_ value: JSONValue, _ files: [String: JSONValue]) -> JSONValue {
      switch value {
      case .object(let o):
        if o.count == 1, let r = o["$ref"]?.stringValue, let f = files[r] { return f }
        return .object(inline(o, files))
      case .array(let a): return .array(a.map { inline($0, files) })
      default: return value
      }
    }

    mutating func namedSet(_ name: String, jsonPath: String, stack: inout [String]) -> TokenSet? {
      if let s = sets[name] { return s }
      guard let object = setJSON[name] else {
        return failed(jsonPath, "#/sets/\(name) names no set of this document (Resolver §4.2)")
      }
      if stack.contains(name) {
        return failed(
          jsonPath,
          "circular set references: \(BoundedList.chain((stack.drop { $0 != name } + [name]).map { "#/sets/\($0)" })) (Resolver §4.2)"
        )
      }
      for key in object.keys where !ResolverDocument.setKeys.contains(key) {
        error(
          JSONPath.appending(key: key, to: "sets.\(name)"),
          "unknown property '\(key)' on a set; a set has description, sources and $extensions (Resolver §4.1.4)"
        )
      }
      stack.append(name)
      let s = set(
        object, name: name, jsonPath: JSONPath.appending(key: name, to: "sets"), stack: &stack,
        named: true)
      stack.removeLast()
      if let s { sets[name] = s }
      return s
    }

    mutating func set(
      _ object: JSONObject, name: String, jsonPath: String, stack: inout [String],
      named: Bool = false
    ) -> TokenSet? {
      guard let sourcesValue = object["sources"] else {
        return failed(
          jsonPath,
          "the set '\(name)' needs \"sources\", an array of token trees or references (Resolver §4.1.4)"
        )
      }
      guard let sources = sourcesValue.arrayValue else {
        return failed(
          JSONPath.appending(key: "sources", to: jsonPath),
          "sources must be an array; got \(sourcesValue.typeName) (Resolver §4.1.4)")
      }
      guard
        let keyed = self.sources(
          sources, jsonPath: JSONPath.appending(key: "sources", to: jsonPath),
          owner: "set '\(name)'", stack: &stack)
      else { return nil }
      if named { setKeys[name] = keyed.map(\.key) }
      return TokenSet(
        name: name, description: object["description"]?.stringValue, sources: keyed.map(\.tree))
    }

    /// A set's or context's sources in merge order, references expanded. A tree that
    /// appears more than once (a set referenced from several places) is kept only at its
    /// last place: merging it earlier too changes nothing, since the last merge of the
    /// same tree sets the same tokens again (Resolver §4.1.4: later sources override
    /// earlier ones). This keeps the number of trees linear in the document, however often
    /// sets reference each other.
    mutating func sources(
      _ sources: [JSONValue], jsonPath: String, owner: String, stack: inout [String]
    ) -> [(key: String, tree: JSONValue)]? {
      guard let all = expandedSources(sources, jsonPath: jsonPath, owner: owner, stack: &stack)
      else { return nil }
      var last: [String: Int] = [:]
      for (i, item) in all.enumerated() { last[item.key] = i }
      return all.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
    }

    mutating func expandedSources(
      _ sources: [JSONValue], jsonPath: String, owner: String, stack: inout [String]
    ) -> [(key: String, tree: JSONValue)]? {
      var trees: [(key: String, tree: JSONValue)] = []
      var ok = true
      for (i, source) in sources.enumerated() {
        let path = JSONPath.appending(index: i, to: jsonPath)
        guard let o = source.objectValue else {
          error(
            path,
            "a source must be a token tree or {\"$ref\": …}; got \(source.typeName) (Resolver §4.1.4)"
          )
          ok = false
          continue
        }
        guard let ref = o["$ref"] else {
          inlineCount += 1
          trees.append(("inline#\(inlineCount)", source))
          continue
        }
        guard let text = ref.stringValue else {
          error(path, "$ref must be a string (Resolver §4.2)")
          ok = false
          continue
        }
        if text.hasPrefix("#/sets/") {
          let name = String(text.dropFirst(7))
          if let s = namedSet(name, jsonPath: path, stack: &stack) {
            let keys = setKeys[name] ?? s.sources.indices.map { "set:\(name)#\($0)" }
            trees.append(contentsOf: zip(keys, s.sources).map { ($0, $1) })
          } else {
            ok = false
          }
        } else if text.hasPrefix("#/modifiers/") {
          error(
            path,
            "the \(owner) references the modifier \(text); sources may reference sets and token files, never modifiers (Resolver §4.1.5, §4.2.1)"
          )
          ok = false
        } else if text.hasPrefix("#") {
          error(
            path, "$ref \(text) must name a set (#/sets/NAME) or a token file (Resolver §4.2.1)")
          ok = false
        } else if let loadFile {
          if loaded[text] == nil {
            do throws(TokenFileError) {
              loaded[text] = .success(try loadFile(text))
            } catch {
              loaded[text] = .failure(error)
              errors.append(contentsOf: error.diagnostics)
            }
          }
          if case .success(let tree)? = loaded[text] {
            if let set = tokenSetOfReference?(text) {
              kept[text] = TokenSetFileReference.reference(toSet: set)
            } else {
              inlined[text] = tree
            }
            trees.append(("file:\(text)", tree))
          } else {
            ok = false
          }
        } else {
          error(
            path,
            "$ref \(text) names another file; give the resolver document as a file so it can be read (Resolver §4.2)"
          )
          ok = false
        }
      }
      return ok ? trees : nil
    }

    mutating func modifier(_ object: JSONObject, name: String, jsonPath: String, inline: Bool)
      -> Modifier?
    {
      for key in object.keys where !ResolverDocument.modifierKeys.contains(key) {
        error(
          JSONPath.appending(key: key, to: jsonPath),
          "unknown property '\(key)' on a modifier; a modifier has description, contexts, default and $extensions (Resolver §4.1.5)"
        )
      }
      guard let contextsValue = object["contexts"] else {
        return failed(jsonPath, "the modifier '\(name)' needs \"contexts\" (Resolver §4.1.5)")
      }
      guard let contexts = contextsValue.objectValue else {
        return failed(
          JSONPath.appending(key: "contexts", to: jsonPath),
          "contexts must be an object of named contexts (Resolver §4.1.5)")
      }
      if contexts.isEmpty {
        return failed(
          JSONPath.appending(key: "contexts", to: jsonPath),
          "the modifier '\(name)' has no contexts; it needs at least two (Resolver §4.1.5.1)")
      }
      if contexts.count == 1 {
        return failed(
          JSONPath.appending(key: "contexts", to: jsonPath),
          "the modifier '\(name)' has one context ('\(contexts.keys[0])'); a modifier needs at least two, or it should be a set (Resolver §4.1.5.1)"
        )
      }
      var out: [(name: String, sources: [JSONValue])] = []
      var ok = true
      for (index, (contextName, value)) in contexts.members.enumerated() {
        let path = JSONPath.appending(
          key: contextName, to: JSONPath.appending(key: "contexts", to: jsonPath))
        // The one rule for context names (inputs choose them, without case).
        if checksNames,
          let problem = ResolverInputName.problem(
            in: contextName, kind: "context", siblings: contexts.keys.prefix(index))
        {
          error(path, problem)
          ok = false
        }
        guard let array = value.arrayValue else {
          error(
            path, "a context must be an array of sources; got \(value.typeName) (Resolver §4.1.5)")
          ok = false
          continue
        }
        var stack: [String] = []
        if let keyed = sources(
          array, jsonPath: path, owner: "context '\(contextName)' of the modifier '\(name)'",
          stack: &stack)
        {
          out.append((contextName, keyed.map(\.tree)))
        } else {
          ok = false
        }
      }
      var defaultContext: String?
      if let d = object["default"] {
        guard let s = d.stringValue, contexts[s] != nil else {
          return failed(
            JSONPath.appending(key: "default", to: jsonPath),
            "the default \(JSONWriter.compact(d)) is not one of the contexts of '\(name)' (\(contexts.keys.joined(separator: ", "))) (Resolver §4.1.5.3)"
          )
        }
        defaultContext = s
      }
      return ok
        ? Modifier(
          name: name, description: object["description"]?.stringValue, contexts: out,
          defaultContext: defaultContext) : nil
    }
  }
}
