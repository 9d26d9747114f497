import CatalogModel
import CatalogRender
import Foundation
import SwiftSyntax

/// A component read from Swift source, with where each part of its definition came from.
public struct SwiftImportedComponent: Sendable {
  /// The definition, checked by ``DefinitionParser``.
  public var definition: ComponentDefinition
  /// Where the `struct` is.
  public var location: SwiftSourceLocation
  /// JSON path in the definition → Swift location (views, modifiers, lengths).
  public var locations: [String: SwiftSourceLocation]
  /// True for a placeholder made for a view the catalog cannot represent.
  public var isOpaque: Bool

  /// The Swift location of a definition path: the path itself or its nearest located
  /// ancestor (`body.children[0].modifiers[0].padding.length` → the length's literal).
  /// - Parameter path: A JSON path in the definition.
  /// - Returns: The location; the struct's when nothing closer is known.
  public func location(ofPath path: String) -> SwiftSourceLocation {
    var p = path
    while !p.isEmpty {
      if let l = locations[p] { return l }
      guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
      p = String(p[..<cut])
    }
    return location
  }
}

/// What `import-swift` read: components in source order and every diagnostic.
public struct SwiftImportResult: Sendable {
  /// The components (wrappers and placeholders included), in the order found.
  public var components: [SwiftImportedComponent]
  /// Warnings and errors, each with file:line:column.
  public var diagnostics: [SwiftBridgeDiagnostic]
  /// Components that could not be imported (an error in their source), by name.
  public var failed: [String]
}

/// Turns SwiftUI `struct X: View` declarations into component definitions (DESIGN.md's
/// JSON form), with the toolchain's SwiftParser.
///
/// Rules (README, "Importing SwiftUI"):
/// - parameters come from the `init` (its labels are the argument labels) or, without one,
///   from the stored properties (the memberwise initialiser); `String` → string, `Double`/
///   `Float` → number, `Int` (and its sized kinds) → integer, `Bool` → boolean, `CGFloat` → length, the alignment types →
///   alignment, arrays → list, an `enum` of the same files → string with its cases as
///   `values`; `T?` → optional; initial values and default arguments → `default`;
/// - a `@ViewBuilder` closure or a property of a generic `View` type is a slot: the one
///   called `content` (or the only one) is the default slot, others are named slots;
/// - the body is read by ``SwiftBodyReader`` with the table of ``SwiftViewTable``;
/// - `#Preview("Name · variant") { Name(…) }` becomes a variant.
public struct SwiftComponentImporter {
  /// How Swift names tokens; nil reads only the SwiftUI writer's `Spacing.x`/`Size.x`.
  public var tokenNames: SwiftTokenNames?
  /// Stored components an instance may name.
  public var catalog: [ComponentDefinition]

  /// Creates an importer.
  /// - Parameters:
  ///   - tokenNames: The catalog's token names.
  ///   - catalog: The stored components.
  public init(tokenNames: SwiftTokenNames?, catalog: [ComponentDefinition] = []) {
    self.tokenNames = tokenNames
    self.catalog = catalog
  }

  private struct Declared {
    var file: SwiftSourceFile
    var node: StructDeclSyntax
    var signature: SwiftComponentSignature
    var slotProperties: [String: String?]
    var parameters: [(name: String, spec: JSONObject)]
    var body: CodeBlockItemListSyntax?
  }

