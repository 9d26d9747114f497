import CatalogEscaping
import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogService
internal import CatalogSystem
import CatalogTokens

/// What `catalog serve` answers, as a pure function of the request and a catalog snapshot
/// (no file is ever read from the request's path, so no path can leave the catalog).
///
/// | Path | Response |
/// |---|---|
/// | `/`, `/index.html` | the site's index (HTML) |
/// | `/components/NAME.html` | the site's page for a component |
/// | `/tokens/PATH.html` | the site's page for a token (`SiteRenderer.tokenFileName`) |
/// | `/api/components` | every component: name, description, parameters, variants (JSON) |
/// | `/api/components/NAME?variant=V&width=W&height=H&input=m=c` | the laid-out tree (JSON, as `render --format json`) |
/// | `/api/tokens` | every winning token with its set, value and points |
/// | `/api/tokens/PATH` | one token: value, alias chain, points, users |
/// | `/tokens.css`, `/tokens.swift`, `/tokens.json`, `/tokens.xml` (`?input=m=c`; CSS also `?all-contexts=1`) | token exports, as `tokens export` writes them |
/// | `/render/NAME.svg`, `/render/NAME.png` (same query as the API) | a wireframe |
enum ServerRoutes {
  /// The methods the server answers (RFC 9110 §9.3.1–2); others get 405.
  static let allowedMethods = ["GET", "HEAD"]

  /// The response to one request.
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - path: The decoded path, without the query.
  ///   - arguments: The query's arguments in the request's order (a name may repeat),
  ///     checked by ``query(_:path:)``.
  ///   - snapshot: The catalog.
  /// - Returns: The response (errors as JSON).
  static func respond(
    method: String, path: String, arguments: [(name: String, value: String)],
    snapshot: CatalogSnapshot
  ) -> ServerResponse {
    guard allowedMethods.contains(method) else {
      var r = ServerResponse.error(
        405, "method \(method) is not allowed; the server is read-only (GET, HEAD)")
      r.headers.append(("Allow", "GET, HEAD"))
      return r
    }
    do {
      return try route(path, try query(arguments, path: path), snapshot)
    } catch {
      return .error(error.status, error.message)
    }
  }

  /// The query parameters a path reads (every other one is refused by ``query(_:path:)``):
  /// the index's `q` (the site's search box), a component's `variant`, `width`, `height`,
  /// `input` and `scale`, and the token exports' `input` and `all-contexts`.
  /// - Parameter path: The decoded path.
  /// - Returns: The names, in the order the messages list them.
  static func parameters(for path: String) -> [String] {
    switch path {
    case "/", "/index.html": return ["q"]
    case "/tokens.css", "/tokens.swift", "/tokens.json", "/tokens.xml":
      return ["input", "all-contexts"]
    default:
      if path.hasPrefix("/api/components/") || path.hasPrefix("/render/") {
        return ["variant", "width", "height", "input", "scale"]
      }
      return []
    }
  }

  /// The one check of a request's query, for every route: each parameter must be one the
  /// path reads (``parameters(for:)``) and is given at most once (every parameter holds one
  /// value; `input` takes several as `m=c,n=d`).
  /// - Parameters:
  ///   - arguments: The query's arguments in the request's order.
  ///   - path: The decoded path.
  /// - Returns: The arguments by name.
  /// - Throws: ``ServerError`` 400 naming an unknown parameter (with the known ones and a
  ///   close name) or a repeated one.
  static func query(_ arguments: [(name: String, value: String)], path: String)
    throws(ServerError) -> [String: String]
  {
    let known = parameters(for: path)
    var query: [String: String] = [:]
    for (name, value) in arguments {
      guard known.contains(name) else {
        let list =
          known.isEmpty
          ? "\(shown(path)) takes no query parameters"
          : "\(shown(path)) takes \(known.joined(separator: ", "))"
        throw ServerError(
          status: 400,
          message:
            "unknown query parameter '\(shown(name))'; \(list)\(NameSuggestion.didYouMean(name, among: known))"
        )
      }
      guard query[name] == nil else {
        throw ServerError(
          status: 400,
          message:
            "query parameter '\(shown(name))' is given more than once; give it once\(name == "input" ? " (several inputs as input=m=c,n=d)" : "")"
        )
      }
      query[name] = value
    }
    return query
  }

