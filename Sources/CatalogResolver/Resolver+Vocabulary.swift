import CatalogLayout
import CatalogModel
import CatalogTokens

/// Shapes, images, controls, grids, scroll views and their modifiers (README "Definition
/// format"). Each control is built from the views SwiftUI's default iOS style lays it out
/// with, so its layout follows the stack, padding and frame rules already checked.
extension Resolver {
  /// Expands a shape, image, control or container view (the built-in views beyond stacks,
  /// text, spacers, dividers and colours), appending its one member to `out`.
  @inline(never)
  mutating func expandVocabulary(
    _ view: ViewDefinition, in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    switch view.builtin {
    case .Rectangle?, .RoundedRectangle?, .Capsule?, .Circle?, .Ellipse?:
      out.append(try makeShape(view, in: scope))
    case .Image?:
      out.append(try makeImage(view, in: scope))
    case .Label?:
      out.append(try makeLabel(view, in: scope))
    case .Button?:
      out.append(try makeButton(view, in: scope, depth: depth))
    case .Toggle?:
      out.append(try makeToggle(view, in: scope))
    case .Link?:
      out.append(try makeLink(view, in: scope))
    case .LazyVStack?, .LazyHStack?:
      var children: [Int] = []
      try expandChildren(view.children, in: scope, depth: depth, into: &children)
      if !(children.isEmpty && view.collapsesWhenEmpty) {
        out.append(try makeLazyStack(view, children: children, in: scope))
      }
    case .Grid?, .GridRow?, .ScrollView?, .ViewThatFits?, .GeometryReader?:
      var children: [Int] = []
      try expandChildren(view.children, in: scope, depth: depth, into: &children)
      out.append(try makeContainer(view, children: children, in: scope))
    default:
      break
    }
  }

  // MARK: - Shapes

  /// A shape: flexible like `Color` (``LayoutKind/shape(_:)``), with fill and outline.
  mutating func makeShape(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError)
    -> Int
  {
    let props = view.properties
    var lengths: [ResolvedLength] = []
    var kind = ShapeKind.rectangle
    var radius: Double?
    switch view.builtin {
    case .RoundedRectangle?:
      let r = try resolveLength(
        props.cornerRadius ?? .points(0), property: "cornerRadius",
        at: view.path, ".cornerRadius", in: scope)
      guard let p = r.points, p >= 0 else {
        throw ResolutionError(
          component: scope.name, path: "\(view.path).cornerRadius",
          message:
            "a corner radius must be a number of points ≥ 0; got \(r.points.map(formatPoints) ?? "null")"
        )
      }
      lengths.append(r)
      radius = p
      kind = .roundedRectangle(cornerRadius: p)
    case .Capsule?: kind = .capsule
    case .Circle?: kind = .circle
    case .Ellipse?: kind = .ellipse
    default: kind = .rectangle
    }
    var description = ShapeDescription(name: kind.name, cornerRadius: radius)
    description.fill = try colour(
      string(props.fill, in: scope, path: "\(view.path).fill"), in: scope,
      path: "\(view.path).fill")
    if let stroke = props.stroke {
      let key = stroke.isBorder ? "strokeBorder" : "stroke"
      description.isStrokeBorder = stroke.isBorder
      if let token = stroke.borderToken {
        let border = try borderToken(token, in: scope, path: "\(view.path).\(key)")
        description.strokeColor = border.color
        description.lineWidth = border.width.points
        description.strokeStyle = border.style
        lengths.append(border.width)
      } else {
        let w = try resolveLength(
          stroke.lineWidth, property: "lineWidth", at: view.path, ".\(key).lineWidth", in: scope)
        guard let p = w.points, p >= 0 else {
          throw ResolutionError(
            component: scope.name, path: "\(view.path).\(key).lineWidth",
            message: "a line width must be a number of points ≥ 0")
        }
        lengths.append(w)
        description.lineWidth = p
        description.strokeColor = try colour(
          string(stroke.color, in: scope, path: "\(view.path).\(key).color"), in: scope,
          path: "\(view.path).\(key).color")
      }
    }
    if let token = props.shadowToken {
      let (shadows, shadowLengths) = try shadowToken(
        token, in: scope, path: "\(view.path).shadow")
      description.shadows = shadows
      lengths += shadowLengths
    }
    return try newNode(
      .shape(kind), kind: view.type, descriptor: .shape(description), view: view, scope: scope,
      lengths: lengths)
  }