  /// Reads the components of several files (instances may name components of any of them).
  /// - Parameters:
  ///   - files: Parsed Swift files.
  ///   - only: Read only these components' bodies (nil: all, with opaque placeholders).
  /// - Returns: The components and diagnostics.
  public func importFiles(_ files: [SwiftSourceFile], only: Set<String>? = nil) -> SwiftImportResult
  {
    var diagnostics: [SwiftBridgeDiagnostic] = []
    var enums: [String: [String]] = [:]
    var structs: [(SwiftSourceFile, StructDeclSyntax)] = []
    var previews: [(SwiftSourceFile, String, ClosureExprSyntax, Syntax)] = []
    // The reader needs folded operators (conditions, `??`).
    // A component in a file the parser could not read whole is not imported: what the
    // parser recovered is a guess, and `add` saves nothing from an invalid file either.
    var unreadableFiles: Set<String> = []
    // Files where the parser's nesting limit was reached: that is the one limit said for
    // the file, so the reader's view depth (reached first in a nest of views) is not said too.
    var tooDeepFiles: Set<String> = []
    for file in files.map({ $0.folded() }) {
      let syntaxErrors = file.syntaxErrors()
      if !syntaxErrors.isEmpty { unreadableFiles.insert(file.path) }
      if syntaxErrors.contains(where: { $0.rule == "too-deep" }) { tooDeepFiles.insert(file.path) }
      if only == nil { diagnostics += syntaxErrors }
      let finder = DeclarationFinder(viewMode: .sourceAccurate)
      finder.walk(file.tree)
      for (name, cases) in finder.enums { enums[name] = cases }
      structs += finder.views.map { (file, $0) }
      previews += finder.previews.map { (file, $0.0, $0.1, $0.2) }
    }
    var signatures: [String: SwiftComponentSignature] = [:]
    for d in catalog { signatures[d.name] = SwiftComponentSignature(definition: d) }
    var declared: [Declared] = []
    for (file, node) in structs {
      var local: [SwiftBridgeDiagnostic] = []
      let d = declare(node, in: file, enums: enums, diagnostics: &local)
      diagnostics += local
      signatures[d.signature.name] = d.signature
      declared.append(d)
    }
    // A component has one definition: a struct declared twice (in two files, or in both
    // branches of an `#if`) is an error naming every place, and neither is imported —
    // before, the last one read replaced the others without a word.
    var places: [String: [SwiftSourceLocation]] = [:]
    for d in declared { places[d.signature.name, default: []].append(d.file.location(d.node.name)) }
    let duplicated = Set(places.filter { $0.value.count > 1 }.keys)
    for name in duplicated.sorted() where only?.contains(name) ?? true {
      let all = places[name] ?? []
      for (i, place) in all.enumerated() {
        let others = all.enumerated().filter { $0.offset != i }.map { "\($0.element)" }
        diagnostics.append(
          SwiftBridgeDiagnostic(
            location: place, level: .error, rule: "duplicate-component",
            message:
              "struct \(name) is also declared at \(others.joined(separator: ", ")); a component has one definition: rename one, or keep one branch of the #if",
            component: name))
      }
    }
    var components: [SwiftImportedComponent] = []
    var failed: [String] = []
    var opaque: [(name: String, location: SwiftSourceLocation, source: String, hasContent: Bool)] =
      []
    for d in declared where only?.contains(d.signature.name) ?? true {
      let name = d.signature.name
      if duplicated.contains(name) {
        if !failed.contains(name) { failed.append(name) }
        continue
      }
      let reader = SwiftBodyReader(
        file: d.file, component: name, own: d.signature, slotProperties: d.slotProperties,
        signatures: signatures,
        tokenNames: tokenNames)
      var body: SwiftImportedView
      if let statements = d.body {
        let views = reader.views(statements)
        if views.count == 1 {
          body = views[0]
        } else {
          body = SwiftImportedView(
            views.isEmpty ? "EmptyView" : "Group", at: d.file.location(d.node.name))
          body.children = views
        }
      } else {
        reader.error(
          d.node.name, rule: "no-body", "struct \(name) has no 'var body: some View { … }'")
        body = SwiftImportedView("EmptyView", at: d.file.location(d.node.name))
      }
      diagnostics += reader.diagnostics.filter {
        $0.rule != "too-deep" || !tooDeepFiles.contains(d.file.path)
      }
      opaque += reader.opaqueViews
      var parameters = d.parameters
      for g in reader.generatedParameters {
        parameters.append(
          (
            g.name,
            JSONObject([
              ("type", .string("boolean")), ("default", .bool(true)),
              (
                "description",
                .string(
                  "Made up by import-swift for the condition `\(g.source)` (\(g.location)), which names no parameter of the component."
                )
              ),
            ])
          ))
      }
      var variants = JSONObject()
      for (file, title, closure, node) in previews {
        guard
          let (component, variant) = Self.variantName(
            title, components: Set(declared.map(\.signature.name))), component == name
        else { continue }
        let previewReader = SwiftBodyReader(
          file: file, component: name,
          own: SwiftComponentSignature(name: "", parameters: [], slots: []), slotProperties: [:],
          signatures: signatures, tokenNames: tokenNames)
        let views = previewReader.views(closure.statements)
        guard let v = views.first, v.type == name, views.count == 1 else {
          diagnostics.append(
            SwiftBridgeDiagnostic(
              location: file.location(node), level: .warning, rule: "unrepresentable-preview",
              message: "#Preview(\"\(title)\") is not a single call of \(name); not a variant",
              component: name))
          continue
        }
        diagnostics += previewReader.diagnostics.filter { $0.rule != "opaque-view" }
        if variant.isEmpty { continue }
        variants.members.append(
          (variant, .object(JSONObject(v.arguments.map { ($0.key, $0.value) }))))
      }
      var locations: [String: SwiftSourceLocation] = [:]
      let bodyJSON = body.json(path: "body", locations: &locations)
      var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
      if let text = Self.documentation(d.node) { members.append(("description", .string(text))) }
      if !parameters.isEmpty {
        members.append(
          ("parameters", .object(JSONObject(parameters.map { ($0.name, .object($0.spec)) }))))
      }
      if !variants.isEmpty { members.append(("variants", .object(variants))) }
      members.append(("body", bodyJSON))
      let location = d.file.location(d.node.name)
      if reader.failed || unreadableFiles.contains(d.file.path) {
        failed.append(name)
        continue
      }
      do {
        let definition = try DefinitionParser.parse(json: .object(JSONObject(members)))
        components.append(
          SwiftImportedComponent(
            definition: definition, location: location, locations: locations, isOpaque: false))
      } catch {
        let at = locations[error.path] ?? location
        diagnostics.append(
          SwiftBridgeDiagnostic(
            location: at, level: .error, rule: "invalid-definition",
            message: "\(name) does not make a valid definition: \(error.message)", component: name))
        failed.append(name)
      }
    }
    // Placeholders for views that are neither built-in nor known (issue: "kept as a named
    // opaque view"): stored so the components using them are whole.
    var made: Set<String> = []
    for o in opaque where only == nil && signatures[o.name] == nil && made.insert(o.name).inserted {
      var body: JSONValue = .object(JSONObject([("type", .string("EmptyView"))]))
      if o.hasContent {
        body = .object(
          JSONObject([
            ("type", .string("Group")),
            ("children", .array([.object(JSONObject([("type", .string("Slot"))]))])),
          ]))
      }
      let json: JSONValue = .object(
        JSONObject([
          ("name", .string(o.name)),
          (
            "description",
            .string(
              "Opaque view from Swift: `\(o.source.prefix(80))` (\(o.location)). Its layout is not modelled; replace this definition with a real one."
            )
          ),
          ("body", body),
        ]))
      if let definition = try? DefinitionParser.parse(json: json) {
        components.append(
          SwiftImportedComponent(
            definition: definition, location: o.location, locations: [:], isOpaque: true))
      }
    }
    return SwiftImportResult(components: components, diagnostics: diagnostics, failed: failed)
  }