  /// A request's path, name or value as it may be shown in a message or the log:
  /// ``Escaping/requestText(_:)`` of its bytes (control characters, spaces, `%` and
  /// non-ASCII bytes as `%XX`), the one escaping of request text.
  /// At most ``shownLimit`` bytes are shown, then `...(N bytes)` (review 17: a
  /// 20,000-character path was logged and echoed in full).
  /// - Parameter text: The decoded text.
  /// - Returns: Printable ASCII.
  static func shown(_ text: some StringProtocol) -> String { shown(bytes: Array(text.utf8)) }

  /// The most bytes of one request path, name or value a message or log line shows.
  static let shownLimit = 200

  /// Request bytes as ``shown(_:)`` shows them: escaped, at most ``shownLimit`` of them.
  /// - Parameter bytes: The decoded bytes.
  /// - Returns: Printable ASCII.
  static func shown(bytes: [UInt8]) -> String {
    guard bytes.count > shownLimit else { return Escaping.requestText(bytes) }
    return Escaping.requestText(bytes.prefix(shownLimit)) + "...(\(bytes.count) bytes)"
  }

  static func route(_ path: String, _ query: [String: String], _ snapshot: CatalogSnapshot)
    throws(ServerError) -> ServerResponse
  {
    if path.contains("..") || path.contains("\0") || path.contains("//") {
      throw ServerError(status: 404, message: "no such page: \(shown(path))")
    }
    switch path {
    case "/", "/index.html":
      return .text(200, "text/html", snapshot.site()["index.html"] ?? "")
    case "/api/components":
      return json(.array(snapshot.folder.components.map(componentSummary)))
    case "/api/tokens":
      return json(.array(snapshot.tokens.map { tokenSummary($0, snapshot) }))
    case "/tokens.css": return try tokens(.css, "text/css", query, snapshot)
    case "/tokens.swift": return try tokens(.swift, "text/x-swift", query, snapshot)
    case "/tokens.json": return try tokens(.dtcg, "application/json", query, snapshot)
    case "/tokens.xml": return try tokens(.android, "application/xml", query, snapshot)
    default: break
    }
    if let name = suffix(path, "/components/", ".html") {
      guard let page = snapshot.site()["components/\(name).html"] else {
        throw ServerError(status: 404, message: "no component named '\(shown(name))'")
      }
      return .text(200, "text/html", page)
    }
    if let name = suffix(path, "/tokens/", ".html") {
      guard let page = snapshot.site()["tokens/\(name).html"] else {
        throw ServerError(status: 404, message: "no token page '\(shown(name)).html'")
      }
      return .text(200, "text/html", page)
    }
    if let name = suffix(path, "/api/components/", "") {
      let laidOut = try layout(name, query, snapshot)
      return .text(200, "application/json", JSONRenderer.render(laidOut))
    }
    if let tokenPath = suffix(path, "/api/tokens/", "") {
      return try token(tokenPath, snapshot)
    }
    if let name = suffix(path, "/render/", ".svg") {
      return .text(
        200, "image/svg+xml",
        SVGRenderer.render(
          try layout(name, query, snapshot, drawing: "svg"), scale: try scale(query)))
    }
    if let name = suffix(path, "/render/", ".png") {
      return try png(name, query, snapshot)
    }
    throw ServerError(
      status: 404,
      message: "no such page: \(shown(path)); see /api/components, /api/tokens, /tokens.css")
  }

  /// The name between a prefix and a suffix, when it is one path segment.
  static func suffix(_ path: String, _ prefix: String, _ end: String) -> String? {
    guard path.hasPrefix(prefix), path.hasSuffix(end), path.count > prefix.count + end.count else {
      return nil
    }
    let name = String(path.dropFirst(prefix.count).dropLast(end.count))
    return name.contains("/") ? nil : name
  }

  static func json(_ value: JSONValue) -> ServerResponse {
    .text(200, "application/json", JSONWriter.pretty(value))
  }

  static func componentSummary(_ d: ComponentDefinition) -> JSONValue {
    .object(
      JSONObject([
        ("name", .string(d.name)), ("description", d.description.map { .string($0) } ?? .null),
        (
          "parameters",
          .array(
            d.parameters.map { p in
              .object(
                JSONObject([
                  ("name", .string(p.name)), ("type", .string(p.type.rawValue)),
                  ("default", p.defaultValue ?? .null), ("optional", .bool(p.isOptional)),
                ]))
            })
        ),
        ("variants", .array(d.variants.map { .string($0.name) })),
        ("page", .string("/components/\(d.name).html")),
        ("layout", .string("/api/components/\(d.name)")), ("svg", .string("/render/\(d.name).svg")),
      ]))
  }

