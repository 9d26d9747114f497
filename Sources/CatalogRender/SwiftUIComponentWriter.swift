import CatalogLayout
import CatalogModel
import CatalogTokens

/// Writes one component definition as a SwiftUI `struct` (see ``SwiftUIRenderer`` for the
/// rules).
struct ComponentWriter {
  let definition: ComponentDefinition
  let definitions: [String: ComponentDefinition]
  /// The Swift names of components, members and tokens.
  let names: SwiftUINames
  /// True once a modifier with a `when` was written (the `applying(if:)` helper is needed).
  var usesApplying = false
  /// True once a `Text` of a parameter that is not a string was written (the `catalogText`
  /// helper is needed: ``SwiftUIRenderer/catalogTextHelper(access:)``).
  var usesCatalogText = false
  /// Names bound by enclosing `ForEach` closures (element and index), innermost last.
  private var loopNames: [String] = []

  init(
    definition: ComponentDefinition, definitions: [String: ComponentDefinition],
    names: SwiftUINames
  ) {
    self.definition = definition
    self.definitions = definitions
    self.names = names
  }

  /// The slot names the body fills with `Slot`, default (`content`) first.
  static func slots(of d: ComponentDefinition) -> [String] {
    var names: [String] = []
    ComponentDefinition.visit(d.body) { v in
      if v.builtin == .Slot {
        let n = v.slotName ?? "content"
        if !names.contains(n) { names.append(n) }
      }
    }
    if let k = names.firstIndex(of: "content"), k != 0 { names.swapAt(0, k) }
    return names
  }

  /// The SwiftUI type of an alignment parameter, from where the body uses it.
  static func alignmentType(of parameter: String, in d: ComponentDefinition) -> String {
    var type = "HorizontalAlignment"
    ComponentDefinition.visit(d.body) { v in
      if v.alignment == .parameter(parameter) {
        switch v.builtin {
        case .HStack?: type = "VerticalAlignment"
        case .ZStack?: type = "Alignment"
        default: type = "HorizontalAlignment"
        }
      }
      for m in v.modifiers {
        if case .frame(let f) = m.modifier, f.alignment == .parameter(parameter) {
          type = "Alignment"
        }
      }
    }
    return type
  }

  static func swiftType(_ p: ParameterDefinition, in d: ComponentDefinition) -> String {
    let base: String
    switch p.type {
    case .string: base = "String"
    case .number: base = "Double"
    case .integer: base = "Int"
    case .boolean: base = "Bool"
    case .length: return "CGFloat?"
    case .alignment: base = alignmentType(of: p.name, in: d)
    case .list: base = p.items == nil ? "[String]" : "[\(recordType(p))]"
    }
    return p.isOptional ? base + "?" : base
  }

  /// The Swift type of the records of a list parameter with `items` (`rows` → `RowsItem`).
  static func recordType(_ p: ParameterDefinition) -> String {
    SwiftUIRenderer.upperCamel(p.name) + "Item"
  }

  /// `struct RowsItem: Hashable { var title: String; var subtitle: String? = nil }`.
  private func recordStruct(_ p: ParameterDefinition, isPublic: Bool) -> String {
    guard let items = p.items else { return "" }
    let access = isPublic ? "public " : ""
    var out = "  \(access)struct \(Self.recordType(p)): Hashable {\n"
    var initParameters: [String] = []
    for m in items {
      let member = ParameterDefinition(
        name: m.name, type: m.type, defaultValue: nil, isOptional: m.isOptional, allowedValues: nil,
        description: nil, path: "")
      let declaration =
        "\(SwiftUINames.member(m.name)): \(Self.swiftType(member, in: definition))\(m.isOptional ? " = nil" : "")"
      out += "    \(access)var \(declaration)\n"
      initParameters.append(declaration)
    }
    if isPublic {
      // A public type's memberwise initialiser is internal: the package spells it out.
      out += "\n    " + Self.call("public init", initParameters, pad: "    ", suffix: " {") + " {\n"
      for m in items {
        let name = SwiftUINames.member(m.name)
        out += "      self.\(name) = \(name)\n"
      }
      out += "    }\n"
    }
    return out + "  }\n"
  }

  /// A record list's value: `[RowsItem(title: "Wi-Fi", subtitle: "Home")]`.
  private func recordList(
    _ v: JSONValue, _ p: ParameterDefinition, owner: String? = nil, indent: Int = 1,
    column: Int = 0
  ) -> String {
    guard let items = p.items, let elements = v.arrayValue else { return "[]" }
    let records = elements.map { element -> String in
      let object = element.objectValue ?? JSONObject()
      let args = items.compactMap { m -> String? in
        guard let x = object[m.name], !x.isNull else { return nil }
        return
          "\(SwiftUINames.member(m.name)): \(value(x, type: m.type, alignmentType: "HorizontalAlignment"))"
      }
      return
        "\(owner.map { "\(names.type($0))." } ?? "")\(Self.recordType(p))(\(args.joined(separator: ", ")))"
    }
    let single = "[" + records.joined(separator: ", ") + "]"
    // swift-format: a literal that does not fit has one element a line and a trailing comma.
    guard column + single.count > SwiftUIRenderer.lineLength, !records.isEmpty else {
      return single
    }
    let pad = String(repeating: "  ", count: indent + 1)
    return "[\n" + records.map { "\(pad)\($0),\n" }.joined()
      + String(repeating: "  ", count: indent) + "]"
  }

