import CatalogModel
import Testing

/// JSON Pointer (RFC 6901) in CatalogJSON: parsing, escapes, the fragment form, and
/// evaluation against a document, with the RFC's own example (§5).
@Suite struct JSONPointerTests {
  /// RFC 6901 §5's document.
  static func rfcDocument() throws -> JSONValue {
    try JSONParser.parse(
      #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#
    ).root
  }

  @Test(arguments: [
    ("", "whole"), ("/foo", #"["bar","baz"]"#), ("/foo/0", #""bar""#), ("/", "0"), ("/a~1b", "1"),
    ("/c%d", "2"), ("/e^f", "3"), ("/g|h", "4"), (#"/i\j"#, "5"), (#"/k"l"#, "6"), ("/ ", "7"),
    ("/m~0n", "8"),
  ])
  func rfcExamples(_ pointer: String, _ expected: String) throws {
    let value = try JSONPointer(pointer).value(in: Self.rfcDocument())
    if expected == "whole" {
      #expect(try value == Self.rfcDocument())
    } else {
      #expect(JSONWriter.compact(value) == expected)
    }
  }

  @Test(arguments: [
    ("#", 0), ("#/foo", 1), ("#/a~1b", 1), ("#/c%25d", 1), ("#/k%22l", 1), ("#/%20", 1),
    ("#/m~0n", 1),
  ])
  func fragmentsArePercentDecoded(_ fragment: String, _ count: Int) throws {
    let pointer = try JSONPointer(fragment: fragment)
    #expect(pointer.segments.count == count)
    #expect((try? pointer.value(in: try Self.rfcDocument())) != nil)
  }

  @Test func tildeEscapesUnescapeInOrder() throws {
    // `~01` is `~1` (tilde, then 1), not `/` (§4: `~1` is replaced first).
    #expect(try JSONPointer("/~01").segments == ["~1"])
    #expect(try JSONPointer("/a~1b~0c").segments == ["a/b~c"])
    #expect(JSONPointer(segments: ["a/b~c", "0"]).text == "/a~1b~0c/0")
    #expect(JSONPointer(segments: ["x y"]).fragment == "#/x y")
    #expect(try JSONPointer(JSONPointer(segments: ["~1/", ""]).text).segments == ["~1/", ""])
  }

  @Test(arguments: [
    ("foo", JSONPointerError.Problem.missingLeadingSlash), ("/a~2", .badTilde), ("/a~", .badTilde),
  ])
  func malformedPointersAreRefused(_ text: String, _ problem: JSONPointerError.Problem) {
    #expect {
      _ = try JSONPointer(text)
    } throws: { error in
      (error as? JSONPointerError)?.problem == problem
    }
  }

  @Test func malformedFragmentsAreRefused() {
    #expect(throws: JSONPointerError.self) { try JSONPointer(fragment: "/foo") }
    #expect(throws: JSONPointerError.self) { try JSONPointer(fragment: "#/a%zz") }
  }

  @Test(arguments: [
    ("/missing", JSONPointerError.Problem.missingMember), ("/foo/2", .indexOutOfRange),
    ("/foo/01", .badIndex), ("/foo/-", .badIndex), ("/foo/x", .badIndex),
    ("/foo/0/x", .throughScalar),
  ])
  func pointersThatLeadNowhereSayWhere(_ text: String, _ problem: JSONPointerError.Problem) throws {
    let error = try #require(throws: JSONPointerError.self) {
      try JSONPointer(text).value(in: try Self.rfcDocument())
    }
    #expect(error.problem == problem)
    #expect(error.message.contains("RFC 6901"))
  }

  @Test func aPointerToAGroupReturnsTheGroup() throws {
    let tokens = try JSONParser.parse(
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}"#
    ).root
    let group = try JSONPointer(fragment: "#/space").value(in: tokens)
    #expect(group.objectValue?.keys == ["$type", "sm"])
  }

  @Test func indices() {
    #expect(JSONPointer.index("0") == 0)
    #expect(JSONPointer.index("10") == 10)
    for bad in ["", "01", "-1", "-", "1e2", "١"] {
      #expect(JSONPointer.index(bad) == nil, "\(bad)")
    }
  }
}