  static func tokenSummary(_ t: DesignToken, _ snapshot: CatalogSnapshot) -> JSONValue {
    let r = try? snapshot.resolver.resolve(t.path)
    let set = snapshot.winningSet[t.path]
    return .object(
      JSONObject([
        ("path", .string(t.path)), ("type", t.type.map { .string($0) } ?? .null),
        ("value", t.value),
        ("points", r?.points.map { .number($0) } ?? .null),
        ("set", set.map { .string($0) } ?? .null),
      ]))
  }

  static func token(_ path: String, _ snapshot: CatalogSnapshot) throws(ServerError)
    -> ServerResponse
  {
    // The lookup of `tokens get`: `{grp.$root}` is the token stored as `grp` (Format §6.2),
    // and a group's path is said to be one (CatalogService.tokenSuggestion(for:among:)).
    let path = TokenGraph.storedPath(path)
    guard let t = snapshot.resolver.tokens[path] else {
      throw ServerError(
        status: 404,
        message:
          "no token {\(shown(path))}\(CatalogService.tokenSuggestion(for: path, among: snapshot.resolver.tokens.keys.sorted()))"
      )
    }
    var o = JSONObject([
      ("path", .string(path)), ("type", t.type.map { .string($0) } ?? .null), ("value", t.value),
    ])
    do {
      let r = try snapshot.resolver.resolve(path)
      o["resolvedValue"] = r.value
      o["points"] = r.points.map { .number($0) } ?? .null
      o["chain"] = .array(r.chain.map { .string($0) })
    } catch {
      o["error"] = .string("\(error)")
    }
    if let d = t.description { o["description"] = .string(d) }
    // Every component using the token, of any type (a length, a border, a shadow, a
    // colour), directly or through a chain of aliases, math and composite members: the
    // token graph's answer, as `tokens usage` and the site's "Used by" give it.
    o["users"] = .array(
      snapshot.resolver.graph.uses(of: path) { snapshot.users[$0] ?? [] }.map {
        .object(
          JSONObject([
            ("component", .string($0.use.component)), ("path", .string($0.use.path)),
            ("chain", .array($0.chain.map { .string($0) })),
          ]))
      })
    return json(.object(o))
  }

  /// A token export through `CatalogService.tokenExport`, the one path of `tokens export`:
  /// the same tokens, resolver documents (those the inputs name; every one with
  /// `all-contexts=1`, CSS only) and omissions. No token is left out silently: each
  /// warning `tokens export` prints goes in an `X-Catalog-Warning` header (escaped to
  /// printable ASCII), and, for a format with comments, in the file's header comment.
  /// - Throws: ``ServerError`` 400 for inputs no resolver document accepts, 409 when the
  ///   catalog's tokens cannot be written in this format (two tokens with one name), 503
  ///   when the catalog cannot be read.
  static func tokens(
    _ format: TokenExporter.Format, _ type: String, _ query: [String: String],
    _ snapshot: CatalogSnapshot
  ) throws(ServerError) -> ServerResponse {
    guard let path = snapshot.databasePath else {
      throw ServerError(status: 503, message: "this server has no catalog file to export from")
    }
    let inputs = try inputs(query)
    let allContexts = try flag(query, "all-contexts")
    if allContexts && format != .css {
      throw ServerError(
        status: 400,
        message:
          "all-contexts is for /tokens.css (one file); the other formats write a file per context: use catalog tokens export --all-contexts --output FILE"
      )
    }
    let service: CatalogService
    do { service = try CatalogService(path: path, create: false, readOnly: true) } catch {
      throw ServerError(status: 503, message: "cannot read the catalog: \(error)")
    }
    // Inputs first: a request naming a modifier or context no document has is the
    // request's fault (400); what fails after is the catalog's (409).
    if !inputs.isEmpty {
      do { _ = try service.tokenResolver(viewOf: nil, inputs: inputs) } catch {
        throw ServerError(status: 400, message: "\(error)")
      }
    }
    let header = "Design tokens from the catalog."
    func export(_ header: String) throws(ServerError) -> TokenExport {
      var request = TokenExportRequest(format: format)
      request.inputs = inputs
      request.allContexts = allContexts
      request.options = .init(header: header)
      do {
        return try service.tokenExport(request)
      } catch {
        // The request is fine; the catalog's tokens cannot be exported in this format.
        throw ServerError(status: 409, message: "cannot export the tokens: \(error)")
      }
    }
    var result = try export(header)
    let warnings = TokenExportWarnings.lines(result.omissions, format: format)
    if !warnings.isEmpty && hasHeaderComment(format) {
      result = try export(
        "\(header) Not exported (\(warnings.count)): \(warnings.joined(separator: "; ")).")
    }
    var response = ServerResponse.text(200, type, result.files.first?.text ?? "")
    for line in warnings { response.headers.append(("X-Catalog-Warning", headerValue(line))) }
    return response
  }

