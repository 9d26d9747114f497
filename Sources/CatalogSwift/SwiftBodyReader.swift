import CatalogModel
import CatalogRender
import CatalogResolver
import Foundation
import SwiftSyntax

/// Reads the body of one SwiftUI `struct` into definition views, statement by statement.
///
/// The mapping from calls to views and modifiers lives in ``SwiftViewTable``; this type
/// does what is common to all of them: modifier chains, control flow (`if`, `if let`,
/// `else`, `switch` → `when`), values (lengths, alignments, texts, colours, conditions) and
/// diagnostics for anything not representable, always with file:line:column.
final class SwiftBodyReader {
  /// The deepest view nesting read (an error beyond it, never a stack overflow).
  static let maximumDepth = 200

  let file: SwiftSourceFile
  let component: String
  let own: SwiftComponentSignature
  /// Slot properties of the struct: property name → slot (`nil` = default slot).
  let slotProperties: [String: String?]
  let signatures: [String: SwiftComponentSignature]
  let tokenNames: SwiftTokenNames?
  var diagnostics: [SwiftBridgeDiagnostic] = []
  /// Parameters made up for conditions that are not about parameters (`if random == 1`).
  var generatedParameters: [(name: String, location: SwiftSourceLocation, source: String)] = []
  /// Names of views not representable that are kept as opaque components.
  var opaqueViews:
    [(name: String, location: SwiftSourceLocation, source: String, hasContent: Bool)] = []
  /// Names bound by enclosing `ForEach` closures, visible to children as parameters.
  var loopNames: [String] = []
  /// `if let y = x`: y → x.
  var aliases: [String: String] = [:]
  var depth = 0
  /// True once a view or value could not be read: the component is not imported.
  var failed = false

  init(
    file: SwiftSourceFile, component: String, own: SwiftComponentSignature,
    slotProperties: [String: String?],
    signatures: [String: SwiftComponentSignature], tokenNames: SwiftTokenNames?
  ) {
    self.file = file
    self.component = component
    self.own = own
    self.slotProperties = slotProperties
    self.signatures = signatures
    self.tokenNames = tokenNames
  }

  // MARK: - Diagnostics

  func warn(_ node: some SyntaxProtocol, rule: String, _ message: String) {
    diagnostics.append(
      SwiftBridgeDiagnostic(
        location: file.location(node), level: .warning, rule: rule, message: message,
        component: component))
  }

  func note(_ node: some SyntaxProtocol, rule: String, _ message: String) {
    diagnostics.append(
      SwiftBridgeDiagnostic(
        location: file.location(node), level: .note, rule: rule, message: message,
        component: component))
  }

  func error(_ node: some SyntaxProtocol, rule: String, _ message: String) {
    diagnostics.append(
      SwiftBridgeDiagnostic(
        location: file.location(node), level: .error, rule: rule, message: message,
        component: component))
    failed = true
  }

  func location(_ node: some SyntaxProtocol) -> SwiftSourceLocation { file.location(node) }

  // MARK: - Statements

  /// The views a `@ViewBuilder` block produces, in order.
  func views(_ items: CodeBlockItemListSyntax) -> [SwiftImportedView] {
    var out: [SwiftImportedView] = []
    for item in items {
      switch item.item {
      case .expr(let e): out += views(of: e)
      case .stmt(let s):
        if let e = s.as(ExpressionStmtSyntax.self)?.expression {
          out += views(of: e)
        } else if let r = s.as(ReturnStmtSyntax.self), let e = r.expression {
          out += views(of: e)
        } else {
          warn(
            s, rule: "unrepresentable-statement",
            "'\(s.trimmedDescription.prefix(40))' is not a view; dropped")
        }
      case .decl(let d):
        warn(
          d, rule: "unrepresentable-statement",
          "a declaration in a view body ('\(d.trimmedDescription.prefix(40))') is not representable; dropped"
        )
      @unknown default:
        warn(
          item, rule: "unrepresentable-statement",
          "'\(item.trimmedDescription.prefix(40))' is not a view; dropped")
      }
    }
    return out
  }

  /// The views one expression statement produces: `if`/`switch` give conditional views.
  func views(of expr: ExprSyntax) -> [SwiftImportedView] {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maximumDepth {
      error(expr, rule: "too-deep", "views are nested more than \(Self.maximumDepth) deep")
      return []
    }
    if let i = expr.as(IfExprSyntax.self) { return ifViews(i, negated: nil) }
    if let s = expr.as(SwitchExprSyntax.self) { return switchViews(s) }
    if let v = view(expr) { return [v] }
    return []
  }

