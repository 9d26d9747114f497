/// A named, stored component: its parameters, variants and body.
///
/// The JSON form is described in the README ("Definition format") and in DESIGN.md;
/// ``DefinitionParser`` reads it and ``json`` writes it back.
public struct ComponentDefinition: Sendable, Equatable {
  /// The component's name, an identifier (`TrackRow`).
  public var name: String
  /// What the component is for.
  public var description: String?
  /// The typed inputs, in the order written.
  public var parameters: [ParameterDefinition]
  /// Named argument sets stored with the component, in the order written.
  public var variants: [VariantDefinition]
  /// The root view.
  public var body: ViewDefinition
  /// The definition's JSON as written (key order kept), for storage and `show`.
  public var json: JSONValue
  /// Lint rules this component turns off, with the reason (`"lint": {"ignore": {"rule": "why"}}`).
  public var lintIgnores: [String: String] = [:]
  /// The document the definition was read from (``DefinitionParser/parse(document:)``),
  /// so checks made later (unknown tokens, instance cycles, nesting depth) can name the
  /// `file:line:column` of a JSON path; nil for a definition read from the catalog.
  public var source: JSONDocument?

  /// The parameter called `name`, if declared.
  /// - Parameter name: A parameter name without `$`.
  /// - Returns: Its definition, or nil.
  public func parameter(named name: String) -> ParameterDefinition? {
    parameters.first { $0.name == name }
  }

  /// Two definitions are equal when their JSON is (key order included).
  public static func == (lhs: ComponentDefinition, rhs: ComponentDefinition) -> Bool {
    lhs.json == rhs.json
  }
}

/// A typed input of a component.
public struct ParameterDefinition: Sendable, Equatable {
  /// The name, used as `$name` in the body.
  public var name: String
  /// The type.
  public var type: ParameterType
  /// The value used when an instance gives none.
  public var defaultValue: JSONValue?
  /// True when the parameter may be absent (then `when: "$name"` is false).
  public var isOptional: Bool
  /// For string parameters: the only values allowed, when given (an enumeration).
  public var allowedValues: [String]?
  /// What the parameter is for.
  public var description: String?
  /// Where it is in the definition (`parameters.title`).
  public var path: String
  /// For a `list` parameter of records: the members each element has (`"items": {"title":
  /// "string", "subtitle": {"type": "string", "optional": true}}`); nil for a list of plain
  /// values. For a `ForEach` element, the members of the element (its list's `items`).
  public var items: [ItemMember]? = nil

  /// Creates a parameter definition.
  /// - Parameters:
  ///   - name: The name, without `$`.
  ///   - type: The type.
  ///   - defaultValue: The value used when no argument is given.
  ///   - isOptional: True when it may be absent.
  ///   - allowedValues: For strings, the enumeration.
  ///   - description: What it is for.
  ///   - path: Where it is in the definition.
  ///   - items: For a list of records, the members of each element.
  public init(
    name: String, type: ParameterType, defaultValue: JSONValue?, isOptional: Bool,
    allowedValues: [String]?,
    description: String?, path: String, items: [ItemMember]? = nil
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.isOptional = isOptional
    self.allowedValues = allowedValues
    self.description = description
    self.path = path
    self.items = items
  }

  /// True when an instance must give an argument.
  public var isRequired: Bool { defaultValue == nil && !isOptional }

  /// The parameter as the `component_summary` view shows it: `title: string = "Untitled"`.
  public var summary: String {
    var s = "\(name): \(type.rawValue)"
    if isOptional { s += "?" }
    if let defaultValue { s += " = \(JSONWriter.compact(defaultValue))" }
    return s
  }
}

/// One member of the records a `list` parameter holds (`"items"`).
public struct ItemMember: Sendable, Equatable {
  /// The member's name (`title`), used as `$row.title`.
  public var name: String
  /// Its type (`list` members hold plain values).
  public var type: ParameterType
  /// True when an element may leave it out (then `when: "$row.subtitle"` is false).
  public var isOptional: Bool
}

