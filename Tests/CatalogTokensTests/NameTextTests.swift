import CatalogModel
import CatalogTokens
import Testing

/// Issue 12, point 8: names are one Unicode form, hold no control, invisible or
/// bidirectional characters, and JSON5 and YAML files refuse NUL and invalid UTF-8 at
/// their position, as JSON does.
struct NameTextTests {
  let nfc = "caf\u{E9}"
  let nfd = "cafe\u{301}"

  @Test func nfcAndNfdNamesBecomeOne() throws {
    #expect(Array(nfc.utf8) != Array(nfd.utf8))
    let text =
      "{\"\(nfd)\": {\"$type\": \"dimension\", \"$value\": {\"value\": 4, \"unit\": \"px\"}}, \"alias\": {\"$value\": \"{\(nfd)}\"}}"
    for file in ["t.tokens.json", "t.json5", "t.yaml"] {
      let source = try TokenSource.read(bytes: Array(text.utf8), file: file)
      let result = try TokenFileParser.parse(source: source, options: .init())
      let paths = result.tokens.map(\.path)
      #expect(paths.contains { Array($0.utf8) == Array(nfc.utf8) }, "\(file): \(paths)")
      #expect(
        result.tokens.first { $0.path == "alias" }?.aliasTarget.map { Array($0.utf8) }
          == Array(nfc.utf8))
    }
  }

  @Test func oneFileWithBothSpellingsIsADuplicate() {
    let text =
      "{\"\(nfc)\": {\"$type\": \"number\", \"$value\": 1}, \"\(nfd)\": {\"$type\": \"number\", \"$value\": 2}}"
    #expect(throws: (any Error).self) {
      _ = try TokenSource.read(bytes: Array(text.utf8), file: "t.tokens.json")
    }
  }

  @Test(arguments: ["a\u{1B}[2J", "a\u{200B}b", "a\u{202E}b", "a\u{7}", "a\u{2066}b", "a\u{FEFF}"])
  func controlInvisibleAndBidiCharactersAreRefusedInNames(_ name: String) throws {
    #expect(NameText.problem(in: name) != nil)
    #expect(!TokenPath.isValid(name))
    var escaped = ""
    for scalar in name.unicodeScalars {
      escaped +=
        scalar.value < 0x80 && scalar.value >= 0x20
        ? String(scalar) : String(format: "\\u%04X", scalar.value)
    }
    let text = "{\"\(escaped)\": {\"$type\": \"number\", \"$value\": 1}}"
    let source = try TokenSource.read(bytes: Array(text.utf8), file: "t.tokens.json")
    #expect(throws: TokenFileError.self) {
      _ = try TokenFileParser.parse(source: source, options: .init())
    }
  }

  @Test func ordinaryNamesAreAccepted() {
    for name in ["space.md", nfc, "間隔", "emoji🙂", "a-b_c"] {
      #expect(NameText.problem(in: name) == nil, "\(name)")
    }
  }

  @Test func terminalOutputShowsControlCharacters() {
    #expect(NameText.forTerminal("{a\u{1B}[2Jb}\n\tc") == "{a\\u{1B}[2Jb}\n\tc")
    #expect(NameText.forTerminal("x\u{202E}y\u{9B}") == "x\\u{202E}y\\u{9B}")
    #expect(NameText.forTerminal("plain café") == "plain café")
  }

  @Test(arguments: [
    ("t.json5", "{a: 1,\n  b: 'x\u{0}y'}", "2:8"),
    ("t.yaml", "a: 1\nb: x\u{0}y\n", "2:5"),
  ])
  func nulIsRefusedWithItsPosition(_ file: String, _ text: String, _ position: String) {
    #expect {
      _ = try TokenSource.read(bytes: Array(text.utf8), file: file)
    } throws: { error in
      "\(error)".contains("\(file):\(position)") && "\(error)".contains("NUL")
    }
  }

  @Test(arguments: ["t.json5", "t.yaml"])
  func invalidUTF8IsRefusedWithItsPosition(_ file: String) {
    let bytes: [UInt8] = Array("a: 1\nb: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    let json5: [UInt8] = Array("{a: 1,\nb: '".utf8) + [0xC3, 0x28] + Array("'}".utf8)
    #expect {
      _ = try TokenSource.read(bytes: file.hasSuffix("yaml") ? bytes : json5, file: file)
    } throws: { error in
      "\(error)".contains(file.hasSuffix("yaml") ? "\(file):2:4" : "\(file):2:5")
        && "\(error)".contains("not UTF-8")
    }
  }
}
