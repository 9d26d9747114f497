import CatalogModel

/// One HTTP response of `catalog serve`: status, content type (with charset for text) and
/// body bytes; the ETag is derived from the body.
public struct ServerResponse: Sendable, Equatable {
  /// The HTTP status code (RFC 9110 §15).
  public var status: Int
  /// The `Content-Type` value (RFC 9110 §8.3), with `charset=utf-8` for text.
  public var contentType: String
  /// The body.
  public var body: [UInt8]
  /// Extra headers (`Allow` on a 405).
  public var headers: [(String, String)] = []

  /// Equal when status, type, body and headers are equal.
  public static func == (a: ServerResponse, b: ServerResponse) -> Bool {
    a.status == b.status && a.contentType == b.contentType && a.body == b.body
      && a.headers.map { "\($0.0):\($0.1)" } == b.headers.map { "\($0.0):\($0.1)" }
  }

  /// A strong entity tag for the body (RFC 9110 §8.8.3): 64-bit FNV-1a of the bytes, so
  /// the same content gives the same tag across restarts and servers.
  public var etag: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  /// Whether an `If-None-Match` field value matches this response, so the answer is 304
  /// (RFC 9110 §13.1.2): `*` matches; otherwise a list of entity tags, compared weakly
  /// (§8.8.3.2: `W/"x"` matches `"x"`). A tag's quotes may hold commas, so the list is
  /// read tag by tag rather than split at commas; a member that is not a tag is skipped.
  /// - Parameter field: The header's value (several fields joined by commas).
  /// - Returns: True when one tag is this response's ``etag``, or the value is `*`.
  public func isMatched(byIfNoneMatch field: String) -> Bool {
    let bytes = Array(field.utf8)
    let own = Array(etag.utf8)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if byte == UInt8(ascii: "*") { return true }
      if byte == UInt8(ascii: "W"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
        i += 2
      }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
        // Not an entity tag: skip to the next member.
        while i < bytes.count && bytes[i] != UInt8(ascii: ",") { i += 1 }
        continue
      }
      guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return false }
      if Array(bytes[i...close]) == own { return true }
      i = close + 1
    }
    return false
  }

  /// A text response.
  /// - Parameters:
  ///   - status: The status code.
  ///   - type: The media type without parameters (`text/html`).
  ///   - text: The body, sent as UTF-8.
  /// - Returns: The response with `; charset=utf-8`.
  public static func text(_ status: Int = 200, _ type: String, _ text: String) -> ServerResponse {
    ServerResponse(status: status, contentType: "\(type); charset=utf-8", body: Array(text.utf8))
  }

  /// A JSON error body `{"error": {"status": N, "message": "…"}}`.
  /// - Parameters:
  ///   - status: 400, 404, 405, 500…
  ///   - message: What was wrong.
  /// - Returns: The response.
  public static func error(_ status: Int, _ message: String) -> ServerResponse {
    text(
      status, "application/json",
      JSONWriter.pretty(
        .object(
          JSONObject([
            (
              "error",
              .object(
                JSONObject([("status", .number(Double(status))), ("message", .string(message))]))
            )
          ]))))
  }
}

/// A request the server refuses, with its status.
public struct ServerError: Error, Sendable, Equatable {
  /// The HTTP status (400, 404…).
  public var status: Int
  /// What was wrong.
  public var message: String
}
