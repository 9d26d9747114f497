/// A generated TrueType font whose every glyph advances exactly half an em and draws
/// nothing: the browser-side twin of `FixedAdvanceTextMeasurer` (advance ratio 0.5).
///
/// The `html` output lays its `Text` views out in this font, so a browser measures each line
/// as `characters × 0.5 × font size` points, the same rule our layout uses, and a real
/// browser's boxes can be compared with our frames without font differences. The glyphs
/// are empty (the readable text on the page is an overlay that takes no space).
///
/// The font is built per page from the characters the page uses (one glyph per Unicode
/// scalar in the Basic Multilingual Plane, cmap format 4), with 1000 units per em, ascent
/// 800 and descent 200, no kerning and no ligatures (no `kern`, `GSUB` or `GPOS` tables).
/// Table layouts follow the OpenType specification 1.9 (`head`, `hhea`, `maxp` 1.0, `OS/2`
/// version 4, `hmtx`, `cmap` format 4, `loca` short, `glyf`, `name`, `post` 3.0).
public enum FixedAdvanceFont {
  /// The CSS `font-family` name the font is declared under.
  public static let familyName = "CatalogFixedAdvance"
  /// Font units per em.
  static let unitsPerEm = 1000
  /// Every glyph's advance in font units: half an em.
  static let advance = 500

  /// The font file for the given characters.
  ///
  /// - Parameter scalars: The Unicode scalars the text uses; scalars outside the Basic
  ///   Multilingual Plane (above U+FFFF) and control characters are left out (a browser then
  ///   falls back to another font for them, so pages using them are not compared).
  /// - Returns: The bytes of a TrueType (`.ttf`) file.
  public static func font(for scalars: Set<Unicode.Scalar>) -> [UInt8] {
    let codes = scalars.map { Int($0.value) }.filter { $0 >= 0x20 && $0 < 0xFFFF }.sorted()
    let glyphCount = codes.count + 1  // glyph 0 is .notdef
    var tables: [(String, [UInt8])] = []
    tables.append(("OS/2", os2(first: codes.first ?? 0x20, last: codes.last ?? 0x20)))
    tables.append(("cmap", cmap(codes)))
    let (glyf, loca) = glyphs(count: glyphCount)
    tables.append(("glyf", glyf))
    tables.append(("head", head()))
    tables.append(("hhea", hhea(glyphCount: glyphCount)))
    var hmtx = Bytes()
    for _ in 0..<glyphCount {
      hmtx.u16(advance)
      hmtx.u16(0)
    }
    tables.append(("hmtx", hmtx.data))
    tables.append(("loca", loca))
    tables.append(("maxp", maxp(glyphCount: glyphCount)))
    tables.append(("name", name()))
    tables.append(("post", post()))
    return assemble(tables)
  }

  /// The font as a `data:` URL for a CSS `@font-face` rule.
  /// - Parameter scalars: As for ``font(for:)``.
  /// - Returns: `data:font/ttf;base64,…`.
  public static func dataURL(for scalars: Set<Unicode.Scalar>) -> String {
    "data:font/ttf;base64," + base64(font(for: scalars))
  }

  // MARK: - Tables

  private static func head() -> [UInt8] {
    var b = Bytes()
    b.u32(0x0001_0000)  // version
    b.u32(0x0001_0000)  // fontRevision
    b.u32(0)  // checkSumAdjustment, patched in `assemble`
    b.u32(0x5F0F_3CF5)  // magicNumber
    b.u16(0x000B)  // flags: baseline at y=0, lsb at x=0, integer scaling
    b.u16(unitsPerEm)
    b.u32(0)
    b.u32(0)  // created
    b.u32(0)
    b.u32(0)  // modified
    b.u16(0)
    b.u16(0)
    b.u16(advance)
    b.u16(800)  // xMin yMin xMax yMax
    b.u16(0)  // macStyle
    b.u16(8)  // lowestRecPPEM
    b.u16(2)  // fontDirectionHint
    b.u16(0)  // indexToLocFormat: short
    b.u16(0)  // glyphDataFormat
    return b.data
  }