  /// `TrackRow · full` → (TrackRow, full); `TrackRow` → (TrackRow, "").
  static func variantName(_ title: String, components: Set<String>) -> (String, String)? {
    for separator in [" · ", " - ", ": "] {
      if let range = title.range(of: separator) {
        let c = String(title[..<range.lowerBound])
        if components.contains(c) { return (c, String(title[range.upperBound...])) }
      }
    }
    return components.contains(title) ? (title, "") : nil
  }

  /// The `///` comment before a declaration, lines joined with spaces.
  static func documentation(_ node: some SyntaxProtocol) -> String? {
    var lines: [String] = []
    for piece in node.leadingTrivia {
      switch piece {
      case .docLineComment(let text):
        var line = String(text.dropFirst(3))
        if line.hasPrefix(" ") { line.removeFirst() }
        lines.append(line)
      case .docBlockComment(let text):
        lines.append(
          String(text.dropFirst(3).dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines))
      default: break
      }
    }
    let text = lines.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : text
  }

  // MARK: - Declarations

  private struct Member {
    var name: String
    var label: String?
    var type: TypeSyntax?
    var defaultValue: ExprSyntax?
    var isViewBuilder: Bool
    var node: Syntax
    var doc: String?
  }

  private func declare(
    _ node: StructDeclSyntax, in file: SwiftSourceFile, enums: [String: [String]],
    diagnostics: inout [SwiftBridgeDiagnostic]
  ) -> Declared {
    let name = SwiftUINames.catalogTypeName(node.name.plainName)
    /// A warning about `node`, a part of this component's declaration that is not imported.
    func warn(_ node: some SyntaxProtocol, rule: String, _ message: String) {
      diagnostics.append(
        SwiftBridgeDiagnostic(
          location: file.location(node), level: .warning, rule: rule, message: message,
          component: name))
    }
    // Generic parameters constrained to View: `<Content: View>` or `where Content: View`.
    var viewGenerics: Set<String> = []
    for g in node.genericParameterClause?.parameters ?? [] {
      if let t = g.inheritedType?.trimmedDescription, t == "View" || t == "SwiftUI.View" {
        viewGenerics.insert(g.name.text)
      }
    }
    for requirement in node.genericWhereClause?.requirements ?? [] {
      if case .conformanceRequirement(let c) = requirement.requirement,
        ["View", "SwiftUI.View"].contains(c.rightType.trimmedDescription)
      {
        viewGenerics.insert(c.leftType.trimmedDescription)
      }
    }
    func isSlotType(_ type: TypeSyntax?) -> Bool {
      guard var t = type else { return false }
      if let a = t.as(AttributedTypeSyntax.self) { t = a.baseType }
      if let f = t.as(FunctionTypeSyntax.self) { t = f.returnClause.type }
      return viewGenerics.contains(t.trimmedDescription) || t.trimmedDescription == "AnyView"
    }
    var stored: [Member] = []
    var initializer: [Member]? = nil
    var body: CodeBlockItemListSyntax?
    for item in node.memberBlock.members {
      if let v = item.decl.as(VariableDeclSyntax.self) {
        if v.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { continue }
        let attributes = v.attributes.compactMap {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in v.bindings {
          guard
            let propertyName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
              .plainName
          else { continue }
          if propertyName == "body" {
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?: body = items
            case .accessors(let list)?:
              body = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
            default: break
            }
            continue
          }
          if let accessors = binding.accessorBlock {
            if case .accessors(let list) = accessors.accessors,
              list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
            {
              // A stored property with observers.
            } else {
              continue  // computed
            }
          }
          if let wrapper = attributes.first(where: { $0 != "ViewBuilder" }) {
            warn(
              binding, rule: "unrepresentable-property",
              "@\(wrapper) \(propertyName) is view state, not a parameter; not imported")
            continue
          }
          if isLet && binding.initializer != nil { continue }  // a constant: not an init parameter
          stored.append(
            Member(
              name: SwiftUINames.catalogMemberName(propertyName), label: propertyName,
              type: binding.typeAnnotation?.type,
              defaultValue: binding.initializer?.value,
              isViewBuilder: attributes.contains("ViewBuilder"), node: Syntax(binding),
              doc: Self.documentation(v)))
        }
      } else if let i = item.decl.as(InitializerDeclSyntax.self), initializer == nil {
        initializer = i.signature.parameterClause.parameters.map { p in
          let first = p.firstName.plainName
          let inner = p.secondName?.plainName ?? first
          return Member(
            name: SwiftUINames.catalogMemberName(inner), label: first == "_" ? nil : first,
            type: p.type,
            defaultValue: p.defaultValue?.value,
            isViewBuilder: p.attributes.contains {
              $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "ViewBuilder"
            },
            node: Syntax(p), doc: nil)
        }
      }
    }
    let inputs = initializer ?? stored
    var slotMembers = inputs.filter { $0.isViewBuilder || isSlotType($0.type) }
    if slotMembers.isEmpty, initializer != nil {
      slotMembers = stored.filter { $0.isViewBuilder || isSlotType($0.type) }
    }
    func slotName(_ m: Member) -> String? {
      m.name == "content" || slotMembers.count == 1 ? nil : m.name
    }
    var slots: [(label: String, slot: String?)] = []
    for m in slotMembers { slots.append((m.label ?? m.name, slotName(m))) }
    var slotProperties: [String: String?] = [:]
    for m in slotMembers { slotProperties[m.name] = slotName(m) }
    for m in stored where isSlotType(m.type) || m.isViewBuilder {
      slotProperties[m.name] =
        slotProperties[m.name]
        ?? (slotMembers.count == 1 ? nil : (m.name == "content" ? nil : m.name))
    }
    var parameters: [SwiftComponentSignature.Parameter] = []
    var specs: [(name: String, spec: JSONObject)] = []
    let records = Self.recordTypes(node, enums: enums)
    /// A default the definition cannot hold: a warning, and the parameter gets no default.
    func unrepresentableDefault(_ d: ExprSyntax, _ what: String) {
      warn(d, rule: "unrepresentable-default", "\(what); the parameter has no default")
    }
    for m in inputs where !(m.isViewBuilder || isSlotType(m.type)) {
      if let (items, optional) = Self.recordList(m.type, records) {
        // A list of records: `var rows: [RowsItem] = [RowsItem(title: "Wi-Fi")]` with a
        // nested `struct RowsItem { var title: String; var subtitle: String? = nil }`.
        var spec = JSONObject([("type", .string("list")), ("items", .object(items))])
        if let d = m.defaultValue, !d.is(NilLiteralExprSyntax.self) {
          if let value = Self.recordValues(d, items: items) {
            spec.members.append(("default", value))
          } else {
            unrepresentableDefault(d, "the default of \(m.name) is not an array of record literals")
          }
        }
        if optional { spec.members.append(("optional", .bool(true))) }
        let doc = m.doc ?? stored.first { $0.name == m.name }?.doc
        if let doc { spec.members.append(("description", .string(doc))) }
        specs.append((m.name, spec))
        parameters.append(
          .init(
            name: m.name, label: m.label, type: .list, isOptional: optional, values: nil,
            swiftType: m.type?.trimmedDescription ?? ""))
        continue
      }
      guard
        let (type, optional, values) = Self.parameterType(
          m.type, defaultValue: m.defaultValue, enums: enums)
      else {
        warn(
          m.node, rule: "unrepresentable-parameter",
          "\(m.name): the type '\(m.type?.trimmedDescription ?? "?")' has no catalog parameter type (String, Double, Int, Bool, CGFloat, an alignment, an array or an enum); not imported"
        )
        continue
      }
      var spec = JSONObject([("type", .string(type.rawValue))])
      var isOptional = optional
      if let d = m.defaultValue {
        if d.is(NilLiteralExprSyntax.self) {
          if type == .length {
            spec.members.append(("default", .null))
            isOptional = false
          }
        } else if let value = defaultValue(d, type: type) {
          spec.members.append(("default", value))
        } else if let n = Self.literalNumber(d, finiteOnly: false), !n.isFinite {
          // Swift refuses the literal too ("overflows to inf"); said here, at the literal,
          // not later as a stored value that no longer parses.
          unrepresentableDefault(
            d,
            "the default '\(d.trimmedDescription.prefix(40))' of \(m.name) is beyond the largest Double (about 1.8e308); Swift refuses it too"
          )
        } else {
          unrepresentableDefault(
            d,
            "the default '\(d.trimmedDescription.prefix(40))' of \(m.name) is not a literal, an alignment, an enum case or a token"
          )
        }
      }
      // The SwiftUI writer declares every length `CGFloat?` (nil is the platform default):
      // with a default it is not an optional parameter.
      if type == .length, spec["default"] != nil { isOptional = false }
      if isOptional { spec.members.append(("optional", .bool(true))) }
      if let values { spec.members.append(("values", .array(values.map { .string($0) }))) }
      let doc = m.doc ?? stored.first { $0.name == m.name }?.doc
      if let doc { spec.members.append(("description", .string(doc))) }
      specs.append((m.name, spec))
      parameters.append(
        .init(
          name: m.name, label: m.label, type: type, isOptional: isOptional, values: values,
          swiftType: m.type?.trimmedDescription ?? ""))
    }
    return Declared(
      file: file, node: node,
      signature: SwiftComponentSignature(name: name, parameters: parameters, slots: slots),
      slotProperties: slotProperties, parameters: specs, body: body)
  }

