/// Reads component definitions from JSON and checks them.
///
/// Checks made here need nothing but the definition: structure, types, names of built-in
/// views and modifiers, parameters used in the body are declared, `when` syntax, variant
/// arguments. Checks against the catalog (stored components, tokens) are the caller's.
public struct DefinitionParser {
  /// The most views one definition may contain.
  public static let maximumViewCount = 100_000
  /// The most rows a counted `ForEach` (`"count": n`) may repeat, a whole number: the
  /// definition's rule, which `import-swift` applies to `ForEach(0..<n)` where it reads it.
  public static let maximumForEachCount = 10_000

  private let document: JSONDocument?
  private var component: String?
  private var viewCount = 0
  private var declared: [String: ParameterDefinition] = [:]
  private var usedParameters: [(name: String, path: String)] = []

  /// `text` as a message echoes it (``DiagnosticText/excerpt(_:)``, the one rule).
  static func excerpt(_ text: String) -> String { DiagnosticText.excerpt(text) }

  private init(document: JSONDocument?) {
    self.document = document
  }

  /// Parses a definition from JSON text.
  ///
  /// - Parameters:
  ///   - text: The definition's JSON.
  ///   - file: The file name for messages.
  ///   - keepingSource: Keep the parsed document as ``ComponentDefinition/source`` (text
  ///     a person wrote, such as an editor's buffer), so checks made later can name
  ///     `file:line:column`; a stored row passes false.
  /// - Returns: The checked definition.
  /// - Throws: ``DefinitionError`` for malformed JSON (with line and column) and for
  ///   invalid content (with the JSON path and, when known, line and column).
  public static func parse(_ text: String, file: String = "<input>", keepingSource: Bool = false)
    throws(DefinitionError) -> ComponentDefinition
  {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(text, file: file)
    } catch {
      throw DefinitionError(
        component: nil, location: "\(error.file):\(error.position)", path: "",
        message: error.message)
    }
    // A stored row keeps no document: a catalog's definitions stay small in memory.
    var parser = DefinitionParser(document: document)
    var definition = try parser.parseComponent(document.root)
    if keepingSource { definition.source = document }
    return definition
  }

  /// Parses a definition from a parsed JSON document (a file given to `add`), keeping the
  /// document as ``ComponentDefinition/source`` so later checks can name positions.
  ///
  /// - Parameter document: The document; its root must be an object.
  /// - Returns: The checked definition.
  /// - Throws: ``DefinitionError`` naming the JSON path and position.
  public static func parse(document: JSONDocument) throws(DefinitionError) -> ComponentDefinition {
    var parser = DefinitionParser(document: document)
    var definition = try parser.parseComponent(document.root)
    definition.source = document
    return definition
  }

  /// Parses a definition from a JSON value (no positions in messages).
  ///
  /// - Parameter json: The definition.
  /// - Returns: The checked definition.
  /// - Throws: ``DefinitionError`` naming the JSON path.
  public static func parse(json: JSONValue) throws(DefinitionError) -> ComponentDefinition {
    var parser = DefinitionParser(document: nil)
    return try parser.parseComponent(json)
  }

  // MARK: - Component

  private mutating func parseComponent(_ json: JSONValue) throws(DefinitionError)
    -> ComponentDefinition
  {
    guard let object = json.objectValue else {
      throw fail("", "a component definition must be a JSON object; got \(json.typeName)")
    }
    try checkKeys(
      object, "",
      allowed: ["name", "description", "parameters", "variants", "body", "lint", "$schema"])
    guard let nameValue = object["name"] else {
      throw fail("", "missing \"name\": a component needs a name")
    }
    guard let name = nameValue.stringValue, Identifier.isValid(name) else {
      throw fail(
        "name",
        "a component name must be an identifier (ASCII letters, digits and _, not starting with a digit, at most 128 characters); got \(JSONWriter.compact(nameValue))"
      )
    }
    if BuiltinView(rawValue: name) != nil {
      throw fail("name", "'\(name)' is a built-in view; choose another name")
    }
    component = name
    var description: String?
    if let d = object["description"] {
      guard let s = d.stringValue else { throw fail("description", "a string; got \(d.typeName)") }
      description = s
    }
    let parameters = try parseParameters(object["parameters"])
    for p in parameters { declared[p.name] = p }
    guard let bodyJSON = object["body"] else {
      throw fail(
        "",
        "component '\(name)' has no body: add \"body\", its root view, such as {\"type\": \"VStack\", \"children\": []}"
      )
    }
    let body = try parseView(bodyJSON, path: "body")
    for use in usedParameters {
      try checkReference(use.name, at: use.path)
    }
    let variants = try parseVariants(object["variants"], parameters: parameters)
    var ignores: [String: String] = [:]
    if let lint = object["lint"] {
      guard let lintObject = lint.objectValue else {
        throw fail(
          "lint", "an object like {\"ignore\": {\"rule-id\": \"reason\"}}; got \(lint.typeName)")
      }
      try checkKeys(lintObject, "lint", allowed: ["ignore"])
      if let ignore = lintObject["ignore"] {
        guard let rules = ignore.objectValue else {
          throw fail("lint.ignore", "an object of rule identifier → reason")
        }
        for (rule, reason) in rules.members {
          guard let text = reason.stringValue, !text.isEmpty else {
            throw fail(
              JSONPath.appending(key: rule, to: "lint.ignore"),
              "a reason, so the next reader knows why the rule is off")
          }
          ignores[rule] = text
        }
      }
    }
    var definition = ComponentDefinition(
      name: name, description: description, parameters: parameters, variants: variants, body: body,
      json: json)
    definition.lintIgnores = ignores
    return definition
  }

  /// A `$` reference must name a declared parameter (or a `ForEach` element or `index`); a
  /// member (`$row.title`) must be one of the `items` its list declares.
  private func checkReference(_ name: String, at path: String) throws(DefinitionError) {
    let base = ReferencePath.base(name)
    guard let parameter = declared[base] else {
      throw fail(path, "unknown parameter $\(base)\(suggestion(for: base))")
    }
    for member in ReferencePath.members(name) {
      guard let items = parameter.items, parameter.description == "ForEach element" else {
        if parameter.description == "ForEach element" {
          throw fail(
            path,
            "$\(name): the elements of this ForEach's list have no declared members; declare them on the list parameter, like \"items\": {\"\(member)\": \"string\"}"
          )
        }
        throw fail(
          path,
          "$\(name): $\(base) is \(parameter.type.article) \(parameter.type.rawValue) parameter, not a ForEach record; it has no member '\(member)'"
        )
      }
      guard items.contains(where: { $0.name == member }) else {
        throw fail(
          path,
          "$\(name): unknown member '\(member)' of $\(base); its members: \(items.map(\.name).joined(separator: ", "))\(NameSuggestion.didYouMean(member, among: items.map(\.name)))"
        )
      }
    }
  }

  private func suggestion(for name: String) -> String {
    if declared.isEmpty { return "; the component declares no parameters" }
    let names = declared.keys.sorted()
    return
      "; declared parameters: \(names.map { "$\($0)" }.joined(separator: ", "))\(NameSuggestion.didYouMean(name, among: names, prefix: "$"))"
  }

  /// The members of an optional top-level object (`parameters`, `variants`), each with its
  /// JSON path; none when the key is absent.
  /// - Parameters:
  ///   - json: The key's value, or nil when absent.
  ///   - key: The key (`parameters`).
  ///   - expected: What the value must be, for the error (`an object of variant name → …`).
  /// - Returns: Name, value and path of each member, in written order.
  /// - Throws: ``DefinitionError`` at `key` when the value is not an object.
  private func members(of json: JSONValue?, at key: String, expected: String)
    throws(DefinitionError) -> [(name: String, value: JSONValue, path: String)]
  {
    guard let json else { return [] }
    guard let object = json.objectValue else {
      throw fail(key, "\(expected); got \(json.typeName)")
    }
    return object.members.map { ($0.key, $0.value, JSONPath.appending(key: $0.key, to: key)) }
  }

  private mutating func parseParameters(_ json: JSONValue?) throws(DefinitionError)
    -> [ParameterDefinition]
  {
    var out: [ParameterDefinition] = []
    for (name, value, path) in try members(
      of: json, at: "parameters", expected: "an object of parameter name → {\"type\": …}")
    {
      guard Identifier.isValid(name) else {
        throw fail(path, "a parameter name must be an identifier; got '\(name)'")
      }
      guard let spec = value.objectValue else {
        throw fail(path, "an object like {\"type\": \"string\"}; got \(value.typeName)")
      }
      try checkKeys(
        spec, path, allowed: ["type", "default", "optional", "values", "description", "items"])
      guard let typeName = spec["type"]?.stringValue else {
        throw fail(
          path,
          "missing \"type\" (one of \(ParameterType.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      guard let type = ParameterType(rawValue: typeName) else {
        throw fail(
          "\(path).type",
          "unknown parameter type '\(typeName)'; expected one of \(ParameterType.allCases.map(\.rawValue).joined(separator: ", "))\(NameSuggestion.didYouMean(typeName, among: ParameterType.allCases.map(\.rawValue)))"
        )
      }
      var optional = false
      if let o = spec["optional"] {
        guard let b = o.boolValue else {
          throw fail("\(path).optional", "true or false; got \(o.typeName)")
        }
        optional = b
      }
      var allowed: [String]?
      if let v = spec["values"] {
        guard type == .string, let array = v.arrayValue, !array.isEmpty,
          array.allSatisfy({ $0.stringValue != nil })
        else {
          throw fail("\(path).values", "a non-empty array of strings, on a string parameter")
        }
        allowed = array.compactMap(\.stringValue)
      }
      var description: String?
      if let d = spec["description"] {
        guard let s = d.stringValue else {
          throw fail("\(path).description", "a string; got \(d.typeName)")
        }
        description = s
      }
      var parameter = ParameterDefinition(
        name: name, type: type, defaultValue: spec["default"], isOptional: optional,
        allowedValues: allowed, description: description, path: path)
      if let items = spec["items"] {
        guard type == .list else {
          throw fail("\(path).items", "only a list parameter declares the members of its elements")
        }
        parameter.items = try itemMembers(items, "\(path).items")
      }
      if let defaultValue = parameter.defaultValue, !(optional && defaultValue.isNull),
        let problem = parameter.problem(with: defaultValue)
      {
        throw fail(
          "\(path).default",
          "the default of \(type.article) \(type.rawValue) parameter must be \(problem)")
      }
      out.append(parameter)
    }
    return out
  }

  /// `"items": {"title": "string", "subtitle": {"type": "string", "optional": true}}`.
  private func itemMembers(_ json: JSONValue, _ path: String) throws(DefinitionError)
    -> [ItemMember]
  {
    guard let object = json.objectValue, !object.isEmpty else {
      throw fail(
        path,
        "an object of member name → type, like {\"title\": \"string\", \"subtitle\": {\"type\": \"string\", \"optional\": true}}"
      )
    }
    var members: [ItemMember] = []
    for (name, spec) in object.members {
      let memberPath = JSONPath.appending(key: name, to: path)
      guard Identifier.isValid(name) else {
        throw fail(memberPath, "a member name must be an identifier; got '\(name)'")
      }
      var typeName = spec.stringValue
      var optional = false
      if let o = spec.objectValue {
        try checkKeys(o, memberPath, allowed: ["type", "optional"])
        typeName = o["type"]?.stringValue
        if let b = o["optional"] {
          guard let v = b.boolValue else {
            throw fail("\(memberPath).optional", "true or false; got \(b.typeName)")
          }
          optional = v
        }
      }
      guard let typeName, let type = ParameterType(rawValue: typeName) else {
        throw fail(
          memberPath,
          "a type (\(ParameterType.allCases.map(\.rawValue).joined(separator: ", "))) or {\"type\": …, \"optional\": true}"
        )
      }
      members.append(ItemMember(name: name, type: type, isOptional: optional))
    }
    return members
  }

  private func parseVariants(_ json: JSONValue?, parameters: [ParameterDefinition])
    throws(DefinitionError) -> [VariantDefinition]
  {
    var out: [VariantDefinition] = []
    for (name, value, path) in try members(
      of: json, at: "variants", expected: "an object of variant name → arguments")
    {
      guard !name.isEmpty, name.count <= 128 else {
        throw fail(path, "a variant needs a name of 1 to 128 characters")
      }
      guard let arguments = value.objectValue else {
        throw fail(path, "an object of parameter name → argument; got \(value.typeName)")
      }
      for (key, argument) in arguments.members {
        let argPath = JSONPath.appending(key: key, to: path)
        guard let p = parameters.first(where: { $0.name == key }) else {
          throw fail(argPath, "unknown parameter '\(key)'\(suggestion(for: key))")
        }
        if !(p.isOptional && argument.isNull), let problem = p.problem(with: argument) {
          throw fail(
            argPath,
            "parameter '\(key)' is \(p.type.article) \(p.type.rawValue): expected \(problem)")
        }
      }
      out.append(VariantDefinition(name: name, arguments: arguments))
    }
    return out
  }

  // MARK: - Views

  private mutating func parseView(_ json: JSONValue, path: String) throws(DefinitionError)
    -> ViewDefinition
  {
    // The recursion's frame holds only what the nested views need; the view's own
    // properties are read in a function of their own, whose large frame (in debug builds)
    // is not multiplied by the nesting depth.
    var (view, object) = try parseViewOwnProperties(json, path: path)
    if let c = object["children"] {
      guard let array = c.arrayValue else {
        throw fail("\(path).children", "an array of views; got \(c.typeName)")
      }
      var children: [ViewDefinition] = []
      for (i, child) in array.enumerated() {
        children.append(try parseView(child, path: "\(path).children[\(i)]"))
      }
      view.children = children
    }
    if let s = object["slots"] {
      guard let slots = s.objectValue else {
        throw fail("\(path).slots", "an object of slot name → array of views; got \(s.typeName)")
      }
      for (name, value) in slots.members {
        let slotPath = JSONPath.appending(key: name, to: "\(path).slots")
        guard Identifier.isValid(name) else {
          throw fail(slotPath, "a slot name must be an identifier")
        }
        guard let array = value.arrayValue else {
          throw fail(slotPath, "an array of views; got \(value.typeName)")
        }
        var views: [ViewDefinition] = []
        for (i, child) in array.enumerated() {
          views.append(try parseView(child, path: "\(slotPath)[\(i)]"))
        }
        if name == "content" {
          if !view.children.isEmpty {
            throw fail(slotPath, "the default slot is already filled by \"children\"")
          }
          view.children = views
        } else {
          view.slots.append((name, views))
        }
      }
    }
    if let m = object["modifiers"] {
      guard let array = m.arrayValue else {
        throw fail(
          "\(path).modifiers", "an array of modifiers like {\"padding\": …}; got \(m.typeName)")
      }
      for (i, item) in array.enumerated() {
        view.modifiers.append(try parseModifier(item, path: "\(path).modifiers[\(i)]"))
      }
    }
    return view
  }

  /// Reads a view's type and its own properties: everything but its children, slots and
  /// modifiers.
  @inline(never)
  private mutating func parseViewOwnProperties(_ json: JSONValue, path: String)
    throws(DefinitionError) -> (ViewDefinition, JSONObject)
  {
    viewCount += 1
    if viewCount > Self.maximumViewCount {
      throw fail(path, "the definition has more than \(Self.maximumViewCount) views")
    }
    guard let object = json.objectValue else {
      throw fail(path, "a view must be an object with a \"type\"; got \(json.typeName)")
    }
    guard let type = object["type"]?.stringValue else {
      throw fail(
        path,
        "missing \"type\": a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) or a component name"
      )
    }
    guard Identifier.isValid(type) else {
      throw fail(
        "\(path).type",
        "unknown view type '\(type)'; expected a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) or a component name\(NameSuggestion.didYouMean(type, among: BuiltinView.allCases.map(\.rawValue)))"
      )
    }
    var view = ViewDefinition(type: type, path: path)
    // Whole literals (the compiler keeps each as one static array): `common + [...]`
    // built a new array for every view (issue 17, point 4).
    let allowed: [String]
    switch view.builtin {
    case .VStack?, .HStack?, .LazyVStack?, .LazyHStack?:
      allowed = [
        "type", "when", "modifiers", "spacing", "alignment", "collapsesWhenEmpty", "children",
      ]
    case .Rectangle?, .Capsule?, .Circle?, .Ellipse?:
      allowed = ["type", "when", "modifiers", "fill", "stroke", "strokeBorder", "shadow"]
    case .RoundedRectangle?:
      allowed = [
        "type", "when", "modifiers", "cornerRadius", "fill", "stroke", "strokeBorder", "shadow",
      ]
    case .Image?:
      allowed = [
        "type", "when", "modifiers", "image", "systemName", "size", "resizable", "font",
        "foregroundColor",
      ]
    case .Label?:
      allowed = ["type", "when", "modifiers", "title", "systemImage", "font", "foregroundColor"]
    case .Button?:
      allowed = ["type", "when", "modifiers", "title", "buttonStyle", "font", "children"]
    case .Toggle?: allowed = ["type", "when", "modifiers", "title", "isOn", "font"]
    case .Link?: allowed = ["type", "when", "modifiers", "title", "destination", "font"]
    case .Grid?:
      allowed = [
        "type", "when", "modifiers", "alignment", "horizontalSpacing", "verticalSpacing",
        "children",
      ]
    case .GridRow?: allowed = ["type", "when", "modifiers", "alignment", "children"]
    case .ScrollView?: allowed = ["type", "when", "modifiers", "axes", "children"]
    case .ViewThatFits?: allowed = ["type", "when", "modifiers", "in", "children"]
    case .GeometryReader?: allowed = ["type", "when", "modifiers", "children"]
    case .ZStack?:
      allowed = ["type", "when", "modifiers", "alignment", "collapsesWhenEmpty", "children"]
    case .Text?:
      allowed = ["type", "when", "modifiers", "text", "font", "foregroundColor", "lineLimit"]
    case .Spacer?: allowed = ["type", "when", "modifiers", "minLength"]
    case .Divider?, .EmptyView?: allowed = ["type", "when", "modifiers"]
    case .Color?: allowed = ["type", "when", "modifiers", "color"]
    case .Group?: allowed = ["type", "when", "modifiers", "children"]
    case .ForEach?: allowed = ["type", "when", "modifiers", "in", "count", "as", "children"]
    case .Slot?: allowed = ["type", "when", "modifiers", "name"]
    case nil: allowed = ["type", "when", "modifiers", "arguments", "children", "slots"]
    }
    try checkKeys(object, path, allowed: allowed, context: "on \(type)")

    if let w = object["when"] {
      guard let s = w.stringValue else {
        throw fail("\(path).when", "a condition string like \"$artist\"; got \(w.typeName)")
      }
      do {
        view.when = try Condition.parse(s)
      } catch {
        throw fail("\(path).when", "malformed condition \"\(Self.excerpt(s))\" \(error)")
      }
      for name in view.when?.parameters ?? [] { usedParameters.append((name, "\(path).when")) }
    }
    if let s = object["spacing"] { view.spacing = try length(s, "\(path).spacing") }
    if let a = object["alignment"] {
      let names: [String]
      switch view.builtin {
      case .VStack?, .LazyVStack?: names = AlignmentName.horizontal
      case .HStack?, .LazyHStack?, .GridRow?: names = AlignmentName.vertical
      default: names = AlignmentName.twoDimensional
      }
      view.alignment = try enumeration(
        a, "\(path).alignment", names: names, what: "\(type) alignment")
    }
    if let c = object["collapsesWhenEmpty"] {
      guard let b = c.boolValue else {
        throw fail("\(path).collapsesWhenEmpty", "true or false; got \(c.typeName)")
      }
      view.collapsesWhenEmpty = b
    }
    if view.builtin == .Text {
      guard let t = object["text"] else {
        throw fail(path, "a Text needs \"text\": a string or \"$parameter\"")
      }
      guard let s = t.stringValue else {
        throw fail("\(path).text", "a string or \"$parameter\"; got \(t.typeName)")
      }
      view.text = expression(s, "\(path).text")
    }
    if let f = object["font"] {
      view.font = try enumeration(f, "\(path).font", names: TextStyleName.all, what: "text style")
    }
    if let f = object["foregroundColor"] {
      guard let s = f.stringValue else {
        throw fail("\(path).foregroundColor", "a colour name; got \(f.typeName)")
      }
      view.foregroundColor = try colour(s, "\(path).foregroundColor")
    }
    if let l = object["lineLimit"] {
      guard let n = l.numberValue, n >= 1, n == n.rounded(), n <= 10_000 else {
        throw fail(
          "\(path).lineLimit", "a whole number of lines from 1; got \(JSONWriter.compact(l))")
      }
      view.lineLimit = Int(n)
    }
    if let m = object["minLength"] { view.minLength = try length(m, "\(path).minLength") }
    if let builtin = view.builtin {
      try parseProperties(object, builtin: builtin, path: path, into: &view)
    }
    if view.builtin == .Color {
      guard let c = object["color"] else {
        throw fail(path, "a Color needs \"color\": a name like \"red\" or \"$parameter\"")
      }
      guard let s = c.stringValue, !s.isEmpty else {
        throw fail("\(path).color", "a colour name; got \(c.typeName)")
      }
      view.color = try colour(s, "\(path).color")
    }
    if view.builtin == .Slot, let n = object["name"] {
      guard let s = n.stringValue, Identifier.isValid(s) else {
        throw fail(
          "\(path).name", "a slot name must be an identifier; got \(JSONWriter.compact(n))")
      }
      view.slotName = s == "content" ? nil : s
    }
    if view.builtin == .ForEach {
      if let source = object["in"] {
        guard let s = source.stringValue, s.hasPrefix("$"),
          Identifier.isValid(String(s.dropFirst()))
        else {
          throw fail("\(path).in", "a list parameter like \"$items\"")
        }
        view.forEach = .list(String(s.dropFirst()))
        usedParameters.append((String(s.dropFirst()), "\(path).in"))
      } else if let count = object["count"] {
        switch count {
        case .number(let n)
        where n.value >= 0 && n.value == n.value.rounded()
          && n.value <= Double(Self.maximumForEachCount):
          view.forEach = .count(.literal(count))
        case .string(let s) where s.hasPrefix("$"):
          view.forEach = .count(expression(s, "\(path).count"))
        default:
          throw fail(
            "\(path).count",
            "a whole number from 0 to \(Self.maximumForEachCount) or \"$parameter\"; got \(JSONWriter.compact(count))"
          )
        }
      } else {
        throw fail(path, "a ForEach needs \"in\": \"$list\" or \"count\"")
      }
      if let a = object["as"] {
        guard let s = a.stringValue, Identifier.isValid(s) else {
          throw fail("\(path).as", "an identifier")
        }
        view.forEachElement = s
      }
      if declared[view.forEachElement] == nil {
        var element = ParameterDefinition(
          name: view.forEachElement, type: .string, defaultValue: nil, isOptional: true,
          allowedValues: nil, description: "ForEach element", path: path)
        // A list of records: the element's members are the list's `items`.
        if case .list(let list)? = view.forEach { element.items = declared[list]?.items }
        declared[view.forEachElement] = element
      }
      declared["index"] =
        declared["index"]
        ?? ParameterDefinition(
          name: "index", type: .number, defaultValue: nil, isOptional: true, allowedValues: nil,
          description: "ForEach index", path: path)
    }
    if let a = object["arguments"] {
      guard let args = a.objectValue else {
        throw fail("\(path).arguments", "an object of parameter name → argument; got \(a.typeName)")
      }
      for (key, value) in args.members {
        let argPath = JSONPath.appending(key: key, to: "\(path).arguments")
        guard Identifier.isValid(key) else { throw fail(argPath, "argument names are identifiers") }
        if case .string(let s) = value, s.hasPrefix("$"), !s.hasPrefix("$$") {
          let name = String(s.dropFirst())
          guard ReferencePath.isValid(name) else {
            throw fail(argPath, "'\(s)' is not a parameter reference")
          }
          usedParameters.append((name, argPath))
        }
      }
      view.arguments = args
    }
    return (view, object)
  }

  // MARK: - Shapes, images, controls, grids, scroll views

  /// The string properties a view must have (README "Definition format"), each with what its
  /// value is, as the error for a missing one says (`a Link needs "destination": a URL string
  /// or "$parameter"`).
  /// - Parameter builtin: The view.
  /// - Returns: (key, property, what the value is), in the order checked; none for most views.
  private static func requiredStrings(of builtin: BuiltinView)
    -> [(String, WritableKeyPath<BuiltinProperties, ValueExpression?>, String)]
  {
    let title = ("title", \BuiltinProperties.title, "a string or \"$parameter\"")
    switch builtin {
    case .Label: return [title, ("systemImage", \.systemImage, "an SF Symbol name")]
    case .Toggle: return [title]
    case .Link: return [title, ("destination", \.destination, "a URL string or \"$parameter\"")]
    default: return []
    }
  }

  /// Reads the properties of the views beyond stacks and text (README "Definition format").
  private mutating func parseProperties(
    _ object: JSONObject, builtin: BuiltinView, path: String, into view: inout ViewDefinition
  ) throws(DefinitionError) {
    var props = BuiltinProperties()
    func string(_ key: String, required: String? = nil) throws(DefinitionError) -> ValueExpression?
    {
      guard let v = object[key] else {
        if let required { throw fail(path, required) }
        return nil
      }
      guard let s = v.stringValue, !s.isEmpty else {
        throw fail("\(path).\(key)", "a non-empty string or \"$parameter\"; got \(v.typeName)")
      }
      return expression(s, "\(path).\(key)")
    }
    if builtin == .RoundedRectangle {
      guard let r = object["cornerRadius"] else {
        throw fail(
          path,
          "a RoundedRectangle needs \"cornerRadius\": points, a token like \"{radius.md}\" or \"$parameter\""
        )
      }
      props.cornerRadius = try length(r, "\(path).cornerRadius")
    }
    // A colour, by the one rule of every colour property (`ColorName`): a fill or stroke
    // colour was taken as any string, drawn grey and not tracked as a token use (review 21).
    if object["fill"] != nil, case .literal(.string(let s))? = try string("fill") {
      props.fill = try colour(s, "\(path).fill")
    } else {
      props.fill = try string("fill")
    }
    for key in ["stroke", "strokeBorder"] {
      guard let v = object[key] else { continue }
      if props.stroke != nil {
        throw fail("\(path).\(key)", "a shape has either \"stroke\" or \"strokeBorder\", not both")
      }
      let inner = "\(path).\(key)"
      switch v {
      case .string(let s) where s.hasPrefix("{") && s.hasSuffix("}") && s.count > 2:
        // A DTCG `border` composite token (Format §9.3): colour and width from the token.
        props.stroke = StrokeDefinition(
          color: nil, lineWidth: .points(1), isBorder: key == "strokeBorder",
          borderToken: String(s.dropFirst().dropLast()))
      case .string(let s) where !s.isEmpty:
        props.stroke = StrokeDefinition(
          color: try colour(s, inner), lineWidth: .points(1), isBorder: key == "strokeBorder")
      case .object(let o):
        try checkKeys(o, inner, allowed: ["color", "lineWidth"])
        guard let c = o["color"]?.stringValue, !c.isEmpty else {
          throw fail("\(inner).color", "a colour name or \"$parameter\"")
        }
        let width =
          try o["lineWidth"].map { w throws(DefinitionError) in try length(w, "\(inner).lineWidth")
          } ?? .points(1)
        props.stroke = StrokeDefinition(
          color: try colour(c, "\(inner).color"), lineWidth: width,
          isBorder: key == "strokeBorder")
      default:
        throw fail(
          inner,
          "a colour name, {\"color\": \"gray\", \"lineWidth\": 1} or a border token like \"{border.card}\"; got \(v.typeName)"
        )
      }
    }
    if let shadow = object["shadow"] {
      // A DTCG `shadow` composite token (Format §9.6): colour, offsets, blur and spread.
      guard let s = shadow.stringValue, s.hasPrefix("{"), s.hasSuffix("}"), s.count > 2,
        TokenPath.isValid(String(s.dropFirst().dropLast()))
      else {
        throw fail(
          "\(path).shadow",
          "a shadow token like \"{shadow.card}\"; got \(JSONWriter.compact(shadow))")
      }
      props.shadowToken = String(s.dropFirst().dropLast())
    }
    if builtin == .Image {
      // SwiftUI's spelling: `Image("avatar")`, `Image(systemName: "wifi")`.
      props.image = try string("image")
      props.systemImage = try string("systemName")
      if (props.image == nil) == (props.systemImage == nil) {
        throw fail(
          path,
          "an Image needs exactly one of \"image\" (an asset name, with \"size\": [width, height]) or \"systemName\" (an SF Symbol name)"
        )
      }
      if let size = object["size"] {
        guard let a = size.arrayValue, a.count == 2 else {
          throw fail("\(path).size", "[width, height] in points or tokens")
        }
        var lengths: [Length] = []
        for (k, item) in a.enumerated() {
          let l = try length(item, "\(path).size[\(k)]")
          if l == .platformDefault {
            throw fail(
              "\(path).size[\(k)]", "a number of points, a token or \"$parameter\"; got null")
          }
          lengths.append(l)
        }
        props.size = lengths
      } else if props.image != nil {
        throw fail(
          path,
          "an asset Image needs its intrinsic \"size\": [width, height] in points (the catalog has no image files to measure)"
        )
      }
      if let r = object["resizable"] {
        guard let b = r.boolValue else {
          throw fail("\(path).resizable", "true or false; got \(r.typeName)")
        }
        props.isResizable = b
      }
    }
    for (key, property, what) in Self.requiredStrings(of: builtin) {
      props[keyPath: property] = try string(
        key, required: "a \(builtin.rawValue) needs \"\(key)\": \(what)")
    }
    if builtin == .Button {
      props.title = try string("title")
      if props.title == nil, object["children"] == nil {
        throw fail(path, "a Button needs \"title\" or \"children\" (its label)")
      }
      if let st = object["buttonStyle"] {
        guard let s = st.stringValue, ButtonStyleName.all.contains(s) else {
          throw fail(
            "\(path).buttonStyle",
            "one of \(ButtonStyleName.all.joined(separator: ", ")); got \(JSONWriter.compact(st))")
        }
        props.buttonStyle = s
      }
    }
    if builtin == .Toggle {
      if let v = object["isOn"] {
        switch v {
        case .bool: props.isOn = .literal(v)
        case .string(let s) where s.hasPrefix("$"): props.isOn = expression(s, "\(path).isOn")
        default: throw fail("\(path).isOn", "true, false or \"$parameter\"; got \(v.typeName)")
        }
      }
    }
    if builtin == .Grid {
      if let v = object["horizontalSpacing"] {
        props.horizontalSpacing = try length(v, "\(path).horizontalSpacing")
      }
      if let v = object["verticalSpacing"] {
        props.verticalSpacing = try length(v, "\(path).verticalSpacing")
      }
    }
    if builtin == .ScrollView, let v = object["axes"] {
      guard let s = v.stringValue, ["vertical", "horizontal"].contains(s) else {
        throw fail("\(path).axes", "\"vertical\" or \"horizontal\"; got \(JSONWriter.compact(v))")
      }
      props.axes = s
    }
    if builtin == .ViewThatFits, let v = object["in"] {
      guard let s = v.stringValue, ["horizontal", "vertical", "all"].contains(s) else {
        throw fail(
          "\(path).in", "\"horizontal\", \"vertical\" or \"all\"; got \(JSONWriter.compact(v))")
      }
      props.axes = s
    }
    view.properties = props
  }

  // MARK: - Modifiers

  private mutating func parseModifier(_ json: JSONValue, path: String) throws(DefinitionError)
    -> ModifierDefinition
  {
    var condition: Condition?
    var members = json.objectValue?.members ?? []
    if let index = members.firstIndex(where: { $0.key == "when" }) {
      let w = members.remove(at: index).value
      guard let s = w.stringValue else {
        throw fail("\(path).when", "a condition string like \"$artist\"; got \(w.typeName)")
      }
      do {
        condition = try Condition.parse(s)
      } catch {
        throw fail("\(path).when", "malformed condition \"\(Self.excerpt(s))\" \(error)")
      }
      for name in condition?.parameters ?? [] { usedParameters.append((name, "\(path).when")) }
    }
    guard json.objectValue != nil, members.count == 1, let (name, value) = members.first else {
      throw fail(
        path,
        "a modifier is an object with exactly one modifier member (and an optional \"when\"), like {\"padding\": {\"edges\": [\"bottom\"], \"length\": 8}}"
      )
    }
    var located = try parseModifierBody(name: name, value: value, path: path)
    located.when = condition
    return located
  }

  private mutating func parseModifierBody(name: String, value: JSONValue, path: String)
    throws(DefinitionError) -> ModifierDefinition
  {
    let inner = JSONPath.appending(key: name, to: path)
    switch name {
    case "padding":
      // Shorthand: {"padding": 8} or {"padding": "{space.md}"} or {"padding": null} pads every edge.
      guard let spec = value.objectValue else {
        return ModifierDefinition(
          .padding(edges: .all, length: try length(value, "\(inner).length", at: inner)), path: path
        )
      }
      try checkKeys(spec, inner, allowed: ["edges", "length"])
      var edges: EdgeSet = .all
      if let e = spec["edges"] {
        edges = try edgeSet(e, "\(inner).edges")
      }
      let len =
        try spec["length"].map { v throws(DefinitionError) in try length(v, "\(inner).length") }
        ?? .platformDefault
      return ModifierDefinition(.padding(edges: edges, length: len), path: path)
    case "frame":
      guard let spec = value.objectValue else {
        throw fail(inner, "an object like {\"width\": 44, \"height\": 44}; got \(value.typeName)")
      }
      try checkKeys(spec, inner, allowed: FrameDefinition.lengthNames + ["alignment"])
      var frame = FrameDefinition()
      func get(_ key: String, infinity: Bool = false) throws(DefinitionError) -> Length? {
        guard let v = spec[key] else { return nil }
        let l = try length(v, "\(inner).\(key)", allowsInfinity: infinity)
        if case .points(let p) = l, p < 0 {
          throw fail(
            "\(inner).\(key)", "a frame length cannot be negative; got \(JSONWriter.number(p))")
        }
        return l
      }
      frame.width = try get("width")
      frame.height = try get("height")
      frame.minWidth = try get("minWidth")
      frame.idealWidth = try get("idealWidth")
      frame.maxWidth = try get("maxWidth", infinity: true)
      frame.minHeight = try get("minHeight")
      frame.idealHeight = try get("idealHeight")
      frame.maxHeight = try get("maxHeight", infinity: true)
      if frame.lengths.isEmpty {
        throw fail(
          inner,
          "a frame needs at least one of \(FrameDefinition.lengthNames.joined(separator: ", "))")
      }
      let fixed = frame.width != nil || frame.height != nil
      let flexible = [
        frame.minWidth, frame.idealWidth, frame.maxWidth, frame.minHeight, frame.idealHeight,
        frame.maxHeight,
      ].contains { $0 != nil }
      if fixed && flexible {
        throw fail(
          inner,
          "SwiftUI's frame is either fixed (width, height) or flexible (min…, ideal…, max…), not both in one modifier; chain two frames"
        )
      }
      for (lo, hi) in [
        ("minWidth", "maxWidth"), ("minHeight", "maxHeight"), ("minWidth", "idealWidth"),
        ("idealWidth", "maxWidth"), ("minHeight", "idealHeight"), ("idealHeight", "maxHeight"),
      ] {
        if case .points(let a)? = try get(lo, infinity: lo.hasPrefix("max")),
          case .points(let b)? = try get(hi, infinity: hi.hasPrefix("max")), a > b
        {
          throw fail(
            "\(inner).\(hi)",
            "\(hi) (\(JSONWriter.number(b))) is less than \(lo) (\(JSONWriter.number(a))); SwiftUI requires min ≤ ideal ≤ max"
          )
        }
      }
      if let a = spec["alignment"] {
        frame.alignment = try enumeration(
          a, "\(inner).alignment", names: AlignmentName.twoDimensional, what: "frame alignment")
      }
      return ModifierDefinition(.frame(frame), path: path)
    case "fixedSize":
      switch value {
      case .bool(true), .object(JSONObject()):
        return ModifierDefinition(.fixedSize(horizontal: true, vertical: true), path: path)
      case .object(let spec):
        try checkKeys(spec, inner, allowed: ["horizontal", "vertical"])
        let h = spec["horizontal"]?.boolValue
        let v = spec["vertical"]?.boolValue
        if spec["horizontal"] != nil && h == nil {
          throw fail("\(inner).horizontal", "true or false")
        }
        if spec["vertical"] != nil && v == nil { throw fail("\(inner).vertical", "true or false") }
        return ModifierDefinition(
          .fixedSize(horizontal: h ?? false, vertical: v ?? false), path: path)
      default:
        throw fail(
          inner, "true, {} or {\"horizontal\": true, \"vertical\": false}; got \(value.typeName)")
      }
    case "layoutPriority":
      guard let n = value.numberValue else { throw fail(inner, "a number; got \(value.typeName)") }
      return ModifierDefinition(.layoutPriority(n), path: path)
    case "background", "overlay":
      // A colour name, a view, or {"content": view | [views], "alignment": name}.
      var content: SecondaryContent
      switch value {
      case .string(let color):
        var view = ViewDefinition(type: "Color", path: inner)
        view.color = try colour(color, inner)
        content = SecondaryContent(views: [view], alignment: nil)
      case .object(let o) where o["type"] != nil:
        content = SecondaryContent(views: [try parseView(value, path: inner)], alignment: nil)
      case .object(let o):
        try checkKeys(o, inner, allowed: ["content", "alignment"])
        guard let c = o["content"] else {
          throw fail(inner, "\"content\": a view or an array of views")
        }
        var views: [ViewDefinition] = []
        if let array = c.arrayValue {
          for (i, v) in array.enumerated() {
            views.append(try parseView(v, path: "\(inner).content[\(i)]"))
          }
        } else {
          views = [try parseView(c, path: "\(inner).content")]
        }
        var alignment: ValueExpression?
        if let a = o["alignment"] {
          alignment = try enumeration(
            a, "\(inner).alignment", names: AlignmentName.twoDimensional, what: "\(name) alignment")
        }
        content = SecondaryContent(views: views, alignment: alignment)
      default:
        throw fail(
          inner,
          "a colour name, a view, or {\"content\": view, \"alignment\": \"top\"}; got \(value.typeName)"
        )
      }
      return ModifierDefinition(
        name == "background" ? .background(content) : .overlay(content), path: path)
    case "offset":
      guard let o = value.objectValue else {
        throw fail(inner, "an object like {\"x\": 4, \"y\": \"{space.xs}\"}; got \(value.typeName)")
      }
      try checkKeys(o, inner, allowed: ["x", "y"])
      let x =
        try o["x"].map { v throws(DefinitionError) in try length(v, "\(inner).x") } ?? .points(0)
      let y =
        try o["y"].map { v throws(DefinitionError) in try length(v, "\(inner).y") } ?? .points(0)
      return ModifierDefinition(.offset(x: x, y: y), path: path)
    case "opacity":
      guard let n = value.numberValue, (0...1).contains(n) else {
        throw fail(inner, "a number from 0 to 1; got \(JSONWriter.compact(value))")
      }
      return ModifierDefinition(.opacity(n), path: path)
    case "hidden":
      guard value == .bool(true) || value == .object(JSONObject()) else {
        throw fail(inner, "true")
      }
      return ModifierDefinition(.hidden, path: path)
    case "border":
      switch value {
      case .string(let color):
        _ = try colour(color, inner)
        return ModifierDefinition(.border(color: color, width: .points(1)), path: path)
      case .object(let o):
        try checkKeys(o, inner, allowed: ["color", "width"])
        guard let color = o["color"]?.stringValue else {
          throw fail("\(inner).color", "a colour name")
        }
        _ = try colour(color, "\(inner).color")
        let width =
          try o["width"].map { v throws(DefinitionError) in try length(v, "\(inner).width") }
          ?? .points(1)
        return ModifierDefinition(.border(color: color, width: width), path: path)
      default:
        throw fail(
          inner, "a colour name or {\"color\": \"red\", \"width\": 1}; got \(value.typeName)")
      }
    case "aspectRatio":
      // {"aspectRatio": {"ratio": 1.5, "contentMode": "fit"}}; a ratio of [w, h] is w ÷ h.
      guard let o = value.objectValue else {
        throw fail(
          inner, "an object like {\"ratio\": 1.5, \"contentMode\": \"fit\"}; got \(value.typeName)")
      }
      try checkKeys(o, inner, allowed: ["ratio", "contentMode"])
      var ratio: Double?
      if let r = o["ratio"] {
        if let n = r.numberValue, n > 0, n.isFinite {
          ratio = n
        } else if let a = r.arrayValue, a.count == 2, let w = a[0].numberValue,
          let h = a[1].numberValue, w > 0, h > 0, w.isFinite, h.isFinite
        {
          ratio = w / h
        } else if !r.isNull {
          throw fail(
            "\(inner).ratio",
            "a positive number (width ÷ height), [width, height] or null; got \(JSONWriter.compact(r))"
          )
        }
      }
      let mode = o["contentMode"]?.stringValue ?? "fit"
      guard ["fit", "fill"].contains(mode) else {
        throw fail(
          "\(inner).contentMode",
          "\"fit\" or \"fill\"; got \(JSONWriter.compact(o["contentMode"] ?? .null))")
      }
      return ModifierDefinition(
        .aspectRatio(ratio: ratio, contentMode: mode, scaled: false), path: path)
    case "scaledToFit", "scaledToFill", "clipped":
      guard value == .bool(true) || value == .object(JSONObject()) else {
        throw fail(inner, "true")
      }
      if name == "clipped" { return ModifierDefinition(.clipped, path: path) }
      return ModifierDefinition(
        .aspectRatio(ratio: nil, contentMode: name == "scaledToFit" ? "fit" : "fill", scaled: true),
        path: path)
    case "clipShape":
      switch value {
      case .string(let s) where ["Rectangle", "Capsule", "Circle", "Ellipse"].contains(s):
        return ModifierDefinition(.clipShape(type: s, cornerRadius: nil), path: path)
      case .object(let o):
        try checkKeys(o, inner, allowed: ["type", "cornerRadius"])
        guard o["type"]?.stringValue == "RoundedRectangle", let r = o["cornerRadius"] else {
          throw fail(inner, "{\"type\": \"RoundedRectangle\", \"cornerRadius\": 8}")
        }
        return ModifierDefinition(
          .clipShape(
            type: "RoundedRectangle", cornerRadius: try length(r, "\(inner).cornerRadius")),
          path: path)
      default:
        throw fail(
          inner,
          "a shape name (Rectangle, Capsule, Circle, Ellipse) or {\"type\": \"RoundedRectangle\", \"cornerRadius\": 8}; got \(JSONWriter.compact(value))"
        )
      }
    case "gridCellColumns":
      guard let n = value.numberValue, n >= 1, n <= 1000, n == n.rounded() else {
        throw fail(inner, "a whole number of columns from 1; got \(JSONWriter.compact(value))")
      }
      return ModifierDefinition(.gridCellColumns(Int(n)), path: path)
    case "gridColumnAlignment":
      guard let s = value.stringValue, AlignmentName.horizontal.contains(s) else {
        throw fail(
          inner,
          "one of \(AlignmentName.horizontal.joined(separator: ", ")); got \(JSONWriter.compact(value))"
        )
      }
      return ModifierDefinition(.gridColumnAlignment(s), path: path)
    case "gridCellUnsizedAxes":
      let names: [String]
      if let s = value.stringValue {
        names = [s]
      } else {
        names = value.arrayValue?.compactMap(\.stringValue) ?? []
      }
      guard !names.isEmpty, names.allSatisfy({ ["horizontal", "vertical"].contains($0) }) else {
        throw fail(
          inner,
          "\"horizontal\", \"vertical\" or both in an array; got \(JSONWriter.compact(value))")
      }
      return ModifierDefinition(
        .gridCellUnsizedAxes(
          horizontal: names.contains("horizontal"), vertical: names.contains("vertical")),
        path: path)
    default:
      throw fail(
        inner,
        "unknown modifier '\(name)'; expected one of \(Modifier.names.joined(separator: ", "))\(NameSuggestion.didYouMean(name, among: Modifier.names))"
      )
    }
  }

  // MARK: - Values

  private mutating func length(
    _ value: JSONValue, _ path: String, allowsInfinity: Bool = false, at position: String? = nil
  ) throws(DefinitionError) -> Length {
    switch Length.parse(value, allowsInfinity: allowsInfinity) {
    case .success(let l):
      if case .parameter(let name) = l { usedParameters.append((name, path)) }
      return l
    case .failure(let problem):
      throw fail(path, "expected \(problem.expected)", at: position)
    }
  }

  /// A colour: checked by ``ColorName/problem(in:)`` (issue 12, point 4), then read as an
  /// expression (a `$parameter` or a literal).
  private mutating func colour(_ s: String, _ path: String) throws(DefinitionError)
    -> ValueExpression
  {
    if let problem = ColorName.problem(in: s) {
      throw fail(path, "\(problem); got \"\(NameText.forTerminal(s))\"")
    }
    return expression(s, path)
  }

  private mutating func expression(_ s: String, _ path: String) -> ValueExpression {
    let e = ValueExpression.parse(string: s)
    if case .parameter(let name) = e { usedParameters.append((name, path)) }
    return e
  }

  private mutating func enumeration(
    _ value: JSONValue, _ path: String, names: [String], what: String
  ) throws(DefinitionError) -> ValueExpression {
    guard let s = value.stringValue else {
      throw fail(path, "a \(what) name; got \(value.typeName)")
    }
    let e = expression(s, path)
    if case .literal = e, !names.contains(s) {
      throw fail(
        path,
        "unknown \(what) '\(s)'; expected one of \(names.joined(separator: ", "))\(NameSuggestion.didYouMean(s, among: names))"
      )
    }
    return e
  }

  private func edgeSet(_ value: JSONValue, _ path: String) throws(DefinitionError) -> EdgeSet {
    let items: [JSONValue]
    if let s = value.stringValue {
      items = [.string(s)]
    } else if let a = value.arrayValue {
      items = a
    } else {
      throw fail(
        path, "an edge name or an array of them (\(EdgeSet.names.map(\.0).joined(separator: ", ")))"
      )
    }
    var set: EdgeSet = []
    for (i, item) in items.enumerated() {
      guard let s = item.stringValue, let e = EdgeSet.names.first(where: { $0.0 == s })?.1 else {
        throw fail(
          "\(path)[\(i)]",
          "unknown edge \(JSONWriter.compact(item)); expected one of \(EdgeSet.names.map(\.0).joined(separator: ", "))\(NameSuggestion.didYouMean(item.stringValue ?? "", among: EdgeSet.names.map(\.0)))"
        )
      }
      set.formUnion(e)
    }
    if set.isEmpty { throw fail(path, "at least one edge") }
    return set
  }

  private func checkKeys(
    _ object: JSONObject, _ path: String, allowed: [String], context: String? = nil
  ) throws(DefinitionError) {
    for member in object.members where !allowed.contains(member.key) {
      let key = member.key
      let contextNote = context.map { " \($0)" } ?? ""
      throw fail(
        JSONPath.appending(key: key, to: path),
        "unknown property '\(key)'\(contextNote); expected one of \(allowed.joined(separator: ", "))\(NameSuggestion.didYouMean(key, among: allowed))"
      )
    }
  }

  private func fail(_ path: String, _ message: String, at position: String? = nil)
    -> DefinitionError
  {
    DefinitionError(
      component: component, location: document?.location(of: position ?? path), path: path,
      message: message)
  }
}

/// The button styles a `Button` accepts (SwiftUI's `ButtonStyle` statics).
public enum ButtonStyleName {
  /// Every style, the default first.
  public static let all = ["automatic", "plain", "borderless", "bordered", "borderedProminent"]
}

/// Apple's text style names (`Font.TextStyle`), the values `font` accepts.
public enum TextStyleName {
  /// Every style, largest first.
  public static let all = [
    "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
    "footnote", "caption", "caption2",
  ]
}
