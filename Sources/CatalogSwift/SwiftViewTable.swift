import CatalogModel
import Foundation
import SwiftSyntax

/// The SwiftUI views and modifiers `import-swift` understands, one entry each.
///
/// A new built-in view of the catalog is one more entry in ``views`` (a function from the
/// call to a definition view); a new modifier one more in ``modifiers``. Everything else
/// (modifier chains, control flow, values, diagnostics) is ``SwiftBodyReader``'s.
enum SwiftViewTable {
  typealias ViewEntry = @Sendable (SwiftBodyReader, SwiftCall, ExprSyntax) -> SwiftImportedView?
  typealias ModifierEntry = @Sendable (SwiftBodyReader, SwiftCall, inout SwiftImportedView) -> Void

  /// Built-in views by SwiftUI name.
  static let views: [String: ViewEntry] = [
    "VStack": { r, c, n in stack("VStack", r, c, n) },
    "HStack": { r, c, n in stack("HStack", r, c, n) },
    "ZStack": { r, c, n in stack("ZStack", r, c, n) },
    "Text": { r, c, n in
      var v = SwiftImportedView("Text", at: r.location(n))
      guard let e = c.unlabeled(0) ?? c.argument("verbatim") else {
        return dropped(r, n, "a Text without a string argument is not representable; dropped")
      }
      v.set("text", r.text(e), at: r.location(e))
      return v
    },
    "Spacer": { r, c, n in
      var v = SwiftImportedView("Spacer", at: r.location(n))
      if let m = c.argument("minLength"), let l = r.length(m) {
        v.set("minLength", l, at: r.location(m))
      }
      return v
    },
    "Divider": { r, _, n in SwiftImportedView("Divider", at: r.location(n)) },
    "EmptyView": { r, _, n in SwiftImportedView("EmptyView", at: r.location(n)) },
    "Color": { r, c, n in
      var v = SwiftImportedView("Color", at: r.location(n))
      guard let call = c.syntax, let color = r.color(ExprSyntax(call)) else { return nil }
      v.set("color", color)
      return v
    },
    "Group": { r, c, n in
      if let source = c.argument("subviews") {
        return collapsingStack(r, c, source: source, node: n)
      }
      return container("Group", r, c, n)
    },
    "ForEach": { r, c, n in forEach(r, c, n) },
    "LazyVStack": { r, c, n in stack("LazyVStack", r, c, n) },
    "LazyHStack": { r, c, n in stack("LazyHStack", r, c, n) },
    "Rectangle": { r, c, n in shape("Rectangle", r, c, n) },
    "RoundedRectangle": { r, c, n in shape("RoundedRectangle", r, c, n) },
    "Capsule": { r, c, n in shape("Capsule", r, c, n) },
    "Circle": { r, c, n in shape("Circle", r, c, n) },
    "Ellipse": { r, c, n in shape("Ellipse", r, c, n) },
    "Image": { r, c, n in image(r, c, n) },
    "Label": { r, c, n in label(r, c, n) },
    "Button": { r, c, n in button(r, c, n) },
    "Toggle": { r, c, n in toggle(r, c, n) },
    "Link": { r, c, n in link(r, c, n) },
    "Grid": { r, c, n in grid(r, c, n) },
    "GridRow": { r, c, n in gridRow(r, c, n) },
    "ScrollView": { r, c, n in scrollView(r, c, n) },
    "ViewThatFits": { r, c, n in viewThatFits(r, c, n) },
    "GeometryReader": { r, c, n in geometryReader(r, c, n) },
  ]