  /// The record types nested in a view (`struct RowsItem: Hashable { var title: String }`):
  /// name → the `items` of a list parameter (DESIGN.md's records), members in order.
  static func recordTypes(_ node: StructDeclSyntax, enums: [String: [String]])
    -> [String: JSONObject]
  {
    var out: [String: JSONObject] = [:]
    for item in node.memberBlock.members {
      guard let s = item.decl.as(StructDeclSyntax.self) else { continue }
      var items = JSONObject()
      var representable = true
      for member in s.memberBlock.members {
        guard let v = member.decl.as(VariableDeclSyntax.self),
          !v.modifiers.contains(where: { $0.name.text == "static" })
        else { continue }
        for b in v.bindings where b.accessorBlock == nil {
          guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
            let (type, optional, _) = parameterType(
              b.typeAnnotation?.type, defaultValue: b.initializer?.value, enums: enums),
            type != .list
          else {
            representable = false
            continue
          }
          items.members.append(
            (
              name,
              optional
                ? .object(
                  JSONObject([("type", .string(type.rawValue)), ("optional", .bool(true))]))
                : .string(type.rawValue)
            ))
        }
      }
      if representable, !items.isEmpty { out[s.name.text] = items }
    }
    return out
  }

  /// `[RowsItem]` or `[RowsItem]?` of a nested record type: its items and whether optional.
  static func recordList(_ type: TypeSyntax?, _ records: [String: JSONObject]) -> (
    JSONObject, Bool
  )? {
    guard var t = type else { return nil }
    var optional = false
    if let o = t.as(OptionalTypeSyntax.self) {
      optional = true
      t = o.wrappedType
    }
    guard let a = t.as(ArrayTypeSyntax.self) else { return nil }
    var element = a.element.trimmedDescription
    if let dot = element.lastIndex(of: ".") {
      element = String(element[element.index(after: dot)...])
    }
    return records[element].map { ($0, optional) }
  }

