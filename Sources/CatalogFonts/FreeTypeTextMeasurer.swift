import CatalogLayout
import CatalogSystem

/// Measures `Text` with real glyph advances from a font file read by FreeType.
///
/// Apple lays text out with SF Pro, which Linux does not have. Inter (Debian's `fonts-inter`)
/// is a close stand-in: a neo-grotesque of similar proportions, also drawn for screens
/// (reference §3.6: "exact glyph metrics are font-dependent"; the issue asks for "a Debian
/// font package whose metrics are close to SF Pro"). Rules, all lengths in points:
///
/// - **Fonts.** `headline` uses the semibold face (Apple's headline is semibold); every other
///   style uses the regular face. When no semibold file is given the regular one is used.
/// - **Size and line height** come from Apple's text-style table
///   (`TextStyles.metrics(for:)`, the HIG's Dynamic Type sizes at Large), with an explicit
///   size scaling the line height.
/// - **Advances** are the font's unhinted glyph advances (`FT_LOAD_NO_SCALE`) × size, summed
///   per character, with `kern`-table kerning between neighbouring glyphs when the font has
///   one (`FT_Get_Kerning`). Inter's OpenType files carry kerning only in GPOS, which needs a
///   shaper such as HarfBuzz, so with them no kerning is applied: widths can be a little
///   larger than Apple's for pairs like "AV". Ligatures are not formed either.
/// - **Wrapping, `lineLimit` and tail truncation with "…"**: ``LineBreaker``'s rules (greedy
///   at spaces; long words broken between characters; hard breaks at `"\n"`).
/// - **Size** is the widest line by `lines × lineHeight`; an empty string is 0×0 with no
///   lines (as `FixedAdvanceTextMeasurer`).
/// - **Baselines.** The font's own line (ascender − descender, from FreeType) is centred in
///   the style's line height, so the first baseline is
///   `(lineHeight − (ascender − descender) × size) / 2 + ascender × size` from the top, and
///   each further line adds `lineHeight`. For body (17 pt, 22 pt lines) with Inter that is
///   ≈ 17.17 pt; SF Pro's own metrics put it ≈ 17.05 pt.
///
/// Thread-safe: each font face guards FreeType with a lock, and advances are cached per
/// font and character in em units (see `FontFace`), so repeated measuring is cheap.
public struct FreeTypeTextMeasurer: TextMeasurer {
  /// Where the regular face is looked for, in order, by ``init()``: Debian's `fonts-inter`
  /// (OpenType, then TrueType), then the usual user and system font folders of Linux and
  /// macOS.
  public static let regularSearchPaths: [String] = searchPaths(for: "Inter-Regular")
  /// Where the semibold face (for `headline`) is looked for, in order, by ``init()``.
  public static let semiboldSearchPaths: [String] = searchPaths(for: "Inter-SemiBold")

  private static func searchPaths(for name: String) -> [String] {
    var paths = [
      "/usr/share/fonts/opentype/inter/\(name).otf",
      "/usr/share/fonts/truetype/inter/\(name).ttf",
      "/usr/local/share/fonts/\(name).otf",
      "/usr/local/share/fonts/\(name).ttf",
    ]
    // One variable read with getenv(3): `ProcessInfo.environment` copies the whole
    // environment into a dictionary each time (issue 17, point 4: start-up cost).
    if let value = getenv("HOME"), case let home = String(cString: value), !home.isEmpty {
      paths += ["\(home)/.local/share/fonts/\(name).otf", "\(home)/Library/Fonts/\(name).otf"]
    }
    paths += ["/Library/Fonts/\(name).otf", "/opt/homebrew/share/fonts/\(name).otf"]
    return paths
  }

  private let regular: FontFace
  /// The headline face, opened on the first `headline` measured (most components have
  /// none; issue 17, point 4: load fonts lazily).
  private let semibold: LazyFontFace
  /// Each text's characters, advances and ideal size, for its next measurement.
  private let memo = TextMemo()

  /// The regular font file in use.
  public var regularPath: String { regular.path }
  /// The semibold font file in use (the regular one when none was found or given, or when
  /// FreeType could not read the semibold file on first use).
  public var semiboldPath: String { semibold.face.path }

