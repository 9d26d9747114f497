import CatalogStore
import Foundation
import Testing

/// Issue 12, point 8 through the command line: `café` in NFC and NFD is one token, an
/// import → export → import keeps it, and a set name with a bidi control is refused.
struct NameCommandTests {
  let nfc = "caf\u{E9}"
  let nfd = "cafe\u{301}"

  func tokenFile(_ name: String, _ px: Int) -> String {
    "{\"\(name)\": {\"$type\": \"dimension\", \"$value\": {\"value\": \(px), \"unit\": \"px\"}}}"
  }

  @Test func nfcAndNfdAreOneToken() throws {
    let s = try Sandbox()
    let a = try s.write("a.tokens.json", tokenFile(nfc, 4))
    let b = try s.write("b.tokens.json", tokenFile(nfd, 8))
    #expect(s.run(["add", "--set", "base", a]).status == 0)
    #expect(s.run(["add", "--set", "base", b]).status == 0)
    let store = try CatalogStore(path: s.db, mode: .readOnly)
    let tokens = try store.tokens(inSet: nil)
    #expect(tokens.count == 1)
    #expect(tokens.first.map { Array($0.path.utf8) } == Array(nfc.utf8))
    // Export and import again: still one token.
    let exported = s.path("out.tokens.json")
    #expect(s.run(["tokens", "export", "--output", exported]).status == 0)
    #expect(s.run(["add", "--set", "base", exported]).status == 0)
    #expect(try CatalogStore(path: s.db, mode: .readOnly).tokens(inSet: nil).count == 1)
  }

  @Test func aSetNameWithABidiControlIsRefused() throws {
    let s = try Sandbox()
    let a = try s.write("a.tokens.json", tokenFile("space", 4))
    let run = s.run(["add", "--set", "ev\u{202E}il", a])
    #expect(run.status == 1)
    #expect(run.err.contains("U+202E"), "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }

  @Test func aTokenNameWithAnEscapeSequenceIsRefused() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json", "{\"x\\u001b[2J\": {\"$type\": \"number\", \"$value\": 1}}")
    let run = s.run(["add", a])
    #expect(run.status == 1)
    #expect(!run.err.contains("\u{1B}"), "the message must not carry the escape sequence raw")
  }
}

/// Names typed on the command line: `tokens history`, `tokens get`, `tokens usage` and
/// `-a` values naming tokens find what was saved in NFC when typed in NFD (issue 12,
/// point 8). Component names are identifiers (ASCII), so only token and set names differ.
extension NameCommandTests {
  @Test func decomposedNamesOnTheCommandLineFindTheStoredOnes() throws {
    let s = try Sandbox()
    let tokens = try s.write("t.tokens.json", tokenFile(nfc, 4))
    let component = try s.write(
      "C.json",
      #"{"name": "C", "parameters": {"gap": {"type": "length", "default": 0}}, "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}]}}"#
    )
    let user = try s.write(
      "D.json",
      #"{"name": "D", "body": {"type": "VStack", "spacing": "{\#(nfc)}", "children": []}}"#)
    #expect(s.run(["add", "--set", "base", tokens, component, user]).status == 0)
    // The history is read with SQL, byte for byte: the NFD path found nothing before.
    let history = s.run(["tokens", "history", nfd])
    #expect(history.status == 0, "\(history.err)")
    #expect(history.out.contains("revision 1"), "\(history.out)")
    #expect(s.run(["tokens", "get", nfd]).out.contains("4px"))
    #expect(s.run(["tokens", "get", nfd, "--set", "base"]).status == 0)
    #expect(s.run(["tokens", "usage", nfd]).out.contains("D"))
    let render = s.run(["render", "C", "-a", "gap={\(nfd)}"])
    #expect(render.status == 0, "\(render.err)")
    #expect(render.out.contains("spacing: 4"), "\(render.out)")
  }
}
