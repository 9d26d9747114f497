import CatalogServer
import Foundation
import Testing

/// Issue 14, point 1: a component's use of a token that is not a length — a shape's border
/// (`"strokeBorder": "{edge}"`), its shadow (`"shadow": "{lift}"`), a colour (`"fill":
/// "{color.brand}"`, `"foregroundColor": "{color.base}"`) — is a use like any other, for
/// `tokens usage`, `tokens remove`, `tokens set` (the dependents check and `--dry-run`),
/// `lint`'s unused tokens, the site's "Used by" and `/api/tokens`, directly and through
/// aliases. Before, only lengths were stored as uses, so every one of these said nothing
/// used the token. A definition's `font` is an Apple text style, never a token, so no
/// typography token can be named there.
@Suite struct NonLengthTokenUseTests {
  /// `edge` → `line` (a border whose colour is `{color.brand}` → `{color.base}` and width
  /// `{stroke.hair}`), `lift` → `sh` (a shadow coloured `{color.brand}`).
  static let tokens = #"""
    {"color": {"$type": "color",
       "base": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}},
       "brand": {"$value": "{color.base}"}},
     "stroke": {"$type": "dimension", "hair": {"$value": {"value": 1, "unit": "px"}}},
     "line": {"$type": "border",
       "$value": {"color": "{color.brand}", "width": "{stroke.hair}", "style": "solid"}},
     "edge": {"$type": "border", "$value": "{line}"},
     "sh": {"$type": "shadow", "$value": {"color": "{color.brand}",
       "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"},
       "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}},
     "lift": {"$type": "shadow", "$value": "{sh}"}}
    """#

  static let card = #"""
    {"name": "Card", "body": {"type": "ZStack", "children": [
      {"type": "RoundedRectangle", "cornerRadius": 4, "strokeBorder": "{edge}", "shadow": "{lift}",
       "fill": "{color.brand}"},
      {"type": "Text", "text": "Hi", "foregroundColor": "{color.base}",
       "modifiers": [{"background": "{color.brand}"}]}]}}
    """#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("t.tokens.json", tokens), try s.write("Card.json", card),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("tokens usage lists border, shadow and colour uses, through aliases too")
  func usage() throws {
    let s = try Self.catalog()
    let line = s.run(["tokens", "usage", "line"])
    #expect(line.status == 0, "\(line.err)")
    #expect(
      line.out
        == "{edge} → {line}  Card  body.children[0].strokeBorder  strokeBorder (border token)\n",
      "\(line.out)")
    let lift = s.run(["tokens", "usage", "lift"])
    #expect(
      lift.out == "{lift}  Card  body.children[0].shadow  shadow (shadow token)\n", "\(lift.out)")
    let sh = s.run(["tokens", "usage", "sh"])
    #expect(sh.out.contains("{lift} → {sh}  Card  body.children[0].shadow  shadow"), "\(sh.out)")
    let base = s.run(["tokens", "usage", "color.base"])
    #expect(
      base.out.contains(
        "{color.base}  Card  body.children[1].foregroundColor  foregroundColor (color token)"),
      "\(base.out)")
    #expect(
      base.out.contains("{color.brand} → {color.base}  Card  body.children[0].fill  fill"),
      "\(base.out)")
    // A `background` colour string: the use is at the string's own path.
    #expect(
      base.out.contains(
        "{color.brand} → {color.base}  Card  body.children[1].modifiers[0].background  color"),
      "\(base.out)")
    // Through a border's member: the border's colour is {color.brand}.
    #expect(base.out.contains("Card  body.children[0].strokeBorder"), "\(base.out)")
    let hair = s.run(["tokens", "usage", "stroke.hair"])
    #expect(
      hair.out.contains("{edge} → {line} → {stroke.hair}  Card  body.children[0].strokeBorder"),
      "\(hair.out)")
    let json = s.run(["tokens", "usage", "lift", "--json"])
    #expect(json.out.contains(#""kind": "shadow""#), "\(json.out)")
    #expect(json.out.contains(#""type": "shadow""#), "\(json.out)")
    // The SQL view people query holds them too.
    let rows = try sqlite3(
      s.db,
      "select property || ' ' || token_path || ' ' || kind from token_usage where component = 'Card' order by json_path"
    )
    guard let rows else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    #expect(rows.status == 0, "\(rows.err)")
    for expected in [
      "fill color.brand color", "shadow lift shadow", "strokeBorder edge border",
      "foregroundColor color.base color",
    ] {
      #expect(rows.out.contains(expected), "\(rows.out)")
    }
    #expect(s.run(["doctor"]).status == 0)
  }

  @Test("tokens remove is refused while a border, shadow or colour use remains")
  func removeRefused() throws {
    let s = try Self.catalog()
    for (token, path) in [
      ("lift", "body.children[0].shadow"), ("edge", "body.children[0].strokeBorder"),
      ("color.base", "body.children[1].foregroundColor"),
    ] {
      let r = s.run(["tokens", "remove", token])
      #expect(r.status == 1, "\(token): \(r.out)")
      #expect(r.err.contains("Card: \(path): unknown token {\(token)}"), "\(r.err)")
    }
    #expect(s.run(["tokens", "get", "lift"]).status == 0)
  }

  @Test("tokens set: a use's token turned into another type is refused; --dry-run lists uses")
  func setChecksDependents() throws {
    let s = try Self.catalog()
    let set = s.run(["tokens", "set", "lift", "4px", "--type", "dimension"])
    #expect(set.status == 1, "\(set.out)")
    #expect(
      set.err.contains(
        #"Card: body.children[0].shadow: {lift} is now a dimension token; "shadow" needs a shadow token"#
      ), "\(set.err)")
    let colour = s.run(["tokens", "set", "color.brand", "4px", "--type", "dimension"])
    #expect(colour.status == 1)
    #expect(
      colour.err.contains(
        "Card: body.children[0].fill: {color.brand} is now a dimension token; a colour needs a color token"
      ), "\(colour.err)")
    let dry = s.run([
      "tokens", "set", "color.base", #"{"colorSpace": "srgb", "components": [0, 0, 1]}"#,
      "--dry-run",
    ])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("Uses of {color.base}:"), "\(dry.out)")
    #expect(
      dry.out.contains("{color.base}  Card  body.children[1].foregroundColor  foregroundColor"),
      "\(dry.out)")
  }

  @Test("lint counts border, shadow and colour tokens as used")
  func lintUnusedToken() throws {
    let s = try Self.catalog()
    let lint = s.run(["lint"])
    for token in ["lift", "sh", "edge", "line", "color.base", "color.brand", "stroke.hair"] {
      #expect(!lint.out.contains("no component uses {\(token)}"), "\(lint.out)")
    }
  }

  @Test("add: a token of the wrong type for the property is an error naming both")
  func addChecksTheType() throws {
    let s = try Self.catalog()
    let wrong = try s.write(
      "Wrong.json",
      #"""
      {"name": "Wrong", "body": {"type": "VStack", "children": [
        {"type": "Rectangle", "strokeBorder": "{stroke.hair}", "shadow": "{color.base}"},
        {"type": "Text", "text": "a", "foregroundColor": "{lift}"},
        {"type": "Color", "color": "{color.nope}"}]}}
      """#)
    for args in [["add", wrong], ["add", wrong, "--force"]] {
      let r = s.run(args)
      #expect(r.status == 1)
      #expect(
        r.err.contains(
          #"Wrong: body.children[0].strokeBorder: the token {stroke.hair} is a dimension token; a stroke needs a border token ({"color", "width", "style"}) or {"color", "lineWidth"}"#
        ), "\(r.err)")
      #expect(
        r.err.contains(
          #"Wrong: body.children[0].shadow: the token {color.base} is a color token; "shadow" needs a shadow token"#
        ), "\(r.err)")
      #expect(
        r.err.contains(
          "Wrong: body.children[1].foregroundColor: the token {lift} is a shadow token; a colour needs a color token"
        ), "\(r.err)")
      #expect(
        r.err.contains("Wrong: body.children[2].color: unknown token {color.nope}"), "\(r.err)")
    }
  }

  @Test("site: the token pages list Card under Used by, with the chain")
  func siteUsedBy() throws {
    let s = try Self.catalog()
    let out = s.path("site")
    #expect(s.run(["site", out]).status == 0)
    for (token, path) in [
      ("line", "body.children[0].strokeBorder"), ("sh", "body.children[0].shadow"),
      ("color.base", "body.children[1].foregroundColor"),
    ] {
      let page = try String(contentsOfFile: "\(out)/tokens/\(token).html", encoding: .utf8)
      #expect(!page.contains("No component uses it"), "\(token)")
      #expect(page.contains("<code>\(path)</code>"), "\(token): \(page)")
    }
    let card = try String(contentsOfFile: "\(out)/components/Card.html", encoding: .utf8)
    #expect(card.contains("<code>body.children[0].shadow</code>"))
  }

  @Test("serve: /api/tokens/PATH lists the users of a border or shadow token, with the chain")
  func apiUsers() throws {
    let s = try Self.catalog()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    try server.start()
    defer { server.stop() }
    let reply = server.response(method: "GET", path: "/api/tokens/sh", query: [:])
    #expect(reply.status == 200)
    let body = try json(String(decoding: reply.body, as: UTF8.self))
    let users = body.objectValue?["users"]?.arrayValue ?? []
    #expect(
      users.contains {
        $0.objectValue?["component"] == .string("Card")
          && $0.objectValue?["path"] == .string("body.children[0].shadow")
          && $0.objectValue?["chain"] == .array([.string("lift"), .string("sh")])
      }, "\(body)")
    let line = server.response(method: "GET", path: "/api/tokens/edge", query: [:])
    let edgeUsers = try json(String(decoding: line.body, as: UTF8.self)).objectValue?["users"]
    #expect(
      edgeUsers?.arrayValue?.first?.objectValue?["path"]
        == .string("body.children[0].strokeBorder"), "\(String(describing: edgeUsers))")
  }

  @Test("the example catalog: AvatarRow uses {border.card} and {shadow.card}")
  func exampleCatalog() throws {
    let s = try Sandbox()
    try? FileManager.default.removeItem(atPath: s.db)
    try FileManager.default.copyItem(
      at: ExampleCatalogTests.root.appendingPathComponent("catalog.db.example"),
      to: URL(fileURLWithPath: s.db))
    let border = s.run(["tokens", "usage", "border.card"])
    #expect(
      border.out
        == "{border.card}  AvatarRow  body.children[3].strokeBorder  strokeBorder (border token)\n",
      "\(border.out)\(border.err)")
    let shadow = s.run(["tokens", "usage", "shadow.card"])
    #expect(
      shadow.out == "{shadow.card}  AvatarRow  body.children[3].shadow  shadow (shadow token)\n",
      "\(shadow.out)")
    let hairline = s.run(["tokens", "usage", "stroke.hairline"])
    #expect(
      hairline.out.contains("{border.card} → {stroke.hairline}  AvatarRow"), "\(hairline.out)")
    let remove = s.run(["tokens", "remove", "border.card"])
    #expect(remove.status == 1)
    #expect(remove.err.contains("AvatarRow: body.children[3].strokeBorder"), "\(remove.err)")
  }
}
