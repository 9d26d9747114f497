import CatalogModel
import CatalogStore
import CatalogTokens

/// What `tokens export` asks for.
public struct TokenExportRequest: Sendable {
  /// The output format.
  public var format: TokenExporter.Format
  /// One set's tokens with their own values (``CatalogService/tokenResolver(viewOf:inputs:)``),
  /// or nil (the default) for every path's winning token.
  public var set: String? = nil
  /// Modifier → context for the base export (Resolver §5); none by default.
  public var inputs: [String: String] = [:]
  /// Also write every other context of every resolver document (CSS blocks, or one file per
  /// context); false by default.
  public var allContexts = false
  /// References, names, header; the exporter's defaults unless set.
  public var options = TokenExporter.Options()
  /// The file to write, or nil (the default) for standard output (one text). Context files and
  /// the ES module's `.d.ts` are named after it.
  public var output: String? = nil

  /// Creates a request for the base export in `format`, every other field at its default;
  /// set the fields a request needs after creating it.
  /// - Parameter format: The output format.
  public init(format: TokenExporter.Format) { self.format = format }
}

/// The files of a token export and the tokens it could not write.
public struct TokenExport: Sendable {
  /// The texts in order: the base export first (to `output`, or standard output when it
  /// has no path), then each context file and the `.d.ts`.
  public var files: [(path: String?, text: String)]
  /// How many tokens the base export writes: the tokens exported less those the format
  /// leaves out (``omissions``; one written as stored counts as written).
  public var tokenCount: Int
  /// The tokens the format leaves out, and why (``TokenExporter/omissions(_:format:resolver:)``).
  public var omissions: [TokenExporter.Omission]
}

