import CatalogModel
import Foundation
import SwiftParser
import SwiftSyntax

/// The entries of ``SwiftViewTable`` for the SwiftUI vocabulary of issue 19 (shapes, images,
/// controls, grids, lazy stacks, scroll views, `ViewThatFits`, `GeometryReader`) and their
/// modifiers, each reading what `render --format swiftui` writes and what a SwiftUI developer
/// writes by hand.
extension SwiftViewTable {
  /// The shapes a definition knows (SwiftUI's `Shape` types).
  static let shapeTypes: Set<String> = [
    "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse",
  ]

  /// Whether a definition of `type` stores the text style `key` (`font`, `foregroundColor`,
  /// `lineLimit`): DESIGN.md's built-in views and their properties.
  static func styles(_ type: String, _ key: String) -> Bool {
    switch type {
    case "Text": return true
    case "Image", "Label": return key == "font" || key == "foregroundColor"
    case "Button", "Toggle", "Link": return key == "font"
    default: return false
    }
  }

  // MARK: - Views

  /// `Circle()`, `RoundedRectangle(cornerRadius: 8)` (fill and outline are modifiers).
  static func shape(_ type: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    var v = SwiftImportedView(type, at: r.location(n))
    if type == "RoundedRectangle" {
      guard let e = c.argument("cornerRadius"), let l = r.length(e), l != .null else {
        return dropped(
          r, n, "a RoundedRectangle needs cornerRadius: points, a token or a parameter; dropped")
      }
      v.set("cornerRadius", l, at: r.location(e))
    }
    return v
  }

  /// `Image("avatar")` (an asset: its intrinsic size from the writer's
  /// `// intrinsic size W × H` comment or a following `.frame(width:height:)`),
  /// `Image(systemName: "wifi")`.
  static func image(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    var v = SwiftImportedView("Image", at: r.location(n))
    if let e = c.argument("systemName") {
      v.set("systemName", r.text(e), at: r.location(e))
    } else if let e = c.unlabeled(0) {
      v.set("image", r.text(e), at: r.location(e))
    } else {
      return dropped(
        r, n,
        "an Image needs an asset name or systemName: (a UIImage/NSImage is not representable); dropped"
      )
    }
    return v
  }

  /// `Label("Wi-Fi", systemImage: "wifi")`.
  static func label(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    let form = "Label(title, systemImage: name)"
    return titled("Label", r, c, n, with: "systemImage", form: form) { v, s in
      v.set("systemImage", r.text(s), at: r.location(s))
    }
  }

  /// `Button("Sign Out") { … }` or `Button { … } label: { … }` (the action is not stored).
  static func button(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    var v = SwiftImportedView("Button", at: r.location(n))
    let action =
      c.argument("action") != nil
      ? c.argument("action")?.as(ClosureExprSyntax.self) : c.syntax?.trailingClosure
    if let action, !action.statements.isEmpty {
      r.note(
        action, rule: "unrepresentable-argument",
        "a Button's action is not part of a definition; not imported")
    }
    if let t = c.unlabeled(0), !t.is(ClosureExprSyntax.self) {
      v.set("title", r.text(t), at: r.location(t))
      return v
    }
    let labelClosure =
      c.additionalTrailingClosures.first { $0.label.plainName == "label" }?.closure
      ?? c.argument("label")?.as(ClosureExprSyntax.self)
      // `Button(action: f) { label }`: the trailing closure is the label.
      ?? (c.argument("action") != nil ? c.syntax?.trailingClosure : nil)
    guard let labelClosure else {
      return dropped(r, n, "a Button needs a title or a label: { … } closure; dropped")
    }
    v.hasChildren = true
    v.children = r.views(labelClosure.statements)
    return v
  }