extension ParameterDefinition {
  /// For a list of records: one record giving every member a sample of its type (for
  /// `--matrix` and lint cases); nil for other parameters.
  public var sampleRecords: JSONValue? {
    guard let items else { return nil }
    let members = items.map { m -> (String, JSONValue) in
      switch m.type {
      case .string: return (m.name, .string("Sample \(m.name)"))
      case .number, .integer: return (m.name, .number(1))
      case .boolean: return (m.name, .bool(true))
      case .length: return (m.name, .number(8))
      case .alignment: return (m.name, .string("center"))
      case .list: return (m.name, .array([]))
      }
    }
    return .array([.object(JSONObject(members))])
  }

  /// Checks an argument against the parameter: its type, its enumeration and, for a list
  /// of records, each element against ``items`` (members known, required ones present,
  /// each of its type).
  /// - Parameter value: The argument.
  /// - Returns: nil when it fits, else what was expected (with the element index and member
  ///   when an element is wrong: `element 1: member 'title' must be a string; got number`).
  public func problem(with value: JSONValue) -> String? {
    if let p = type.problem(with: value, allowedValues: allowedValues) { return p }
    guard let items, case .array(let elements) = value else { return nil }
    for (i, element) in elements.enumerated() {
      guard let object = element.objectValue else {
        return
          "a list of records {\(items.map { "\"\($0.name)\"" }.joined(separator: ", "))}; element \(i) is \(element.typeName)"
      }
      for key in object.keys where !items.contains(where: { $0.name == key }) {
        return
          "records with the members \(items.map(\.name).joined(separator: ", ")); element \(i) has an unknown member '\(key)'"
      }
      for member in items {
        guard let v = object[member.name], !v.isNull else {
          if member.isOptional { continue }
          return
            "records with a '\(member.name)'; element \(i) has none (declare it {\"type\": \"\(member.type.rawValue)\", \"optional\": true} to allow that)"
        }
        if let p = member.type.problem(with: v) {
          return
            "records whose '\(member.name)' is \(p.hasPrefix("a ") || p.hasPrefix("an ") ? p : "\(member.type.article) \(member.type.rawValue): \(p)") (element \(i))"
        }
      }
    }
    return nil
  }
}

/// The types a parameter can have.
public enum ParameterType: String, Sendable, CaseIterable {
  /// Text, optionally restricted to `values`.
  case string
  /// A JSON number (Swift `Double`).
  case number
  /// A whole JSON number (Swift `Int`): `import-swift` reads an `Int` property as one, so
  /// that Swift → catalog → Swift keeps the type and `Text` shows `5`, not `5.0`. Whole
  /// means no fraction and within ±(2^53 − 1) (JSON numbers are doubles). Everywhere else
  /// it is a number.
  case integer
  /// `true` or `false`.
  case boolean
  /// A length: points, a token alias or null (the platform default).
  case length
  /// An alignment name (`leading`, `center`, `top`, `topLeading`, …).
  case alignment
  /// A JSON array, for `ForEach`.
  case list

  /// The English article before the type's name in a message: "an integer", "a number".
  public var article: String { self == .integer || self == .alignment ? "an" : "a" }

  /// Checks an argument against the type.
  /// - Parameters:
  ///   - value: The argument.
  ///   - allowedValues: For strings, the enumeration, when given.
  /// - Returns: nil when it fits, else what was expected.
  public func problem(with value: JSONValue, allowedValues: [String]? = nil) -> String? {
    switch (self, value) {
    case (.string, .string(let s)):
      if let allowedValues, !allowedValues.contains(s) {
        return "one of \(allowedValues.map { "'\($0)'" }.joined(separator: ", ")); got '\(s)'"
      }
      return nil
    case (.number, .number), (.boolean, .bool), (.list, .array):
      return nil
    case (.integer, .number(let n)):
      if Self.isWhole(n.value) { return nil }
      if n.value == n.value.rounded() {
        return
          "a whole number from -\(Self.largestWhole) to \(Self.largestWhole) (beyond it a JSON number no longer keeps every digit); got \(Int64(exactly: n.value).map(String.init) ?? JSONWriter.number(n.value))"
      }
      return "a whole number; got \(JSONWriter.number(n.value))"
    case (.length, _):
      if case .failure(let p) = Length.parse(value) { return p.expected }
      if case .success(.parameter) = Length.parse(value) {
        return "a number of points, a token alias or null"
      }
      return nil
    case (.alignment, .string(let s)):
      return AlignmentName.all.contains(s)
        ? nil : "an alignment (\(AlignmentName.all.joined(separator: ", "))); got '\(s)'"
    default:
      return "\(article) \(rawValue); got \(value.typeName)"
    }
  }

