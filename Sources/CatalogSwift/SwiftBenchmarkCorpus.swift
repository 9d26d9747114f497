import SwiftParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

extension SwiftBenchmarkCorpus {
  /// Where `check-swift`'s time goes, on one thread: CPU seconds to parse `sources` with
  /// SwiftParser alone, to build location tables (operators unfolded, as `check-swift`
  /// reads files), and to run the rules over the parsed files.
  /// - Parameters:
  ///   - sources: Swift source texts.
  ///   - checker: The checker whose rules run.
  /// - Returns: CPU seconds per phase (process CPU time, `clock()`).
  public static func phaseTimes(_ sources: [String], checker: SwiftChecker) -> (
    parse: Double, foldAndLocations: Double, rules: Double
  ) {
    func cpu() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }
    var t = cpu()
    for s in sources { _ = Parser.parse(source: s) }
    let parse = cpu() - t
    t = cpu()
    // As `check-swift` reads them: unfolded (see ``SwiftChecker/parseAll(_:folding:progress:)``).
    let files = sources.enumerated().map {
      SwiftSourceFile(text: $1, path: "F\($0).swift", folding: false)
    }
    let whole = cpu() - t
    t = cpu()
    _ = checker.check(files)
    let rules = cpu() - t
    return (parse, max(0, whole - parse), rules)
  }

  /// CPU seconds to fold the operators of `sources` once parsed (what `check-swift` saves
  /// by not folding), on one thread.
  /// - Parameter sources: Swift source texts.
  /// - Returns: CPU seconds (process CPU time, `clock()`).
  public static func foldTime(_ sources: [String]) -> Double {
    func cpu() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }
    let files = sources.enumerated().map {
      SwiftSourceFile(text: $1, path: "F\($0).swift", folding: false)
    }
    let t = cpu()
    for f in files { _ = f.folded() }
    return cpu() - t
  }
}
