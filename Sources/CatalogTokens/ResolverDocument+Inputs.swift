import CatalogModel
import CatalogSystem

/// A resolver input list that cannot be read (``ResolverDocument/inputs(from:)``).
public enum ResolverInputListError: Error, Sendable, Equatable {
  /// A part is not `modifier=context` (no `=`, or nothing before it).
  case notModifierEqualsContext(part: String)
  /// One modifier is given twice, compared without case; `first` and `again` as written.
  case repeated(first: String, again: String)
}

extension ResolverDocument {
  /// The one reading of resolver inputs, for `--input` (each value given once or more) and
  /// `serve`'s `?input=` (one value): each value is `modifier=context` parts joined by `,`;
  /// spaces around a name are dropped; a modifier may be given once, compared without case
  /// as inputs are matched (Resolver §5), so `density=compact,DENSITY=regular` is refused,
  /// never read as either.
  /// - Parameter values: The values as given.
  /// - Returns: Modifier → context, as written.
  /// - Throws: ``ResolverInputListError`` for a part that is not `modifier=context` or a
  ///   modifier given twice.
  public static func inputs(from values: [String]) throws(ResolverInputListError) -> [String:
    String]
  {
    var inputs: [String: String] = [:]
    var written: [String: String] = [:]  // lowercased → as first written
    for value in values {
      for part in value.split(separator: ",") {
        guard let eq = part.firstIndex(of: "=") else {
          throw .notModifierEqualsContext(part: String(part))
        }
        let key = String(part[..<eq]).trimmed(.whitespaces)
        guard !key.isEmpty else { throw .notModifierEqualsContext(part: String(part)) }
        if let first = written[key.lowercased()] {
          throw .repeated(first: first, again: key)
        }
        written[key.lowercased()] = key
        inputs[key] = String(part[part.index(after: eq)...]).trimmed(.whitespaces)
      }
    }
    return inputs
  }

  /// The one rule for resolver inputs (`--input m=c`, `?input=m=c`) that name a modifier
  /// no document has: an error everywhere (`render`, `tokens export`, `serve`), never
  /// ignored, naming every document's modifiers and the nearest name (Resolver §5).
  /// Modifier names compare case-insensitively, as ``accepts(_:)`` does.
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - documents: Each document's name and modifier names.
  /// - Returns: The problem for the first unknown modifier (by name), or nil.
  public static func unknownModifierProblem(
    _ inputs: [String: String], documents: [(name: String, modifiers: [String])]
  ) -> String? {
    let known = Set(documents.flatMap { $0.modifiers.map { $0.lowercased() } })
    guard let key = inputs.keys.sorted().first(where: { !known.contains($0.lowercased()) })
    else { return nil }
    let listed = documents.map { "\($0.name) (\($0.modifiers.joined(separator: ", ")))" }
    return
      "unknown modifier '\(key)': no resolver document has it; the documents and their modifiers: \(listed.joined(separator: "; ")) (Resolver §5)\(NameSuggestion.didYouMean(key, among: documents.flatMap(\.modifiers)))"
  }

  /// A modifier name that two resolver documents both have (``sharedModifiers(_:)``).
  public struct SharedModifier: Sendable, Equatable {
    /// The modifier as the first document spells it.
    public var modifier: String
    /// The document that has it first (in the order given).
    public var first: String
    /// The other document.
    public var second: String

    /// Why the pair makes the modifier unusable, and the way out: the sentence `doctor`,
    /// `render --input`, `tokens export` and `serve` give (the import refusal says it
    /// with the file: `CatalogService`).
    public var problem: String {
      let m = NameText.forTerminal(modifier)
      return
        "the resolver documents '\(NameText.forTerminal(first))' and '\(NameText.forTerminal(second))' both have the modifier '\(m)': an input \(m)=… reaches both, and each refuses a context only the other has (Resolver §5: an input names one modifier); keep one document per modifier: import the newer file again with --name \(NameText.forTerminal(first)) to replace '\(NameText.forTerminal(first))', or rename the modifier in one of them"
    }
  }

  /// The one rule for a modifier name owned by two stored resolver documents: compared
  /// without case, as inputs are matched (Resolver §5), so `--input density=compact`
  /// reaches every document with a modifier `density`, and each refuses a context only the
  /// other has (a second document adding `spacious` or dropping `compact` makes the
  /// modifier unusable). `add`, `import`, `tokens import-resolver` refuse a document that
  /// would make such a pair; `render --input`, `tokens export` and `serve` refuse an input
  /// naming a shared modifier; `doctor` reports the pairs a catalog already holds.
  ///
  /// - Parameter documents: Each document's name and modifier names, in a stable order.
  /// - Returns: One entry per pair of documents and modifier they share, in document order.
  public static func sharedModifiers(_ documents: [(name: String, modifiers: [String])])
    -> [SharedModifier]
  {
    var owner: [String: (document: String, modifier: String)] = [:]
    var out: [SharedModifier] = []
    for d in documents {
      for m in d.modifiers {
        let key = m.lowercased()
        if let first = owner[key] {
          if first.document != d.name {
            out.append(
              SharedModifier(modifier: first.modifier, first: first.document, second: d.name))
          }
        } else {
          owner[key] = (d.name, m)
        }
      }
    }
    return out
  }

  /// Whether this document has a modifier for every input name (compared without case), so
  /// it can answer those inputs (DTCG Resolver module §5).
  /// - Parameter inputs: Modifier → context.
  /// - Returns: True when every input names one of its modifiers.
  public func accepts(_ inputs: [String: String]) -> Bool {
    Set(inputs.keys.map { $0.lowercased() }).isSubset(
      of: Set(modifiers.map { $0.name.lowercased() }))
  }

  /// The tokens a render with resolver inputs uses: `base` (the token sets merged by
  /// precedence) with the tokens of the contexts `inputs` choose on top (Resolver module
  /// §6: later sources win). Aliases to `base`'s tokens resolve; one naming no token is a
  /// warning, not an error. The one rule `render --input` and `catalog serve` share.
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - base: The tokens without a context.
  /// - Returns: The merged tokens, with `base`'s rem base.
  /// - Throws: ``TokenFileError`` when an input names no modifier or context, or a context
  ///   does not resolve.
  public func tokens(for inputs: [String: String], over base: TokenResolver)
    throws(TokenFileError) -> TokenResolver
  {
    var known: [String: String] = [:]
    for (path, t) in base.tokens { known[path] = t.type ?? "" }
    let resolution = try resolve(
      inputs: inputs.mapValues { .string($0) },
      options: .init(knownTokens: known, unresolvedReferences: .warning))
    var tokens = base.tokens
    for t in resolution.tokens { tokens[t.path] = t }
    return TokenResolver(tokens: tokens, remBase: base.remBase)
  }
}