  /// The largest whole number an `integer` parameter takes, 2^53 − 1: above it a JSON
  /// number, a double, no longer holds every whole number (`9007199254740993` reads as
  /// `…992`), so a value could change silently between the file and the catalog
  /// (RFC 8259 §6, "good interoperability"; JavaScript's `Number.MAX_SAFE_INTEGER`).
  public static let largestWhole: Int64 = 9_007_199_254_740_991

  /// Whether an `integer` parameter takes `value`: no fraction, and within
  /// ±``largestWhole``.
  /// - Parameter value: A JSON number's value.
  /// - Returns: True when it is a whole number in that range.
  public static func isWhole(_ value: Double) -> Bool {
    value == value.rounded() && abs(value) <= Double(largestWhole)
  }
}

/// The alignment names definitions accept, SwiftUI's spelling.
public enum AlignmentName {
  /// Horizontal alignments (`VStack`'s).
  public static let horizontal = ["leading", "center", "trailing"]
  /// Vertical alignments (`HStack`'s).
  public static let vertical = ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
  /// Two-dimensional alignments (`ZStack`'s and `frame`'s).
  public static let twoDimensional = [
    "topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading",
    "bottom", "bottomTrailing",
  ]
  /// Every name.
  public static let all = [
    "leading", "center", "trailing", "top", "bottom", "firstTextBaseline",
    "lastTextBaseline", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing",
  ]
}

/// A named set of arguments stored with a component.
public struct VariantDefinition: Sendable, Equatable {
  /// The variant's name.
  public var name: String
  /// Its arguments, in the order written.
  public var arguments: JSONObject
}

/// One length written in a definition, for the catalog's `component_length` table.
public struct LengthUse: Sendable, Equatable {
  /// Where the length is (`body.children[0].modifiers[0].padding.length`).
  public var path: String
  /// What it sizes (`padding.bottom`, `spacing`, `frame.width`, `minLength`).
  public var property: String
  /// The length as written.
  public var length: Length
}

/// What a token named in a definition gives a value to, which decides the token types it
/// takes (README "Definition format"; DTCG 2025.10 Format §8–§9).
public enum TokenUseKind: String, Sendable, CaseIterable {
  /// A length (padding, spacing, a frame, a corner radius, a line width, an image size, an
  /// instance argument, a length default, a variant argument): a token with points, a
  /// `dimension` or a `number`.
  case length
  /// A shape's `stroke` or `strokeBorder` written as a token: a `border` token (§9.3).
  case border
  /// A shape's `shadow`: a `shadow` token (§9.6).
  case shadow
  /// A colour written as a token: a `color` token (§8.1).
  case color

  /// Whether a token fits a use of this kind: the one type rule of token uses, which
  /// `add`, the dependents check of every write, `doctor` and `lint` apply.
  /// - Parameters:
  ///   - type: The `$type` the token resolves to (nil when untyped).
  ///   - points: Its value in points, when it has one (dimensions and numbers).
  /// - Returns: True when the token can give the use its value.
  public func accepts(type: String?, points: Double?) -> Bool {
    switch self {
    case .length: return points != nil
    case .border: return type == "border"
    case .shadow: return type == "shadow"
    case .color: return type == "color"
    }
  }

  /// What a use of this kind needs, in words, for messages (`a length needs a dimension or
  /// number token`).
  public var requirement: String {
    switch self {
    case .length: return "a length needs a dimension or number token"
    case .border:
      return
        "a stroke needs a border token ({\"color\", \"width\", \"style\"}) or {\"color\", \"lineWidth\"}"
    case .shadow: return "\"shadow\" needs a shadow token"
    case .color: return "a colour needs a color token"
    }
  }
}

/// One token a definition names (``ComponentDefinition/tokenUses``), for the catalog's
/// `component_token` table and every question of which components use a token.
public struct TokenUse: Sendable, Equatable {
  /// Where the reference is (`body.strokeBorder`, `body.modifiers[0].padding.length`).
  public var path: String
  /// What it gives a value to (`padding.bottom`, `strokeBorder`, `shadow`, `fill`).
  public var property: String
  /// The token path as written between the braces (`border.card`, `space.$root`).
  public var token: String
  /// What kind of value the use takes.
  public var kind: TokenUseKind