  /// `if c { A } else if d { B } else { C }` → A when c, B when !c && d, C when !c && !d
  /// (SwiftUI's `_ConditionalContent`: exactly one branch is present).
  private func ifViews(_ node: IfExprSyntax, negated previous: Condition?) -> [SwiftImportedView] {
    let savedAliases = aliases
    var condition: Condition? = nil
    for element in node.conditions {
      let c: Condition
      switch element.condition {
      case .expression(let e): c = self.condition(e)
      case .optionalBinding(let binding):
        let name = binding.pattern.trimmedDescription
        if let initializer = binding.initializer {
          if let source = parameterReference(initializer.value) {
            aliases[name] = source
            c = .parameter(source)
          } else {
            c = generatedCondition(initializer.value)
          }
        } else if own.parameter(named: name) != nil {
          c = .parameter(name)
        } else {
          c = generatedCondition(element)
        }
      default:
        c = generatedCondition(element)
      }
      // `if let s = x, !s.isEmpty` says `$x` twice: once is enough.
      condition = condition.map { $0 == c ? $0 : .and($0, c) } ?? c
    }
    var full = condition ?? .literal(.bool(true))
    if let previous { full = .and(previous, full) }
    var out = group(views(node.body.statements), when: full, at: node)
    aliases = savedAliases
    let elseCondition: Condition =
      previous.map { .and($0, .not(condition ?? .literal(.bool(true)))) }
      ?? .not(condition ?? .literal(.bool(true)))
    switch node.elseBody {
    case .ifExpr(let next)?: out += ifViews(next, negated: elseCondition)
    case .codeBlock(let block)?:
      out += group(views(block.statements), when: elseCondition, at: block)
    default: break
    }
    return out
  }

  /// One conditional view: the view itself when there is one, else a `Group`.
  private func group(_ views: [SwiftImportedView], when: Condition, at node: some SyntaxProtocol)
    -> [SwiftImportedView]
  {
    if views.count == 1 {
      var v = views[0]
      if let inner = v.when { v.when = .and(when, inner) } else { v.when = when }
      return [v]
    }
    if views.isEmpty { return [] }
    var g = SwiftImportedView("Group", at: location(node))
    g.children = views
    g.when = when
    return [g]
  }

  /// `switch p { case .a: A; case .b, .c: B; default: C }` over a parameter → A when
  /// `$p == 'a'`, B when `$p == 'b' || $p == 'c'`, C when no case matched.
  private func switchViews(_ node: SwitchExprSyntax) -> [SwiftImportedView] {
    guard let subject = parameterReference(node.subject) else {
      warn(
        node.subject, rule: "unrepresentable-condition",
        "a switch over '\(node.subject.trimmedDescription)' (not a parameter) is not representable; its cases are dropped"
      )
      return []
    }
    var out: [SwiftImportedView] = []
    var seen: [Condition] = []
    for element in node.cases {
      guard case .switchCase(let c) = element else { continue }
      let condition: Condition
      switch c.label {
      case .case(let label):
        var any: Condition?
        for item in label.caseItems {
          guard let e = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
            let value = caseValue(e)
          else {
            warn(
              item, rule: "unrepresentable-condition",
              "case pattern '\(item.trimmedDescription)' is not a value; the case is dropped")
            continue
          }
          let test = Condition.equal(.parameter(subject), .literal(value))
          seen.append(.notEqual(.parameter(subject), .literal(value)))
          any = any.map { .or($0, test) } ?? test
        }
        guard let any else { continue }
        condition = any
      default:
        guard let first = seen.first else {
          condition = .literal(.bool(true))
          break
        }
        condition = seen.dropFirst().reduce(first) { .and($0, $1) }
      }
      out += group(views(c.statements), when: condition, at: c)
    }
    return out
  }