  /// Modifiers by SwiftUI name, applied in the order chained.
  static let modifiers: [String: ModifierEntry] = [
    "padding": { r, c, v in padding(r, c, &v) },
    "frame": { r, c, v in frame(r, c, &v) },
    "fixedSize": { r, c, v in
      guard let call = c.syntax else { return }
      if c.arguments.isEmpty {
        v.modifiers.append(
          SwiftImportedModifier(name: "fixedSize", value: .bool(true), location: r.location(call)))
        return
      }
      var o = JSONObject()
      for (label, _) in [("horizontal", 0), ("vertical", 1)] {
        let b =
          c.argument(label)?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
        o.members.append((label, .bool(b)))
      }
      v.modifiers.append(
        SwiftImportedModifier(name: "fixedSize", value: .object(o), location: r.location(call)))
    },
    "layoutPriority": { r, c, v in
      numberModifier("layoutPriority", needs: "a number literal", r, c, &v)
    },
    "background": { r, c, v in secondary("background", r, c, &v) },
    "overlay": { r, c, v in secondary("overlay", r, c, &v) },
    "offset": { r, c, v in
      guard let call = c.syntax else { return }
      var o = JSONObject()
      var locations: [String: SwiftSourceLocation] = [:]
      if let size = c.unlabeled(0)?.as(FunctionCallExprSyntax.self) {
        // .offset(CGSize(width: 4, height: 2))
        let inner = SwiftCall(size)
        for (label, key) in [("width", "x"), ("height", "y")] {
          if let e = inner.argument(label), let l = r.length(e) {
            o.members.append((key, l))
            locations[key] = r.location(e)
          }
        }
      }
      for key in ["x", "y"] {
        if let e = c.argument(key), let l = r.length(e) {
          o.members.append((key, l))
          locations[key] = r.location(e)
        }
      }
      v.modifiers.append(
        SwiftImportedModifier(
          name: "offset", value: .object(o), location: r.location(call), valueLocations: locations))
    },
    "opacity": { r, c, v in
      numberModifier("opacity", needs: "a number literal from 0 to 1", r, c, &v) {
        (0...1).contains($0)
      }
    },
    "hidden": { r, c, v in
      guard let call = c.syntax else { return }
      v.modifiers.append(
        SwiftImportedModifier(name: "hidden", value: .bool(true), location: r.location(call)))
    },
    "border": { r, c, v in
      guard let call = c.syntax, let e = c.unlabeled(0), let color = r.color(e) else { return }
      var o = JSONObject([("color", color)])
      var locations: [String: SwiftSourceLocation] = [:]
      if let w = c.argument("width"), let l = r.length(w) {
        o.members.append(("width", l))
        locations["width"] = r.location(w)
      }
      v.modifiers.append(
        SwiftImportedModifier(
          name: "border", value: .object(o), location: r.location(call), valueLocations: locations))
    },
    "font": { r, c, v in
      // The writer's `.font(.body)  // the text style is the catalog parameter $p`.
      if let call = c.syntax, let p = writerParameterComment(after: call) {
        textStyle("font", r, c, &v) { _, _ in .string("$\(p)") }
        return
      }
      textStyle("font", r, c, &v) { r, e in
        if let m = e.as(MemberAccessExprSyntax.self),
          m.base == nil || m.base?.trimmedDescription == "Font",
          TextStyleName.all.contains(m.declName.baseName.plainName)
        {
          return .string(m.declName.baseName.plainName)
        }
        if let p = r.parameterReference(e) { return .string("$\(p)") }
        r.warn(
          e, rule: "unrepresentable-modifier",
          "the font '\(e.trimmedDescription.prefix(40))' is not a text style (.headline, .body, …); dropped"
        )
        return nil
      }
    },
    "foregroundColor": { r, c, v in textStyle("foregroundColor", r, c, &v) { r, e in r.color(e) } },
    "foregroundStyle": { r, c, v in textStyle("foregroundColor", r, c, &v) { r, e in r.color(e) } },
    "lineLimit": { r, c, v in
      textStyle("lineLimit", r, c, &v) { r, e in
        if let n = r.number(e), n >= 1, n == n.rounded() { return .number(n) }
        r.warn(
          e, rule: "unrepresentable-modifier", "lineLimit needs a whole number from 1; dropped")
        return nil
      }
    },
    "fill": { r, c, v in fill(r, c, &v) },
    "stroke": { r, c, v in stroke("stroke", r, c, &v) },
    "strokeBorder": { r, c, v in stroke("strokeBorder", r, c, &v) },
    "resizable": { r, c, v in resizable(r, c, &v) },
    "buttonStyle": { r, c, v in buttonStyle(r, c, &v) },
    "aspectRatio": { r, c, v in aspectRatio(r, c, &v) },
    "scaledToFit": { r, c, v in flag("scaledToFit", r, c, &v) },
    "scaledToFill": { r, c, v in flag("scaledToFill", r, c, &v) },
    "clipped": { r, c, v in flag("clipped", r, c, &v) },
    "clipShape": { r, c, v in clipShape(r, c, &v) },
    "gridCellColumns": { r, c, v in gridCellColumns(r, c, &v) },
    "gridColumnAlignment": { r, c, v in gridColumnAlignment(r, c, &v) },
    "gridCellUnsizedAxes": { r, c, v in gridCellUnsizedAxes(r, c, &v) },
    // The SwiftUI writer's helper for a modifier with a `when`: .applying(if: c) { $0.padding(…) }.
    "applying": { r, c, v in
      guard let e = c.argument("if"), let closure = c.trailingClosure,
        closure.statements.count == 1,
        case .expr(let body)? = closure.statements.first?.item
      else {
        if let call = c.syntax {
          r.warn(
            call, rule: "unrepresentable-modifier",
            "modifier .applying(…) is not the catalog's conditional-modifier form; dropped")
        }
        return
      }
      let condition = r.condition(e)
      var chain: [(String, FunctionCallExprSyntax, MemberAccessExprSyntax)] = []
      var core = body
      while let call = core.as(FunctionCallExprSyntax.self),
        let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base
      {
        chain.append((m.declName.baseName.plainName, call, m))
        core = base
      }
      for (name, call, m) in chain.reversed() {
        r.applyModifier(name, call: call, member: m, to: &v, when: condition)
      }
    },
  ]