  /// Creates a use.
  /// - Parameters:
  ///   - path: The JSON path of the reference.
  ///   - property: What it gives a value to.
  ///   - token: The token path as written.
  ///   - kind: The kind of value.
  public init(path: String, property: String, token: String, kind: TokenUseKind) {
    self.path = path
    self.property = property
    self.token = token
    self.kind = kind
  }

  /// The token path the catalog stores the token under (``TokenPath/stored(_:)``:
  /// `{group.$root}` names the group's path).
  public var storedToken: String { TokenPath.stored(token) }

  /// The token a string names when it is an alias (`"{color.accent}"` → `color.accent`), as
  /// the parser reads colours and composite tokens; nil for anything else.
  /// - Parameter text: A value as written.
  /// - Returns: The text between the braces, or nil.
  public static func reference(in text: String) -> String? {
    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
    return String(text.dropFirst().dropLast())
  }
}

extension ComponentDefinition {
  /// Every length the definition writes, in document order, with what it sizes.
  ///
  /// An absent stack `spacing` counts as a platform-default use (it is SwiftUI's `nil`);
  /// absent frame parameters do not.
  public var lengthUses: [LengthUse] {
    var uses: [LengthUse] = []
    // Token aliases given as a length parameter's default or a variant's argument are
    // uses too: renaming or removing the token must see them.
    for p in parameters where p.type == .length {
      if let d = p.defaultValue, case .string(let s) = d, s.hasPrefix("{"),
        case .success(let length) = Length.parse(d)
      {
        uses.append(
          LengthUse(path: "\(p.path).default", property: "default.\(p.name)", length: length))
      }
    }
    for v in variants {
      for (key, value) in v.arguments.members {
        guard case .string(let s) = value, s.hasPrefix("{"),
          case .success(let length) = Length.parse(value)
        else { continue }
        uses.append(
          LengthUse(
            path: JSONPath.appending(key: key, to: JSONPath.appending(key: v.name, to: "variants")),
            property: "variant.\(v.name).\(key)", length: length))
      }
    }
    ComponentDefinition.collectLengths(in: body, into: &uses)
    return uses
  }

  /// Every instance of another component in the body: (JSON path, component name).
  public var instanceUses: [(path: String, component: String)] {
    var out: [(String, String)] = []
    ComponentDefinition.visit(body) { view in
      if view.builtin == nil { out.append((view.path, view.type)) }
    }
    return out
  }

  /// Every token the definition refers to, of every type, with the other components
  /// unknown (an argument to another component's instance is then listed as a length, its
  /// kind unknown): ``tokenUses(components:)`` with only this definition known. For the token paths
  /// a definition names (their kinds aside); the rows, checks, usage and lint ask
  /// ``tokenUses(components:)`` with the catalog's components.
  public var tokenUses: [TokenUse] {
    tokenUses(components: { _ in nil }, listingUnknownArguments: true)
  }

  /// Every token the definition refers to, of every type: the lengths that name a token
  /// (instance arguments aside), the tokens its parameters are given — a default, a
  /// variant's argument — and its instances' arguments, each of the kind its parameter
  /// gives a value to (``parameterTokenKinds(components:)``: a `length` parameter a
  /// length, a `string` parameter written into a colour a colour, one passed on to an
  /// instance what that component's parameter takes), then the other references in
  /// document order — a shape's `stroke`/`strokeBorder` border token, its `shadow` token,
  /// and every colour written as a token (`fill`, a stroke's `color`, `foregroundColor`, a
  /// `Color`'s `color`, a `background`/`overlay` colour, a `border` modifier's `color`).
  /// The one list behind "which tokens does this component use" (the `component_token`
  /// rows, usage, dependents, the site, lint's unused tokens); checks that concern lengths
  /// only read ``lengthUses``.
  ///
  /// A string parameter's token that no colour takes (a `Text`'s text) is text, not a use.
  /// - Parameter components: The definition of another component by name (the ones this
  ///   body instances), or nil when unknown: an argument to an unknown component names no
  ///   use until it is known.
  /// - Returns: The uses.
  public func tokenUses(components: (String) -> ComponentDefinition?) -> [TokenUse] {
    tokenUses(components: components, listingUnknownArguments: false)
  }