  private func caseValue(_ e: ExprSyntax) -> JSONValue? {
    if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
      return .string(m.declName.baseName.plainName)
    }
    if let s = e.as(StringLiteralExprSyntax.self), let v = stringLiteralValue(s) {
      return .string(v)
    }
    if let n = number(e) { return .number(n) }
    if let b = e.as(BooleanLiteralExprSyntax.self) {
      return .bool(b.literal.tokenKind == .keyword(.true))
    }
    return nil
  }

  // MARK: - Views and modifier chains

  /// One view expression: a call of a built-in view, a component or a slot, with its
  /// modifier chain.
  func view(_ expr: ExprSyntax) -> SwiftImportedView? {
    var chain: [(name: String, call: FunctionCallExprSyntax, member: MemberAccessExprSyntax)] = []
    var core = expr
    while let call = core.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, !isTypeName(base)
    {
      chain.append((member.declName.baseName.plainName, call, member))
      core = base
      // Each modifier is one level of the nesting rendering allows
      // (``Resolver/depthInside(_:at:)``): a longer chain is an error, never a component
      // saved without it (issue 12, point 2).
      if chain.count >= Resolver.maximumDepth {
        error(
          expr, rule: "too-deep",
          "the modifier chain is longer than \(Resolver.maximumDepth - 1) modifiers; rendering stops at \(Resolver.maximumDepth) levels of views, modifiers and instances (each modifier is one level)"
        )
        return nil
      }
    }
    // A member without a call: `.hidden` is not a modifier; only `Color.red` is a view.
    guard var v = coreView(core) else { return nil }
    SwiftViewTable.applyWriterComments(after: core, self, to: &v)
    for (name, call, member) in chain.reversed() {
      applyModifier(name, call: call, member: member, to: &v)
      SwiftViewTable.applyWriterComments(after: call, self, to: &v)
    }
    SwiftViewTable.completeImage(core, self, &v)
    return v
  }

  private func isTypeName(_ e: ExprSyntax) -> Bool {
    guard let r = e.as(DeclReferenceExprSyntax.self), let first = r.baseName.plainName.first else {
      return false
    }
    // `Text.init(…)`, `Color.red.opacity(…)`: a modifier is never called on a type.
    return first.isUppercase
  }

  func applyModifier(
    _ name: String, call: FunctionCallExprSyntax, member: MemberAccessExprSyntax,
    to v: inout SwiftImportedView, when: Condition? = nil
  ) {
    guard let entry = SwiftViewTable.modifiers[name] else {
      warn(
        member.declName, rule: "unrepresentable-modifier",
        "modifier .\(name)(…) is not representable in a definition; dropped")
      return
    }
    let before = v.modifiers.count
    entry(self, SwiftCall(call), &v)
    if let when {
      for k in before..<v.modifiers.count {
        v.modifiers[k].when = v.modifiers[k].when.map { .and(when, $0) } ?? when
      }
    }
  }

  private func coreView(_ e: ExprSyntax) -> SwiftImportedView? {
    if let call = e.as(FunctionCallExprSyntax.self) {
      var name: String?
      if let r = call.calledExpression.as(DeclReferenceExprSyntax.self) {
        name = r.baseName.plainName
      }
      if let m = call.calledExpression.as(MemberAccessExprSyntax.self),
        m.declName.baseName.plainName == "init",
        let base = m.base?.as(DeclReferenceExprSyntax.self)
      {
        name = base.baseName.plainName
      }
      if let g = call.calledExpression.as(GenericSpecializationExprSyntax.self),
        let r = g.expression.as(DeclReferenceExprSyntax.self)
      {
        name = r.baseName.plainName
      }
      guard let name else {
        warn(
          call, rule: "unrepresentable-view",
          "'\(call.calledExpression.trimmedDescription.prefix(40))' is not a view the catalog knows; dropped"
        )
        return nil
      }
      if let slot = slotProperties[name], call.arguments.isEmpty, call.trailingClosure == nil {
        return slotView(slot, at: call)
      }
      return callView(name, call: SwiftCall(call), node: ExprSyntax(call))
    }
    if let r = e.as(DeclReferenceExprSyntax.self) {
      let name = r.baseName.plainName
      if let slot = slotProperties[name] { return slotView(slot, at: r) }
      if loopNames.last == name || name == "subview" {
        warn(
          r, rule: "unrepresentable-view",
          "'\(name)' (a ForEach element used as a view) is not representable; dropped")
        return nil
      }
      if SwiftViewTable.views[name] != nil || signatures[name] != nil
        || signatures[SwiftUINames.catalogTypeName(name)] != nil
      {
        return callView(name, call: SwiftCall(nil), node: e)
      }
      warn(
        r, rule: "unrepresentable-view",
        "'\(name)' is not a view the catalog can represent (a computed property or a stored view); dropped"
      )
      return nil
    }
    if let m = e.as(MemberAccessExprSyntax.self),
      let base = m.base?.as(DeclReferenceExprSyntax.self), base.baseName.plainName == "Color"
    {
      var v = SwiftImportedView("Color", at: location(m))
      v.set("color", .string(m.declName.baseName.plainName))
      return v
    }
    if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
      return view(only.expression)
    }
    warn(
      e, rule: "unrepresentable-view",
      "'\(e.trimmedDescription.prefix(40))' is not a view the catalog can represent; dropped")
    return nil
  }

  private func slotView(_ slot: String?, at node: some SyntaxProtocol) -> SwiftImportedView {
    var v = SwiftImportedView("Slot", at: location(node))
    if let slot { v.set("name", .string(slot)) }
    return v
  }

  /// A call of a built-in view (through the table), a component (an instance) or an
  /// unknown type (an opaque component).
  func callView(_ name: String, call: SwiftCall, node: ExprSyntax) -> SwiftImportedView? {
    if let entry = SwiftViewTable.views[name] { return entry(self, call, node) }
    // A component's Swift name is its catalog name, or that name renamed by the SwiftUI
    // writer (`structComponent` → `struct`; SwiftUINames.catalogTypeName).
    if let signature = signatures[SwiftUINames.catalogTypeName(name)] ?? signatures[name] {
      return instance(signature, call: call, node: node)
    }
    return opaque(name, call: call, node: node)
  }

  /// A view the catalog cannot represent, kept as an instance of a component of that name
  /// whose body is unknown (`EmptyView`, or its content in a `Group`): stored so that
  /// components using it stay whole; its own layout is not modelled.
  func opaque(_ name: String, call: SwiftCall, node: ExprSyntax) -> SwiftImportedView? {
    guard Identifier.isValid(name), BuiltinView(rawValue: name) == nil else {
      warn(node, rule: "unrepresentable-view", "'\(name)' is not representable; dropped")
      return nil
    }
    let hasContent = call.trailingClosure != nil
    if !opaqueViews.contains(where: { $0.name == name }) {
      opaqueViews.append(
        (
          name, location(node),
          node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? name, hasContent
        ))
    }
    warn(
      node, rule: "opaque-view",
      "'\(name)' is not a built-in view or a known component: kept as the opaque component \(name) (its layout is not modelled)"
    )
    var v = SwiftImportedView(name, at: location(node))
    if let closure = call.trailingClosure {
      v.children = views(closure.statements)
    }
    return v
  }

  /// An instance of a component: arguments by label or position, closures into slots.
  func instance(_ signature: SwiftComponentSignature, call: SwiftCall, node: ExprSyntax)
    -> SwiftImportedView
  {
    var v = SwiftImportedView(signature.name, at: location(node))
    let unlabelled = signature.parameters.filter { $0.label == nil }
    var positional =
      (unlabelled.isEmpty && signature.acceptsPositionalArguments
      ? signature.parameters : unlabelled).makeIterator()
    for argument in call.arguments {
      let label = argument.label?.plainName
      if let closure = argument.expression.as(ClosureExprSyntax.self), let label,
        let slot = signature.slots.first(where: { $0.label == label })
      {
        fill(&v, slot: slot.slot, with: views(closure.statements))
        continue
      }
      let parameter =
        label.flatMap { l in signature.parameters.first { $0.label == l } }
        ?? (label == nil ? positional.next() : nil)
      guard let parameter else {
        warn(
          argument, rule: "unknown-argument",
          "\(signature.name) has no parameter labelled '\(label ?? "_")'; the argument is dropped")
        continue
      }
      if let value = argumentValue(argument.expression, type: parameter.type) {
        v.arguments.append((parameter.name, value, location(argument.expression)))
      }
    }
    if let closure = call.syntax?.trailingClosure {
      // Swift's forward scan: the unlabelled trailing closure fills the first slot, in
      // declaration order, that no labelled closure fills.
      var labelled = Set(call.additionalTrailingClosures.map(\.label.plainName))
      for a in call.arguments where a.expression.is(ClosureExprSyntax.self) {
        if let l = a.label?.plainName { labelled.insert(l) }
      }
      let slot = signature.slots.first { !labelled.contains($0.label) }
      if let slot {
        fill(&v, slot: slot.slot, with: views(closure.statements))
      } else {
        warn(
          closure, rule: "unknown-argument",
          "\(signature.name) has no slot for this closure; its views are dropped")
      }
    }
    for extra in call.additionalTrailingClosures {
      if let slot = signature.slots.first(where: { $0.label == extra.label.plainName }) {
        fill(&v, slot: slot.slot, with: views(extra.closure.statements))
      } else {
        warn(
          extra, rule: "unknown-argument",
          "\(signature.name) has no slot '\(extra.label.plainName)'; its views are dropped")
      }
    }
    return v
  }

  private func fill(_ v: inout SwiftImportedView, slot: String?, with views: [SwiftImportedView]) {
    // An empty closure (`{ EmptyView() }`, as the SwiftUI writer passes) fills nothing.
    let kept =
      views.count == 1 && views[0].type == "EmptyView" && views[0].modifiers.isEmpty
        && views[0].when == nil ? [] : views
    if let slot {
      if !kept.isEmpty { v.slots.append((slot, kept)) }
    } else {
      v.children = kept
    }
  }

  // MARK: - Values

  /// The parameter an expression names (`title`, `self.title`, or a name bound by `if let`).
  func parameterReference(_ e: ExprSyntax) -> String? {
    var expr = e
    if let m = expr.as(MemberAccessExprSyntax.self),
      m.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName == "self"
    {
      expr = ExprSyntax(m.declName)
    }
    if let m = expr.as(MemberAccessExprSyntax.self),
      m.base?.is(DeclReferenceExprSyntax.self) == true,
      m.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName == "self"
    {
      return SwiftUINames.catalogMemberName(m.declName.baseName.plainName)
    }
    // `row.title`: a member of a ForEach element that is a record (DESIGN.md's records).
    if let m = expr.as(MemberAccessExprSyntax.self),
      let base = m.base?.as(DeclReferenceExprSyntax.self),
      loopNames.contains(base.baseName.plainName), base.baseName.plainName != "index"
    {
      return "\(base.baseName.plainName).\(m.declName.baseName.plainName)"
    }
    guard let r = expr.as(DeclReferenceExprSyntax.self) else { return nil }
    let written = r.baseName.plainName
    if let alias = aliases[written] { return alias }
    if loopNames.contains(written) { return written }
    // A parameter renamed by the SwiftUI writer (`bodyValue` → `body`).
    let name = SwiftUINames.catalogMemberName(written)
    return own.parameter(named: name) != nil ? name : nil
  }

  /// A number literal (with an optional minus), also inside `CGFloat(…)` or `Double(…)`, or
  /// nil.
  func number(_ e: ExprSyntax) -> Double? {
    SwiftComponentImporter.literalNumber(e, throughConversions: true)
  }

  /// A length: points, a token (`Spacing.sm`, `DesignTokens.spaceSm`, `.sm`), a
  /// parameter, `nil` (the platform default) or `.infinity` (when allowed).
  func length(_ e: ExprSyntax, allowsInfinity: Bool = false) -> JSONValue? {
    if let n = number(e) { return .number(n) }
    if e.is(NilLiteralExprSyntax.self) { return .null }
    if let p = parameterReference(e) { return .string("$\(p)") }
    // The SwiftUI writer's `CGFloat(DesignTokens.ratio)` (a number token as a length) and
    // `width ?? 1` (a length parameter where SwiftUI takes no optional) name the token and
    // the parameter.
    if let call = e.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedDescription == "CGFloat", call.arguments.count == 1,
      let only = call.arguments.first, only.label == nil, call.trailingClosure == nil
    {
      return length(only.expression, allowsInfinity: allowsInfinity)
    }
    if let i = e.as(InfixOperatorExprSyntax.self), i.operator.trimmedDescription == "??",
      let p = parameterReference(i.leftOperand)
    {
      return .string("$\(p)")
    }
    if let p = convertedReference(e) { return .string("$\(p)") }
    if let m = e.as(MemberAccessExprSyntax.self) {
      let member = m.declName.baseName.plainName
      let base = m.base?.trimmedDescription
      if member == "infinity", base == nil || ["CGFloat", "Double", "Float"].contains(base ?? "") {
        if allowsInfinity { return .string("infinity") }
        error(e, rule: "unrepresentable-length", ".infinity is only allowed as a maximum size")
        return nil
      }
      if let names = tokenNames, let path = names.token(base: base, member: member) {
        return .string(names.reference(to: path))
      }
      if let base, let names = tokenNames, !names.isNamespace(base) {
        error(
          e, rule: "unrepresentable-length",
          "'\(e.trimmedDescription.prefix(40))' is not a length the catalog can store (points, a token, a parameter or nil); add it to a --token-map if it names a token"
        )
        return nil
      }
      if tokenNames == nil, let base, base == "Spacing" || base == "Size" {
        // Without a catalog, the SwiftUI writer's own enums still name their tokens.
        return .string("{\(base == "Spacing" ? "space" : base.lowercased()).\(member)}")
      }
      error(
        e, rule: "unknown-token",
        "'\(e.trimmedDescription)' names no token in the catalog (give a --token-map, or export the tokens with 'catalog tokens export --format swift')"
      )
      return nil
    }
    error(
      e, rule: "unrepresentable-length",
      "'\(e.trimmedDescription.prefix(40))' is not a length the catalog can store (points, a token, a parameter or nil)"
    )
    return nil
  }

  /// An alignment: `.leading`, `HorizontalAlignment.leading`, `Alignment.topLeading` or a
  /// parameter.
  func alignment(_ e: ExprSyntax) -> JSONValue? {
    if let p = parameterReference(e) { return .string("$\(p)") }
    if let m = e.as(MemberAccessExprSyntax.self),
      AlignmentName.all.contains(m.declName.baseName.plainName)
    {
      return .string(m.declName.baseName.plainName)
    }
    error(
      e, rule: "unrepresentable-alignment",
      "'\(e.trimmedDescription.prefix(40))' is not an alignment (.leading, .center, …) or a parameter"
    )
    return nil
  }

  /// A colour: `Color.red`, `.red`, `Color("Brand")`, `Color(p)`, `.secondary`.
  ///
  /// A member must be one of SwiftUI's named colours (``ColorName/named``); another
  /// `ShapeStyle` (`.ultraThinMaterial`, `.tint`) is dropped with a warning, as every
  /// unrepresentable modifier is. `Color("name")` is an asset colour, which the catalog
  /// holds as the color token of that name (the SwiftUI writer's form): one the catalog does
  /// not hold is dropped with a warning naming the nearest color token.
  func color(_ e: ExprSyntax) -> JSONValue? {
    if let m = e.as(MemberAccessExprSyntax.self),
      m.base == nil || m.base?.trimmedDescription == "Color"
    {
      return namedColor(m)
    }
    if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "Color",
      c.arguments.count == 1,
      let only = c.arguments.first?.expression
    {
      if let p = parameterReference(only) { return .string("$\(p)") }
      if let s = only.as(StringLiteralExprSyntax.self), let v = stringLiteralValue(s) {
        return assetColor(v, at: e)
      }
      if let m = only.as(MemberAccessExprSyntax.self) {
        return namedColor(m)
      }
    }
    if let hex = hexColor(e) { return .string(hex) }
    if let p = parameterReference(e) { return .string("$\(p)") }
    warn(
      e, rule: "unrepresentable-color",
      "'\(e.trimmedDescription.prefix(40))' is not a colour name; dropped")
    return nil
  }

  /// `.red`, `Color.red`: one of SwiftUI's named colours, or nil with a warning.
  private func namedColor(_ m: MemberAccessExprSyntax) -> JSONValue? {
    let name = m.declName.baseName.plainName
    if ColorName.named.contains(name) { return .string(name) }
    warn(
      m, rule: "unrepresentable-color",
      "'\(m.trimmedDescription.prefix(40))' is not one of SwiftUI's named colours (\(ColorName.named.joined(separator: ", "))); a definition has no other ShapeStyle; dropped"
    )
    return nil
  }

  /// `Color("v")`: the color token `{v}` when the catalog holds one, a named colour as it
  /// is, else nil with a warning naming the nearest color token.
  private func assetColor(_ v: String, at e: ExprSyntax) -> JSONValue? {
    // The writer's asset colour named after a colour token: the token's alias.
    if let names = tokenNames, names.tokens.tokens[v]?.type == "color" {
      return .string(names.reference(to: v))
    }
    if ColorName.named.contains(v) { return .string(v) }
    let colours = tokenNames?.tokens.tokens.values.filter { $0.type == "color" }.map(\.path) ?? []
    let nearest = NameSuggestion.nearest(v, among: colours).map { "; did you mean {\($0)}?" } ?? ""
    warn(
      e, rule: "unrepresentable-color",
      "Color(\"\(v.prefix(40))\") is an asset colour, read as the catalog's color token of that name, and there is no color token {\(v.prefix(40))}\(nearest); dropped"
    )
    return nil
  }

  /// `Color(red: 1, green: 0.231, blue: 0.188, opacity: 1)` (the SwiftUI writer's form of a
  /// hex colour; components 0…1, an optional `.sRGB` first) as `#ff3b30`, with the alpha
  /// digits `#ff3b3080` when the opacity is not 1; nil for anything else.
  func hexColor(_ e: ExprSyntax) -> String? {
    guard let c = e.as(FunctionCallExprSyntax.self),
      c.calledExpression.trimmedDescription == "Color", c.trailingClosure == nil
    else { return nil }
    var components: [String: Double] = [:]
    for a in c.arguments {
      guard let label = a.label?.plainName else {
        if a.expression.trimmedDescription == ".sRGB" { continue }
        return nil
      }
      guard ["red", "green", "blue", "opacity"].contains(label), let n = number(a.expression),
        n >= 0, n <= 1
      else { return nil }
      components[label] = n
    }
    guard let r = components["red"], let g = components["green"], let b = components["blue"]
    else { return nil }
    let alpha = components["opacity"] ?? 1
    func byte(_ x: Double) -> String {
      let v = Int((x * 255).rounded())
      return String(v, radix: 16).count == 1 ? "0" + String(v, radix: 16) : String(v, radix: 16)
    }
    return "#" + byte(r) + byte(g) + byte(b) + (alpha == 1 ? "" : byte(alpha))
  }

  /// A string for a definition: a literal (a leading `$` escaped as `$$`) or `$parameter`.
  func text(_ e: ExprSyntax) -> JSONValue {
    if let p = parameterReference(e) { return .string("$\(p)") }
    // `catalogText(count)`: the SwiftUI writer's form for a parameter that is not a string.
    if let c = e.as(FunctionCallExprSyntax.self),
      c.calledExpression.trimmedDescription == SwiftUIRenderer.catalogTextName,
      c.arguments.count == 1, let arg = c.arguments.first, arg.label == nil,
      let p = parameterReference(arg.expression)
    {
      return .string("$\(p)")
    }
    if let s = e.as(StringLiteralExprSyntax.self) {
      if let v = stringLiteralValue(s) { return .string(v.hasPrefix("$") ? "$" + v : v) }
      // "\(x)" and "\(String(describing: x))" (the writer's form for non-strings).
      // The parser keeps empty text segments around an interpolation: they say nothing.
      let parts = s.segments.filter {
        if case .stringSegment(let text) = $0 { return !text.content.text.isEmpty }
        return true
      }
      if parts.count == 1, case .expressionSegment(let seg)? = parts.first,
        seg.expressions.count == 1,
        var inner = seg.expressions.first?.expression
      {
        if let c = inner.as(FunctionCallExprSyntax.self),
          c.calledExpression.trimmedDescription == "String",
          let arg = c.arguments.first, arg.label?.plainName == "describing"
        {
          inner = arg.expression
        }
        if let p = parameterReference(inner) { return .string("$\(p)") }
      }
    }
    // `artist ?? ""`: an optional string parameter.
    if let i = e.as(InfixOperatorExprSyntax.self), i.operator.trimmedDescription == "??",
      let p = parameterReference(i.leftOperand)
    {
      return .string("$\(p)")
    }
    // Anything else is refused, never stored as its Swift source (quotes and all).
    let source = e.trimmedDescription
    let shown = source.count > 60 ? String(source.prefix(60)) + "…" : source
    let found =
      e.is(StringLiteralExprSyntax.self)
      ? "a string that interpolates \\(…) with other text or an expression"
      : "an expression"
    error(
      e, rule: "unrepresentable-text",
      "the text \(shown) is \(found); a definition's text is a string literal without \\(…) (Text(\"Save\")) or one whole parameter (Text(title), Text(\"\\(title)\")); make the whole text a parameter, or write it as a literal"
    )
    return .string("")
  }

  /// The parameter a number conversion of the SwiftUI writer passes on: `Double(count)`,
  /// `CGFloat(count)`, `Int(ratio)`, or `count.map { Double($0) }` for an optional one.
  func convertedReference(_ e: ExprSyntax) -> String? {
    let types: Set<String> = ["Double", "CGFloat", "Int"]
    guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
    if types.contains(call.calledExpression.trimmedDescription), call.arguments.count == 1,
      let only = call.arguments.first, only.label == nil, call.trailingClosure == nil
    {
      return parameterReference(only.expression)
    }
    guard call.arguments.isEmpty, let closure = call.trailingClosure,
      let m = call.calledExpression.as(MemberAccessExprSyntax.self),
      m.declName.baseName.plainName == "map", let base = m.base,
      types.contains(where: { closure.statements.trimmedDescription == "\($0)($0)" })
    else { return nil }
    return parameterReference(base)
  }

  /// An argument for a parameter of `type`.
  func argumentValue(_ e: ExprSyntax, type: ParameterType?) -> JSONValue? {
    if let p = parameterReference(e) { return .string("$\(p)") }
    if let p = convertedReference(e) { return .string("$\(p)") }
    if e.is(NilLiteralExprSyntax.self) { return .null }
    switch type {
    case .length?: return length(e)
    case .alignment?: return alignment(e)
    default: break
    }
    if let n = number(e) { return .number(n) }
    if let b = e.as(BooleanLiteralExprSyntax.self) {
      return .bool(b.literal.tokenKind == .keyword(.true))
    }
    if let s = e.as(StringLiteralExprSyntax.self), let v = stringLiteralValue(s) {
      return .string(v.hasPrefix("$") ? "$" + v : v)
    }
    if let m = e.as(MemberAccessExprSyntax.self) {
      if type == nil, let names = tokenNames,
        let l = names.token(
          base: m.base?.trimmedDescription, member: m.declName.baseName.plainName)
      {
        return .string(names.reference(to: l))
      }
      return .string(m.declName.baseName.plainName)
    }
    if let a = e.as(ArrayExprSyntax.self) {
      var out: [JSONValue] = []
      for element in a.elements {
        // A record: `SettingsList.RowsItem(title: "Wi-Fi", subtitle: nil)` (DESIGN.md's records).
        if let call = element.expression.as(FunctionCallExprSyntax.self),
          call.calledExpression.trimmedDescription.hasSuffix("Item")
            || call.arguments.allSatisfy({ $0.label != nil })
        {
          var o = JSONObject()
          for arg in call.arguments {
            guard let label = arg.label?.plainName else { return nil }
            if arg.expression.is(NilLiteralExprSyntax.self) { continue }
            guard let v = argumentValue(arg.expression, type: nil) else { return nil }
            o.members.append((label, v))
          }
          out.append(.object(o))
          continue
        }
        guard let v = argumentValue(element.expression, type: nil) else { return nil }
        out.append(v)
      }
      return .array(out)
    }
    warn(
      e, rule: "unrepresentable-argument",
      "the argument '\(e.trimmedDescription.prefix(40))' is not a literal, a token or a parameter; dropped"
    )
    return nil
  }

  // MARK: - Conditions

  /// A Swift `Bool` expression as a `when` condition. The SwiftUI writer's truthiness
  /// forms read back as the plain parameter (`!title.isEmpty`, `!(artist?.isEmpty ?? true)`,
  /// `flag == true`, `gap != nil`, `(count ?? 0) != 0`). A condition that names no parameter
  /// becomes a made-up boolean parameter (default true), with a warning. One that names a
  /// parameter in a form a `when` cannot hold (`n > 2`) is an error saying which forms it
  /// can (review 19: it was said to be "not about parameters" and replaced by a made-up
  /// boolean that no longer followed `n`).
  func condition(_ e: ExprSyntax) -> Condition {
    if let c = knownCondition(e) { return c }
    let named = parametersNamed(in: Syntax(e))
    guard let first = named.first else { return generatedCondition(e) }
    let list =
      named.count == 1
      ? "the parameter \(first)" : "the parameters \(named.joined(separator: ", "))"
    error(
      e, rule: "unrepresentable-condition",
      "the condition '\(e.trimmedDescription.prefix(60))' uses \(list) in a form a catalog condition cannot hold: it can test a parameter (`flag`, `!title.isEmpty`, `gap != nil`), compare one with == or != to a literal or an enumeration case (`style == .compact`), and join those with !, && and ||; give the component a boolean parameter for this test (`var showsBadge: Bool`) and write `if showsBadge`"
    )
    return .literal(.bool(true))
  }

  /// The parameters an expression names, each once, in source order.
  private func parametersNamed(in node: Syntax) -> [String] {
    var out: [String] = []
    var pending: [Syntax] = [node]
    while let next = pending.popLast() {
      if let e = next.as(ExprSyntax.self), let p = parameterReference(e),
        own.parameter(named: p) != nil
      {
        if !out.contains(p) { out.append(p) }
        continue
      }
      pending.append(contentsOf: next.children(viewMode: .sourceAccurate).reversed())
    }
    return out
  }

  private func knownCondition(_ e: ExprSyntax) -> Condition? {
    if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first,
      only.label == nil
    {
      return knownCondition(only.expression)
    }
    if let b = e.as(BooleanLiteralExprSyntax.self) {
      return .literal(.bool(b.literal.tokenKind == .keyword(.true)))
    }
    if let p = parameterReference(e) { return .parameter(p) }
    if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.plainName == "isEmpty",
      let base = m.base, let p = parameterReference(base)
    {
      return .not(.parameter(p))
    }
    if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      var inner = prefix.expression
      if let t = inner.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first
      {
        inner = only.expression
      }
      // !(p?.isEmpty ?? true)
      if let i = inner.as(InfixOperatorExprSyntax.self), i.operator.trimmedDescription == "??",
        i.rightOperand.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true),
        let m = i.leftOperand.as(MemberAccessExprSyntax.self),
        m.declName.baseName.plainName == "isEmpty",
        let chained = m.base?.as(OptionalChainingExprSyntax.self),
        let p = parameterReference(chained.expression)
      {
        return .parameter(p)
      }
      guard let c = knownCondition(prefix.expression) else { return nil }
      if case .not(let back) = c { return back }
      return .not(c)
    }
    if let i = e.as(InfixOperatorExprSyntax.self) {
      let op = i.operator.trimmedDescription
      switch op {
      case "&&", "||":
        let a = condition(i.leftOperand)
        let b = condition(i.rightOperand)
        return op == "&&" ? .and(a, b) : .or(a, b)
      case "==", "!=":
        // p == true (optional boolean), p != nil, (p ?? 0) != 0: the writer's truthiness.
        if op == "==", let p = parameterReference(i.leftOperand),
          i.rightOperand.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true),
          own.parameter(named: p)?.isOptional == true
        {
          return .parameter(p)
        }
        if let p = parameterReference(i.leftOperand), i.rightOperand.is(NilLiteralExprSyntax.self) {
          return op == "!=" ? .parameter(p) : .not(.parameter(p))
        }
        if op == "!=", number(i.rightOperand) == 0, let t = i.leftOperand.as(TupleExprSyntax.self),
          t.elements.count == 1,
          let coalesce = t.elements.first?.expression.as(InfixOperatorExprSyntax.self),
          coalesce.operator.trimmedDescription == "??",
          let p = parameterReference(coalesce.leftOperand), number(coalesce.rightOperand) == 0
        {
          return .parameter(p)
        }
        guard let a = operand(i.leftOperand), let b = operand(i.rightOperand) else { return nil }
        return op == "==" ? .equal(a, b) : .notEqual(a, b)
      default:
        return nil
      }
    }
    return nil
  }

  private func operand(_ e: ExprSyntax) -> Condition? {
    if let p = parameterReference(e) { return .parameter(p) }
    if let v = caseValue(e) { return .literal(v) }
    if e.is(NilLiteralExprSyntax.self) { return .literal(.null) }
    return nil
  }

  /// A condition the catalog cannot express becomes a boolean parameter `conditionN`
  /// (default true), so the view stays conditional and `lint` can still reason about it.
  func generatedCondition(_ node: some SyntaxProtocol) -> Condition {
    let loc = location(node)
    let name =
      "condition\(loc.line)"
      + (generatedParameters.contains { $0.location.line == loc.line } ? "_\(loc.column)" : "")
    if !generatedParameters.contains(where: { $0.name == name }) {
      generatedParameters.append((name, loc, node.trimmedDescription))
    }
    warn(
      node, rule: "unrepresentable-condition",
      "the condition '\(node.trimmedDescription.prefix(60))' names no parameter of the component; it becomes the boolean parameter \(name) (default true)"
    )
    return .parameter(name)
  }
}

/// A call's parts, or none for a bare reference (`EmptyView` used as a value is rare but
/// `content` is common).
struct SwiftCall {
  let syntax: FunctionCallExprSyntax?
  init(_ syntax: FunctionCallExprSyntax?) { self.syntax = syntax }
  var arguments: [LabeledExprSyntax] { syntax.map { Array($0.arguments) } ?? [] }
  var trailingClosure: ClosureExprSyntax? {
    if let t = syntax?.trailingClosure { return t }
    // `VStack(content: { … })`
    return syntax?.arguments.first { $0.label?.plainName == "content" }?.expression.as(
      ClosureExprSyntax.self)
  }
  var additionalTrailingClosures: [MultipleTrailingClosureElementSyntax] {
    syntax.map { Array($0.additionalTrailingClosures) } ?? []
  }
  func argument(_ label: String?) -> ExprSyntax? {
    syntax?.arguments.first { $0.label?.plainName == label }?.expression
  }
  func unlabeled(_ index: Int) -> ExprSyntax? {
    let list = arguments.filter { $0.label == nil }
    return index < list.count ? list[index].expression : nil
  }
  /// Labels that the entry does not read, for a warning.
  func labels() -> [String] { arguments.compactMap { $0.label?.plainName } }
}