  /// Loads Inter from the first existing path of ``regularSearchPaths`` and
  /// ``semiboldSearchPaths``. A missing semibold face falls back to the regular one.
  ///
  /// - Throws: ``FontLoadingError/notFound(font:searched:)`` when no regular face exists on
  ///   any searched path, or another ``FontLoadingError`` when FreeType cannot read it.
  public init() throws(FontLoadingError) {
    let fm = FileManager.default
    guard let regularPath = Self.regularSearchPaths.first(where: { fm.fileExists(atPath: $0) })
    else {
      throw .notFound(font: "Inter-Regular", searched: Self.regularSearchPaths)
    }
    let semiboldPath = Self.semiboldSearchPaths.first(where: { fm.fileExists(atPath: $0) })
    try self.init(regularPath: regularPath, semiboldPath: semiboldPath)
  }

  /// Loads explicit font files.
  ///
  /// - Parameters:
  ///   - regularPath: The face for every style but `headline`.
  ///   - semiboldPath: The face for `headline`; nil uses the regular face. It is opened
  ///     when the first `headline` text is measured; if FreeType cannot read it then, the
  ///     regular face is used.
  /// - Throws: ``FontLoadingError`` when a file does not exist or FreeType cannot read the
  ///   regular face.
  public init(regularPath: String, semiboldPath: String? = nil) throws(FontLoadingError) {
    let regular = try Self.open(regularPath)
    if let semiboldPath, semiboldPath != regularPath {
      guard FileManager.default.fileExists(atPath: semiboldPath) else {
        throw .notFound(
          font: SystemText.lastPathComponent(semiboldPath), searched: [semiboldPath])
      }
    }
    self.regular = regular
    semibold = LazyFontFace(
      path: semiboldPath == regularPath ? nil : semiboldPath, fallback: regular)
  }