  /// The declared member a record reference names (`row.subtitle`), from the list
  /// parameters' `items`.
  private func member(_ path: String) -> ItemMember? {
    guard let name = ReferencePath.members(path).first else { return nil }
    for p in definition.parameters {
      if let m = p.items?.first(where: { $0.name == name }) { return m }
    }
    return nil
  }

  /// The component's `struct`; `isPublic` (the package) makes it, its properties, `body`
  /// and an explicit memberwise initialiser public, so that an app importing the package
  /// can create it.
  ///
  /// Writing recurses once per level of views; a definition may nest 256 levels (the
  /// catalog's limit), deeper than a debug build's main-thread stack takes, so the writer
  /// runs on a thread with a stack sized for the limit (``DeepStack``).
  mutating func write(isPublic: Bool = false) -> String {
    var writer = self
    let (text, written) = DeepStack.run(depth: Self.stackDepth) { () -> (String, ComponentWriter) in
      let text = writer.writeStruct(isPublic: isPublic)
      return (text, writer)
    }
    self = written
    return text
  }

  /// The depth `DeepStack` sizes the writer's stack for: 256 levels of views, each a few
  /// nested calls of up to ≈ 32 KiB in a debug build (measured: 254 levels overflowed the
  /// 8 MiB main stack).
  static let stackDepth = 256 * 8

  private mutating func writeStruct(isPublic: Bool) -> String {
    let d = definition
    let access = isPublic ? "public " : ""
    var initParameters: [String] = []
    var initNames: [String] = []
    let slots = Self.slots(of: d)
    let generics = slots.map { slot -> String in
      let name = SwiftUIRenderer.upperCamel(slot)
      let clash =
        name != "Content"
        && (names.types.values.contains(name) || SwiftUINames.reservedTypeNames.contains(name))
      return clash ? name + "Content" : name
    }
    var out = ""
    if let text = d.description { out += "/// \(Escaping.swiftComment(text))\n" }
    out +=
      "\(access)struct \(names.type(d.name))\(generics.isEmpty ? "" : "<\(generics.map { "\($0): View" }.joined(separator: ", "))>"): View {\n"
    for p in d.parameters {
      if let text = p.description { out += "  /// \(Escaping.swiftComment(text))\n" }
      let name = SwiftUINames.member(p.name)
      var line = "  \(access)var \(name): \(Self.swiftType(p, in: d))"
      var initParameter = "\(name): \(Self.swiftType(p, in: d))"
      if let v = p.defaultValue {
        line +=
          " = \(p.items != nil ? recordList(v, p, column: line.count + 3) : value(v, type: p.type, alignmentType: Self.alignmentType(of: p.name, in: d)))"
        initParameter +=
          " = \(p.items != nil ? recordList(v, p) : value(v, type: p.type, alignmentType: Self.alignmentType(of: p.name, in: d)))"
      } else if Self.swiftType(p, in: d).hasSuffix("?") {
        initParameter += " = nil"
      }
      out += line + "\n"
      initParameters.append(initParameter)
      initNames.append(name)
    }
    for p in d.parameters where p.items != nil { out += recordStruct(p, isPublic: isPublic) }
    for (slot, generic) in zip(slots, generics) {
      let name = SwiftUINames.member(slot)
      out += "  @ViewBuilder \(access)var \(name): () -> \(generic)\n"
      initParameters.append("@ViewBuilder \(name): @escaping () -> \(generic)")
      initNames.append(name)
    }
    if isPublic {
      // A public type's memberwise initialiser is internal: the package spells it out.
      out += "\n  " + Self.call("public init", initParameters, pad: "  ", suffix: " {") + " {\n"
      for name in initNames { out += "    self.\(name) = \(name)\n" }
      out += "  }\n"
    }
    if !d.parameters.isEmpty || !slots.isEmpty { out += "\n" }
    out += "  \(access)var body: some View {\n"
    out += view(d.body, indent: 2)
    out += "  }\n}\n"
    return out
  }

  /// `Name(arguments…)` with every slot empty, for a `#Preview`: the arguments given (a
  /// variant's, none for the defaults) completed by ``previewArguments(_:of:)``.
  mutating func previewCall(_ arguments: JSONObject) -> String {
    var v = ViewDefinition(type: definition.name, path: "preview")
    v.arguments = Self.previewArguments(arguments, of: definition)
    var text = view(v, indent: 1)
    while text.last == "\n" || text.last == " " { text.removeLast() }
    return String(text.drop { $0 == " " })
  }