  // MARK: - Views

  /// `VStack/HStack(alignment:spacing:)`, `ZStack(alignment:)` with a view-builder closure.
  static func stack(
    _ type: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax,
    readingChildren: Bool = true
  ) -> SwiftImportedView {
    var v = SwiftImportedView(type, at: r.location(n))
    readAlignment(r, c, &v)
    if type != "ZStack", let s = c.argument("spacing"), let value = r.length(s) {
      if value != .null { v.set("spacing", value, at: r.location(s)) }
    }
    v.hasChildren = true
    if readingChildren, let closure = c.trailingClosure { v.children = r.views(closure.statements) }
    return v
  }

  /// SwiftUI's `Group(subviews: content) { subviews in if !subviews.isEmpty { VStack { … } } }`:
  /// a stack that resolves to no view when it has no children (`collapsesWhenEmpty`).
  private static func collapsingStack(
    _ r: SwiftBodyReader, _ c: SwiftCall, source: ExprSyntax, node: ExprSyntax
  ) -> SwiftImportedView? {
    guard let closure = c.trailingClosure, closure.statements.count == 1,
      let ifExpr = closure.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(
        IfExprSyntax.self)
        ?? closure.statements.first.flatMap({ item -> IfExprSyntax? in
          if case .expr(let e) = item.item { return e.as(IfExprSyntax.self) }
          return nil
        }),
      ifExpr.elseBody == nil, ifExpr.body.statements.count == 1,
      case .expr(let stackExpr)? = ifExpr.body.statements.first?.item,
      let stackCall = stackExpr.as(FunctionCallExprSyntax.self),
      let name = stackCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
      ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack"].contains(name)
    else {
      return dropped(
        r, node,
        "Group(subviews:) is only representable as 'if !subviews.isEmpty { VStack/HStack/ZStack { … } }'; dropped"
      )
    }
    var v = stack(name, r, SwiftCall(stackCall), ExprSyntax(stackCall), readingChildren: false)
    v.location = r.location(node)
    // The children are the subviews' source: a Group { … } or a slot.
    if let g = source.as(FunctionCallExprSyntax.self),
      g.calledExpression.trimmedDescription == "Group", let body = g.trailingClosure
    {
      v.children = r.views(body.statements)
    } else if let single = r.view(source) {
      v.children = [single]
    }
    v.set("collapsesWhenEmpty", .bool(true))
    return v
  }