  /// ``tokenUses(components:)``; with `listingUnknownArguments`, an unknown component's
  /// arguments are listed as lengths (the paths a definition names, kinds aside, which
  /// ``tokenUses`` gives for the tokens a check loads).
  private func tokenUses(
    components: (String) -> ComponentDefinition?, listingUnknownArguments: Bool
  ) -> [TokenUse] {
    let kinds = parameterTokenKinds(components: components)
    var uses: [TokenUse] = []
    /// The token `value` names for a use of `kind` (a length as ``Length/parse(_:)`` reads
    /// it, anything else as ``TokenUse/reference(in:)`` does).
    func token(_ value: JSONValue, _ kind: TokenUseKind) -> String? {
      guard case .string(let s) = value, s.hasPrefix("{") else { return nil }
      if kind == .length {
        if case .success(.token(let t)) = Length.parse(value) { return t }
        return nil
      }
      return TokenUse.reference(in: s)
    }
    for p in parameters {
      guard let d = p.defaultValue, let kind = kinds[p.name], let t = token(d, kind) else {
        continue
      }
      uses.append(
        TokenUse(path: "\(p.path).default", property: "default.\(p.name)", token: t, kind: kind))
    }
    for v in variants {
      for (key, value) in v.arguments.members {
        guard let kind = kinds[key], let t = token(value, kind) else { continue }
        uses.append(
          TokenUse(
            path: JSONPath.appending(key: key, to: JSONPath.appending(key: v.name, to: "variants")),
            property: "variant.\(v.name).\(key)", token: t, kind: kind))
      }
    }
    var lengths: [LengthUse] = []
    ComponentDefinition.collectLengths(in: body, includingArguments: false, into: &lengths)
    for use in lengths {
      guard case .token(let t) = use.length else { continue }
      uses.append(TokenUse(path: use.path, property: use.property, token: t, kind: .length))
    }
    // An instance's arguments: each of the kind the instanced component's parameter takes.
    var targetKinds: [String: [String: TokenUseKind]] = [:]
    Self.visit(body) { view in
      guard view.builtin == nil, !view.arguments.isEmpty else { return }
      let kindsThere: [String: TokenUseKind]?
      if let known = targetKinds[view.type] {
        kindsThere = known
      } else if let target = view.type == name ? self : components(view.type) {
        let k = view.type == name ? kinds : target.parameterTokenKinds(components: components)
        targetKinds[view.type] = k
        kindsThere = k
      } else {
        kindsThere = nil
      }
      // An unknown (missing or damaged) component's arguments name no use: the kind each
      // takes is its parameter's, unknown until the component is stored, when the rows of
      // the components instancing it are derived again (review 23: a colour argument to a
      // missing component was read as a length and blocked `tokens rename`).
      guard kindsThere != nil || listingUnknownArguments else { return }
      for member in view.arguments.members {
        let kind: TokenUseKind? = kindsThere == nil ? .length : kindsThere?[member.key]
        guard let kind, let t = token(member.value, kind) else { continue }
        uses.append(
          TokenUse(
            path: JSONPath.appending(key: member.key, to: "\(view.path).arguments"),
            property: "argument.\(member.key)", token: t, kind: kind))
      }
    }
    collectReferences(into: &uses)
    return uses
  }

  /// The kind of token each parameter can pass on (``TokenUseKind``): a `length`
  /// parameter's is a length; a `string` parameter's is a colour when the body writes it
  /// into a colour (`"fill": "$tint"`, a stroke's `color`, `foregroundColor`, a `Color`, a
  /// `border` modifier's colour), else what the parameter of an instance it is passed to
  /// (`"arguments": {"tint": "$tint"}`) takes, through any chain of components; other
  /// parameters, and a string the body only shows as text, pass on no token.
  ///
  /// The one rule for which arguments name a token (`tokenUses(components:)`) and of
  /// which kind, so a variant's `{"tint": "{colors.blue}"}`, `render -a tint={colors.blue}`,
  /// an instance's argument and a default are checked alike.
  /// - Parameter components: The definition of another component by name, or nil.
  /// - Returns: The kind by parameter name, for the parameters that pass a token on.
  public func parameterTokenKinds(components: (String) -> ComponentDefinition?) -> [String:
    TokenUseKind]
  {
    var seen: Set<String> = []
    return parameterTokenKinds(components: components, seen: &seen)
  }

