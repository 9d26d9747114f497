import CatalogModel
import CatalogServer
import Foundation
import Testing

/// `catalog serve`'s answers to requests it will not carry out: numbers read by the
/// command line's rule, and PNGs over the server's pixel budget refused with a 4xx before
/// anything is rasterised.
@Suite struct ServerRequestLimitTests {
  static let sandbox = Result { try Sandbox.withExamples() }

  static func answer(_ path: String, _ query: [String: String]) throws -> (Int, String) {
    let server = try CatalogServer(.init(databasePath: try sandbox.get().db, port: 0)) { _ in }
    let r = server.response(method: "GET", path: path, query: query)
    let message =
      (try? json(String(decoding: r.body, as: UTF8.self)))?.objectValue?["error"]?.objectValue?[
        "message"]?.stringValue ?? ""
    return (r.status, message)
  }

  /// An 8,000-point-wide PNG was a 500 with `--format png` advice after 11 s of work; now
  /// it is a 422 stating the server's own budget, decided from the SVG's size.
  @Test func anOversizedPNGIsA422NamingTheServersLimit() throws {
    let (status, message) = try Self.answer(
      "/render/SettingsScreen.png", ["width": "8000", "height": "8000"])
    #expect(status == 422, "\(message)")
    #expect(
      message.contains(
        "this server makes PNGs of at most 4,096 pixels per side and 4,194,304 pixels (4 × 2²⁰) in all"
      ), "\(message)")
    #expect(message.contains("/render/SettingsScreen.svg"), "\(message)")
    #expect(!message.contains("--"), "command-line advice in an HTTP answer: \(message)")
  }

  /// Within the command line's 16,384-pixel limit but over the server's 4 × 2²⁰ pixels.
  @Test func aPNGOverTheServersPixelBudgetIsRefused() throws {
    let (status, message) = try Self.answer(
      "/render/SettingsScreen.png", ["width": "2400", "height": "2400"])
    #expect(status == 422, "\(message)")
    #expect(message.hasPrefix("the PNG would be 2,557 × 2,552 pixels;"), "\(message)")
  }

  struct NumberCase: Sendable, CustomTestStringConvertible {
    var query: [String: String]
    var status: Int
    var message: String
    var testDescription: String { "\(query)" }
  }

  /// `width`, `height` and `scale` take what `render --width/--height/--scale` take, with
  /// the same wording of what is expected.
  @Test(arguments: [
    NumberCase(query: ["width": "0"], status: 200, message: ""),
    NumberCase(query: ["width": "infinity", "height": "0"], status: 200, message: ""),
    NumberCase(query: ["width": "1e3"], status: 200, message: ""),
    NumberCase(
      query: ["width": "0x10"], status: 400,
      message:
        "query parameter width=0x10 is invalid: expected a decimal number from 0 to 1000000 or 'infinity'"
    ),
    NumberCase(
      query: ["height": "inf"], status: 400,
      message:
        "query parameter height=inf is invalid: expected a decimal number from 0 to 1000000 or 'infinity'"
    ),
    NumberCase(
      query: ["width": "-3"], status: 400,
      message:
        "query parameter width=-3 is invalid: expected a decimal number from 0 to 1000000 or 'infinity'"
    ),
    NumberCase(
      query: ["scale": "11"], status: 400,
      message: "query parameter scale=11 is invalid: expected a decimal number from 0.1 to 10"),
    NumberCase(
      query: ["scale": "nan"], status: 400,
      message: "query parameter scale=nan is invalid: expected a decimal number from 0.1 to 10"),
  ])
  func numbersFollowTheCommandLinesRule(_ c: NumberCase) throws {
    let (status, message) = try Self.answer("/api/components/TrackRow", c.query)
    #expect(status == c.status, "\(message)")
    #expect(message == c.message)
  }

  /// Two tokens with one CSS name: the export is refused naming both (the request is fine,
  /// the catalog cannot be exported this way: 409), where the names were made unique with a
  /// digit that no one could predict from the path.
  @Test func aTokenNameCollisionIsA409NamingBothTokens() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let file = try s.write("c.tokens.json", ExportNamingBinaryTests.colliding)
    #expect(s.run(["add", file]).status == 0)
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let r = server.response(method: "GET", path: "/tokens.css", query: [:])
    #expect(r.status == 409)
    #expect(
      String(decoding: r.body, as: UTF8.self).contains(
        "the tokens {a.b2} and {aB2} both become the CSS custom property name a-b2"))
    #expect(server.response(method: "GET", path: "/tokens.json", query: [:]).status == 200)
  }
}