  /// `Toggle("Wi-Fi", isOn: .constant(flag))`, `Toggle("Wi-Fi", isOn: $flag)` (a binding to
  /// view state is not a parameter: dropped to off with a warning).
  static func toggle(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    guard var v = titled("Toggle", r, c, n) else {
      return dropped(r, n, "a Toggle needs a title string; dropped")
    }
    guard let isOn = c.argument("isOn") else { return v }
    var value = isOn
    if let call = isOn.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.plainName
        == "constant",
      let arg = call.arguments.first?.expression
    {
      value = arg
    }
    if let b = value.as(BooleanLiteralExprSyntax.self) {
      // Off is a definition's default: `.constant(false)` stores no isOn.
      if b.literal.tokenKind == .keyword(.true) {
        v.set("isOn", .bool(true), at: r.location(value))
      }
    } else if let p = r.parameterReference(value) {
      v.set("isOn", .string("$\(p)"), at: r.location(value))
    } else {
      r.warn(
        isOn, rule: "unrepresentable-argument",
        "isOn '\(isOn.trimmedDescription.prefix(40))' is not .constant(true/false/parameter); the Toggle is off"
      )
    }
    return v
  }

  /// `Link("Privacy", destination: URL(string: "https://…")!)`.
  static func link(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    let form = "Link(title, destination: URL(string: …)!)"
    return titled("Link", r, c, n, with: "destination", form: form) { v, d in
      let url = urlString(d)
      v.set("destination", r.text(url), at: r.location(url))
    }
  }

  /// The string of `URL(string: "…")!` (or of `URL(string: "…")`); any other expression as
  /// it is.
  static func urlString(_ e: ExprSyntax) -> ExprSyntax {
    var d = e
    if let f = d.as(ForceUnwrapExprSyntax.self) { d = f.expression }
    if let call = d.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedDescription == "URL",
      let s = call.arguments.first(where: { $0.label?.plainName == "string" })?.expression
    {
      return s
    }
    return d
  }

  /// `Grid(alignment:horizontalSpacing:verticalSpacing:) { … }`.
  static func grid(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    container("Grid", r, c, n) { v in
      readAlignment(r, c, &v)
      for key in ["horizontalSpacing", "verticalSpacing"] {
        if let e = c.argument(key), let l = r.length(e), l != .null {
          v.set(key, l, at: r.location(e))
        }
      }
    }
  }

  /// `GridRow(alignment:) { … }`.
  static func gridRow(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax) -> SwiftImportedView? {
    container("GridRow", r, c, n) { v in readAlignment(r, c, &v) }
  }

  /// `ScrollView { … }`, `ScrollView(.horizontal) { … }`, `ScrollView(.vertical, showsIndicators: false)`.
  static func scrollView(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    container("ScrollView", r, c, n) { v in
      if let e = c.argument("showsIndicators") {
        r.note(
          e, rule: "unrepresentable-argument",
          "showsIndicators is not part of a definition (no layout effect); not imported")
      }
      readAxes(c.unlabeled(0), r, &v, key: "axes", default: "vertical", others: ["horizontal"]) {
        "ScrollView axes '\($0)' is not .vertical or .horizontal; read as vertical"
      }
    }
  }

  /// `ViewThatFits { … }`, `ViewThatFits(in: .horizontal) { … }`.
  static func viewThatFits(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    container("ViewThatFits", r, c, n) { v in
      readAxes(
        c.argument("in"), r, &v, key: "in", default: "all", others: ["horizontal", "vertical"]
      ) {
        "ViewThatFits(in: '\($0)') is not .horizontal, .vertical or [.horizontal, .vertical]; read as both"
      }
    }
  }

  /// `GeometryReader { _ in … }`: the proxy is not representable (a body that reads it warns
  /// where it does).
  static func geometryReader(_ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    container("GeometryReader", r, c, n)
  }

  /// A container view `type` read from call `c` at node `n`: `readArguments` sets its
  /// properties from the call's arguments, then its children are the views of the call's
  /// trailing closure (the steps every container shares).
  static func container(
    _ type: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax,
    readArguments: (inout SwiftImportedView) -> Void = { _ in }
  ) -> SwiftImportedView {
    var v = SwiftImportedView(type, at: r.location(n))
    readArguments(&v)
    v.readChildren(of: c, r)
    return v
  }