extension CatalogService {
  /// A token export, the one path of `tokens export`: which tokens (a set's own, with
  /// ``tokenResolver(viewOf:inputs:)``, or every path's winning token), which resolver
  /// documents (those the inputs name; every document with `allContexts`, each one's
  /// default contexts for the base, DTCG Resolver §4.1.5.3), and, with `allContexts`, one
  /// CSS block or one file per context that is not the base's. With several resolver
  /// documents each context names its document: a `/* resolver NAME */` comment before
  /// its CSS block, and `x.NAME.density-compact.ext` as its file.
  ///
  /// - Parameter request: What to export.
  /// - Returns: The files and the tokens left out.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown set;
  ///   ``CatalogError/invalid(_:)`` when two tokens get one name in the format, the inputs
  ///   do not resolve, or `allContexts` finds no resolver document;
  ///   ``CatalogError/refusedOutput(path:reason:)`` when a file's path is refused by
  ///   ``OutputPathRule`` (empty, or the catalog).
  public func tokenExport(_ request: TokenExportRequest) throws(CatalogError) -> TokenExport {
    let documents = try resolverDocuments(
      accepting: request.inputs, all: request.allContexts)
    // The base: the inputs given, each applied document's default for the rest.
    var inputs = request.inputs
    for document in documents {
      for m in document.input.modifiers
      where !inputs.keys.contains(where: { $0.lowercased() == m.name.lowercased() }) {
        if let d = m.defaultContext { inputs[m.name] = d }
      }
    }
    let resolver = try tokenResolver(viewOf: request.set, documents: documents, inputs: inputs)
    let tokens = try exportedTokens(set: request.set, resolver: resolver)
    do {
      try TokenExporter.checkNames(tokens, format: request.format, resolver: resolver)
    } catch {
      throw .invalid([CatalogProblem(CatalogLocation(), "\(error)")])
    }
    var text = TokenExporter.export(
      tokens, format: request.format, resolver: resolver, options: request.options)
    var files: [(path: String?, text: String)] = []
    // Each context file's tokens and resolver, for its TypeScript declarations.
    var contextFiles: [(path: String, tokens: [DesignToken], resolver: TokenResolver)] = []
    if request.allContexts {
      for document in documents {
        for modifier in document.input.modifiers {
          let chosen = inputs.first { $0.key.lowercased() == modifier.name.lowercased() }
          for c in modifier.contexts where c.name != chosen?.value {
            var contextInputs = inputs
            if let key = chosen?.key { contextInputs[key] = nil }
            contextInputs[modifier.name] = c.name
            let contextResolver = try tokenResolver(
              viewOf: request.set, documents: documents, inputs: contextInputs)
            // The context's own tokens, with those only it adds (review 20: a context
            // adding `only` wrote no `--only`, nor `only` in its Swift file).
            let contextTokens = try exportedTokens(set: request.set, resolver: contextResolver)
            if request.format == .css {
              text +=
                documents.count > 1
                ? TokenExporter.cssContextBlock(
                  contextTokens, document: document.input.name, modifier: modifier.name,
                  context: c.name, base: resolver, resolver: contextResolver)
                : TokenExporter.cssContextBlock(
                  contextTokens, modifier: modifier.name, context: c.name, base: resolver,
                  resolver: contextResolver)
              continue
            }
            let suffix =
              (documents.count > 1 ? "\(TokenNaming.kebab(document.input.name))." : "")
              + "\(TokenNaming.kebab(modifier.name))-\(TokenNaming.kebab(c.name))"
            var options = request.options
            options.header =
              (options.header ?? "Design tokens exported by catalog.")
              + " Context \(documents.count > 1 ? "\(document.input.name): " : "")\(modifier.name)=\(c.name)."
            let path = request.output.map { Self.path($0, inserting: suffix) }
            files.append(
              (
                path,
                TokenExporter.export(
                  contextTokens, format: request.format, resolver: contextResolver,
                  options: options)
              ))
            if let path { contextFiles.append((path, contextTokens, contextResolver)) }
          }
        }
      }
    }
    files.insert((request.output, text), at: 0)
    // An ES module's TypeScript declarations go beside it, a context's file too.
    if request.format == .js {
      let modules =
        (request.output.map { [($0, tokens, resolver)] } ?? [])
        + contextFiles.map {
          ($0.path, $0.tokens, $0.resolver)
        }
      for (output, moduleTokens, moduleResolver) in modules where output.hasSuffix(".js") {
        files.append(
          (
            String(output.dropLast(3)) + ".d.ts",
            TokenExporter.export(
              moduleTokens, format: .dts, resolver: moduleResolver,
              options: .init(header: request.options.header))
          ))
      }
    }
    // Every file is checked before the caller writes the first (review 16, point 2).
    for case (let path?, _) in files { try OutputPathRule.check(path, catalog: self.path) }
    let omissions = TokenExporter.omissions(
      tokens, format: request.format, resolver: resolver,
      references: request.options.references)
    // A token written as stored, or computed, is written; every other omission is left out
    // (review 17: `--format swift` said "Wrote 19 tokens" when 15 were written and 4 left
    // out).
    let leftOut = omissions.filter {
      switch $0.reason {
      case .writtenAsStored, .writtenComputed: return false
      default: return true
      }
    }
    return TokenExport(
      files: files, tokenCount: tokens.count - Set(leftOut.map(\.path)).count,
      omissions: omissions)
  }

  /// The tokens an export writes, in order: a set's own tokens as the resolver holds them,
  /// or every path once (first-import order), then the paths only a resolver context adds,
  /// sorted.
  private func exportedTokens(set: String?, resolver: TokenResolver) throws(CatalogError)
    -> [DesignToken]
  {
    let records = try tokens(inSet: set)
    var order: [String] = []
    var seen = Set<String>()
    for r in records where seen.insert(r.path).inserted { order.append(r.path) }
    if set == nil {
      order += resolver.tokens.keys.filter { !seen.contains($0) }.sorted()
    }
    return order.compactMap { resolver.tokens[$0] }
  }

  /// `x.swift` with `suffix` before the extension (`x.density-compact.swift`).
  static func path(_ output: String, inserting suffix: String) -> String {
    let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
    let name = output[slash...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return "\(output).\(suffix)"
    }
    return "\(output[..<dot]).\(suffix)\(output[dot...])"
  }
}