  /// Whether an export format writes `TokenExporter.Options.header` as a comment (JSON has
  /// none).
  static func hasHeaderComment(_ format: TokenExporter.Format) -> Bool {
    switch format {
    case .css, .scss, .swift, .android, .js, .dts: return true
    case .dtcg, .jsonFlat, .jsonNested: return false
    }
  }

  /// A header field value (RFC 9110 §5.5): printable ASCII only, anything else as `\u{…}`,
  /// so no text of the catalog can end the header or start another.
  static func headerValue(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
        out.unicodeScalars.append(scalar)
      } else {
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return out
  }

  /// A yes-or-no query value (`all-contexts`): `1` or `true` is on, `0` or `false` (or
  /// the parameter absent) off; anything else is refused rather than read as off.
  /// - Parameters:
  ///   - query: The query arguments.
  ///   - name: The parameter.
  /// - Returns: Whether it is on.
  /// - Throws: ``ServerError`` 400 naming the parameter, the value and what it takes.
  static func flag(_ query: [String: String], _ name: String) throws(ServerError) -> Bool {
    switch query[name] {
    case nil, "0", "false": return false
    case "1", "true": return true
    case let text?:
      throw ServerError(
        status: 400,
        message: "query parameter \(name)=\(shown(text)) is invalid: expected 1, true, 0 or false")
    }
  }

  /// `input=density=compact,theme=dark` (Resolver §5: inputs are strings), read by the one
  /// rule `--input` shares (``ResolverDocument/inputs(from:)``): a modifier given twice,
  /// in any case, is a 400.
  static func inputs(_ query: [String: String]) throws(ServerError) -> [String: String] {
    guard let value = query["input"] else { return [:] }
    do {
      return try ResolverDocument.inputs(from: [value])
    } catch {
      switch error {
      case .notModifierEqualsContext(let part):
        throw ServerError(
          status: 400, message: "input: expected modifier=context, got '\(shown(part))'")
      case .repeated(let first, let again):
        throw ServerError(
          status: 400,
          message:
            "input: the modifier '\(shown(again))' is given more than once\(first == again ? "" : " (as '\(shown(first))' too; inputs are matched without case)"); give each modifier once"
        )
      }
    }
  }

  /// A number query value, read by the command line's rule (``StrictNumber``, decimal only)
  /// with the same range as the matching `render` option, so `width=0` and
  /// `width=infinity` mean what `--width 0` and `--width infinity` mean.
  /// - Parameters:
  ///   - text: The query value, or nil when absent.
  ///   - name: The query parameter's name, for the message.
  ///   - range: The values allowed.
  ///   - allowsInfinity: Whether `infinity` is accepted.
  /// - Returns: The number, or nil when absent.
  /// - Throws: ``ServerError`` 400 naming the parameter, the value and what it takes.
  static func number(
    _ text: String?, _ name: String, _ range: ClosedRange<Double>, allowsInfinity: Bool
  ) throws(ServerError) -> Double? {
    guard let text else { return nil }
    guard
      let v = StrictNumber.parse(
        text, min: range.lowerBound, max: range.upperBound, allowsInfinity: allowsInfinity)
    else {
      throw ServerError(
        status: 400,
        message:
          "query parameter \(name)=\(shown(text)) is invalid: expected \(StrictNumber.expectation(min: range.lowerBound, max: range.upperBound, allowsInfinity: allowsInfinity))"
      )
    }
    return v
  }