  private func parameterTokenKinds(
    components: (String) -> ComponentDefinition?, seen: inout Set<String>
  ) -> [String: TokenUseKind] {
    // The components on the chain being followed (a cycle of instances ends there).
    seen.insert(name)
    defer { seen.remove(name) }
    var kinds: [String: TokenUseKind] = [:]
    var strings: Set<String> = []
    for p in parameters {
      switch p.type {
      case .length: kinds[p.name] = .length
      case .string: strings.insert(p.name)
      case .number, .integer, .boolean, .alignment, .list: break
      }
    }
    guard !strings.isEmpty else { return kinds }
    var coloured: Set<String> = []
    var passed: [(parameter: String, component: String, key: String)] = []
    Self.visit(body) { view in
      func colour(_ e: ValueExpression?) {
        if case .parameter(let p)? = e, strings.contains(p) { coloured.insert(p) }
      }
      colour(view.foregroundColor)
      if view.builtin == .Color { colour(view.color) }
      let props = view.properties
      colour(props.fill)
      colour(props.stroke?.color)
      for m in view.modifiers {
        if case .border(let written, _) = m.modifier {
          colour(ValueExpression.parse(string: written))
        }
      }
      if view.builtin == nil {
        for member in view.arguments.members {
          if case .string(let s) = member.value,
            case .parameter(let p) = ValueExpression.parse(
              string: s), strings.contains(p)
          {
            passed.append((p, view.type, member.key))
          }
        }
      }
    }
    for p in coloured { kinds[p] = .color }
    var targets: [String: [String: TokenUseKind]] = [:]
    for pass in passed where kinds[pass.parameter] == nil {
      if targets[pass.component] == nil {
        guard !seen.contains(pass.component), let target = components(pass.component) else {
          continue
        }
        targets[pass.component] = target.parameterTokenKinds(components: components, seen: &seen)
      }
      if let kind = targets[pass.component]?[pass.key] { kinds[pass.parameter] = kind }
    }
    return kinds
  }

  /// The token references that are not lengths (``tokenUses``), in document order, each at
  /// the JSON path of the string that names it (a `background` colour or a `border`
  /// modifier written as a string is that string; written as an object, its `color`).
  private func collectReferences(into uses: inout [TokenUse]) {
    let json = self.json
    /// `path` when the definition writes a string there, else `path.key`.
    func place(_ path: String, _ key: String) -> String {
      if case .string? = JSONPath.value(at: path, in: json) { return path }
      return "\(path).\(key)"
    }
    Self.visit(body) { view in
      func colour(_ e: ValueExpression?, _ path: String, _ property: String) {
        guard case .literal(.string(let s))? = e, let t = TokenUse.reference(in: s) else { return }
        uses.append(TokenUse(path: path, property: property, token: t, kind: .color))
      }
      colour(view.foregroundColor, "\(view.path).foregroundColor", "foregroundColor")
      // A `background`/`overlay` colour string is a `Color` view at the modifier's path.
      if view.builtin == .Color, view.color != nil {
        colour(view.color, place(view.path, "color"), "color")
      }
      let props = view.properties
      colour(props.fill, "\(view.path).fill", "fill")
      if let stroke = props.stroke {
        let key = stroke.isBorder ? "strokeBorder" : "stroke"
        if let t = stroke.borderToken {
          uses.append(TokenUse(path: "\(view.path).\(key)", property: key, token: t, kind: .border))
        } else {
          colour(stroke.color, "\(view.path).\(key).color", "\(key).color")
        }
      }
      if let t = props.shadowToken {
        uses.append(
          TokenUse(path: "\(view.path).shadow", property: "shadow", token: t, kind: .shadow))
      }
      for m in view.modifiers {
        if case .border(let color, _) = m.modifier, let t = TokenUse.reference(in: color) {
          uses.append(
            TokenUse(
              path: place("\(m.path).border", "color"), property: "border.color", token: t,
              kind: .color))
        }
      }
    }
  }

