/// Generated SwiftUI source for the `check-swift` benchmark: files of a given number of
/// lines, each a run of small `View` structs with stacks, paddings, frames, conditions and
/// token references, some of which the rules report.
public enum SwiftBenchmarkCorpus {
  /// One file's source, exactly `lines` lines long.
  /// - Parameters:
  ///   - index: The file's number (names differ per file).
  ///   - lines: The number of lines (at least 20).
  /// - Returns: Swift source ending with a newline.
  public static func source(index: Int, lines: Int) -> String {
    var out = ["import SwiftUI", ""]
    var k = 0
    while out.count + 18 <= lines {
      let name = "Row\(index)_\(k)"
      out += [
        "/// Generated row \(k) of file \(index).",
        "struct \(name): View {",
        "  var title: String = \"Title \(k)\"",
        "  var subtitle: String?",
        "  var compact: Bool = false",
        "",
        "  var body: some View {",
        "    VStack(alignment: .leading, spacing: \(k % 3 == 0 ? "8" : "Spacing.sm")) {",
        "      Text(title).font(.headline).padding(.bottom, \(k % 2 == 0 ? "4" : "DesignTokens.spaceXs"))",
        "      if let subtitle {",
        "        Text(subtitle).foregroundStyle(.secondary)",
        "      }",
        "      if !compact { Color.gray.frame(width: 44, height: Size.artwork) }",
        "      Spacer(minLength: \(k % 4 == 0 ? "12" : "0"))",
        "    }",
        "    .padding(.horizontal, \(k % 5 == 0 ? "Spacing.insetHorizontal" : "20"))",
        "  }",
        "}",
      ]
      k += 1
    }
    while out.count < lines { out.append("// padding line \(out.count + 1)") }
    return out.joined(separator: "\n") + "\n"
  }
}