  /// The arguments of a `#Preview` call: `given` with a value for every required parameter
  /// (no default, not optional) it lacks, which the memberwise initialiser's call needs to
  /// compile (review: `#Preview("Req") { Req() }` did not). The value is the first variant's
  /// (in the definition's order) that gives one, else a placeholder of the parameter's type:
  /// a string its first allowed value or its own name (`title: "title"`), a number or
  /// integer 0, a boolean `false`, a length `nil` (the platform default), an alignment
  /// `center`, a list (records too) `[]`. Slots are passed as `{ EmptyView() }` by the call.
  /// - Parameters:
  ///   - given: The arguments written (a variant's), kept as they are.
  ///   - d: The component previewed.
  /// - Returns: `given` with the missing required arguments added, in parameter order.
  static func previewArguments(_ given: JSONObject, of d: ComponentDefinition) -> JSONObject {
    var out = given
    for p in d.parameters where p.isRequired && (given[p.name]?.isNull ?? true) {
      let fromVariant = d.variants.lazy.compactMap { $0.arguments[p.name] }.first { !$0.isNull }
      out[p.name] = fromVariant ?? previewPlaceholder(p)
    }
    return out
  }

  /// The placeholder of ``previewArguments(_:of:)`` for a required parameter no variant gives.
  static func previewPlaceholder(_ p: ParameterDefinition) -> JSONValue {
    switch p.type {
    case .string: return .string(p.allowedValues?.first ?? p.name)
    case .number, .integer: return .number(0)
    case .boolean: return .bool(false)
    case .length: return .null
    case .alignment: return .string("center")
    case .list: return .array([])
    }
  }

  // MARK: - Views

