/// Why a font could not be loaded for ``FreeTypeTextMeasurer``.
///
/// Thrown by the measurer's initializers; never a crash. `description` is one sentence meant
/// for people (the CLI prints it in its warning before falling back to fixed metrics).
public enum FontLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// None of the searched paths holds the font. Carries the font's file name and every path
  /// that was tried, in order.
  case notFound(font: String, searched: [String])
  /// FreeType could not start (`FT_Init_FreeType` failed with the given FreeType error code).
  case freeTypeUnavailable(code: Int32)
  /// The file exists but FreeType cannot open it as a font (`FT_New_Face` error code).
  case unreadable(path: String, code: Int32)
  /// The font opened but has no usable metrics (units per em of 0, e.g. a bitmap-only font).
  case unscalable(path: String)

  /// A one-sentence explanation naming the file or the paths searched.
  public var description: String {
    switch self {
    case .notFound(let font, let searched):
      return
        "font \(font) not found (searched: \(searched.joined(separator: ", "))); on Debian install fonts-inter"
    case .freeTypeUnavailable(let code):
      return "FreeType could not be initialised (FreeType error \(code))"
    case .unreadable(let path, let code):
      return "FreeType cannot read the font file \(path) (FreeType error \(code))"
    case .unscalable(let path):
      return "the font \(path) has no scalable outlines (units per em is 0)"
    }
  }
}
