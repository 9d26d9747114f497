/// Reads component definitions from JSON and checks them.
///
/// Checks made here need nothing but the definition: structure, types, names of built-in
/// views and modifiers, parameters used in the body are declared, `when` syntax, variant
/// arguments. Checks against the catalog (stored components, tokens) are the caller's.
public struct DefinitionParser {
  /// The most views one definition may contain.
  public static let maximumViewCount = 100_000

  private let document: JSONDocument?
  private var component: String?
  private var viewCount = 0
  private var declared: [String: ParameterDefinition] = [:]
  private var usedParameters: [(name: String, path: String)] = []

  private init(document: JSONDocument?) {
    self.document = document
  }

  /// Parses a definition from JSON text.
  ///
  /// - Parameters:
  ///   - text: The definition's JSON.
  ///   - file: The file name for messages.
  /// - Returns: The checked definition.
  /// - Throws: ``DefinitionError`` for malformed JSON (with line and column) and for
  ///   invalid content (with the JSON path and, when known, line and column).
  public static func parse(_ text: String, file: String = "<input>") throws(DefinitionError) -> ComponentDefinition {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(text, file: file)
    } catch {
      throw DefinitionError(
        component: nil, location: "\(error.file):\(error.position)", path: "", message: error.message)
    }
    return try parse(document: document)
  }

  /// Parses a definition from a parsed JSON document.
  ///
  /// - Parameter document: The document; its root must be an object.
  /// - Returns: The checked definition.
  /// - Throws: ``DefinitionError`` naming the JSON path and position.
  public static func parse(document: JSONDocument) throws(DefinitionError) -> ComponentDefinition {
    var parser = DefinitionParser(document: document)
    return try parser.parseComponent(document.root)
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

  private mutating func parseComponent(_ json: JSONValue) throws(DefinitionError) -> ComponentDefinition {
    guard let object = json.objectValue else {
      throw fail("", "a component definition must be a JSON object; got \(json.typeName)")
    }
    try checkKeys(object, "", allowed: ["name", "description", "parameters", "variants", "body", "lint", "$schema"])
    guard let nameValue = object["name"] else { throw fail("", "missing \"name\": a component needs a name") }
    guard let name = nameValue.stringValue, Identifier.isValid(name) else {
      throw fail("name", "a component name must be an identifier (letters, digits and _, not starting with a digit, at most 128 characters); got \(JSONWriter.compact(nameValue))")
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
    guard let bodyJSON = object["body"] else { throw fail("", "missing \"body\": the component's root view") }
    let body = try parseView(bodyJSON, path: "body")
    for use in usedParameters where declared[use.name] == nil {
      throw fail(use.path, "unknown parameter $\(use.name)\(suggestion(for: use.name))")
    }
    let variants = try parseVariants(object["variants"], parameters: parameters)
    var ignores: [String: String] = [:]
    if let lint = object["lint"] {
      guard let lintObject = lint.objectValue else { throw fail("lint", "an object like {\"ignore\": {\"rule-id\": \"reason\"}}; got \(lint.typeName)") }
      try checkKeys(lintObject, "lint", allowed: ["ignore"])
      if let ignore = lintObject["ignore"] {
        guard let rules = ignore.objectValue else { throw fail("lint.ignore", "an object of rule identifier → reason") }
        for (rule, reason) in rules.members {
          guard let text = reason.stringValue, !text.isEmpty else {
            throw fail(JSONPath.appending(key: rule, to: "lint.ignore"), "a reason, so the next reader knows why the rule is off")
          }
          ignores[rule] = text
        }
      }
    }
    var definition = ComponentDefinition(
      name: name, description: description, parameters: parameters, variants: variants, body: body, json: json)
    definition.lintIgnores = ignores
    return definition
  }

  private func suggestion(for name: String) -> String {
    if declared.isEmpty { return "; the component declares no parameters" }
    return "; declared parameters: \(declared.keys.sorted().map { "$\($0)" }.joined(separator: ", "))"
  }

  private mutating func parseParameters(_ json: JSONValue?) throws(DefinitionError) -> [ParameterDefinition] {
    guard let json else { return [] }
    guard let object = json.objectValue else {
      throw fail("parameters", "an object of parameter name → {\"type\": …}; got \(json.typeName)")
    }
    var out: [ParameterDefinition] = []
    for (name, value) in object.members {
      let path = JSONPath.appending(key: name, to: "parameters")
      guard Identifier.isValid(name) else {
        throw fail(path, "a parameter name must be an identifier; got '\(name)'")
      }
      guard let spec = value.objectValue else {
        throw fail(path, "an object like {\"type\": \"string\"}; got \(value.typeName)")
      }
      try checkKeys(spec, path, allowed: ["type", "default", "optional", "values", "description"])
      guard let typeName = spec["type"]?.stringValue else {
        throw fail(path, "missing \"type\" (one of \(ParameterType.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      guard let type = ParameterType(rawValue: typeName) else {
        throw fail("\(path).type", "unknown parameter type '\(typeName)'; expected one of \(ParameterType.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      var optional = false
      if let o = spec["optional"] {
        guard let b = o.boolValue else { throw fail("\(path).optional", "true or false; got \(o.typeName)") }
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
        guard let s = d.stringValue else { throw fail("\(path).description", "a string; got \(d.typeName)") }
        description = s
      }
      let defaultValue = spec["default"]
      if let defaultValue, !(optional && defaultValue.isNull), let problem = type.problem(with: defaultValue, allowedValues: allowed) {
        throw fail("\(path).default", "the default of a \(type.rawValue) parameter must be \(problem)")
      }
      out.append(
        ParameterDefinition(
          name: name, type: type, defaultValue: defaultValue, isOptional: optional,
          allowedValues: allowed, description: description, path: path))
    }
    return out
  }

  private func parseVariants(_ json: JSONValue?, parameters: [ParameterDefinition]) throws(DefinitionError) -> [VariantDefinition] {
    guard let json else { return [] }
    guard let object = json.objectValue else {
      throw fail("variants", "an object of variant name → arguments; got \(json.typeName)")
    }
    var out: [VariantDefinition] = []
    for (name, value) in object.members {
      let path = JSONPath.appending(key: name, to: "variants")
      guard !name.isEmpty, name.count <= 128 else { throw fail(path, "a variant needs a name of 1 to 128 characters") }
      guard let arguments = value.objectValue else {
        throw fail(path, "an object of parameter name → argument; got \(value.typeName)")
      }
      for (key, argument) in arguments.members {
        let argPath = JSONPath.appending(key: key, to: path)
        guard let p = parameters.first(where: { $0.name == key }) else {
          throw fail(argPath, "unknown parameter '\(key)'\(suggestion(for: key))")
        }
        if !(p.isOptional && argument.isNull), let problem = p.type.problem(with: argument, allowedValues: p.allowedValues) {
          throw fail(argPath, "parameter '\(key)' is a \(p.type.rawValue): expected \(problem)")
        }
      }
      out.append(VariantDefinition(name: name, arguments: arguments))
    }
    return out
  }

  // MARK: - Views

  private mutating func parseView(_ json: JSONValue, path: String) throws(DefinitionError) -> ViewDefinition {
    viewCount += 1
    if viewCount > Self.maximumViewCount {
      throw fail(path, "the definition has more than \(Self.maximumViewCount) views")
    }
    guard let object = json.objectValue else {
      throw fail(path, "a view must be an object with a \"type\"; got \(json.typeName)")
    }
    guard let type = object["type"]?.stringValue else {
      throw fail(path, "missing \"type\": a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) or a component name")
    }
    guard Identifier.isValid(type) else {
      throw fail("\(path).type", "unknown view type '\(type)'; expected a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) or a component name")
    }
    var view = ViewDefinition(type: type, path: path)
    let common = ["type", "when", "modifiers"]
    let allowed: [String]
    switch view.builtin {
    case .VStack?, .HStack?: allowed = common + ["spacing", "alignment", "collapsesWhenEmpty", "children"]
    case .ZStack?: allowed = common + ["alignment", "collapsesWhenEmpty", "children"]
    case .Text?: allowed = common + ["text", "font", "foregroundColor", "lineLimit"]
    case .Spacer?: allowed = common + ["minLength"]
    case .Divider?, .EmptyView?: allowed = common
    case .Color?: allowed = common + ["color"]
    case .Group?: allowed = common + ["children"]
    case .ForEach?: allowed = common + ["in", "count", "as", "children"]
    case .Slot?: allowed = common + ["name"]
    case nil: allowed = common + ["arguments", "children", "slots"]
    }
    try checkKeys(object, path, allowed: allowed, context: "on \(type)")

    if let w = object["when"] {
      guard let s = w.stringValue else { throw fail("\(path).when", "a condition string like \"$artist\"; got \(w.typeName)") }
      do {
        view.when = try Condition.parse(s)
      } catch {
        throw fail("\(path).when", "malformed condition \"\(s)\" \(error)")
      }
      for name in view.when?.parameters ?? [] { usedParameters.append((name, "\(path).when")) }
    }
    if let s = object["spacing"] { view.spacing = try length(s, "\(path).spacing") }
    if let a = object["alignment"] {
      let names: [String]
      switch view.builtin {
      case .VStack?: names = AlignmentName.horizontal
      case .HStack?: names = AlignmentName.vertical
      default: names = AlignmentName.twoDimensional
      }
      view.alignment = try enumeration(a, "\(path).alignment", names: names, what: "\(type) alignment")
    }
    if let c = object["collapsesWhenEmpty"] {
      guard let b = c.boolValue else { throw fail("\(path).collapsesWhenEmpty", "true or false; got \(c.typeName)") }
      view.collapsesWhenEmpty = b
    }
    if view.builtin == .Text {
      guard let t = object["text"] else { throw fail(path, "a Text needs \"text\": a string or \"$parameter\"") }
      guard let s = t.stringValue else { throw fail("\(path).text", "a string or \"$parameter\"; got \(t.typeName)") }
      view.text = expression(s, "\(path).text")
    }
    if let f = object["font"] {
      view.font = try enumeration(f, "\(path).font", names: TextStyleName.all, what: "text style")
    }
    if let f = object["foregroundColor"] {
      guard let s = f.stringValue else { throw fail("\(path).foregroundColor", "a colour name; got \(f.typeName)") }
      view.foregroundColor = try colour(s, "\(path).foregroundColor")
    }
    if let l = object["lineLimit"] {
      guard let n = l.numberValue, n >= 1, n == n.rounded(), n <= 10_000 else {
        throw fail("\(path).lineLimit", "a whole number of lines from 1; got \(JSONWriter.compact(l))")
      }
      view.lineLimit = Int(n)
    }
    if let m = object["minLength"] { view.minLength = try length(m, "\(path).minLength") }
    if view.builtin == .Color {
      guard let c = object["color"] else { throw fail(path, "a Color needs \"color\": a name like \"red\" or \"$parameter\"") }
      guard let s = c.stringValue, !s.isEmpty else { throw fail("\(path).color", "a colour name; got \(c.typeName)") }
      view.color = try colour(s, "\(path).color")
    }
    if view.builtin == .Slot, let n = object["name"] {
      guard let s = n.stringValue, Identifier.isValid(s) else {
        throw fail("\(path).name", "a slot name must be an identifier; got \(JSONWriter.compact(n))")
      }
      view.slotName = s == "content" ? nil : s
    }
    if view.builtin == .ForEach {
      if let source = object["in"] {
        guard let s = source.stringValue, s.hasPrefix("$"), Identifier.isValid(String(s.dropFirst())) else {
          throw fail("\(path).in", "a list parameter like \"$items\"")
        }
        view.forEach = .list(String(s.dropFirst()))
        usedParameters.append((String(s.dropFirst()), "\(path).in"))
      } else if let count = object["count"] {
        switch count {
        case .number(let n) where n >= 0 && n == n.rounded() && n <= 10_000:
          view.forEach = .count(.literal(count))
        case .string(let s) where s.hasPrefix("$"):
          view.forEach = .count(expression(s, "\(path).count"))
        default:
          throw fail("\(path).count", "a whole number from 0 to 10000 or \"$parameter\"")
        }
      } else {
        throw fail(path, "a ForEach needs \"in\": \"$list\" or \"count\"")
      }
      if let a = object["as"] {
        guard let s = a.stringValue, Identifier.isValid(s) else { throw fail("\(path).as", "an identifier") }
        view.forEachElement = s
      }
      declared[view.forEachElement] = declared[view.forEachElement]
        ?? ParameterDefinition(name: view.forEachElement, type: .string, defaultValue: nil, isOptional: true, allowedValues: nil, description: "ForEach element", path: path)
      declared["index"] = declared["index"]
        ?? ParameterDefinition(name: "index", type: .number, defaultValue: nil, isOptional: true, allowedValues: nil, description: "ForEach index", path: path)
    }
    if let a = object["arguments"] {
      guard let args = a.objectValue else { throw fail("\(path).arguments", "an object of parameter name → argument; got \(a.typeName)") }
      for (key, value) in args.members {
        let argPath = JSONPath.appending(key: key, to: "\(path).arguments")
        guard Identifier.isValid(key) else { throw fail(argPath, "argument names are identifiers") }
        if case .string(let s) = value, s.hasPrefix("$"), !s.hasPrefix("$$") {
          let name = String(s.dropFirst())
          guard Identifier.isValid(name) else { throw fail(argPath, "'\(s)' is not a parameter reference") }
          usedParameters.append((name, argPath))
        }
      }
      view.arguments = args
    }
    if let c = object["children"] {
      guard let array = c.arrayValue else { throw fail("\(path).children", "an array of views; got \(c.typeName)") }
      var children: [ViewDefinition] = []
      for (i, child) in array.enumerated() {
        children.append(try parseView(child, path: "\(path).children[\(i)]"))
      }
      view.children = children
    }
    if let s = object["slots"] {
      guard let slots = s.objectValue else { throw fail("\(path).slots", "an object of slot name → array of views; got \(s.typeName)") }
      for (name, value) in slots.members {
        let slotPath = JSONPath.appending(key: name, to: "\(path).slots")
        guard Identifier.isValid(name) else { throw fail(slotPath, "a slot name must be an identifier") }
        guard let array = value.arrayValue else { throw fail(slotPath, "an array of views; got \(value.typeName)") }
        var views: [ViewDefinition] = []
        for (i, child) in array.enumerated() {
          views.append(try parseView(child, path: "\(slotPath)[\(i)]"))
        }
        if name == "content" {
          if !view.children.isEmpty { throw fail(slotPath, "the default slot is already filled by \"children\"") }
          view.children = views
        } else {
          view.slots.append((name, views))
        }
      }
    }
    if let m = object["modifiers"] {
      guard let array = m.arrayValue else { throw fail("\(path).modifiers", "an array of modifiers like {\"padding\": …}; got \(m.typeName)") }
      for (i, item) in array.enumerated() {
        view.modifiers.append(try parseModifier(item, path: "\(path).modifiers[\(i)]"))
      }
    }
    return view
  }

  // MARK: - Modifiers

  private mutating func parseModifier(_ json: JSONValue, path: String) throws(DefinitionError) -> ModifierDefinition {
    var condition: Condition?
    var members = json.objectValue?.members ?? []
    if let index = members.firstIndex(where: { $0.key == "when" }) {
      let w = members.remove(at: index).value
      guard let s = w.stringValue else { throw fail("\(path).when", "a condition string like \"$artist\"; got \(w.typeName)") }
      do {
        condition = try Condition.parse(s)
      } catch {
        throw fail("\(path).when", "malformed condition \"\(s)\" \(error)")
      }
      for name in condition?.parameters ?? [] { usedParameters.append((name, "\(path).when")) }
    }
    guard json.objectValue != nil, members.count == 1, let (name, value) = members.first else {
      throw fail(path, "a modifier is an object with exactly one modifier member (and an optional \"when\"), like {\"padding\": {\"edges\": [\"bottom\"], \"length\": 8}}")
    }
    var located = try parseModifierBody(name: name, value: value, path: path)
    located.when = condition
    return located
  }

  private mutating func parseModifierBody(name: String, value: JSONValue, path: String) throws(DefinitionError) -> ModifierDefinition {
    let inner = JSONPath.appending(key: name, to: path)
    switch name {
    case "padding":
      // Shorthand: {"padding": 8} or {"padding": "{space.md}"} or {"padding": null} pads every edge.
      guard let spec = value.objectValue else {
        return ModifierDefinition(.padding(edges: .all, length: try length(value, "\(inner).length", at: inner)), path: path)
      }
      try checkKeys(spec, inner, allowed: ["edges", "length"])
      var edges: EdgeSet = .all
      if let e = spec["edges"] {
        edges = try edgeSet(e, "\(inner).edges")
      }
      let len = try spec["length"].map { v throws(DefinitionError) in try length(v, "\(inner).length") } ?? .platformDefault
      return ModifierDefinition(.padding(edges: edges, length: len), path: path)
    case "frame":
      guard let spec = value.objectValue else { throw fail(inner, "an object like {\"width\": 44, \"height\": 44}; got \(value.typeName)") }
      try checkKeys(spec, inner, allowed: FrameDefinition.lengthNames + ["alignment"])
      var frame = FrameDefinition()
      func get(_ key: String, infinity: Bool = false) throws(DefinitionError) -> Length? {
        guard let v = spec[key] else { return nil }
        let l = try length(v, "\(inner).\(key)", allowsInfinity: infinity)
        if case .points(let p) = l, p < 0 {
          throw fail("\(inner).\(key)", "a frame length cannot be negative; got \(JSONWriter.number(p))")
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
        throw fail(inner, "a frame needs at least one of \(FrameDefinition.lengthNames.joined(separator: ", "))")
      }
      let fixed = frame.width != nil || frame.height != nil
      let flexible = [frame.minWidth, frame.idealWidth, frame.maxWidth, frame.minHeight, frame.idealHeight, frame.maxHeight].contains { $0 != nil }
      if fixed && flexible {
        throw fail(inner, "SwiftUI's frame is either fixed (width, height) or flexible (min…, ideal…, max…), not both in one modifier; chain two frames")
      }
      for (lo, hi) in [("minWidth", "maxWidth"), ("minHeight", "maxHeight"), ("minWidth", "idealWidth"), ("idealWidth", "maxWidth"), ("minHeight", "idealHeight"), ("idealHeight", "maxHeight")] {
        if case .points(let a)? = try get(lo, infinity: lo.hasPrefix("max")), case .points(let b)? = try get(hi, infinity: hi.hasPrefix("max")), a > b {
          throw fail("\(inner).\(hi)", "\(hi) (\(JSONWriter.number(b))) is less than \(lo) (\(JSONWriter.number(a))); SwiftUI requires min ≤ ideal ≤ max")
        }
      }
      if let a = spec["alignment"] {
        frame.alignment = try enumeration(a, "\(inner).alignment", names: AlignmentName.twoDimensional, what: "frame alignment")
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
        if spec["horizontal"] != nil && h == nil { throw fail("\(inner).horizontal", "true or false") }
        if spec["vertical"] != nil && v == nil { throw fail("\(inner).vertical", "true or false") }
        return ModifierDefinition(.fixedSize(horizontal: h ?? false, vertical: v ?? false), path: path)
      default:
        throw fail(inner, "true, {} or {\"horizontal\": true, \"vertical\": false}; got \(value.typeName)")
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
        guard let c = o["content"] else { throw fail(inner, "\"content\": a view or an array of views") }
        var views: [ViewDefinition] = []
        if let array = c.arrayValue {
          for (i, v) in array.enumerated() { views.append(try parseView(v, path: "\(inner).content[\(i)]")) }
        } else {
          views = [try parseView(c, path: "\(inner).content")]
        }
        var alignment: ValueExpression?
        if let a = o["alignment"] {
          alignment = try enumeration(a, "\(inner).alignment", names: AlignmentName.twoDimensional, what: "\(name) alignment")
        }
        content = SecondaryContent(views: views, alignment: alignment)
      default:
        throw fail(inner, "a colour name, a view, or {\"content\": view, \"alignment\": \"top\"}; got \(value.typeName)")
      }
      return ModifierDefinition(name == "background" ? .background(content) : .overlay(content), path: path)
    case "offset":
      guard let o = value.objectValue else { throw fail(inner, "an object like {\"x\": 4, \"y\": \"{space.xs}\"}; got \(value.typeName)") }
      try checkKeys(o, inner, allowed: ["x", "y"])
      let x = try o["x"].map { v throws(DefinitionError) in try length(v, "\(inner).x") } ?? .points(0)
      let y = try o["y"].map { v throws(DefinitionError) in try length(v, "\(inner).y") } ?? .points(0)
      return ModifierDefinition(.offset(x: x, y: y), path: path)
    case "opacity":
      guard let n = value.numberValue, (0...1).contains(n) else { throw fail(inner, "a number from 0 to 1; got \(JSONWriter.compact(value))") }
      return ModifierDefinition(.opacity(n), path: path)
    case "hidden":
      guard value == .bool(true) || value == .object(JSONObject()) else { throw fail(inner, "true") }
      return ModifierDefinition(.hidden, path: path)
    case "border":
      switch value {
      case .string(let color):
        _ = try colour(color, inner)
        return ModifierDefinition(.border(color: color, width: .points(1)), path: path)
      case .object(let o):
        try checkKeys(o, inner, allowed: ["color", "width"])
        guard let color = o["color"]?.stringValue else { throw fail("\(inner).color", "a colour name") }
        _ = try colour(color, "\(inner).color")
        let width = try o["width"].map { v throws(DefinitionError) in try length(v, "\(inner).width") } ?? .points(1)
        return ModifierDefinition(.border(color: color, width: width), path: path)
      default:
        throw fail(inner, "a colour name or {\"color\": \"red\", \"width\": 1}; got \(value.typeName)")
      }
    default:
      throw fail(inner, "unknown modifier '\(name)'; expected one of \(Modifier.names.joined(separator: ", "))")
    }
  }

  // MARK: - Values

  private mutating func length(_ value: JSONValue, _ path: String, allowsInfinity: Bool = false, at position: String? = nil) throws(DefinitionError) -> Length {
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
  private mutating func colour(_ s: String, _ path: String) throws(DefinitionError) -> ValueExpression {
    if let problem = ColorName.problem(in: s) { throw fail(path, "\(problem); got \"\(NameText.forTerminal(s))\"") }
    return expression(s, path)
  }

  private mutating func expression(_ s: String, _ path: String) -> ValueExpression {
    let e = ValueExpression.parse(string: s)
    if case .parameter(let name) = e { usedParameters.append((name, path)) }
    return e
  }

  private mutating func enumeration(_ value: JSONValue, _ path: String, names: [String], what: String) throws(DefinitionError) -> ValueExpression {
    guard let s = value.stringValue else { throw fail(path, "a \(what) name; got \(value.typeName)") }
    let e = expression(s, path)
    if case .literal = e, !names.contains(s) {
      throw fail(path, "unknown \(what) '\(s)'; expected one of \(names.joined(separator: ", "))")
    }
    return e
  }

  private func edgeSet(_ value: JSONValue, _ path: String) throws(DefinitionError) -> EdgeSet {
    let items: [JSONValue]
    if let s = value.stringValue { items = [.string(s)] } else if let a = value.arrayValue { items = a } else {
      throw fail(path, "an edge name or an array of them (\(EdgeSet.names.map(\.0).joined(separator: ", ")))")
    }
    var set: EdgeSet = []
    for (i, item) in items.enumerated() {
      guard let s = item.stringValue, let e = EdgeSet.names.first(where: { $0.0 == s })?.1 else {
        throw fail("\(path)[\(i)]", "unknown edge \(JSONWriter.compact(item)); expected one of \(EdgeSet.names.map(\.0).joined(separator: ", "))")
      }
      set.formUnion(e)
    }
    if set.isEmpty { throw fail(path, "at least one edge") }
    return set
  }

  private func checkKeys(_ object: JSONObject, _ path: String, allowed: [String], context: String? = nil) throws(DefinitionError) {
    for key in object.keys where !allowed.contains(key) {
      let where_ = context.map { " \($0)" } ?? ""
      throw fail(JSONPath.appending(key: key, to: path), "unknown property '\(key)'\(where_); expected one of \(allowed.joined(separator: ", "))")
    }
  }

  private func fail(_ path: String, _ message: String, at position: String? = nil) -> DefinitionError {
    DefinitionError(component: component, location: document?.location(of: position ?? path), path: path, message: message)
  }
}

/// Apple's text style names (`Font.TextStyle`), the values `font` accepts.
public enum TextStyleName {
  /// Every style, largest first.
  public static let all = [
    "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
    "footnote", "caption", "caption2",
  ]
}