  /// `[RowsItem(title: "Wi-Fi", subtitle: "Home"), …]` → the records as JSON (members in the
  /// order of `items`, absent optionals left out), or nil when an element is not a literal.
  static func recordValues(_ e: ExprSyntax, items: JSONObject) -> JSONValue? {
    guard let a = e.as(ArrayExprSyntax.self) else { return nil }
    var out: [JSONValue] = []
    for element in a.elements {
      guard let call = element.expression.as(FunctionCallExprSyntax.self) else { return nil }
      var o = JSONObject()
      for arg in call.arguments {
        guard let label = arg.label?.plainName, items[label] != nil else { return nil }
        let x = arg.expression
        if x.is(NilLiteralExprSyntax.self) { continue }
        if let s = x.as(StringLiteralExprSyntax.self), let v = stringLiteralValue(s) {
          o.members.append((label, .string(v)))
        } else if let b = x.as(BooleanLiteralExprSyntax.self) {
          o.members.append((label, .bool(b.literal.tokenKind == .keyword(.true))))
        } else if let n = literalNumber(x) {
          o.members.append((label, .number(n)))
        } else if let m = x.as(MemberAccessExprSyntax.self), m.base == nil {
          o.members.append((label, .string(m.declName.baseName.plainName)))
        } else {
          return nil
        }
      }
      out.append(.object(o))
    }
    return .array(out)
  }