  /// A view `type` whose title is the call's first unlabelled argument (`Label`, `Toggle`,
  /// `Link`), with the title set; nil when the call has none.
  static func titled(_ type: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax)
    -> SwiftImportedView?
  {
    guard let t = c.unlabeled(0) else { return nil }
    var v = SwiftImportedView(type, at: r.location(n))
    v.set("title", r.text(t), at: r.location(t))
    return v
  }

  /// A titled view that needs one more argument (`Label`'s `systemImage:`, `Link`'s
  /// `destination:`): the view with its title, then `read` sets what that argument gives.
  /// - Parameters:
  ///   - type: The view's type.
  ///   - key: The label of the argument it needs.
  ///   - form: The one call form that is representable, for the warning.
  ///   - read: Sets the view's properties from the argument's expression.
  /// - Returns: The view, or nil (with the `unrepresentable-view` warning) when the title or
  ///   the argument is missing.
  static func titled(
    _ type: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ n: ExprSyntax, with key: String,
    form: String, _ read: (inout SwiftImportedView, ExprSyntax) -> Void
  ) -> SwiftImportedView? {
    guard let e = c.argument(key), var v = titled(type, r, c, n) else {
      return dropped(r, n, "a \(type) is representable as \(form) only; dropped")
    }
    read(&v, e)
    return v
  }

  /// A view that is not representable: the `unrepresentable-view` warning `message` at
  /// `node`, and no view (the one rule for every built-in view `import-swift` drops).
  static func dropped(_ r: SwiftBodyReader, _ node: some SyntaxProtocol, _ message: String)
    -> SwiftImportedView?
  {
    r.warn(node, rule: "unrepresentable-view", message)
    return nil
  }

  /// The `alignment:` argument of a stack, `Grid` or `GridRow`, when it is a representable
  /// alignment.
  static func readAlignment(
    _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    if let a = c.argument("alignment"), let value = r.alignment(a) {
      v.set("alignment", value, at: r.location(a))
    }
  }

  /// An `Axis.Set` argument, when given, as the definition property `key`: SwiftUI's default
  /// axes are left out, the `others` a definition can say are set, anything else is warned
  /// about (`unrepresentable` of the argument's source, at most 40 characters) and read as the
  /// default.
  private static func readAxes(
    _ argument: ExprSyntax?, _ r: SwiftBodyReader, _ v: inout SwiftImportedView, key: String,
    default defaultAxes: String, others: [String], unrepresentable: (Substring) -> String
  ) {
    guard let e = argument else { return }
    let name = axisName(e)
    if name == defaultAxes { return }
    if let name, others.contains(name) {
      v.set(key, .string(name), at: r.location(e))
    } else {
      r.warn(e, rule: "unrepresentable-argument", unrepresentable(e.trimmedDescription.prefix(40)))
    }
  }

  /// `.horizontal`, `Axis.Set.vertical`, `[.horizontal, .vertical]` → "horizontal",
  /// "vertical" or "all".
  private static func axisName(_ e: ExprSyntax) -> String? {
    if let m = e.as(MemberAccessExprSyntax.self) {
      let name = m.declName.baseName.plainName
      return ["horizontal", "vertical"].contains(name) ? name : nil
    }
    if let a = e.as(ArrayExprSyntax.self) {
      let names = Set(a.elements.compactMap { axisName($0.expression) })
      if names == ["horizontal", "vertical"] { return "all" }
      return names.count == 1 && a.elements.count == 1 ? names.first : nil
    }
    return nil
  }

  // MARK: - Modifiers

