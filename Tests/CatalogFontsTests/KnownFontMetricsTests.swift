import CatalogLayout
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogFonts

/// The recorded font metrics (`KnownFontMetrics+Generated.swift`) are FreeType's, to the
/// last bit, for the files they were read from, and stand in for FreeType only for those.
@Suite("KnownFontMetrics")
struct KnownFontMetricsTests {
  /// The Inter faces the measurer finds by default.
  static func installedFaces() -> [String] {
    let fm = FileManager.default
    return [FreeTypeTextMeasurer.regularSearchPaths, FreeTypeTextMeasurer.semiboldSearchPaths]
      .compactMap { $0.first(where: { fm.fileExists(atPath: $0) }) }
  }

  @Test(
    "each installed Inter face read with FreeType is the recorded table (RECORD_GOLDENS=1 records it)",
    .requires(.interFont))
  func recordedTablesAreFreeTypes() throws {
    let read = Self.installedFaces().compactMap { KnownFontMetrics.read($0) }
    #expect(read.count == 2, "FreeType read \(read.map(\.name))")
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
      let file = ExternalRequirement.packageRoot.appendingPathComponent(
        "Sources/CatalogFonts/KnownFontMetrics+Generated.swift")
      try KnownFontMetrics.swiftSource(read).write(to: file, atomically: true, encoding: .utf8)
      Issue.record("recorded \(file.path); run `swift format -i` on it, then the tests again")
      return
    }
    for table in read {
      let recorded = KnownFontMetrics.generated.first {
        $0.fileSize == table.fileSize && $0.head == table.head
      }
      // Another version of the font: the table is not used (and not wrong); re-record it
      // to make that version fast too.
      try #require(
        recorded != nil,
        "\(table.name) (\(table.fileSize) bytes) is not recorded; RECORD_GOLDENS=1 records it")
      #expect(recorded == table)
    }
  }

  @Test(
    "a face made from the recorded table measures what FreeType measures", .requires(.interFont))
  func tableMatchesFreeType() throws {
    for path in Self.installedFaces() {
      let tabled = try FontFace(path: path)
      let freeType = try FontFace(path: path, useKnownMetrics: false)
      #expect(tabled.ascender == freeType.ascender && tabled.descender == freeType.descender)
      #expect(tabled.hasKerning == freeType.hasKerning)
      let characters: [Character] =
        (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + [
          "…", "\r\n", "é", "e\u{301}", "ß",
        ]
      #expect(tabled.advances(of: characters) == freeType.advances(of: characters), "\(path)")
      #expect(tabled.ellipsisAndSpaceAdvances() == freeType.ellipsisAndSpaceAdvances())
    }
  }

  @Test("ASCII text measured with a recorded face opens no FreeType face", .requires(.interFont))
  func asciiOpensNoFace() throws {
    let paths = Self.installedFaces()
    try #require(paths.count == 2)
    let log = FontLoadLog()
    let measurement = try FontLoadLog.$current.withValue(log) {
      let measurer = try FreeTypeTextMeasurer(regularPath: paths[0], semiboldPath: paths[1])
      _ = measurer.measure("Title 1", style: TextStyle(style: "headline"), proposedWidth: nil)
      return measurer.measure("A line that wraps", style: TextStyle(), proposedWidth: 40)
    }
    #expect(log.paths.isEmpty, "opened \(log.paths)")
    #expect(measurement.lines.count > 1)
    // A character outside the table opens the face then, and measures as FreeType says.
    let other = try FontLoadLog.$current.withValue(log) { () throws -> [Double] in
      let face = try FontFace(path: paths[0])
      return face.advances(of: ["ß"])
    }
    #expect(log.paths == [paths[0]])
    #expect(other == (try FontFace(path: paths[0], useKnownMetrics: false)).advances(of: ["ß"]))
  }

  @Test("a file that is not a recorded font is not matched")
  func unknownFileIsNotMatched() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "known-font-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("plain.otf")
    try Data("not a font at all, but long enough to have a header".utf8).write(to: text)
    #expect(KnownFontMetrics.fingerprint(text.path) == nil)
    #expect(KnownFontMetrics.matching(text.path) == nil)
    #expect(KnownFontMetrics.matching(folder.appendingPathComponent("missing.otf").path) == nil)
    // A directory that claims 4,000 tables is refused, not read past its end.
    var header: [UInt8] = [0x4F, 0x54, 0x54, 0x4F, 0x0F, 0xA0] + [UInt8](repeating: 0, count: 60)
    header[11] = 0
    let claimed = folder.appendingPathComponent("claims.otf")
    try Data(header).write(to: claimed)
    #expect(KnownFontMetrics.fingerprint(claimed.path) == nil)
  }
}