  /// A proposed length (`width`, `height`): points from 0 to ``Resolver/maximumLength``, or
  /// `infinity`, as `render --width`.
  static func length(_ query: [String: String], _ name: String) throws(ServerError) -> Double? {
    try number(query[name], name, 0...Resolver.maximumLength, allowsInfinity: true)
  }

  /// Pixels per point (`scale`), in ``SVGRenderer/scaleRange`` as `render --scale`; 1 when
  /// absent.
  static func scale(_ query: [String: String]) throws(ServerError) -> Double {
    try number(query["scale"], "scale", SVGRenderer.scaleRange, allowsInfinity: false) ?? 1
  }

  /// The pixel budget of one `/render/NAME.png` (``PNGConverter/Limit/server``: 4,096 pixels
  /// per side and 4 × 2²⁰ pixels in all).
  static let pngLimit = PNGConverter.Limit.server

  /// A PNG wireframe: the SVG's pixel size is checked against ``pngLimit`` before
  /// `rsvg-convert` runs.
  /// - Throws: ``ServerError`` 422 when the image would exceed the budget (the request is
  ///   well-formed but asks for more than the server makes; 413 is about a request's own
  ///   body, RFC 9110 §15.5.14), 501 when `rsvg-convert` is not installed, 500 when it fails.
  static func png(_ name: String, _ query: [String: String], _ snapshot: CatalogSnapshot)
    throws(ServerError) -> ServerResponse
  {
    let svg = SVGRenderer.render(
      try layout(name, query, snapshot, drawing: "png"), scale: try scale(query))
    let size = PNGConverter.pixelSize(of: svg)
    guard !pngLimit.isExceeded(width: size.width, height: size.height) else {
      throw ServerError(
        status: 422,
        message:
          "the PNG would be \(PNGConverter.formatSize(width: size.width, height: size.height)) pixels; this server makes PNGs of at most \(pngLimit): lower the width, height or scale query values, or ask for /render/\(name).svg (no size limit)"
      )
    }
    do {
      return ServerResponse(
        status: 200, contentType: "image/png", body: try PNGConverter.png(fromSVG: svg))
    } catch {
      switch error.reason {
      case .rasteriserMissing:
        throw ServerError(
          status: 501,
          message:
            "this server cannot make PNGs: rsvg-convert is not installed on its machine (Debian package librsvg2-bin); /render/\(name).svg works without it"
        )
      case .tooLarge, .rasteriserFailed:
        throw ServerError(status: 500, message: "making the PNG failed: \(error.message)")
      }
    }
  }

  /// Resolves and lays out a component: `variant`'s arguments, proposed `width`×`height`.
  /// A drawing (`drawing`: `svg`, `png`) refuses an infinite proposal with 400, by the
  /// rule `render` follows (``DrawnProposal/problem(width:height:format:names:)``).
  static func layout(
    _ name: String, _ query: [String: String], _ snapshot: CatalogSnapshot,
    drawing: String? = nil
  ) throws(ServerError) -> LaidOutComponent {
    guard let definition = snapshot.definitions[name] else {
      throw ServerError(status: 404, message: "no component named '\(shown(name))'")
    }
    var arguments = JSONObject()
    if let v = query["variant"] {
      guard let variant = definition.variants.first(where: { $0.name == v }) else {
        throw ServerError(
          status: 404,
          message:
            "\(name) has no variant '\(shown(v))' (variants: \(definition.variants.map(\.name).joined(separator: ", ")))"
        )
      }
      arguments = variant.arguments
    }
    let width = try length(query, "width")
    let height = try length(query, "height")
    if let drawing,
      let problem = DrawnProposal.problem(
        width: width, height: height, format: drawing, names: ("width", "height"))
    {
      throw ServerError(status: 400, message: problem)
    }
    _ = try scale(query)
    let tokens = try snapshot.resolver(inputs: try inputs(query))
    var resolver = Resolver(
      source: InMemoryComponentSource(snapshot.folder.components), tokens: tokens,
      platform: snapshot.platform)
    do {
      let resolved = try resolver.resolve(name, arguments: arguments)
      return LaidOutComponent(resolved, proposal: ProposedSize(width: width, height: height))
    } catch {
      throw ServerError(status: 422, message: "\(error)")
    }
  }
}