  /// Calls `body` for every view, depth first, in document order, including the content of
  /// `background` and `overlay` modifiers (iteratively, so deep bodies cannot overflow the
  /// stack).
  public static func visit(_ root: ViewDefinition, _ body: (ViewDefinition) -> Void) {
    var stack: [ViewDefinition] = [root]
    while let view = stack.popLast() {
      body(view)
      var next: [ViewDefinition] = view.children
      for slot in view.slots { next.append(contentsOf: slot.views) }
      for m in view.modifiers {
        switch m.modifier {
        case .background(let c), .overlay(let c): next.append(contentsOf: c.views)
        default: break
        }
      }
      stack.append(contentsOf: next.reversed())
    }
  }

  private static func collectLengths(
    in root: ViewDefinition, includingArguments: Bool = true, into uses: inout [LengthUse]
  ) {
    visit(root) { view in
      if view.builtin == .VStack || view.builtin == .HStack {
        uses.append(
          LengthUse(path: "\(view.path).spacing", property: "spacing", length: view.spacing))
      }
      if view.builtin == .Spacer {
        uses.append(
          LengthUse(path: "\(view.path).minLength", property: "minLength", length: view.minLength))
      }
      if view.builtin == .LazyVStack || view.builtin == .LazyHStack {
        uses.append(
          LengthUse(path: "\(view.path).spacing", property: "spacing", length: view.spacing))
      }
      let props = view.properties
      if let r = props.cornerRadius {
        uses.append(
          LengthUse(path: "\(view.path).cornerRadius", property: "cornerRadius", length: r))
      }
      if let stroke = props.stroke {
        let key = stroke.isBorder ? "strokeBorder" : "stroke"
        // A composite `border` token is not a length: it is checked when the view resolves.
        if stroke.borderToken == nil {
          uses.append(
            LengthUse(
              path: "\(view.path).\(key).lineWidth", property: "lineWidth", length: stroke.lineWidth
            ))
        }
      }
      if let size = props.size {
        for (k, l) in size.enumerated() {
          uses.append(
            LengthUse(
              path: "\(view.path).size[\(k)]", property: k == 0 ? "image.width" : "image.height",
              length: l))
        }
      }
      if view.builtin == .Grid {
        uses.append(
          LengthUse(
            path: "\(view.path).horizontalSpacing", property: "horizontalSpacing",
            length: props.horizontalSpacing))
        uses.append(
          LengthUse(
            path: "\(view.path).verticalSpacing", property: "verticalSpacing",
            length: props.verticalSpacing))
      }
      if includingArguments, view.builtin == nil {
        for member in view.arguments.members {
          if case .string(let s) = member.value, s.hasPrefix("{"),
            case .success(let length) = Length.parse(member.value)
          {
            uses.append(
              LengthUse(
                path: JSONPath.appending(key: member.key, to: "\(view.path).arguments"),
                property: "argument.\(member.key)", length: length))
          }
        }
      }
      for m in view.modifiers {
        switch m.modifier {
        case .padding(let edges, let length):
          let property =
            "padding."
            + (edges.edgeNames.count == 4 ? "all" : edges.edgeNames.joined(separator: "+"))
          uses.append(
            LengthUse(path: "\(m.path).padding.length", property: property, length: length))
        case .frame(let frame):
          for (name, length) in frame.lengths where length != .infinity {
            uses.append(
              LengthUse(path: "\(m.path).frame.\(name)", property: "frame.\(name)", length: length))
          }
        case .offset(let x, let y):
          // An offset left out is 0 and is not written in the definition.
          if x != .points(0) {
            uses.append(LengthUse(path: "\(m.path).offset.x", property: "offset.x", length: x))
          }
          if y != .points(0) {
            uses.append(LengthUse(path: "\(m.path).offset.y", property: "offset.y", length: y))
          }
        case .border(_, let width):
          uses.append(
            LengthUse(path: "\(m.path).border.width", property: "border.width", length: width))
        case .clipShape(_, let radius?):
          uses.append(
            LengthUse(
              path: "\(m.path).clipShape.cornerRadius", property: "cornerRadius", length: radius))
        case .fixedSize, .layoutPriority, .background, .overlay, .opacity, .hidden, .aspectRatio,
          .clipped, .clipShape,
          .gridCellColumns, .gridColumnAlignment, .gridCellUnsizedAxes:
          break
        }
      }
    }
  }
}