  private static func open(_ path: String) throws(FontLoadingError) -> FontFace {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .notFound(font: SystemText.lastPathComponent(path), searched: [path])
    }
    return try FontFace(path: path)
  }

  /// Measures `text` under the rules on the type.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - style: Text style, explicit size and line limit.
  ///   - proposedWidth: Points offered; nil or `.infinity` for the ideal size.
  /// - Returns: Size (points), baselines (points from the top) and the lines as set.
  public func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement {
    if text.isEmpty {
      return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lines: [])
    }
    let metrics = TextStyles.metrics(for: style)
    let face = style.style == "headline" ? semibold.face : regular
    let size = metrics.size
    let lineHeight = metrics.lineHeight
    // No width (nil or infinite) is the ideal size, as in LineBreaker.
    let ideal = proposedWidth.map { !$0.isFinite } ?? true
    var entry: TextMemo.Entry
    if let kept = memo.entry(for: text, face: face, size: size) {
      if ideal, let known = kept.ideal, known.lineLimit == style.lineLimit,
        known.lineHeight == lineHeight
      {
        return known.measurement
      }
      entry = kept
    } else {
      entry = Self.newEntry(text, face: face, size: size)
      if !ideal { memo.keep(entry) }
    }
    let lines: [TextLine]
    switch entry.units {
    case .ascii(let bytes):
      let breaker = TextLineBreaker(
        characters: bytes, advances: entry.advances, ellipsisAdvance: entry.ellipsisAdvance,
        whole: text)
      lines = breaker.lines(width: proposedWidth, lineLimit: style.lineLimit)
    case .characters(let characters):
      let breaker = LineBreaker(
        characters: characters, advances: entry.advances,
        ellipsisAdvance: entry.ellipsisAdvance, whole: text)
      lines = breaker.lines(width: proposedWidth, lineLimit: style.lineLimit)
    }
    var widest = 0.0
    for line in lines { widest = max(widest, line.width) }
    let extent = Self.extent(
      lineCount: lines.count, widest: widest, face: face, size: size, lineHeight: lineHeight)
    let measurement = TextMeasurement(
      size: extent.size, firstBaseline: extent.firstBaseline,
      lastBaseline: extent.lastBaseline, lines: lines.map(\.text))
    if ideal {
      entry.ideal = (style.lineLimit, lineHeight, measurement)
      memo.keep(entry)
    }
    return measurement
  }

  /// ``measure(_:style:proposedWidth:)``'s size, baselines and line count without its
  /// lines: the same rules, each line's width summed from the kept advances without
  /// building its string, so measuring a text already kept allocates nothing (the layout
  /// passes ask only this). The ideal size (no width) is kept with its lines, once per text:
  /// it is read or made by `measure`.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - style: Text style, explicit size and line limit.
  ///   - proposedWidth: Points offered; nil or `.infinity` for the ideal size.
  /// - Returns: Size (points), baselines (points from the top) and the number of lines.
  public func measureExtent(_ text: String, style: TextStyle, proposedWidth: Double?)
    -> TextExtent
  {
    let ideal = proposedWidth.map { !$0.isFinite } ?? true
    if text.isEmpty || ideal {
      return measure(text, style: style, proposedWidth: proposedWidth).extent
    }
    let metrics = TextStyles.metrics(for: style)
    let face = style.style == "headline" ? semibold.face : regular
    let size = metrics.size
    let entry: TextMemo.Entry
    if let kept = memo.entry(for: text, face: face, size: size) {
      entry = kept
    } else {
      entry = Self.newEntry(text, face: face, size: size)
      memo.keep(entry)
    }
    let lines: (lineCount: Int, widest: Double)
    switch entry.units {
    case .ascii(let bytes):
      lines = TextLineBreaker(
        characters: bytes, advances: entry.advances, ellipsisAdvance: entry.ellipsisAdvance
      ).extent(width: proposedWidth, lineLimit: style.lineLimit)
    case .characters(let characters):
      lines = LineBreaker(
        characters: characters, advances: entry.advances, ellipsisAdvance: entry.ellipsisAdvance
      ).extent(width: proposedWidth, lineLimit: style.lineLimit)
    }
    return Self.extent(
      lineCount: lines.lineCount, widest: lines.widest, face: face, size: size,
      lineHeight: metrics.lineHeight)
  }

  /// A text's characters (or ASCII bytes) and their advances at `size` points in `face`, for
  /// the memo.
  private static func newEntry(_ text: String, face: FontFace, size: Double) -> TextMemo.Entry {
    let extra = face.ellipsisAndSpaceAdvances()
    let units: TextMemo.Units
    var advances: [Double]
    if let bytes = Self.asciiBytes(text) {
      // One byte, one character: no split into `Character`s (issue 17, point 4).
      advances = face.advances(ofASCII: bytes)
      for k in bytes.indices {
        // A hard break measures as a space (it only matters inside a truncated tail).
        advances[k] = bytes[k] == 0x0A ? extra[1] * size : advances[k] * size
      }
      units = .ascii(bytes)
    } else {
      let characters = Array(text)
      let em = face.advances(of: characters)
      advances = [Double](repeating: 0, count: characters.count)
      for k in characters.indices {
        // Hard breaks measure as spaces (they only matter inside a truncated tail).
        advances[k] = characters[k].isHardBreak ? extra[1] * size : em[k] * size
      }
      units = .characters(characters)
    }
    return TextMemo.Entry(
      text: text, face: ObjectIdentifier(face), size: size, units: units,
      advances: advances, ellipsisAdvance: extra[0] * size)
  }

  /// The size and baselines of `lineCount` lines, the widest `widest` points wide, set in
  /// `face` at `size` points with lines `lineHeight` points apart (the rules on the type: the
  /// font's line centred in the line height).
  private static func extent(
    lineCount: Int, widest: Double, face: FontFace, size: Double, lineHeight: Double
  ) -> TextExtent {
    let fontLine = (face.ascender - face.descender) * size
    let ascent = (lineHeight - fontLine) / 2 + face.ascender * size
    let count = Double(lineCount)
    return TextExtent(
      size: Size(width: widest, height: count * lineHeight), firstBaseline: ascent,
      lastBaseline: (count - 1) * lineHeight + ascent, lineCount: lineCount)
  }

  /// The UTF-8 bytes of `text` when each of them is one character (every byte below 0x80
  /// and none a `"\r"`, which forms one character with a following `"\n"`); else nil.
  static func asciiBytes(_ text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
    return bytes
  }
}