  /// `.fill(Color.blue)` on a shape; the writer's filled-and-stroked form
  /// `.fill(c).overlay { SameShape().stroke(…) }` is merged by ``mergeStrokeOverlay``.
  static func fill(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    guard shapeTypes.contains(v.type), v.modifiers.isEmpty, v.property("fill") == nil,
      let e = c.unlabeled(0)
    else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        ".fill(…) is representable only right after a shape (Rectangle, Circle, …); dropped")
      return
    }
    if let color = r.color(e) { v.set("fill", color, at: r.location(e)) }
  }

  /// `.stroke(Color.gray, lineWidth: 2)`, `.strokeBorder(…)` on a shape; the writer's
  /// `/* border token {border.card} */` comment names a DTCG border token instead.
  static func stroke(
    _ key: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    guard let call = c.syntax else { return }
    guard shapeTypes.contains(v.type), v.modifiers.isEmpty, v.property("stroke") == nil,
      v.property("strokeBorder") == nil
    else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        ".\(key)(…) is representable only right after a shape (Rectangle, Circle, …); dropped")
      return
    }
    if let token = writerComment(after: call, prefix: "border token {") {
      v.set(key, .string("{\(token)}"), at: r.location(call))
      return
    }
    guard let e = c.unlabeled(0), let color = r.color(e) else { return }
    var o = JSONObject([("color", color)])
    if let w = c.argument("lineWidth"), let l = r.length(w), l != .null {
      o.members.append(("lineWidth", l))
    } else {
      o.members.append(("lineWidth", .number(1)))
    }
    v.set(key, .object(o), at: r.location(call))
  }

  /// The writer's `Shape().fill(a).overlay { Shape().stroke(b, lineWidth: w) }` (a filled and
  /// stroked shape): the overlay becomes the shape's own stroke. True when merged.
  static func mergeStrokeOverlay(
    _ content: [SwiftImportedView], _ o: JSONObject, into v: inout SwiftImportedView
  ) -> Bool {
    guard o.members.isEmpty, content.count == 1, let inner = content.first,
      shapeTypes.contains(v.type), inner.type == v.type, v.modifiers.isEmpty,
      v.property("fill") != nil, v.property("stroke") == nil, v.property("strokeBorder") == nil,
      inner.modifiers.isEmpty, inner.when == nil, inner.property("fill") == nil,
      inner.property("cornerRadius") == v.property("cornerRadius"),
      inner.properties.count == (v.type == "RoundedRectangle" ? 2 : 1),
      let (key, stroke) = ["stroke", "strokeBorder"].compactMap({ k in
        inner.property(k).map { (k, $0) }
      }).first
    else { return false }
    v.set(key, stroke)
    return true
  }

  /// `.resizable()` on an `Image`.
  static func resizable(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    guard v.type == "Image", v.modifiers.isEmpty else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        ".resizable() is representable only right after an Image; dropped")
      return
    }
    v.set("resizable", .bool(true), at: r.location(call))
  }

  /// `.buttonStyle(.bordered)` on a `Button`.
  static func buttonStyle(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    guard v.type == "Button", let e = c.unlabeled(0)?.as(MemberAccessExprSyntax.self),
      ButtonStyleName.all.contains(e.declName.baseName.plainName)
    else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        ".buttonStyle(…) is representable only on a Button with one of \(ButtonStyleName.all.joined(separator: ", ")); dropped"
      )
      return
    }
    v.set("buttonStyle", .string(e.declName.baseName.plainName), at: r.location(e))
  }

  /// `.aspectRatio(1.5, contentMode: .fit)`, `.aspectRatio(contentMode: .fill)`.
  static func aspectRatio(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax else { return }
    var o = JSONObject()
    if let e = c.unlabeled(0) {
      if let n = r.number(e), n > 0 {
        o.members.append(("ratio", .number(n)))
      } else if !e.is(NilLiteralExprSyntax.self) {
        r.warn(
          e, rule: "unrepresentable-modifier",
          "aspectRatio needs a positive number literal or nil; dropped")
        return
      }
    }
    let mode = c.argument("contentMode")?.as(MemberAccessExprSyntax.self)?.declName.baseName
      .plainName
    o.members.append(("contentMode", .string(mode == "fill" ? "fill" : "fit")))
    v.modifiers.append(
      SwiftImportedModifier(name: "aspectRatio", value: .object(o), location: r.location(call)))
  }

  /// `.scaledToFit()`, `.scaledToFill()`, `.clipped()`: modifiers without arguments.
  static func flag(
    _ name: String, _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    guard let call = c.syntax else { return }
    v.modifiers.append(
      SwiftImportedModifier(name: name, value: .bool(true), location: r.location(call)))
  }

  /// `.clipShape(Circle())`, `.clipShape(.capsule)`, `.clipShape(RoundedRectangle(cornerRadius: 8))`.
  static func clipShape(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    guard let call = c.syntax, let e = c.unlabeled(0) else { return }
    var value: JSONValue?
    if let s = e.as(FunctionCallExprSyntax.self),
      let name = s.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName
    {
      if name == "RoundedRectangle", let radius = SwiftCall(s).argument("cornerRadius"),
        let l = r.length(radius)
      {
        value = .object(JSONObject([("type", .string(name)), ("cornerRadius", l)]))
      } else if shapeTypes.contains(name), name != "RoundedRectangle" {
        value = .string(name)
      }
    } else if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
      // SwiftUI 5's `.circle`, `.capsule`, `.rect`, `.ellipse` shape styles.
      let names = [
        "rect": "Rectangle", "circle": "Circle", "capsule": "Capsule", "ellipse": "Ellipse",
      ]
      value = names[m.declName.baseName.plainName].map { .string($0) }
    }
    guard let value else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        "clipShape(\(e.trimmedDescription.prefix(40))) is not a shape the catalog knows; dropped")
      return
    }
    v.modifiers.append(
      SwiftImportedModifier(name: "clipShape", value: value, location: r.location(call)))
  }

  /// `.gridCellColumns(2)`.
  static func gridCellColumns(_ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView) {
    numberModifier("gridCellColumns", needs: "a whole number literal from 1", r, c, &v) {
      $0 >= 1 && $0 == $0.rounded()
    }
  }

  /// A modifier whose one unlabeled argument is a number literal its rule accepts
  /// (`.layoutPriority(1)`, `.opacity(0.5)`, `.gridCellColumns(2)`); anything else is
  /// warned about (`NAME needs …; dropped`) and dropped.
  static func numberModifier(
    _ name: String, needs: String, _ r: SwiftBodyReader, _ c: SwiftCall,
    _ v: inout SwiftImportedView, accepts: (Double) -> Bool = { _ in true }
  ) {
    guard let call = c.syntax else { return }
    guard let e = c.unlabeled(0), let n = r.number(e), accepts(n) else {
      r.warn(call, rule: "unrepresentable-modifier", "\(name) needs \(needs); dropped")
      return
    }
    v.modifiers.append(
      SwiftImportedModifier(name: name, value: .number(n), location: r.location(call)))
  }

  /// `.gridColumnAlignment(.trailing)`.
  static func gridColumnAlignment(
    _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    guard let call = c.syntax else { return }
    guard let m = c.unlabeled(0)?.as(MemberAccessExprSyntax.self),
      AlignmentName.horizontal.contains(m.declName.baseName.plainName)
    else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        "gridColumnAlignment needs a horizontal alignment (.leading, .center, .trailing); dropped")
      return
    }
    v.modifiers.append(
      SwiftImportedModifier(
        name: "gridColumnAlignment", value: .string(m.declName.baseName.plainName),
        location: r.location(call)))
  }

  /// `.gridCellUnsizedAxes(.horizontal)`, `.gridCellUnsizedAxes([.horizontal, .vertical])`.
  static func gridCellUnsizedAxes(
    _ r: SwiftBodyReader, _ c: SwiftCall, _ v: inout SwiftImportedView
  ) {
    guard let call = c.syntax else { return }
    guard let e = c.unlabeled(0), let axes = axisName(e) else {
      r.warn(
        call, rule: "unrepresentable-modifier",
        "gridCellUnsizedAxes needs .horizontal, .vertical or both; dropped")
      return
    }
    let value: JSONValue =
      axes == "all" ? .array([.string("horizontal"), .string("vertical")]) : .string(axes)
    v.modifiers.append(
      SwiftImportedModifier(name: "gridCellUnsizedAxes", value: value, location: r.location(call)))
  }

  // MARK: - The writer's comments

  /// The text of a writer comment `// <prefix>X}` (or the older `/* <prefix>X} */`) right
  /// after `node`, up to the `}`.
  static func writerComment(after node: some SyntaxProtocol, prefix: String) -> String? {
    for piece in node.trailingTrivia {
      guard let text = commentText(piece), let range = text.range(of: prefix) else {
        continue
      }
      let rest = text[range.upperBound...]
      guard let end = rest.firstIndex(of: "}") else { continue }
      return String(rest[..<end])
    }
    return nil
  }

  /// The parameter of the writer's `// the text style is the catalog parameter $p` after
  /// `node` (a text style parameter has no SwiftUI spelling).
  static func writerParameterComment(after node: some SyntaxProtocol) -> String? {
    for piece in node.trailingTrivia {
      guard case .lineComment(let text) = piece,
        let range = text.range(of: "the text style is the catalog parameter $")
      else { continue }
      let name = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
      return Identifier.isValid(name) ? name : nil
    }
    return nil
  }

  /// The text of a line or block comment.
  static func commentText(_ piece: TriviaPiece) -> String? {
    switch piece {
    case .lineComment(let text), .blockComment(let text): return text
    default: return nil
    }
  }

  /// Applies the writer's comments after `node` to `v`: `// intrinsic size W × H` (an
  /// asset Image's size: points, `{token.path}`, `$parameter` or a Swift length) and
  /// `// .shadow from the token {shadow.card}` (a shape's shadow); the block-comment forms of
  /// earlier versions are read too.
  static func applyWriterComments(
    after node: some SyntaxProtocol, _ r: SwiftBodyReader, to v: inout SwiftImportedView
  ) {
    if v.type == "Image", v.property("size") == nil {
      for piece in node.trailingTrivia {
        guard let text = commentText(piece), let range = text.range(of: "intrinsic size ") else {
          continue
        }
        let body = text[range.upperBound...].replacingOccurrences(of: "*/", with: "")
        let parts = body.components(separatedBy: "×").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2 else { continue }
        var lengths: [JSONValue] = []
        for part in parts {
          if part.hasPrefix("{"), part.hasSuffix("}"),
            TokenPath.isValid(String(part.dropFirst().dropLast()))
          {
            lengths.append(.string(part))
            continue
          }
          if part.hasPrefix("$"), Identifier.isValid(String(part.dropFirst())) {
            lengths.append(.string(part))
            continue
          }
          let file = Parser.parse(source: part)
          guard case .expr(let e)? = file.statements.first?.item, let l = r.length(e), l != .null
          else { break }
          lengths.append(l)
        }
        if lengths.count == 2 { v.set("size", .array(lengths)) }
      }
    }
    if shapeTypes.contains(v.type), v.property("shadow") == nil,
      let token = writerComment(after: node, prefix: "shadow from the token {")
    {
      v.set("shadow", .string("{\(token)}"))
    }
  }

  /// An asset `Image` without the writer's size comment takes its intrinsic size from its
  /// first `.frame(width:height:)` (what a hand-written image is usually shown at), with a
  /// note; without one it is left for the definition check to report.
  static func completeImage(_ node: ExprSyntax, _ r: SwiftBodyReader, _ v: inout SwiftImportedView)
  {
    guard v.type == "Image", v.property("image") != nil, v.property("size") == nil else { return }
    for m in v.modifiers where m.name == "frame" {
      guard let o = m.value.objectValue, let w = o["width"], let h = o["height"] else { continue }
      v.set("size", .array([w, h]))
      r.note(
        node, rule: "image-size",
        "the asset image's intrinsic size is taken from its frame (\(JSONWriter.compact(w)) × \(JSONWriter.compact(h)))"
      )
      return
    }
    r.warn(
      node, rule: "unrepresentable-view",
      "an asset Image needs its intrinsic size: add a comment // intrinsic size W × H after Image(…) or a .frame(width:height:)"
    )
  }
}
