import CatalogModel
import CatalogTokens

/// The warnings `tokens export` prints for the tokens a format leaves out
/// (``TokenExporter/omissions(_:format:resolver:references:)``), so no token is dropped
/// silently: one line per token whose value cannot be written, and one line per type the
/// format does not hold (`3 color tokens are not in the swift export (it writes dimension,
/// number and typography tokens): {color.a}, {color.b}, {color.c}`). `tokens export`
/// prints them on stderr; `serve` sends them as `X-Catalog-Warning` headers and in the
/// file's header comment.
public enum TokenExportWarnings {
  /// The most paths named on a line for a type the format does not hold.
  public static let namedPerType = 5

  /// The warning lines, without `warning: `.
  /// - Parameters:
  ///   - omissions: The tokens left out.
  ///   - format: The export's format.
  /// - Returns: The lines, per-token ones first, in token order.
  public static func lines(_ omissions: [TokenExporter.Omission], format: TokenExporter.Format)
    -> [String]
  {
    var lines: [String] = []
    var byType: [(type: String, paths: [String])] = []
    for o in omissions {
      guard o.reason == .typeNotWritten else {
        lines.append(o.description)
        continue
      }
      let type = o.type ?? "untyped"
      if let i = byType.firstIndex(where: { $0.type == type }) {
        byType[i].paths.append(o.path)
      } else {
        byType.append((type, [o.path]))
      }
    }
    // Swift and Android are the formats that hold only some types.
    let holds = "dimension, number and typography"
    for (type, paths) in byType {
      let named = BoundedList.inline(paths.map { "{\($0)}" }, limit: namedPerType)
      lines.append(
        "\(Plural.count(paths.count, "\(type) token")) \(paths.count == 1 ? "is" : "are") not in the \(format.rawValue) export (it writes \(holds) tokens): \(named)"
      )
    }
    return lines
  }
}