  private mutating func view(_ v: ViewDefinition, indent: Int) -> String {
    let pad = String(repeating: "  ", count: indent)
    if let when = v.when {
      var inner = self
      let body = inner.view(withoutWhen(v), indent: indent + 1)
      self.usesApplying = inner.usesApplying
      self.usesCatalogText = inner.usesCatalogText
      return "\(pad)if \(condition(when)) {\n\(body)\(pad)}\n"
    }
    var head: String
    var children: [ViewDefinition] = []
    var closure: String?
    switch v.builtin {
    case .VStack?, .HStack?, .ZStack?, .LazyVStack?, .LazyHStack?:
      var args: [String] = []
      let vertical = v.builtin == .VStack || v.builtin == .LazyVStack
      if let a = v.alignment {
        args.append(
          "alignment: \(alignment(a, for: v.builtin == .ZStack ? "Alignment" : vertical ? "HorizontalAlignment" : "VerticalAlignment"))"
        )
      }
      if v.builtin != .ZStack, v.spacing != .platformDefault {
        args.append("spacing: \(length(v.spacing))")
      }
      head = args.isEmpty ? v.type : Self.call(v.type, args, pad: pad, suffix: " {")
      children = v.children
      if v.collapsesWhenEmpty {
        head = args.isEmpty ? v.type : Self.call(v.type, args, pad: pad + "    ", suffix: " {")
        // SwiftUI's Group(subviews:): no view at all when no child remains.
        let inner = children.map { child in view(child, indent: indent + 2) }.joined()
        var out =
          "\(pad)Group(\n\(pad)  subviews: Group {\n\(inner)\(pad)  }\n\(pad)) { subviews in\n"
        out +=
          "\(pad)  if !subviews.isEmpty {\n\(pad)    \(head) {\n\(pad)      ForEach(subviews) { subview in subview }\n\(pad)    }\n\(pad)  }\n\(pad)}"
        return withModifiers(out, v, indent: indent) + "\n"
      }
    case .Text?:
      head = "Text(\(text(v.text)))" + textStyle(v, pad: pad + "  ")
    case .Spacer?:
      head =
        v.minLength == .platformDefault ? "Spacer()" : "Spacer(minLength: \(length(v.minLength)))"
    case .Divider?:
      head = "Divider()"
    case .Color?:
      head = color(v.color)
    case .EmptyView?:
      head = "EmptyView()"
    case .Group?:
      head = "Group"
      children = v.children
    case .ForEach?:
      let bound = loopNames.count
      let element = SwiftUINames.member(v.forEachElement)
      switch v.forEach {
      case .list(let name)?:
        head =
          "ForEach(Array(\(reference(name)).enumerated()), id: \\.offset) { index, \(element) in"
        loopNames.append(contentsOf: ["index", v.forEachElement])
      case .count(let expression)?:
        let count: String
        switch expression {
        case .literal(let n): count = JSONWriter.compact(n)
        case .parameter(let p): count = "Int(\(reference(p)))"
        }
        head = "ForEach(0..<\(count), id: \\.self) { index in"
        loopNames.append("index")
      case nil:
        head = "ForEach(0..<0, id: \\.self) { index in"
        loopNames.append("index")
      }
      let inner = v.children.map { child in view(child, indent: indent + 1) }.joined()
      loopNames.removeSubrange(bound...)
      return withModifiers(
        "\(pad)\(head)\n\(inner.isEmpty ? "\(pad)  EmptyView()\n" : inner)\(pad)}", v,
        indent: indent)
        + "\n"
    case .Slot?:
      head = "\(SwiftUINames.member(v.slotName ?? "content"))()"
    case .Rectangle?, .RoundedRectangle?, .Capsule?, .Circle?, .Ellipse?:
      head = shape(v, indent: indent)
    case .Image?:
      let p = v.properties
      head =
        p.systemImage != nil
        ? "Image(systemName: \(text(p.systemImage)))" : "Image(\(text(p.image)))"
      if p.isResizable { head += ".resizable()" }
      if let size = p.size, size.count == 2 {
        head += "  // intrinsic size \(sizeText(size[0])) × \(sizeText(size[1]))"
      }
      head += textStyle(v, pad: pad + "  ")
    case .Label?:
      head =
        "Label(\(text(v.properties.title)), systemImage: \(text(v.properties.systemImage)))"
        + textStyle(v, pad: pad + "  ")
    case .Button?:
      let style = v.properties.buttonStyle.map { "\n\(pad)  .buttonStyle(.\($0))" } ?? ""
      if v.properties.title != nil {
        // A titled Button has no label closure: its children are not written.
        return withModifiers(
          pad + "Button(\(text(v.properties.title))) {}" + textStyle(v, pad: pad + "  ") + style, v,
          indent: indent) + "\n"
      } else {
        let inner = v.children.map { child in view(child, indent: indent + 1) }.joined()
        let buttonStyle = v.properties.buttonStyle.map { "\n\(pad).buttonStyle(.\($0))" } ?? ""
        return withModifiers(
          "\(pad)Button {} label: {\n\(inner.isEmpty ? "\(pad)  EmptyView()\n" : inner)\(pad)}\(buttonStyle)",
          v, indent: indent) + "\n"
      }
    case .Toggle?:
      let isOn: String
      switch v.properties.isOn {
      case .parameter(let name)?: isOn = ".constant(\(truthy(name)))"
      case .literal(let b)?: isOn = ".constant(\(b.boolValue == true))"
      case nil: isOn = ".constant(false)"
      }
      head = "Toggle(\(text(v.properties.title)), isOn: \(isOn))" + textStyle(v, pad: pad + "  ")
    case .Link?:
      head =
        "Link(\(text(v.properties.title)), destination: URL(string: \(text(v.properties.destination)))!)"
        + textStyle(v, pad: pad + "  ")
    case .Grid?:
      var args: [String] = []
      if let a = v.alignment { args.append("alignment: \(alignment(a, for: "Alignment"))") }
      if v.properties.horizontalSpacing != .platformDefault {
        args.append("horizontalSpacing: \(length(v.properties.horizontalSpacing))")
      }
      if v.properties.verticalSpacing != .platformDefault {
        args.append("verticalSpacing: \(length(v.properties.verticalSpacing))")
      }
      head = args.isEmpty ? "Grid" : Self.call("Grid", args, pad: pad, suffix: " {")
      children = v.children
    case .GridRow?:
      head =
        v.alignment.map { "GridRow(alignment: \(alignment($0, for: "VerticalAlignment")))" }
        ?? "GridRow"
      children = v.children
    case .ScrollView?:
      head = v.properties.axes == "horizontal" ? "ScrollView(.horizontal)" : "ScrollView"
      children = v.children
    case .ViewThatFits?:
      let axes = v.properties.axes ?? "all"
      head = axes == "all" ? "ViewThatFits" : "ViewThatFits(in: .\(axes))"
      children = v.children
    case .GeometryReader?:
      let inner = v.children.map { child in view(child, indent: indent + 1) }.joined()
      return withModifiers(
        "\(pad)GeometryReader { _ in\n\(inner.isEmpty ? "\(pad)  EmptyView()\n" : inner)\(pad)}", v,
        indent: indent) + "\n"
    case nil:
      return withModifiers(pad + instance(v, indent: indent), v, indent: indent) + "\n"
    }
    if v.builtin?.takesChildren == true {
      closure = children.map { child in view(child, indent: indent + 1) }.joined()
    }
    var out = pad + head
    if let closure { out += " {\n\(closure.isEmpty ? "\(pad)  EmptyView()\n" : closure)\(pad)}" }
    return withModifiers(out, v, indent: indent) + "\n"
  }

  private func withoutWhen(_ v: ViewDefinition) -> ViewDefinition {
    var copy = v
    copy.when = nil
    return copy
  }

