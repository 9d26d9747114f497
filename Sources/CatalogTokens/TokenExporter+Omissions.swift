import CatalogEscaping
import CatalogModel

extension TokenExporter {
  /// A token an export leaves out, so that no export drops a token silently: the command
  /// prints one warning per token whose value cannot be written, and one line per type the
  /// format does not hold.
  public struct Omission: Sendable, Equatable, CustomStringConvertible {
    /// Why the token is not written.
    public enum Reason: Sendable, Equatable {
      /// The format holds no token of this type (Swift and Android write dimensions,
      /// numbers and typography).
      case typeNotWritten
      /// The value cannot be computed (the resolver's failure: a dangling alias, a cycle,
      /// math that does not compute or whose result does not fit the `$type`).
      case unresolved(String)
      /// The value cannot be computed, so a JSON export writes the stored value (the alias
      /// or math text) where the resolved value belongs.
      case writtenAsStored(String)
      /// The value is computed but has no spelling in the format (a colour string that is
      /// not hex in CSS, a typography token without a family or size).
      case noValue(String)
      /// The stored value is an expression DTCG 2025.10 has no form for (Tokens Studio math,
      /// a colour function naming tokens, member expressions), so the `dtcg` export writes
      /// its computed value: the token is written, without its links to the tokens named
      /// (given, in order).
      case writtenComputed([String])
    }

    /// The token's path.
    public var path: String
    /// Its `$type` (nil when it has none).
    public var type: String?
    /// Why it is left out.
    public var reason: Reason

    /// `{space.x} (number): not exported: its value cannot be computed: …`.
    public var description: String {
      let head = "{\(path)} (\(type ?? "untyped"))"
      switch reason {
      case .typeNotWritten:
        return "\(head): not exported: the format has no \(type ?? "untyped") tokens"
      case .unresolved(let why):
        return "\(head): not exported: its value cannot be computed: \(why)"
      case .noValue(let why): return "\(head): not exported: \(why)"
      case .writtenAsStored(let why):
        return "\(head): its value cannot be computed: \(why); written as stored"
      case .writtenComputed(let references):
        var seen = Set<String>()
        let named = references.filter { seen.insert($0).inserted }.map { "{\($0)}" }
        let links =
          named.isEmpty
          ? "the expression is"
          : named.count == 1
            ? "its link to \(named[0]) is" : "its links to \(named.joined(separator: ", ")) are"
        return
          "\(head): written with its computed value: its stored value is a Tokens Studio expression, which DTCG 2025.10 does not define, so \(links) not in the file (`catalog export DIR` keeps it)"
      }
    }
  }