  private static func hhea(glyphCount: Int) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0001_0000)
    b.u16(800)  // ascender
    b.i16(-200)  // descender
    b.u16(0)  // lineGap
    b.u16(advance)  // advanceWidthMax
    b.u16(0)
    b.u16(0)  // minLeftSideBearing, minRightSideBearing
    b.u16(advance)  // xMaxExtent
    b.u16(1)
    b.u16(0)
    b.u16(0)  // caretSlopeRise, caretSlopeRun, caretOffset
    for _ in 0..<4 { b.u16(0) }  // reserved
    b.u16(0)  // metricDataFormat
    b.u16(glyphCount)  // numberOfHMetrics
    return b.data
  }

  private static func maxp(glyphCount: Int) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0001_0000)
    b.u16(glyphCount)
    b.u16(4)
    b.u16(1)  // maxPoints, maxContours (the .notdef box)
    b.u16(0)
    b.u16(0)  // composite points and contours
    b.u16(2)  // maxZones
    for _ in 0..<8 { b.u16(0) }  // twilight points … component depth
    return b.data
  }

  private static func os2(first: Int, last: Int) -> [UInt8] {
    var b = Bytes()
    b.u16(4)  // version
    b.u16(advance)  // xAvgCharWidth
    b.u16(400)
    b.u16(5)
    b.u16(0)  // weight, width, fsType (installable)
    // Subscript/superscript and strikeout metrics.
    for v in [650, 600, 0, 75, 650, 600, 0, 350, 50, 250] { b.u16(v) }
    b.u16(0)  // sFamilyClass
    for _ in 0..<10 { b.u8(0) }  // panose
    b.u32(1)
    b.u32(0)
    b.u32(0)
    b.u32(0)  // ulUnicodeRange1…4 (Basic Latin)
    for c in "NONE".utf8 { b.u8(Int(c)) }  // achVendID
    b.u16(0x00C0)  // fsSelection: REGULAR | USE_TYPO_METRICS
    b.u16(min(first, 0xFFFF))
    b.u16(min(last, 0xFFFF))
    b.u16(800)
    b.i16(-200)
    b.u16(0)  // sTypoAscender, sTypoDescender, sTypoLineGap
    b.u16(800)
    b.u16(200)  // usWinAscent, usWinDescent
    b.u32(1)
    b.u32(0)  // ulCodePageRange1…2 (Latin 1)
    b.u16(500)
    b.u16(700)  // sxHeight, sCapHeight
    b.u16(0)
    b.u16(0x20)
    b.u16(1)  // usDefaultChar, usBreakChar, usMaxContext
    return b.data
  }

  /// A format 4 subtable for (3, 1) mapping code `codes[i]` to glyph `i + 1`.
  private static func cmap(_ codes: [Int]) -> [UInt8] {
    let segments =
      codes.enumerated().map { (start: $1, end: $1, delta: ($0 + 1 - $1) & 0xFFFF) } + [
        (start: 0xFFFF, end: 0xFFFF, delta: 1)
      ]
    let segCount = segments.count
    var searchRange = 2
    var entrySelector = 0
    while searchRange * 2 <= segCount * 2 {
      searchRange *= 2
      entrySelector += 1
    }
    var sub = Bytes()
    sub.u16(4)
    sub.u16(16 + 8 * segCount)  // length
    sub.u16(0)  // language
    sub.u16(segCount * 2)
    sub.u16(searchRange)
    sub.u16(entrySelector)
    sub.u16(segCount * 2 - searchRange)
    for s in segments { sub.u16(s.end) }
    sub.u16(0)  // reservedPad
    for s in segments { sub.u16(s.start) }
    for s in segments { sub.u16(s.delta) }
    for _ in segments { sub.u16(0) }  // idRangeOffset
    var b = Bytes()
    b.u16(0)
    b.u16(1)  // version, numTables
    b.u16(3)
    b.u16(1)
    b.u32(12)  // Windows, Unicode BMP, offset
    return b.data + sub.data
  }

  /// `.notdef` is an outlined box (so the `glyf` table is not empty); every other glyph is
  /// empty (zero-length entries are allowed for glyphs without contours).
  private static func glyphs(count: Int) -> (glyf: [UInt8], loca: [UInt8]) {
    var g = Bytes()
    g.i16(1)  // numberOfContours
    g.u16(50)
    g.u16(0)
    g.u16(450)
    g.u16(700)  // bbox
    g.u16(3)  // endPtsOfContours
    g.u16(0)  // instructionLength
    for _ in 0..<4 { g.u8(0x01) }  // on-curve, 16-bit coordinates
    for dx in [50, 400, 0, -400] { g.i16(dx) }
    for dy in [0, 0, 700, 0] { g.i16(dy) }
    // Glyph data must keep 2-byte alignment for short offsets.
    if g.data.count % 2 == 1 { g.u8(0) }
    let end = g.data.count
    var l = Bytes()
    l.u16(0)
    for _ in 0..<count { l.u16(end / 2) }
    return (g.data, l.data)
  }

  private static func name() -> [UInt8] {
    let records: [(Int, String)] = [
      (1, familyName), (2, "Regular"), (3, "\(familyName)-Regular-1.0"),
      (4, "\(familyName) Regular"),
      (5, "Version 1.0"), (6, "\(familyName)-Regular"),
    ]
    var strings = Bytes()
    var b = Bytes()
    b.u16(0)
    b.u16(records.count)
    b.u16(6 + 12 * records.count)
    for (id, text) in records {
      let offset = strings.data.count
      for unit in text.utf16 { strings.u16(Int(unit)) }
      b.u16(3)
      b.u16(1)
      b.u16(0x409)
      b.u16(id)
      b.u16(strings.data.count - offset)
      b.u16(offset)
    }
    return b.data + strings.data
  }

  private static func post() -> [UInt8] {
    var b = Bytes()
    b.u32(0x0003_0000)
    b.u32(0)  // italicAngle
    b.i16(-100)
    b.u16(50)  // underline position, thickness
    b.u32(1)  // isFixedPitch
    for _ in 0..<4 { b.u32(0) }
    return b.data
  }

  // MARK: - File

  private static func checksum(_ data: [UInt8]) -> UInt32 {
    var sum: UInt32 = 0
    var i = 0
    while i < data.count {
      var word: UInt32 = 0
      for k in 0..<4 { word = word << 8 | UInt32(i + k < data.count ? data[i + k] : 0) }
      sum = sum &+ word
      i += 4
    }
    return sum
  }

  /// The table directory and the tables, each padded to 4 bytes; tags sorted.
  private static func assemble(_ tables: [(String, [UInt8])]) -> [UInt8] {
    let sorted = tables.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    var searchRange = 1
    var entrySelector = 0
    while searchRange * 2 <= sorted.count {
      searchRange *= 2
      entrySelector += 1
    }
    var header = Bytes()
    header.u32(0x0001_0000)
    header.u16(sorted.count)
    header.u16(searchRange * 16)
    header.u16(entrySelector)
    header.u16(sorted.count * 16 - searchRange * 16)
    var offset = 12 + 16 * sorted.count
    var body: [UInt8] = []
    var headOffset = 0
    for (tag, data) in sorted {
      for c in tag.utf8 { header.u8(Int(c)) }
      header.u32(Int(checksum(data)))
      header.u32(offset)
      header.u32(data.count)
      if tag == "head" { headOffset = offset }
      var padded = data
      while padded.count % 4 != 0 { padded.append(0) }
      body += padded
      offset += padded.count
    }
    var file = header.data + body
    let adjustment = 0xB1B0_AFBA &- checksum(file)
    for k in 0..<4 {
      file[headOffset + 8 + k] = UInt8(truncatingIfNeeded: adjustment >> (24 - 8 * UInt32(k)))
    }
    return file
  }

  /// Standard base64 (RFC 4648 §4) with padding.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = Int(bytes[i])
      let b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0
      let b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
      out.append(alphabet[b0 >> 2])
      out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
      out.append(i + 1 < bytes.count ? alphabet[(b1 & 15) << 2 | b2 >> 6] : "=")
      out.append(i + 2 < bytes.count ? alphabet[b2 & 63] : "=")
      i += 3
    }
    return out
  }
}

/// Big-endian byte writer for font tables.
struct Bytes {
  /// The bytes written so far.
  var data: [UInt8] = []
  /// Appends one byte (the low 8 bits).
  mutating func u8(_ v: Int) { data.append(UInt8(truncatingIfNeeded: v)) }
  /// Appends a 16-bit big-endian value (the low 16 bits; negative values wrap).
  mutating func u16(_ v: Int) {
    data.append(UInt8(truncatingIfNeeded: v >> 8))
    data.append(UInt8(truncatingIfNeeded: v))
  }
  /// Appends a signed 16-bit big-endian value.
  mutating func i16(_ v: Int) { u16(v & 0xFFFF) }
  /// Appends a 32-bit big-endian value.
  mutating func u32(_ v: Int) {
    u16(v >> 16)
    u16(v & 0xFFFF)
  }
}
