import CFreeType
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One font file opened with FreeType, with its metrics in em units and a cache of glyph
/// advances (FreeType through `CFreeType`, whose functions hide FreeType's types). For a file
/// whose metrics were recorded (``KnownFontMetrics``: Debian's Inter faces) the metrics and the
/// ASCII and ellipsis advances come from the record, and FreeType opens the file only when
/// another character is measured.
///
/// FreeType objects are not thread-safe: an `FT_Face` (and the `FT_Library` it was created
/// from) must not be used by two threads at once (FreeType "Library" docs). Each `FontFace`
/// therefore owns its own `FT_Library` and guards both with a lock; every cached value is read
/// and written under that lock, so the type is `Sendable`.
///
/// Units: everything this type returns is in **em units** (font units ÷ units per em), so a
/// length in points is `value × fontSize`. Advances are read unscaled and unhinted
/// (`FT_LOAD_NO_SCALE`), which is how Apple's text layout uses fractional advances; an
/// unhinted advance is linear in the size, so one em-unit cache entry per character serves
/// every size (equivalent to caching per font, size and character).
final class FontFace: @unchecked Sendable {
  /// The file the face was loaded from.
  let path: String
  /// Typographic ascender (hhea, as FreeType reports it), in em units, positive upwards.
  let ascender: Double
  /// Typographic descender, in em units, negative (below the baseline).
  let descender: Double
  /// Whether the font has a TrueType `kern` table that `FT_Get_Kerning` can read. Inter's
  /// OpenType files keep their kerning in GPOS only, which needs a shaper (HarfBuzz); then
  /// this is false and no kerning is applied.
  let hasKerning: Bool

  private let lock = Lock()
  /// The FreeType library and face (`CFreeType`'s handle); see ``freeTypeFace()``.
  private var face: OpaquePointer?
  /// Whether FreeType was asked to open the file (at once, or on first need).
  private var faceRequested = false
  /// The recorded metrics of this file, when they stand in for FreeType.
  private let known: KnownFontMetrics?
  private let unitsPerEM: Double
  /// Advance per ASCII character (index: its byte), in em units; NaN until read. Most text
  /// is ASCII, and an array needs no hashing (issue 17, point 4: start-up cost).
  private var asciiAdvances = [Double](repeating: .nan, count: 128)
  /// Advance per other character (keyed by the character as a string, which compares and
  /// hashes like the character), in em units.
  private var advances: [String: Double] = [:]
  /// Glyph index per ASCII scalar (index: its value); `UInt32.max` until read.
  private var asciiGlyphs = [UInt32](repeating: .max, count: 128)
  /// Glyph index per other Unicode scalar.
  private var glyphs: [Int: UInt32] = [:]
  /// Kerning per glyph pair (left << 32 | right), in em units.
  private var kerning: [Int: Double] = [:]
  /// ``advances(of:)`` of `["…", " "]`, read once.
  private var ellipsisAndSpace: [Double]?

  /// Opens `path` with FreeType, or, when it is a file whose metrics were recorded
  /// (``KnownFontMetrics``) and `useKnownMetrics` is true, takes its metrics and its ASCII
  /// and ellipsis advances from the record and opens FreeType only when another character
  /// is measured (issue 17, point 4: fonts load lazily).
  ///
  /// - Parameters:
  ///   - path: A font file FreeType can read (OpenType/CFF, TrueType).
  ///   - useKnownMetrics: Whether a recorded table may stand in for FreeType (tests pass
  ///     false to compare the two).
  /// - Throws: ``FontLoadingError`` when FreeType cannot start, the file cannot be opened as a font, or it has no scalable metrics.
  init(path: String, useKnownMetrics: Bool = true) throws(FontLoadingError) {
    self.path = path
    if useKnownMetrics, let known = KnownFontMetrics.matching(path) {
      self.known = known
      unitsPerEM = Double(known.unitsPerEM)
      ascender = Double(known.ascender) / unitsPerEM
      descender = Double(known.descender) / unitsPerEM
      hasKerning = false
      return
    }
    known = nil
    faceRequested = true
    FontLoadLog.current?.record(path)
    var opened: OpaquePointer?
    var metrics = catalog_ft_metrics()
    let status = catalog_ft_open(path, &opened, &metrics)
    if status >= 1000 { throw .freeTypeUnavailable(code: status - 1000) }
    guard status == 0, let opened else { throw .unreadable(path: path, code: status) }
    let units = Double(metrics.units_per_em)
    guard units > 0 else {
      catalog_ft_close(opened)
      throw .unscalable(path: path)
    }
    face = opened
    unitsPerEM = units
    ascender = Double(metrics.ascender) / units
    descender = Double(metrics.descender) / units
    hasKerning = metrics.has_kerning != 0
  }

  /// The FreeType face, opened on the first call when the face was made from a recorded
  /// table; nil when FreeType cannot open the file then (its glyphs then measure 0, as they
  /// do when FreeType has no advance for a glyph). Call with the lock held.
  private func freeTypeFace() -> OpaquePointer? {
    if faceRequested { return face }
    faceRequested = true
    FontLoadLog.current?.record(path)
    var opened: OpaquePointer?
    var metrics = catalog_ft_metrics()
    if catalog_ft_open(path, &opened, &metrics) == 0 { face = opened }
    return face
  }