  /// The tokens ``export(_:format:resolver:options:)`` leaves out of `format`, and why,
  /// following each format's own rule (the conditions its writer checks): DTCG writes
  /// every token as stored (one whose stored value DTCG cannot hold, kept by a lenient
  /// import, is reported); JSON every token, its value resolved (one that cannot be
  /// computed as stored, which is reported too); CSS and SCSS every token with a CSS
  /// value (the others as a `value not exported` comment); the ES module the tokens with a
  /// CSS value; Swift and Android dimensions and numbers that resolve to points, and
  /// typography with a family and a size.
  ///
  /// - Parameters:
  ///   - tokens: The exported tokens.
  ///   - format: The format.
  ///   - resolver: Resolves them.
  ///   - references: Whether the export keeps references (``Options/references``): CSS and
  ///     SCSS then write an alias of an exported token as a reference, whatever its value.
  /// - Returns: The omissions, in token order.
  public static func omissions(
    _ tokens: [DesignToken], format: Format, resolver: TokenResolver, references: Bool = false
  ) -> [Omission] {
    let exported = Set(tokens.map(\.path))
    var out: [Omission] = []
    for t in tokens {
      func omit(_ reason: Omission.Reason) {
        out.append(Omission(path: t.path, type: t.type, reason: reason))
      }
      let resolution: TokenResolver.Resolution
      do { resolution = try resolver.resolve(t.path) } catch {
        // A missing token reached through others is named with the chain that reaches it.
        let why = resolver.graph.describe(error, reachedFrom: t.path)
        switch format {
        case .dtcg:
          // A value a lenient import kept although DTCG cannot hold it, or an expression
          // that does not compute, is written as stored, and said (importing the file names
          // it as an error, or keeps it with the warning that it cannot be computed).
          if case .invalid = error {
            omit(.writtenAsStored(why))
          } else if TokenGraph.isExpression(t) {
            omit(.writtenAsStored(why))
          }
          continue
        case .jsonFlat, .jsonNested: omit(.writtenAsStored(why))
        case .swift where !swiftExportedTypes.contains(t.type ?? ""): omit(.typeNotWritten)
        case .android where !["dimension", "number", "typography"].contains(t.type ?? ""):
          omit(.typeNotWritten)
        case .css, .scss:
          if references, let target = t.aliasTarget, exported.contains(target) { continue }
          omit(.unresolved(why))
        default: omit(.unresolved(why))
        }
        continue
      }
      switch format {
      case .dtcg:
        if TokenGraph.isExpression(t) {
          omit(.writtenComputed(TokenGraph.valueReferences(of: t)))
        }
      case .jsonFlat, .jsonNested: continue
      case .css, .scss, .js, .dts:
        if references, format == .css || format == .scss, let target = t.aliasTarget,
          exported.contains(target)
        {
          continue
        }
        if cssText(t, resolver: resolver, references: nil) == nil {
          omit(.noValue("its \(resolution.type ?? "untyped") value has no CSS spelling"))
        }
      case .swift, .android:
        let type = resolution.type ?? t.type
        if type == "typography" {
          if typographyFace(resolution.value, resolver) == nil {
            omit(.noValue("typography without a family or size that resolves"))
          }
        } else if format == .swift
          ? !swiftExportedTypes.contains(t.type ?? "")
          : !["dimension", "number"].contains(t.type ?? "")
        {
          omit(.typeNotWritten)
        } else if resolution.points == nil {
          omit(
            .noValue(
              "its value \(TokenValue.shortDescription(resolution.value)) is no \(t.type ?? "length")"
            ))
        }
      }
    }
    return out
  }

  /// A token as the `dtcg` export writes it: as stored, except a token whose stored value
  /// is an expression (``TokenGraph/isExpression(_:)``: Tokens Studio math, a colour
  /// function naming tokens, member expressions of a composite), which DTCG 2025.10 does
  /// not define, with its computed value (DTCG Format §8, §9), said by
  /// ``Omission/Reason/writtenComputed(_:)``. One that does not compute is written as
  /// stored. The catalog folder (`catalog export DIR`) writes stored values, so it keeps
  /// the expression and its links.
  /// - Parameters:
  ///   - t: The token.
  ///   - resolver: Resolves it.
  /// - Returns: The token to write.
  public static func dtcgToken(_ t: DesignToken, resolver: TokenResolver) -> DesignToken {
    guard TokenGraph.isExpression(t), let r = try? resolver.resolveValue(t.path) else { return t }
    var out = t
    out.value = r.value
    return out
  }

  /// ``cssContextBlock(_:modifier:context:base:resolver:)`` preceded by a comment naming
  /// the resolver document it comes from (`/* resolver brand */`), for exports of several
  /// documents; nothing when no value differs.
  /// - Parameters:
  ///   - tokens: The exported tokens, in order.
  ///   - document: The resolver document's name.
  ///   - modifier: The modifier's name.
  ///   - context: The context's name.
  ///   - base: The default resolution.
  ///   - resolver: The context's resolution.
  /// - Returns: The comment and the block, or "".
  public static func cssContextBlock(
    _ tokens: [DesignToken], document: String, modifier: String, context: String,
    base: TokenResolver, resolver: TokenResolver
  ) -> String {
    let block = cssContextBlock(
      tokens, modifier: modifier, context: context, base: base, resolver: resolver)
    return block.isEmpty ? "" : "/* resolver \(Escaping.cssComment(document)) */\n" + block
  }
}
