import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogService
import CatalogSystem
import CatalogTokens

/// `catalog site OUTDIR`: writes a static, browsable catalog (see `SiteRenderer`).
enum SiteCommand: ParsedCommand {
  /// The `OUTDIR` argument.
  static let outdir = CommandSpec.Argument(
    name: "outdir",
    help:
      "The folder to write: a new or empty folder, or one an earlier `catalog site` wrote (its index.html, components/ and tokens/ are replaced, other files are left alone).",
    type: .file)
  static let spec = CommandSpec(
    name: "site", abstract: "Write a static, browsable catalog of the components and tokens.",
    discussion: """
      Writes OUTDIR/index.html (a card with a thumbnail per component, a search box, every token \
      with its value), OUTDIR/components/NAME.html (parameters, an SVG preview of the defaults and \
      of each variant, the components and tokens it uses and where it is used) and \
      OUTDIR/tokens/PATH.html (value, alias chain, every component using it, through aliases too). \
      Plain HTML and CSS with one inline script and relative links; open index.html in a browser. \
      Pages are written to a temporary folder first and moved into place at the end, so a failed \
      run leaves the previous site as it was. OUTDIR must be new, empty, or marked by the \
      .catalog-site file a previous run left: a folder holding other files (a catalog folder \
      from `catalog export`, the current folder) is refused, so no file site did not write is \
      ever deleted. A stored definition that no longer parses gets no page and is reported as \
      an error (exit status 1); the rest of the site is written.
      """,
    arguments: [outdir])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let outdir = parsed.argument(Self.outdir)
    // Refused before the pages are rendered (SiteFolder.write checks again).
    do { try SiteFolder.checkTarget(outdir, catalog: session.path) } catch {
      throw CommandError(error)
    }
    // A damaged stored definition gets no page and is an error; the rest of the site is
    // written (review 19: one damaged row stopped the whole site).
    let (definitions, damaged) = try session.definitionsAndDamaged()
    let resolver = try session.tokenResolver()
    let tokens = Array(resolver.tokens.values)
    let platform = try RenderCommand.loadPlatform("ios", session)
    let source = InMemoryComponentSource(definitions)
    let progress = ProgressReporter(
      "site", total: definitions.count + tokens.count, output: context.output)
    // One resolver for every preview: each definition is loaded and compiled once.
    var r = Resolver(source: source, tokens: resolver, platform: platform)
    // One layout workspace too: the layout's memory is allocated once, not per preview.
    let workspace = LayoutWorkspace()
    let preview: (ComponentDefinition, VariantDefinition?) throws -> String = {
      definition, variant in
      let resolved = try r.resolve(definition.name, arguments: variant?.arguments ?? JSONObject())
      return SVGRenderer.render(
        LaidOutComponent(resolved, proposal: .unspecified, workspace: workspace))
    }
    let files = SiteRenderer.render(
      definitions: definitions, tokens: tokens, resolver: resolver,
      progress: { done, _ in progress.advance(to: done) }, preview: preview)
    progress.finish()
    do { try SiteFolder.write(files, to: outdir, catalog: session.path) } catch {
      throw CommandError(error)
    }
    let root = UserPath.fileURL(outdir)
    context.output.out(
      "Wrote \(Plural.count(files.count, "page")) to \(root.path); open \(root.appendingPathComponent("index.html").path).\n"
    )
    guard !damaged.isEmpty else { return }
    for problem in damaged { context.output.err("Error: \(problem) (it has no page)\n") }
    context.output.err(
      "\(Plural.count(damaged.count, "component")) left out of the site: \(damaged.count == 1 ? "its" : "their") stored definition\(damaged.count == 1 ? " does" : "s do") not parse.\n"
    )
    throw .silentFailure
  }
}

/// The output side of `render` for the formats issue 6 added (svg, png, html, swiftui):
/// option parsing, the SwiftUI input, and writing to a file.
enum RenderOutput {
  /// SwiftUI source for `name` and everything it uses, from the stored definitions, with
  /// the renames made (``SwiftUINames``).
  static func swiftUI(_ name: String, _ session: CatalogSession) throws(CommandError)
    -> SwiftUIRenderer.Output
  {
    // The stored definitions that parse (the one rule, `definitionsAndDamaged`): a damaged
    // one stops the output only when it is the component asked for or one it uses.
    let (stored, damaged) = try session.definitionsAndDamaged()
    var definitions: [String: ComponentDefinition] = [:]
    for d in stored { definitions[d.name] = d }
    let damagedNames = Dictionary(
      damaged.compactMap { p in p.location.component.map { ($0, p) } },
      uniquingKeysWith: { a, _ in a })
    var reached: Set<String> = []
    var queue = [name]
    while let next = queue.popLast() {
      guard reached.insert(next).inserted else { continue }
      if let damage = damagedNames[next] { throw .failure(damage.description) }
      queue += definitions[next]?.instanceUses.map(\.component) ?? []
    }
    do {
      return try SwiftUIRenderer.renderWithWarnings(
        name, definitions: definitions, tokens: try session.tokenResolver())
    } catch let e as CommandError {
      throw e
    } catch {
      throw .failure("\(error)")
    }
  }

  /// Writes the result: to `path` when given (PNG converted from the SVG text; through
  /// ``OutputFile``, so ``OutputPathRule`` applies), else to standard output.
  /// - Parameters:
  ///   - text: The rendered text.
  ///   - format: `--format`.
  ///   - path: `--output`, or nil for standard output.
  ///   - catalog: The catalog's path, which must not be overwritten.
  ///   - context: Where standard output goes.
  /// - Throws: ``CommandError/failure(_:)`` when the path is refused or cannot be written.
  static func write(
    _ text: String, format: String, to path: String?, catalog: String, _ context: Context
  ) throws(CommandError) {
    guard let path else {
      context.output.out(text)
      return
    }
    let data: Data
    if format == "png" {
      do { data = Data(try PNGConverter.png(fromSVG: text)) } catch {
        throw .failure(error.message)
      }
    } else {
      data = Data(text.utf8)
    }
    do { try OutputFile.write(Array(data), to: path, catalog: catalog) } catch {
      throw CommandError(error)
    }
  }
}