  private mutating func instance(_ v: ViewDefinition, indent: Int) -> String {
    let pad = String(repeating: "  ", count: indent)
    guard let d = definitions[v.type] else {
      return "EmptyView()  // unknown component \(Escaping.swiftComment(v.type))"
    }
    var args: [String] = []
    for p in d.parameters {
      guard let given = v.arguments[p.name] else { continue }
      args.append("\(SwiftUINames.member(p.name)): \(argument(given, for: p, in: d))")
    }
    let slots = Self.slots(of: d)
    var closures: [(String, String)] = []
    for slot in slots {
      let views = slot == "content" ? v.children : (v.slots.first { $0.name == slot }?.views ?? [])
      let body = views.map { child in view(child, indent: indent + 1) }.joined()
      closures.append((slot, body.isEmpty ? "\(pad)  EmptyView()\n" : body))
    }
    if closures.count == 1, closures[0].0 == "content" {
      return
        "\(args.isEmpty ? names.type(d.name) : Self.call(names.type(d.name), args, pad: pad, suffix: " {")) {\n\(closures[0].1)\(pad)}"
    }
    for (slot, body) in closures {
      args.append("\(SwiftUINames.member(slot)): {\n\(body)\(pad)}")
    }
    return "\(names.type(d.name))(\(args.joined(separator: ", ")))"
  }

  /// A call as swift-format lays it out: on one line when it fits in
  /// ``SwiftUIRenderer/lineLength`` (with `pad` before and `suffix` after), else with a break
  /// after `(`, the arguments filling lines one level deeper, and `)` on its own line.
  static func call(_ callee: String, _ args: [String], pad: String, suffix: String) -> String {
    let single = "\(callee)(\(args.joined(separator: ", ")))"
    if pad.count + single.count + suffix.count <= SwiftUIRenderer.lineLength { return single }
    let inner = pad + "  "
    var lines: [String] = []
    var line = inner
    for (k, arg) in args.enumerated() {
      let piece = arg + (k == args.count - 1 ? "" : ",")
      if line != inner, line.count + 1 + piece.count > SwiftUIRenderer.lineLength {
        lines.append(line)
        line = inner
      }
      line += (line == inner ? "" : " ") + piece
    }
    lines.append(line)
    return "\(callee)(\n" + lines.joined(separator: "\n") + "\n\(pad))"
  }

  // MARK: - Modifiers

  /// `base` (a view at `indent`) with its modifiers, one a line. swift-format's layout: a
  /// chain continues one level deeper, except after a closing brace on its own line, where
  /// it continues at the view's own level.
  private mutating func withModifiers(_ base: String, _ v: ViewDefinition, indent: Int) -> String {
    let lastLine = base.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    let pad0 = String(repeating: "  ", count: indent)
    let afterBrace = lastLine.hasPrefix(pad0 + "}")
    let chainIndent = afterBrace ? indent : indent + 1
    let pad = String(repeating: "  ", count: chainIndent)
    var out = base
    for m in v.modifiers {
      let call = modifier(m.modifier, indent: chainIndent - 1)
      if let when = m.when {
        usesApplying = true
        let test = condition(when)
        let line = "\(pad).applying(if: \(test)) { $0\(call) }"
        if line.count <= SwiftUIRenderer.lineLength, !call.contains("\n") {
          out += "\n" + line
        } else {
          out += "\n\(pad).applying(\n\(pad)  if: \(test)\n\(pad)) { $0\(call) }"
        }
      } else {
        out += "\n\(pad)\(call)"
      }
    }
    return out
  }

  private mutating func modifier(_ m: Modifier, indent: Int) -> String {
    let pad = String(repeating: "  ", count: indent)
    switch m {
    case .background(let c), .overlay(let c):
      let name: String
      if case .background = m { name = "background" } else { name = "overlay" }
      let body = c.views.map { view($0, indent: indent + 2) }.joined()
      let alignmentArgument =
        c.alignment.map { "(alignment: \(alignment($0, for: "Alignment")))" } ?? ""
      return
        ".\(name)\(alignmentArgument) {\n\(body.isEmpty ? "\(pad)    EmptyView()\n" : body)\(pad)  }"
    case .offset(let x, let y):
      return ".offset(x: \(requiredLength(x, 0)), y: \(requiredLength(y, 0)))"
    case .opacity(let value):
      return ".opacity(\(JSONWriter.number(value)))"
    case .hidden:
      return ".hidden()"
    case .border(let c, let width):
      return ".border(\(color(.literal(.string(c)))), width: \(length(width)))"
    case .padding(let edges, let l):
      let edgeText: String
      switch edges {
      case .all: edgeText = ""
      case .horizontal: edgeText = ".horizontal"
      case .vertical: edgeText = ".vertical"
      default:
        edgeText =
          edges.edgeNames.count == 1
          ? ".\(edges.edgeNames[0])"
          : "[\(edges.edgeNames.map { ".\($0)" }.joined(separator: ", "))]"
      }
      if l == .platformDefault { return edgeText.isEmpty ? ".padding()" : ".padding(\(edgeText))" }
      // A length parameter is `CGFloat?` (nil: the platform default), which only
      // `padding(_:_:)` takes: all edges are then spelled `.all`.
      if edgeText.isEmpty, case .parameter = l { return ".padding(.all, \(length(l)))" }
      return edgeText.isEmpty ? ".padding(\(length(l)))" : ".padding(\(edgeText), \(length(l)))"
    case .frame(let f):
      var args = f.lengths.map { "\($0.name): \(length($0.length))" }
      if let a = f.alignment { args.append("alignment: \(alignment(a, for: "Alignment"))") }
      return Self.call(".frame", args, pad: pad + "  ", suffix: "")
    case .fixedSize(let h, let v):
      return h && v ? ".fixedSize()" : ".fixedSize(horizontal: \(h), vertical: \(v))"
    case .layoutPriority(let p):
      return ".layoutPriority(\(JSONWriter.number(p)))"
    case .aspectRatio(let ratio, let mode, let scaled):
      if scaled { return mode == "fit" ? ".scaledToFit()" : ".scaledToFill()" }
      return ".aspectRatio(\(ratio.map { JSONWriter.number($0) } ?? "nil"), contentMode: .\(mode))"
    case .clipped:
      return ".clipped()"
    case .clipShape(let type, let radius):
      return ".clipShape(\(type)(\(radius.map { "cornerRadius: \(requiredLength($0, 0))" } ?? "")))"
    case .gridCellColumns(let n):
      return ".gridCellColumns(\(n))"
    case .gridColumnAlignment(let a):
      return ".gridColumnAlignment(.\(a))"
    case .gridCellUnsizedAxes(let h, let v):
      return
        ".gridCellUnsizedAxes(\(h && v ? "[.horizontal, .vertical]" : h ? ".horizontal" : ".vertical"))"
    }
  }

  /// A shape with its fill and outline: `Circle().fill(Color.blue)`; a filled and stroked
  /// shape strokes an overlay of the same shape (valid on every SwiftUI version). A border or
  /// shadow token is named in the writer's line comment (`// border token {border.card}`,
  /// `// .shadow from the token {shadow.card}`), which `import-swift` reads back.
  private func shape(_ v: ViewDefinition, indent: Int) -> String {
    let pad = String(repeating: "  ", count: indent)
    let p = v.properties
    let base = v.type + (p.cornerRadius.map { "(cornerRadius: \(requiredLength($0, 0)))" } ?? "()")
    var out = base
    var strokeCall: String?
    var comments: [String] = []
    /// The stroke call, its arguments on a line of their own and the comment after the
    /// closing parenthesis (where `import-swift` reads it) when one line would pass 100
    /// columns, the house line length.
    func fitted(_ name: String, _ arguments: String, column: Int, indent: Int, comment: String)
      -> String
    {
      let call = ".\(name)(\(arguments))"
      guard column + call.count + comment.count + 4 > 100 else { return call }
      let inner = String(repeating: " ", count: indent + 2)
      return ".\(name)(\n\(inner)\(arguments)\n\(String(repeating: " ", count: indent)))"
    }
    if let stroke = p.stroke {
      let name = stroke.isBorder ? "strokeBorder" : "stroke"
      if let token = stroke.borderToken {
        // The token's own colour and width (SwiftUINames.border), named in the comment.
        let written = names.borders[token] ?? (color: "Color.gray", lineWidth: "1")
        let comment = "border token {\(token)}"
        // Alone after the shape, or on the overlay's own line (6 columns in).
        let indent = p.fill == nil ? pad.count : pad.count + 6
        strokeCall = fitted(
          name, "\(written.color), lineWidth: \(written.lineWidth)",
          column: p.fill == nil ? pad.count + base.count : indent, indent: indent,
          comment: comment)
        comments.append(comment)
      } else {
        strokeCall =
          ".\(name)(\(color(stroke.color)), lineWidth: \(requiredLength(stroke.lineWidth, 1)))"
      }
    }
    if let fill = p.fill {
      out += ".fill(\(color(fill)))"
      if let strokeCall {
        let inner = comments.isEmpty ? "" : "  // \(comments.removeFirst())"
        out +=
          "\n\(pad)  .overlay {\n\(pad)    \(base)\n\(pad)      \(strokeCall)\(inner)\n\(pad)  }"
      }
    } else if let strokeCall {
      out += strokeCall
    }
    if let token = p.shadowToken {
      // The token's values are not known here (no token resolver): named in a comment.
      comments.append(".shadow from the token {\(token)}")
    }
    if !comments.isEmpty { out += "  // " + comments.joined(separator: "; ") }
    return out
  }

  // MARK: - Values

  private func length(_ l: Length) -> String {
    switch l {
    case .points(let p): return JSONWriter.number(p)
    case .token(let path):
      return names.length(ofToken: path)
        ?? "0  // token {\(Escaping.swiftComment(path))} is not a length"
    case .parameter(let name):
      // Swift converts a Double to CGFloat by itself, never an Int (`integer`, `$index`).
      return converted(reference(name), from: numericType(of: name), to: .length)
    case .platformDefault: return "nil"
    case .infinity: return ".infinity"
    }
  }

  /// A length where SwiftUI takes a `CGFloat`, not an optional: a length parameter
  /// (`CGFloat?`) falls back to SwiftUI's default (`width ?? 1` for a line width, 0 for a
  /// corner radius or an offset), as the catalog's platform default does.
  private func requiredLength(_ l: Length, _ fallback: Double) -> String {
    switch l {
    case .parameter: return "\(length(l)) ?? \(JSONWriter.number(fallback))"
    case .platformDefault: return JSONWriter.number(fallback)
    default: return length(l)
    }
  }

  /// A length in the writer's intrinsic-size comment: points, `{token.path}` or `$parameter`.
  private func sizeText(_ l: Length) -> String {
    switch l {
    case .token(let path): return "{\(path)}"
    case .parameter(let name): return "$\(name)"
    default: return length(l)
    }
  }

  /// A parameter or record member in Swift (`row.title`).
  private func reference(_ name: String) -> String {
    name.split(separator: ".").map { SwiftUINames.member(String($0)) }.joined(separator: ".")
  }

  private func alignment(_ e: ValueExpression, for type: String) -> String {
    switch e {
    case .parameter(let name): return reference(name)
    case .literal(let v): return ".\(v.stringValue ?? "center")"
    }
  }

  private mutating func text(_ e: ValueExpression?) -> String {
    switch e {
    case nil: return "\"\""
    case .literal(let v)?: return SwiftUIRenderer.quoted(v.stringValue ?? JSONWriter.compact(v))
    case .parameter(let name)?:
      if loopNames.last(where: { $0 == name }) != nil {
        return name == "index" ? "\"\\(index)\"" : reference(name)
      }
      let declared: (type: ParameterType, isOptional: Bool)?
      if name.contains("."), let m = member(name) {
        declared = (m.type, m.isOptional)
      } else {
        declared = definition.parameter(named: name).map { ($0.type, $0.isOptional) }
      }
      guard let (type, isOptional) = declared else { return "\"\"" }
      switch (type, isOptional) {
      case (.string, false): return reference(name)
      case (.string, true): return "\(reference(name)) ?? \"\""
      default:
        // The text `render` shows (numbers as JSON writes them, nothing when absent).
        usesCatalogText = true
        return "\(SwiftUIRenderer.catalogTextName)(\(reference(name)))"
      }
    }
  }

  private func color(_ e: ValueExpression?) -> String {
    switch e {
    case .parameter(let name)?: return "Color(\(reference(name)))"
    case .literal(let v)?:
      let name = v.stringValue ?? "clear"
      return Self.swiftColor(name)
    case nil: return "Color.clear"
    }
  }

  /// A literal colour as Swift: a named colour (``ColorName/named``) as `Color.red`, a hex
  /// value as `Color(red:green:blue:opacity:)` (components 0…1; SwiftUI has no hex
  /// initialiser), a token alias `{color.accent}` as the asset catalog colour
  /// `Color("color.accent")`, anything else as gray.
  static func swiftColor(_ name: String) -> String {
    if ColorName.named.contains(name) {
      return name == "accent" ? "Color.accentColor" : "Color.\(name)"
    }
    if ColorName.isHex(name) {
      var digits = Array(name.dropFirst())
      if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
      if digits.count == 6 { digits += ["f", "f"] }
      let parts = stride(from: 0, to: 8, by: 2).map {
        Double(Int(String(digits[$0...$0 + 1]), radix: 16) ?? 0) / 255
      }
      let n = parts.map { JSONWriter.number(($0 * 1000).rounded() / 1000) }
      return "Color(red: \(n[0]), green: \(n[1]), blue: \(n[2]), opacity: \(n[3]))"
    }
    if let target = TokenAlias.target(of: .string(name)) {
      // A colour token: the asset catalog colour named after its path (the export writes
      // no colours); `import-swift` reads it back as the alias.
      return "Color(\(SwiftUIRenderer.quoted(target)))"
    }
    return "Color.gray"
  }

  /// A default or argument value as Swift.
  private func value(_ v: JSONValue, type: ParameterType, alignmentType: String) -> String {
    switch v {
    case .null: return "nil"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONWriter.number(n.value)
    case .string(let s):
      if type == .length, let t = TokenAlias.target(of: v) { return length(.token(t)) }
      if type == .alignment { return ".\(s)" }
      return SwiftUIRenderer.quoted(s)
    case .array(let a):
      return "["
        + a.map { value($0, type: .string, alignmentType: alignmentType) }.joined(separator: ", ")
        + "]"
    case .object: return "nil"
    }
  }

  private func argument(_ v: JSONValue, for p: ParameterDefinition, in d: ComponentDefinition)
    -> String
  {
    if case .string(let s) = v, s.hasPrefix("$"), !s.hasPrefix("$$") {
      let name = String(s.dropFirst())
      return converted(reference(name), from: numericType(of: name), to: p.type)
    }
    if case .string(let s) = v, s.hasPrefix("$$") {
      return value(.string(String(s.dropFirst())), type: p.type, alignmentType: "")
    }
    if p.items != nil { return recordList(v, p, owner: d.name) }
    return value(v, type: p.type, alignmentType: Self.alignmentType(of: p.name, in: d))
  }

  /// The type of a reference when it is a number in Swift: a parameter or record member of
  /// type `number` or `integer` (with whether it is optional), or `$index` (an `Int`).
  private func numericType(of name: String) -> (type: ParameterType, isOptional: Bool)? {
    if loopNames.contains(name) { return name == "index" ? (.integer, false) : nil }
    let declared =
      name.contains(".")
      ? member(name).map { ($0.type, $0.isOptional) }
      : definition.parameter(named: name).map { ($0.type, $0.isOptional) }
    guard let (type, isOptional) = declared, type == .number || type == .integer else {
      return nil
    }
    return (type, isOptional)
  }

  /// A number passed on to a parameter of another numeric Swift type: Swift converts a
  /// `Double` to `CGFloat` by itself but never an `Int` to either, nor a `Double` to `Int`:
  /// `Double(count)`, `CGFloat(count)`, `Int(ratio)` (`count.map { Double($0) }` when
  /// optional). `import-swift` reads these back as the reference.
  private func converted(
    _ r: String, from source: (type: ParameterType, isOptional: Bool)?, to target: ParameterType
  ) -> String {
    guard let source else { return r }
    let swiftType: String
    switch (source.type, target) {
    case (.integer, .number): swiftType = "Double"
    case (.integer, .length): swiftType = "CGFloat"
    case (.number, .integer): swiftType = "Int"
    default: return r
    }
    return source.isOptional ? "\(r).map { \(swiftType)($0) }" : "\(swiftType)(\(r))"
  }

  /// A `when` condition as a Swift `Bool` expression, with the catalog's truthiness.
  private func condition(_ c: Condition) -> String {
    switch c {
    case .parameter(let name): return truthy(name)
    case .literal(let v):
      switch v {
      case .bool(let b): return b ? "true" : "false"
      case .null: return "false"
      case .number(let n): return n.value != 0 ? "true" : "false"
      case .string(let s): return s.isEmpty ? "false" : "true"
      default: return "true"
      }
    case .not(let inner):
      let c = condition(inner)
      if c.hasPrefix("!"), !c.dropFirst().contains(" ") { return String(c.dropFirst()) }
      return c.contains(" ") ? "!(\(c))" : "!\(c)"
    case .and(let terms): return terms.map(grouped).joined(separator: " && ")
    case .or(let terms): return terms.map(grouped).joined(separator: " || ")
    case .equal(let a, let b): return "\(operand(a)) == \(operand(b))"
    case .notEqual(let a, let b): return "\(operand(a)) != \(operand(b))"
    }
  }

  /// A condition as an operand of `&&`/`||`: parenthesised when it has operators.
  private func grouped(_ c: Condition) -> String {
    let text = condition(c)
    return text.contains(" ") ? "(\(text))" : text
  }

  /// The text modifiers of a `Text`: font, foreground style, line limit.
  private func textStyle(_ v: ViewDefinition, pad: String) -> String {
    var out = ""
    switch v.font {
    case .literal(let f)?:
      if let name = f.stringValue, name != "body" { out += "\n\(pad).font(.\(name))" }
    case .parameter(let p)?:
      out += "\n\(pad).font(.body)  // the text style is the catalog parameter $\(p)"
    case nil: break
    }
    switch v.foregroundColor {
    case .literal(let c)?:
      if let name = c.stringValue {
        let style =
          ["primary", "secondary", "tertiary"].contains(name) ? ".\(name)" : Self.swiftColor(name)
        out += "\n\(pad).foregroundStyle(\(style))"
      }
    case .parameter(let p)?: out += "\n\(pad).foregroundStyle(Color(\(reference(p))))"
    case nil: break
    }
    if let limit = v.lineLimit { out += "\n\(pad).lineLimit(\(limit))" }
    return out
  }

  private func operand(_ c: Condition) -> String {
    switch c {
    case .parameter(let name): return reference(name)
    case .literal(.string(let s)): return SwiftUIRenderer.quoted(s)
    case .literal(let v): return JSONWriter.compact(v)
    default: return "(\(condition(c)))"
    }
  }

  private func truthy(_ name: String) -> String {
    let r = reference(name)
    if loopNames.contains(name) { return name == "index" ? "\(r) != 0" : "!\(r).isEmpty" }
    let declared =
      name.contains(".")
      ? member(name).map {
        ParameterDefinition(
          name: name, type: $0.type, defaultValue: nil, isOptional: $0.isOptional,
          allowedValues: nil, description: nil, path: "")
      } : definition.parameter(named: name)
    guard let p = declared else { return "false" }
    switch (p.type, p.isOptional) {
    case (.string, false), (.list, false): return "!\(r).isEmpty"
    case (.string, true), (.list, true): return "!(\(r)?.isEmpty ?? true)"
    case (.boolean, false): return r
    case (.boolean, true): return "\(r) == true"
    case (.number, false), (.integer, false): return "\(r) != 0"
    case (.number, true), (.integer, true): return "(\(r) ?? 0) != 0"
    case (.length, _), (.alignment, true): return "\(r) != nil"
    case (.alignment, false): return "true"
    }
  }
}