  /// The catalog type of a Swift type: (type, optional, enumeration values).
  static func parameterType(
    _ type: TypeSyntax?, defaultValue: ExprSyntax?, enums: [String: [String]]
  ) -> (ParameterType, Bool, [String]?)? {
    guard var t = type else {
      // No annotation: the initial value's literal says.
      guard let d = defaultValue else { return nil }
      if d.is(StringLiteralExprSyntax.self) { return (.string, false, nil) }
      if d.is(BooleanLiteralExprSyntax.self) { return (.boolean, false, nil) }
      // Swift infers `Int` for `= 5` and `Double` for `= 5.0`.
      if d.is(IntegerLiteralExprSyntax.self) { return (.integer, false, nil) }
      if d.is(FloatLiteralExprSyntax.self) { return (.number, false, nil) }
      if d.is(ArrayExprSyntax.self) { return (.list, false, nil) }
      return nil
    }
    var optional = false
    if let o = t.as(OptionalTypeSyntax.self) {
      optional = true
      t = o.wrappedType
    } else if let o = t.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      optional = true
      t = o.wrappedType
    } else if let i = t.as(IdentifierTypeSyntax.self), i.name.text == "Optional",
      let arg = i.genericArgumentClause?.arguments.first
    {
      optional = true
      if let inner = arg.argument.as(TypeSyntax.self) { t = inner }
    }
    if t.is(ArrayTypeSyntax.self) { return (.list, optional, nil) }
    let name = t.trimmedDescription
    switch name {
    case "String", "Substring", "LocalizedStringKey": return (.string, optional, nil)
    case "Double", "Float": return (.number, optional, nil)
    case "Int", "Int64", "Int32", "UInt": return (.integer, optional, nil)
    case "Bool": return (.boolean, optional, nil)
    case "CGFloat": return (.length, optional, nil)
    case "HorizontalAlignment", "VerticalAlignment", "Alignment": return (.alignment, optional, nil)
    default:
      if let cases = enums[name], !cases.isEmpty { return (.string, optional, cases) }
      return nil
    }
  }

  private func defaultValue(_ e: ExprSyntax, type: ParameterType) -> JSONValue? {
    switch type {
    case .string:
      if let s = e.as(StringLiteralExprSyntax.self), let v = stringLiteralValue(s) {
        return .string(v)
      }
      if let m = e.as(MemberAccessExprSyntax.self) { return .string(m.declName.baseName.plainName) }
    case .number, .integer:
      if let n = Self.literalNumber(e) { return .number(n) }
    case .boolean:
      if let b = e.as(BooleanLiteralExprSyntax.self) {
        return .bool(b.literal.tokenKind == .keyword(.true))
      }
    case .length:
      if let n = Self.literalNumber(e) { return .number(n) }
      if let m = e.as(MemberAccessExprSyntax.self) {
        let base = m.base?.trimmedDescription
        let member = m.declName.baseName.plainName
        if let names = tokenNames, let path = names.token(base: base, member: member) {
          return .string(names.reference(to: path))
        }
        if tokenNames == nil, let base, base == "Spacing" || base == "Size" {
          return .string("{\(base == "Spacing" ? "space" : base.lowercased()).\(member)}")
        }
      }
    case .alignment:
      if let m = e.as(MemberAccessExprSyntax.self),
        AlignmentName.all.contains(m.declName.baseName.plainName)
      {
        return .string(m.declName.baseName.plainName)
      }
    case .list:
      if let a = e.as(ArrayExprSyntax.self) {
        var out: [JSONValue] = []
        for element in a.elements {
          guard let s = element.expression.as(StringLiteralExprSyntax.self),
            let v = stringLiteralValue(s)
          else { return nil }
          out.append(.string(v))
        }
        return .array(out)
      }
    }
    return nil
  }

  /// A number literal (`8`, `1_000`, `0.5`) with an optional minus, or nil; with
  /// `throughConversions`, also one inside `CGFloat(…)` or `Double(…)` (`CGFloat(8)`,
  /// `-Double(0.5)`), as a body's lengths are written.
  /// - Parameters:
  ///   - e: The expression.
  ///   - throughConversions: Look inside `CGFloat(…)` and `Double(…)`.
  ///   - finiteOnly: Give nil for a literal beyond the largest `Double` (`1e400`), which
  ///     Swift refuses ("overflows to inf") and JSON cannot hold.
  /// - Returns: The number, or nil when `e` is not one.
  static func literalNumber(
    _ e: ExprSyntax, throughConversions: Bool = false, finiteOnly: Bool = true
  ) -> Double? {
    var n: Double?
    if let i = e.as(IntegerLiteralExprSyntax.self) {
      n = Double(i.literal.text.replacingOccurrences(of: "_", with: ""))
    } else if let f = e.as(FloatLiteralExprSyntax.self) {
      n = Double(f.literal.text.replacingOccurrences(of: "_", with: ""))
    } else if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
      n = literalNumber(
        p.expression, throughConversions: throughConversions, finiteOnly: finiteOnly
      ).map { -$0 }
    } else if throughConversions, let c = e.as(FunctionCallExprSyntax.self),
      ["CGFloat", "Double"].contains(c.calledExpression.trimmedDescription),
      c.arguments.count == 1, let only = c.arguments.first, only.label == nil
    {
      n = literalNumber(only.expression, throughConversions: true, finiteOnly: finiteOnly)
    }
    guard let n, n.isFinite || !finiteOnly else { return nil }
    return n
  }
}