  /// A DTCG `shadow` token (Format §9.6: `color`, `offsetX`, `offsetY`, `blur`, `spread`,
  /// `inset`; the value is one layer or an array of layers, first on top): every layer, and
  /// each layer's lengths with provenance (`shadow.offsetY`; `shadow[1].offsetY` for the
  /// second layer and after).
  /// - Throws: ``ResolutionError`` naming the token when it is missing, not a shadow, a layer
  ///   is not an object, a member is not a dimension, or its colour names no colour token.
  private mutating func shadowToken(_ path: String, in scope: Scope, path jsonPath: String)
    throws(ResolutionError) -> ([ShadowDescription], [ResolvedLength])
  {
    let resolution: TokenResolver.Resolution
    do {
      resolution = try tokens.resolve(path)
    } catch {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message: tokens.graph.describe(error, reachedFrom: path))
    }
    let layers = resolution.value.arrayValue ?? [resolution.value]
    guard resolution.type == "shadow", !layers.isEmpty,
      layers.allSatisfy({ $0.objectValue != nil })
    else {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message:
          "the token {\(path)} is a \(resolution.type ?? "untyped") token; \"shadow\" needs a shadow token"
      )
    }
    var shadows: [ShadowDescription] = []
    var lengths: [ResolvedLength] = []
    for (index, layer) in layers.enumerated() {
      guard let object = layer.objectValue else { continue }
      let prefix = index == 0 ? "shadow" : "shadow[\(index)]"
      var values: [Double] = []
      for member in ["offsetX", "offsetY", "blur", "spread"] {
        guard let raw = object[member] else {
          values.append(0)
          continue
        }
        var steps = resolution.describedChain
        var points: Double?
        if let alias = TokenAlias.target(of: raw) {
          let (p, more) = try resolveToken(
            alias, component: scope.name, path: "\(jsonPath).\(member)")
          points = p
          steps += more
        } else {
          points = TokenValue.points(raw, type: "dimension", remBase: tokens.remBase)
          steps += [TokenValue.shortDescription(raw)]
        }
        guard let points else {
          throw ResolutionError(
            component: scope.name, path: jsonPath,
            message: "the \(member) of shadow token {\(path)} is not a dimension")
        }
        values.append(points)
        lengths.append(
          ResolvedLength(
            property: "\(prefix).\(member)", points: points, provenance: steps,
            source: "\(scope.name) \(jsonPath)"))
      }
      let color =
        try compositeColor(object["color"], of: path, in: scope, path: jsonPath).text
        ?? "#00000033"
      shadows.append(
        ShadowDescription(
          color: color, x: values[0], y: values[1], blur: values[2], spread: values[3],
          inset: object["inset"]?.boolValue ?? false))
    }
    return (shadows, lengths)
  }

  /// A DTCG `border` token (Format §9.3: `color`, `width`, `style`): its colour (a hex
  /// string, or the alias's name) and its width as a resolved length with provenance.
  private mutating func borderToken(_ path: String, in scope: Scope, path jsonPath: String)
    throws(ResolutionError) -> (
      color: String, width: ResolvedLength, style: StrokeStyleDescription?
    )
  {
    let resolution: TokenResolver.Resolution
    do {
      resolution = try tokens.resolve(path)
    } catch {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message: tokens.graph.describe(error, reachedFrom: path))
    }
    guard resolution.type == "border", let object = resolution.value.objectValue,
      let widthValue = object["width"]
    else {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message:
          "the token {\(path)} is a \(resolution.type ?? "untyped") token; a stroke needs a border token ({\"color\", \"width\", \"style\"}) or {\"color\", \"lineWidth\"}"
      )
    }
    var steps = resolution.describedChain
    var points: Double?
    if let alias = TokenAlias.target(of: widthValue) {
      let (p, more) = try resolveToken(alias, component: scope.name, path: "\(jsonPath).width")
      points = p
      steps += more.isEmpty ? ["width {\(alias)}"] : more
    } else {
      points = TokenValue.points(widthValue, type: "dimension", remBase: tokens.remBase)
      steps += ["width " + TokenValue.shortDescription(widthValue)]
    }
    guard let points else {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message: "the width of border token {\(path)} is not a dimension")
    }
    return (
      try compositeColor(object["color"], of: path, in: scope, path: jsonPath).text ?? "gray",
      ResolvedLength(
        property: "lineWidth", points: points, provenance: steps,
        source: "\(scope.name) \(jsonPath)"),
      try strokeStyle(object["style"], width: points, of: path, in: scope, path: jsonPath)
    )
  }

  /// A composite token's member (Format §9), an alias followed to its token's value
  /// (§7.4); a member that names no token is an error, as a length naming none is, never
  /// drawn with a stand-in.
  /// - Parameters:
  ///   - member: The member's value as written.
  ///   - name: The member's name (`color`, `style`), for errors.
  ///   - token: The composite token, for errors.
  ///   - scope: The component being resolved, for errors.
  ///   - jsonPath: Where the token is used, for errors.
  /// - Returns: The member's value.
  /// - Throws: ``ResolutionError`` naming the member, the token and why the alias fails.
  private func followed(
    _ member: JSONValue, _ name: String, of token: String, in scope: Scope,
    path jsonPath: String
  ) throws(ResolutionError) -> JSONValue {
    guard let alias = TokenAlias.target(of: member) else { return member }
    do {
      return try tokens.resolve(alias).value
    } catch {
      throw ResolutionError(
        component: scope.name, path: jsonPath,
        message: "the \(name) of {\(token)}: " + tokens.graph.describe(error, reachedFrom: alias))
    }
  }

  /// A border token's `style` member (Format §9.3): a `strokeStyle` keyword (§9.2), a custom
  /// `{"dashArray": [dimensions], "lineCap": …}`, or an alias to a `strokeStyle` token,
  /// followed; nil for `solid` or none.
  /// - Throws: ``ResolutionError`` when an alias names no token, or a dash is no dimension.
  private mutating func strokeStyle(
    _ member: JSONValue?, width: Double, of token: String, in scope: Scope,
    path jsonPath: String
  ) throws(ResolutionError) -> StrokeStyleDescription? {
    guard let member else { return nil }
    let value = try followed(member, "style", of: token, in: scope, path: jsonPath)
    if let keyword = value.stringValue {
      return StrokeStyleDescription.keyword(keyword, width: width)
    }
    guard let object = value.objectValue, let dashes = object["dashArray"]?.arrayValue else {
      return nil
    }
    var dash: [Double] = []
    for (i, d) in dashes.enumerated() {
      let points: Double?
      if let alias = TokenAlias.target(of: d) {
        points = try resolveToken(alias, component: scope.name, path: "\(jsonPath).style").0
      } else {
        points = TokenValue.points(d, type: "dimension", remBase: tokens.remBase)
      }
      guard let points, points >= 0 else {
        throw ResolutionError(
          component: scope.name, path: jsonPath,
          message: "dashArray[\(i)] of the style of border token {\(token)} is not a dimension ≥ 0")
      }
      dash.append(points)
    }
    let cap = object["lineCap"]?.stringValue ?? "butt"
    return StrokeStyleDescription(
      keyword: "dashed", dash: dash, lineCap: ["round", "square"].contains(cap) ? cap : "butt")
  }

  /// A colour a definition writes (a shape's `fill`, a stroke's `color`, `foregroundColor`,
  /// a `Color`, a `border` modifier's colour): a colour name or hex as written, or a token
  /// reference (`{colors.red}`, a `color` token, DTCG Format §8.1) followed through any
  /// chain to its colour, as the hex text a composite's colour gives
  /// (``compositeColor(_:)``: `#RRGGBB`, `#RRGGBBAA` below full alpha), so every drawing
  /// shows the token's colour.
  /// - Parameters:
  ///   - text: The colour as written, after parameters are bound; nil when absent.
  ///   - scope: The component being resolved, for errors.
  ///   - jsonPath: Where the colour is written, for errors.
  /// - Returns: The colour text, or nil when absent.
  /// - Throws: ``ResolutionError`` for a reference to no token, a cycle, or a token that is
  ///   not a colour.
  func colour(_ text: String?, in scope: Scope, path jsonPath: @autoclosure () -> String)
    throws(ResolutionError) -> String?
  {
    guard let text else { return nil }
    guard let path = TokenUse.reference(in: text) else {
      // A colour a parameter gave (`"fill": "$tint"` with `tint` = `hello`, a default, a
      // variant's or `-a`'s argument) obeys the rule a colour written in place does
      // (ColorName), rather than being drawn grey (review 23).
      if let problem = ColorName.problem(in: text) {
        throw ResolutionError(
          component: scope.name, path: jsonPath(),
          message: "'\(DiagnosticText.excerpt(text))' is not a colour; expected \(problem)")
      }
      return text
    }
    let resolution: TokenResolver.Resolution
    do {
      resolution = try tokens.resolve(path)
    } catch {
      throw ResolutionError(
        component: scope.name, path: jsonPath(),
        message: tokens.graph.describe(error, reachedFrom: path))
    }
    guard resolution.type == "color",
      let hex = try compositeColor(resolution.value, of: path, in: scope, path: jsonPath()).text
    else {
      throw ResolutionError(
        component: scope.name, path: jsonPath(),
        message:
          "the token {\(path)} is a \(resolution.type ?? "untyped") token; a colour needs a color token"
      )
    }
    return hex
  }

  /// The `color` member of a composite token (Format §9.2 shadow, §9.3 border), or a colour
  /// token's value: an alias is followed to its value; a DTCG colour object (Color module)
  /// gives its hex (``ColorHex/text(of:)``: its `hex`, or computed from `srgb` or `hsl`
  /// components, with its `alpha` appended, `#RRGGBBAA`, below 1; `hex` is optional in
  /// DTCG), another colour space its CSS `color()` spelling; a string gives itself.
  /// - Parameters:
  ///   - member: The member's value as written, or nil when the token has none.
  ///   - token: The token whose member it is, for errors.
  ///   - scope: The component being resolved, for errors.
  ///   - jsonPath: Where the token is used, for errors.
  /// - Returns: The colour text (nil when the member is missing or neither) and the member's
  ///   value after following an alias.
  /// - Throws: ``ResolutionError`` when the member is an alias that resolves to no token (a
  ///   removed colour is an error, as a removed length is, never drawn grey).
  private func compositeColor(
    _ member: JSONValue?, of token: String, in scope: Scope, path jsonPath: String
  ) throws(ResolutionError) -> (text: String?, value: JSONValue?) {
    guard let member else { return (nil, nil) }
    let value = try followed(member, "color", of: token, in: scope, path: jsonPath)
    if let hex = ColorHex.text(of: value) { return (hex, value) }
    // Another colour space (`display-p3`, `oklch`, …): CSS Color 4's `color()` spelling,
    // which the drawings do not convert (they draw it grey).
    if let object = value.objectValue, let space = object["colorSpace"]?.stringValue,
      let components = object["components"]?.arrayValue
    {
      let parts = components.map { $0.numberValue.map(formatPoints) ?? "none" }
      // Its alpha below 1 as CSS Color 4 writes it (`color(display-p3 0 0 1 / 0.5)`).
      let alpha = object["alpha"]?.numberValue.flatMap { $0 < 1 ? " / \(formatPoints($0))" : nil }
      return ("color(\(space) \(parts.joined(separator: " "))\(alpha ?? ""))", value)
    }
    return (value.stringValue, value)
  }

  // MARK: - Images

  /// `Image`: an asset with its stated size, or an SF Symbol sized like a glyph of its text
  /// style (``ControlMetrics/symbolSize(style:)``) unless a `size` is given.
  mutating func makeImage(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError)
    -> Int
  {
    let props = view.properties
    let isSystem = props.systemImage != nil
    let name =
      try string(
        isSystem ? props.systemImage : props.image, in: scope,
        path: "\(view.path).\(isSystem ? "systemName" : "image")") ?? ""
    var lengths: [ResolvedLength] = []
    var size: Size
    if let given = props.size, given.count == 2 {
      var sides: [Double] = []
      for (k, l) in given.enumerated() {
        let r = try resolveLength(
          l, property: k == 0 ? "image.width" : "image.height", at: view.path, ".size[\(k)]",
          in: scope)
        guard let p = r.points, p >= 0 else {
          throw ResolutionError(
            component: scope.name, path: "\(view.path).size[\(k)]",
            message: "an image size must be a number of points ≥ 0")
        }
        lengths.append(r)
        sides.append(p)
      }
      size = Size(width: sides[0], height: sides[1])
    } else {
      let style = try font(view, in: scope)
      size = ControlMetrics.symbolSize(style: style)
      lengths.append(
        ResolvedLength(
          property: "image.size", points: size.width,
          provenance: [
            "SF Symbol at .\(style): \(formatPoints(ControlMetrics.symbolScale)) × the style's point size"
          ],
          source: "\(scope.name) \(view.path)"))
    }
    let spec = ImageSpec(width: size.width, height: size.height, isResizable: props.isResizable)
    return try newNode(
      .image(spec), kind: "Image",
      descriptor: .image(
        name: name, isSystem: isSystem, width: size.width, height: size.height,
        isResizable: props.isResizable),
      view: view, scope: scope, lengths: lengths)
  }

  /// The view's text style (`font`), `body` when absent.
  private func font(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError) -> String {
    let style = try string(view.font, in: scope, path: "\(view.path).font") ?? "body"
    guard TextStyleName.all.contains(style) else {
      throw ResolutionError(
        component: scope.name, path: "\(view.path).font",
        message:
          "unknown text style '\(style)'; expected one of \(TextStyleName.all.joined(separator: ", "))"
      )
    }
    return style
  }

  /// A `Text` node for a control's title, in the control's font.
  private mutating func titleText(_ view: ViewDefinition, in scope: Scope, color: String? = nil)
    throws(ResolutionError) -> Int
  {
    var text = ViewDefinition(type: "Text", path: "\(view.path).title")
    text.text = view.properties.title
    text.font = view.font
    text.foregroundColor = color.map { .literal(.string($0)) } ?? view.foregroundColor
    return try makeText(text, in: scope)
  }

  // MARK: - Controls

  /// `Label(title, systemImage:)` in the default iOS style: `HStack(alignment: .top,
  /// spacing: ControlMetrics.labelSpacing) { icon; title }` where the icon's top guide is
  /// moved so its centre sits on the centre of the title's first line (Apple,
  /// `TitleAndIconLabelStyle`: "a system-standard layout"; the icon is centred on the
  /// first line so a wrapped title keeps its icon beside its first line).
  mutating func makeLabel(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError)
    -> Int
  {
    let style = try font(view, in: scope)
    var icon = ViewDefinition(type: "Image", path: "\(view.path).systemImage")
    icon.properties.systemImage = view.properties.systemImage
    icon.font = view.font
    let image = try makeImage(icon, in: scope)
    let half = ControlMetrics.lineHeight(style: style) / 2
    let guide = tree.append(
      .alignmentGuide(
        AlignmentGuideSpec(guide: .vertical(.top), relativeTo: .vertical(.center), offset: -half)),
      child: image, tag: infos.count)
    infos.append(
      ViewInfo(
        kind: "alignmentGuide", component: scope.name, path: "\(view.path).systemImage",
        chain: scope.instances,
        isModifier: true,
        lengths: [
          ResolvedLength(
            property: "label.iconCentre", points: half,
            provenance: ["half the .\(style) line height"],
            source: "\(scope.name) \(view.path)")
        ],
        descriptor: .alignmentGuide(guide: "top", relativeTo: "center", offset: -half)))
    let title = try titleText(view, in: scope)
    let titleString = infos[tag(title)].attributes["text"] ?? ""
    return try newNode(
      .stack(
        axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: .top),
        spacing: ControlMetrics.labelSpacing),
      kind: "Label", descriptor: .control(type: "Label", title: titleString, style: nil),
      view: view, scope: scope, children: [guide, title])
  }

  /// `Button`: its label (the title as a `Text`, or its children; several children are an
  /// `HStack`) in the button style's frame. `automatic`, `plain` and `borderless` on iOS add
  /// nothing around the label (a transparent frame carries the Button); `bordered` and
  /// `borderedProminent` pad it by ``ControlMetrics/borderedButtonInsets`` and draw a
  /// rounded rectangle behind it (a `background`, which never changes layout).
  mutating func makeButton(_ view: ViewDefinition, in scope: Scope, depth: Int)
    throws(ResolutionError) -> Int
  {
    let style = view.properties.buttonStyle ?? "automatic"
    let prominent = style == "borderedProminent"
    var label: Int
    if view.properties.title != nil {
      label = try titleText(view, in: scope, color: prominent ? "white" : "accent")
    } else {
      var children: [Int] = []
      try expandChildren(view.children, in: scope, depth: depth, into: &children)
      if children.count == 1 {
        label = children[0]
      } else {
        var stack = ViewDefinition(type: "HStack", path: "\(view.path).children")
        stack.spacing = .platformDefault
        label = try makeStack(stack, children: children, in: scope)
      }
    }
    let title = view.properties.title == nil ? "" : (infos[tag(label)].attributes["text"] ?? "")
    let descriptor = ViewDescriptor.control(
      type: "Button", title: title, style: style == "automatic" ? nil : style)
    guard style == "bordered" || prominent else {
      return try newNode(
        .frame(FrameSpec()), kind: "Button", descriptor: descriptor, view: view, scope: scope,
        children: [label])
    }
    let insets = ControlMetrics.borderedButtonInsets
    let padded = try newNode(
      .padding(insets), kind: "padding",
      descriptor: .padding(edges: .all, amount: insets.top), view: view, scope: scope,
      lengths: [
        ResolvedLength(
          property: "padding.vertical", points: insets.top,
          provenance: ["\(style) button inset (iOS, regular size)"],
          source: "\(scope.name) \(view.path)"),
        ResolvedLength(
          property: "padding.horizontal", points: insets.leading,
          provenance: ["\(style) button inset (iOS, regular size)"],
          source: "\(scope.name) \(view.path)"),
      ], children: [label])
    infos[tag(padded)].descriptor = .insets(
      top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
    let shape = try newNode(
      .shape(.roundedRectangle(cornerRadius: ControlMetrics.borderedButtonCornerRadius)),
      kind: "RoundedRectangle",
      descriptor: .shape(
        ShapeDescription(
          name: "RoundedRectangle", cornerRadius: ControlMetrics.borderedButtonCornerRadius,
          fill: prominent ? "accent" : "gray")),
      view: view, scope: scope)
    return try newNode(
      .background(alignment: .center), kind: "Button", descriptor: descriptor, view: view,
      scope: scope, children: [padded, shape])
  }

  /// `Toggle(title, isOn:)` in the iOS switch style: `HStack { title; Spacer(); switch }`,
  /// the switch a 51×31 capsule (``ControlMetrics/toggleSwitch``). The `Spacer` makes the
  /// row fill the width it is proposed (reference §2.6).
  mutating func makeToggle(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError)
    -> Int
  {
    let title = try titleText(view, in: scope)
    var isOn = false
    switch view.properties.isOn {
    case .literal(let v)?: isOn = v.boolValue ?? false
    case .parameter(let name)?: isOn = Condition.parameter(name).evaluate { scope.value($0) }
    case nil: break
    }
    let spacer = try newNode(
      .spacer(minLength: nil), kind: "Spacer", descriptor: .spacer(minLength: nil), view: view,
      scope: scope)
    let capsule = try newNode(
      .shape(.capsule), kind: "Capsule",
      descriptor: .toggleSwitch(isOn: isOn), view: view, scope: scope)
    let size = ControlMetrics.toggleSwitch
    let frame = try newNode(
      .frame(FrameSpec(width: size.width, height: size.height)), kind: "frame",
      descriptor: .frame(
        parameters: [
          FrameParameter(name: "width", points: size.width),
          FrameParameter(name: "height", points: size.height),
        ], alignment: "center"),
      view: view, scope: scope, children: [capsule])
    let titleString = infos[tag(title)].attributes["text"] ?? ""
    return try newNode(
      .stack(axis: .horizontal, alignment: .center, spacing: nil), kind: "Toggle",
      descriptor: .control(type: "Toggle", title: titleString, style: nil), view: view,
      scope: scope, children: [title, spacer, frame])
  }

  /// `Link(title, destination:)`: laid out as its label, a `Text` in the accent colour.
  mutating func makeLink(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError)
    -> Int
  {
    let destination =
      try string(view.properties.destination, in: scope, path: "\(view.path).destination") ?? ""
    let text = try titleText(view, in: scope, color: "accent")
    infos[tag(text)].kind = "Link"
    infos[tag(text)].path = view.path
    infos[tag(text)].destination = destination
    return text
  }

  // MARK: - Containers

  /// `LazyVStack`/`LazyHStack`: the members follow the stack rules (a `VStack`/`HStack`
  /// inside), and the lazy stack takes the full cross-axis proposal: a flexible frame with
  /// an infinite maximum on the cross axis, aligned like the stack (Apple, `LazyVStack`:
  /// "The stack is 'lazy' … " and it fills the width it is offered, unlike `VStack`).
  mutating func makeLazyStack(_ view: ViewDefinition, children: [Int], in scope: Scope)
    throws(ResolutionError) -> Int
  {
    var eager = view
    eager.type = view.builtin == .LazyVStack ? "VStack" : "HStack"
    eager.builtin = view.builtin == .LazyVStack ? .VStack : .HStack
    let stack = try makeStack(eager, children: children, in: scope)
    guard case .stack(let axis, let alignment, let spacing) = tree.kind(of: stack) else {
      return stack
    }
    var spec = FrameSpec(alignment: alignment)
    if axis == .vertical { spec.maxWidth = .infinity } else { spec.maxHeight = .infinity }
    let alignmentName =
      axis == .vertical ? alignment.horizontal.rawValue : alignment.vertical.rawValue
    let node = try newNode(
      .frame(spec), kind: view.type,
      descriptor: .lazyStack(type: view.type, alignment: alignmentName, spacing: spacing),
      view: view, scope: scope, children: [stack])
    tree.setLayoutPriority(tree.layoutPriority(of: stack), of: node)
    return node
  }

  /// `Grid`, `GridRow`, `ScrollView`, `ViewThatFits` and `GeometryReader`.
  mutating func makeContainer(_ view: ViewDefinition, children: [Int], in scope: Scope)
    throws(ResolutionError) -> Int
  {
    let props = view.properties
    let kind: LayoutKind
    let descriptor: ViewDescriptor
    var lengths: [ResolvedLength] = []
    var members = children
    switch view.builtin {
    case .Grid?:
      let name = try string(view.alignment, in: scope, path: "\(view.path).alignment") ?? "center"
      let alignment = try Self.alignment2D(
        name, component: scope.name, path: "\(view.path).alignment")
      let h = try resolveLength(
        props.horizontalSpacing, property: "horizontalSpacing",
        at: view.path, ".horizontalSpacing", in: scope)
      let v = try resolveLength(
        props.verticalSpacing, property: "verticalSpacing", at: view.path, ".verticalSpacing",
        in: scope)
      lengths = [h, v]
      kind = .grid(
        GridSpec(alignment: alignment, horizontalSpacing: h.points, verticalSpacing: v.points))
      descriptor = .grid(alignment: name, horizontalSpacing: h.points, verticalSpacing: v.points)
    case .GridRow?:
      let name = try string(view.alignment, in: scope, path: "\(view.path).alignment")
      var alignment: VerticalAlignment?
      if let name {
        guard let a = VerticalAlignment(rawValue: name) else {
          throw ResolutionError(
            component: scope.name, path: "\(view.path).alignment",
            message:
              "a GridRow alignment must be top, center, bottom, firstTextBaseline or lastTextBaseline; got '\(name)'"
          )
        }
        alignment = a
      }
      kind = .gridRow(alignment: alignment)
      descriptor = .gridRow(alignment: name)
    case .ScrollView?:
      let axis = props.axes ?? "vertical"
      kind = .scrollView(axis == "horizontal" ? .horizontal : .vertical)
      descriptor = .scrollView(axis: axis)
      // Several views in a scroll view are stacked vertically, as SwiftUI's implicit VStack.
      if members.count > 1 {
        var stack = ViewDefinition(type: "VStack", path: "\(view.path).children")
        stack.spacing = .platformDefault
        let node = try makeStack(stack, children: members, in: scope)
        infos[tag(node)].descriptor = .implicitRoot(count: members.count)
        members = [node]
      }
    case .ViewThatFits?:
      let axes = props.axes ?? "all"
      kind = .viewThatFits(horizontal: axes != "vertical", vertical: axes != "horizontal")
      descriptor = .viewThatFits(axes: axes)
    default:
      kind = .geometryReader
      descriptor = .geometryReader
      if members.count > 1 {
        let node = try newNode(
          .zStack(alignment: Alignment(horizontal: .leading, vertical: .top)), kind: "ZStack",
          descriptor: .secondaryGroup(count: members.count), view: view, scope: scope,
          children: members)
        members = [node]
      }
    }
    return try newNode(
      kind, kind: view.type, descriptor: descriptor, view: view, scope: scope, lengths: lengths,
      children: members)
  }

  // MARK: - Modifiers

  /// `aspectRatio`, `scaledToFit`/`scaledToFill` (a layout wrapper), `clipped`/`clipShape`
  /// (drawing only) and the grid-cell traits (carried by the member like a priority).
  mutating func applyVocabulary(
    _ modifier: ModifierDefinition, to member: Int, in scope: Scope
  ) throws(ResolutionError) -> Int {
    switch modifier.modifier {
    case .aspectRatio(let ratio, let mode, let scaled):
      let contentMode: ContentMode = mode == "fill" ? .fill : .fit
      return try wrap(
        member, .aspectRatio(ratio, contentMode),
        kind: scaled ? (mode == "fill" ? "scaledToFill" : "scaledToFit") : "aspectRatio",
        descriptor: .aspectRatio(ratio: ratio, contentMode: mode, scaled: scaled),
        modifier: modifier, scope: scope, lengths: [])
    case .clipped:
      infos[tag(member)].clipShape = "Rectangle"
      return member
    case .clipShape(let type, let radius):
      if let radius {
        let r = try resolveLength(
          radius, property: "cornerRadius", at: modifier.path, ".clipShape.cornerRadius",
          in: scope)
        infos[tag(member)].clipShape = "\(type):\(formatPoints(r.points ?? 0))"
        infos[tag(member)].lengths.append(r)
      } else {
        infos[tag(member)].clipShape = type
      }
      return member
    case .gridCellColumns(let n):
      var traits = tree.gridCell(of: member)
      traits.columns = max(n, 1)
      tree.setGridCell(traits, of: member)
      return member
    case .gridColumnAlignment(let name):
      var traits = tree.gridCell(of: member)
      traits.columnAlignment = HorizontalAlignment(rawValue: name)
      tree.setGridCell(traits, of: member)
      return member
    case .gridCellUnsizedAxes(let h, let v):
      var traits = tree.gridCell(of: member)
      traits.unsizedHorizontally = h
      traits.unsizedVertically = v
      tree.setGridCell(traits, of: member)
      return member
    default:
      return member
    }
  }
}