  deinit {
    catalog_ft_close(face)
  }

  /// The advances of `characters`, in em units, each including the kerning between it and
  /// the character before it (when the font has a `kern` table). One lock per call.
  ///
  /// - Parameter characters: The characters of a string, in order.
  /// - Returns: One advance per character, in em units.
  func advances(of characters: [Character]) -> [Double] {
    lock.lock()
    defer { lock.unlock() }
    return lockedAdvances(of: characters)
  }

  /// ``advances(of:)`` of ASCII text given as its bytes (each byte below 0x80 is one
  /// character, as long as the text has no `"\r"`, which pairs with `"\n"`): the same
  /// advances without splitting a string into `Character`s (issue 17, point 4). One lock
  /// per call.
  ///
  /// - Parameter bytes: The UTF-8 bytes of an ASCII string, each below 0x80.
  /// - Returns: One advance per byte, in em units.
  func advances(ofASCII bytes: [UInt8]) -> [Double] {
    lock.lock()
    defer { lock.unlock() }
    var result = [Double](repeating: 0, count: bytes.count)
    var previousGlyph: UInt32 = 0
    for k in bytes.indices {
      let byte = bytes[k]
      var advance = asciiAdvance(byte)
      if hasKerning {
        let g = glyph(UInt32(byte))
        if previousGlyph != 0, g != 0 { advance += kern(previousGlyph, g) }
        previousGlyph = g
      }
      result[k] = advance
    }
    return result
  }

  /// The advance of an ASCII character (`byte` below 0x80), cached. Call with the lock held.
  private func asciiAdvance(_ byte: UInt8) -> Double {
    let index = Int(byte)
    var advance = asciiAdvances[index]
    if advance.isNaN {
      advance = 0
      advance += scalarAdvance(UInt32(byte))
      asciiAdvances[index] = advance
    }
    return advance
  }

  /// ``advances(of:)`` of `["…", " "]` (the ellipsis of a truncated line, and a space,
  /// which hard breaks measure as), read once. One lock per call.
  ///
  /// - Returns: Two advances, in em units.
  func ellipsisAndSpaceAdvances() -> [Double] {
    lock.lock()
    defer { lock.unlock() }
    if let ellipsisAndSpace { return ellipsisAndSpace }
    let result = lockedAdvances(of: ["…", " "])
    ellipsisAndSpace = result
    return result
  }

  /// ``advances(of:)`` with the lock held.
  private func lockedAdvances(of characters: [Character]) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(characters.count)
    var previousGlyph: UInt32 = 0
    for c in characters {
      var advance: Double
      // One UTF-8 byte: an ASCII character of one scalar ("\r\n" has two bytes).
      if c.utf8.count == 1, let byte = c.utf8.first {
        advance = asciiAdvance(byte)
      } else {
        let key = String(c)
        if let cached = advances[key] {
          advance = cached
        } else {
          advance = 0
          for scalar in c.unicodeScalars { advance += scalarAdvance(scalar.value) }
          advances[key] = advance
        }
      }
      if hasKerning, let first = c.unicodeScalars.first {
        let g = glyph(first.value)
        if previousGlyph != 0, g != 0 { advance += kern(previousGlyph, g) }
        previousGlyph = g
      }
      result.append(advance)
    }
    return result
  }

  /// The unscaled horizontal advance of a scalar's glyph, in em units: from the recorded
  /// table when it has the scalar, else from FreeType. Call with the lock held.
  private func scalarAdvance(_ scalar: UInt32) -> Double {
    if let units = known?.advance(ofScalar: scalar) { return Double(units) / unitsPerEM }
    return glyphAdvance(glyph(scalar))
  }

  /// The glyph index of a Unicode scalar (0 = `.notdef`), cached. Call with the lock held.
  private func glyph(_ scalar: UInt32) -> UInt32 {
    if scalar < 128 {
      let cached = asciiGlyphs[Int(scalar)]
      if cached != .max { return cached }
    } else if let g = glyphs[Int(scalar)] {
      return g
    }
    guard let face = freeTypeFace() else { return 0 }
    let g = UInt32(catalog_ft_glyph_index(face, UInt(scalar)))
    if scalar < 128 { asciiGlyphs[Int(scalar)] = g } else { glyphs[Int(scalar)] = g }
    return g
  }

  /// The unscaled horizontal advance of a glyph, in em units. Call with the lock held.
  private func glyphAdvance(_ glyph: UInt32) -> Double {
    guard let face = freeTypeFace() else { return 0 }
    return Double(catalog_ft_advance(face, glyph)) / unitsPerEM
  }

  /// The `kern`-table kerning between two glyphs, in em units, cached. Call with the lock held.
  private func kern(_ left: UInt32, _ right: UInt32) -> Double {
    let key = Int(left) << 32 | Int(right)
    if let k = kerning[key] { return k }
    var value = 0.0
    if let face = freeTypeFace() {
      value = Double(catalog_ft_kerning(face, left, right)) / unitsPerEM
    }
    kerning[key] = value
    return value
  }
}