/// Finds `struct X: View`, `enum E { case … }` and `#Preview` declarations anywhere in a file.
final class DeclarationFinder: SyntaxVisitor {
  var views: [StructDeclSyntax] = []
  var enums: [String: [String]] = [:]
  var previews: [(String, ClosureExprSyntax, Syntax)] = []

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    if inherited.contains("View") || inherited.contains("SwiftUI.View") { views.append(node) }
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    var cases: [String] = []
    for item in node.memberBlock.members {
      guard let c = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
      // Cases without associated values; the definition stores the case name.
      for element in c.elements where element.parameterClause == nil {
        cases.append(element.name.text)
      }
    }
    enums[node.name.text] = cases
    return .visitChildren
  }

  // Views are declared at the top level, in extensions or nested in other types, never in
  // code: skipping bodies keeps this walk to the declarations (check-swift's speed).
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: FunctionParameterClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }

  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    record(
      name: node.macroName.text, arguments: node.arguments, closure: node.trailingClosure,
      node: Syntax(node))
    return .skipChildren
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    record(
      name: node.macroName.text, arguments: node.arguments, closure: node.trailingClosure,
      node: Syntax(node))
    return .skipChildren
  }

  private func record(
    name: String, arguments: LabeledExprListSyntax, closure: ClosureExprSyntax?, node: Syntax
  ) {
    guard name == "Preview", let closure,
      let first = arguments.first?.expression.as(StringLiteralExprSyntax.self),
      let title = stringLiteralValue(first)
    else { return }
    previews.append((title, closure, node))
  }
}