  /// `ForEach(items, id: \.self) { item in … }`, `ForEach(Array(items.enumerated()), id:
  /// \.offset) { index, item in … }`, `ForEach(0..<3) { index in … }`, `ForEach(0..<Int(n))`.
  private static func forEach(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    guard var source = c.unlabeled(0),
      let closure = c.trailingClosure ?? c.argument("content")?.as(ClosureExprSyntax.self)
    else {
      return dropped(r, n, "a ForEach without data and a closure is not representable; dropped")
    }
    var v = SwiftImportedView("ForEach", at: r.location(n))
    var names: [String] = []
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?: names = list.map(\.name.text)
    case .parameterClause(let clause)?: names = clause.parameters.map(\.firstName.plainName)
    default: break
    }
    // Array(items.enumerated()) → items, with (index, element) closure parameters.
    var enumerated = false
    if let call = source.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedDescription == "Array",
      let arg = call.arguments.first?.expression,
      let inner = arg.as(FunctionCallExprSyntax.self),
      let m = inner.calledExpression.as(MemberAccessExprSyntax.self),
      m.declName.baseName.plainName == "enumerated", let base = m.base
    {
      source = base
      enumerated = true
    }
    var element = "item"
    if let range = source.as(InfixOperatorExprSyntax.self),
      range.operator.trimmedDescription == "..<", r.number(range.leftOperand) == 0
    {
      var upper = range.rightOperand
      if let call = upper.as(FunctionCallExprSyntax.self),
        call.calledExpression.trimmedDescription == "Int",
        let arg = call.arguments.first?.expression
      {
        upper = arg
      }
      if let count = r.number(upper) {
        // The definition's rule, said at the range with what was found.
        guard count >= 0, count == count.rounded(),
          count <= Double(DefinitionParser.maximumForEachCount)
        else {
          r.error(
            range, rule: "unrepresentable-foreach",
            "ForEach over '\(range.trimmedDescription.prefix(60))' repeats \(upper.trimmedDescription.prefix(40)) rows; a counted ForEach repeats a whole number from 0 to \(DefinitionParser.maximumForEachCount) of rows, or a parameter (0..<count)"
          )
          return nil
        }
        v.set("count", .number(count))
      } else if let p = r.parameterReference(upper) {
        v.set("count", .string("$\(p)"))
      } else {
        return dropped(
          r, range,
          "ForEach over '\(range.trimmedDescription)' is not a count the catalog can store; dropped"
        )
      }
      if let first = names.first, first != "_", first != "index" {
        r.warn(
          closure, rule: "renamed-element",
          "the index of a counted ForEach is $index in a definition; '\(first)' is read as index")
        r.aliasesForLoop(first, "index")
      }
    } else if let p = r.parameterReference(source) {
      v.set("in", .string("$\(p)"))
      let elementName = enumerated ? (names.count > 1 ? names[1] : "item") : (names.first ?? "item")
      if elementName != "_" { element = elementName }
      if element != "item" { v.set("as", .string(element)) }
    } else {
      return dropped(
        r, source,
        "ForEach over '\(source.trimmedDescription.prefix(40))' (not a list parameter or a count) is not representable; dropped"
      )
    }
    let saved = r.loopNames
    r.loopNames += ["index", element]
    v.hasChildren = true
    v.children = r.views(closure.statements)
    r.loopNames = saved
    return v
  }

  // MARK: - Modifiers

  /// `.padding()`, `.padding(8)`, `.padding(.bottom)`, `.padding(.bottom, 8)`,
  /// `.padding([.leading, .bottom], 4)`, `.padding(EdgeInsets(top:leading:bottom:trailing:))`.
  private static func padding(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    let loc = r.location(call)
    let args = c.arguments
    if args.count == 1, let insets = args[0].expression.as(FunctionCallExprSyntax.self),
      insets.calledExpression.trimmedDescription == "EdgeInsets"
    {
      // One padding per distinct length, edges grouped in SwiftUI's order.
      var groups: [(JSONValue, [String], SwiftSourceLocation)] = []
      for edge in ["top", "leading", "bottom", "trailing"] {
        guard let e = SwiftCall(insets).argument(edge), let l = r.length(e) else { continue }
        if l == .number(0) { continue }
        if let k = groups.firstIndex(where: { $0.0 == l }) {
          groups[k].1.append(edge)
        } else {
          groups.append((l, [edge], r.location(e)))
        }
      }
      for (l, edges, at) in groups {
        v.modifiers.append(
          SwiftImportedModifier(
            name: "padding",
            value: .object(
              JSONObject([("edges", .array(edges.map { .string($0) })), ("length", l)])),
            location: loc,
            valueLocations: ["length": at]))
      }
      return
    }
    var edges: [String]? = nil
    var lengthExpr: ExprSyntax? = nil
    for (i, a) in args.enumerated() {
      if i == 0, args.count == 2 || edgeNames(a.expression) != nil {
        edges = edgeNames(a.expression)
        if edges == nil {
          r.warn(
            a.expression, rule: "unrepresentable-modifier",
            "'\(a.expression.trimmedDescription)' is not an edge set; padding dropped")
          return
        }
      } else {
        lengthExpr = a.expression
      }
    }
    var length: JSONValue = .null
    var locations: [String: SwiftSourceLocation] = [:]
    if let lengthExpr {
      guard let l = r.length(lengthExpr) else { return }
      length = l
      locations["length"] = r.location(lengthExpr)
    }
    var o = JSONObject()
    if let edges, edges != ["all"] {
      o.members.append(("edges", .array(edges.map { .string($0) })))
    }
    o.members.append(("length", length))
    v.modifiers.append(
      SwiftImportedModifier(
        name: "padding", value: .object(o), location: loc, valueLocations: locations))
  }

  /// `.top`, `Edge.Set.top`, `[.leading, .bottom]` → edge names.
  private static func edgeNames(_ e: ExprSyntax) -> [String]? {
    let valid = EdgeSet.names.map(\.0)
    if let m = e.as(MemberAccessExprSyntax.self), valid.contains(m.declName.baseName.plainName) {
      return [m.declName.baseName.plainName]
    }
    if let a = e.as(ArrayExprSyntax.self) {
      var out: [String] = []
      for element in a.elements {
        guard let names = edgeNames(element.expression) else { return nil }
        out += names
      }
      return out.isEmpty ? nil : out
    }
    return nil
  }

  /// `.frame(width:height:alignment:)` and `.frame(minWidth:idealWidth:maxWidth:…)`.
  private static func frame(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    var o = JSONObject()
    var locations: [String: SwiftSourceLocation] = [:]
    for name in FrameDefinition.lengthNames {
      guard let e = c.argument(name) else { continue }
      guard let l = r.length(e, allowsInfinity: name.hasPrefix("max")) else { return }
      if l == .null { continue }
      o.members.append((name, l))
      locations[name] = r.location(e)
    }
    if let a = c.argument("alignment"), let value = r.alignment(a) {
      o.members.append(("alignment", value))
    }
    if o.members.allSatisfy({ $0.key == "alignment" }) {
      r.warn(
        call, rule: "unrepresentable-modifier", "a frame without lengths changes nothing; dropped")
      return
    }
    v.modifiers.append(
      SwiftImportedModifier(
        name: "frame", value: .object(o), location: r.location(call), valueLocations: locations))
  }

  /// `.background(Color.red)`, `.background(.red)`, `.background { … }`,
  /// `.background(alignment: .top) { … }`, `.background(SomeView())`; the same for overlay.
  private static func secondary(
    _ name: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    guard let call = c.syntax else { return }
    var o = JSONObject()
    if let a = c.argument("alignment"), let value = r.alignment(a) {
      o.members.append(("alignment", value))
    }
    var content: [SwiftImportedView] = []
    if let closure = c.trailingClosure {
      content = r.views(closure.statements)
    } else if let e = c.unlabeled(0) {
      if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
        // `.background(.red)`: a Color; `.ultraThinMaterial` is no colour (warned, dropped).
        guard let value = r.color(e) else { return }
        var color = SwiftImportedView("Color", at: r.location(m))
        color.set("color", value)
        content = [color]
      } else if let view = r.view(e) {
        content = [view]
      }
    }
    if name == "overlay", mergeStrokeOverlay(content, o, into: &v) { return }
    if content.isEmpty {
      r.warn(
        call, rule: "unrepresentable-modifier", "\(name) without a representable view; dropped")
      return
    }
    v.modifiers.append(
      SwiftImportedModifier(
        name: name, value: .object(o), location: r.location(call), content: content))
  }

  /// A text style modifier (`font`, `foregroundColor`/`foregroundStyle`, `lineLimit`): a
  /// property of `Text` in a definition; on other views it is dropped with a warning.
  private static func textStyle(
    _ key: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView,
    _ read: (SwiftBodyReader, ExprSyntax) -> JSONValue?
  ) {
    guard let call = c.syntax, let e = c.unlabeled(0) else { return }
    let styled = styles(v.type, key)
    guard styled, v.modifiers.isEmpty else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        styled
          ? ".\(key)(…) after a layout modifier is stored on the \(v.type) itself in a definition; kept there"
          : ".\(call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.plainName ?? key)(…) on \(v.type) is not representable (a definition has no \(key) for \(v.type)); dropped"
      )
      if styled, let value = read(r, e) {
        v.set(key, value, at: r.location(e))
      }
      return
    }
    if let value = read(r, e) { v.set(key, value, at: r.location(e)) }
  }
}

extension SwiftBodyReader {
  /// Inside a counted ForEach, `i` is the catalog's `$index`.
  func aliasesForLoop(_ name: String, _ target: String) { aliases[name] = target }
}
