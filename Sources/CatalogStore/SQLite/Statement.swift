internal import CSQLite

#if canImport(FoundationEssentials)
  internal import FoundationEssentials
#else
  internal import Foundation
#endif

/// One prepared statement (`sqlite3_stmt *`), finalized when the object goes away.
///
/// A statement refers to its connection without keeping it alive (the connection caches
/// statements, and `sqlite3_close_v2` waits for every statement to be finalized). Run it
/// with ``run(_:)`` or ``rows(_:_:)``; both
/// reset it and bind new arguments first, so a statement can be prepared once and run many
/// times. It is not `Sendable`, on purpose.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt.html>
final class Statement {
  /// The statement's SQL text.
  let sql: String
  private unowned let connection: Connection
  private let handle: OpaquePointer
  /// The text arguments of the current run, one after another, each NUL-terminated: bound
  /// with SQLITE_STATIC, so SQLite reads them here instead of copying each one (a token
  /// import binds 17 texts per token; issue 12 point 3). Kept until the next ``bind(_:)``
  /// (which resets the statement and clears its bindings first) or ``reset()``, and freed
  /// after the statement is finalized.
  private var textBuffer: UnsafeMutablePointer<CChar>?
  private var textCapacity = 0

  private init(connection: Connection, handle: OpaquePointer) {
    self.connection = connection
    self.handle = handle
    self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
  }

  deinit {
    // > If the most recent evaluation of statement S failed, then sqlite3_finalize(S)
    // > returns the appropriate error code. That error was already reported by step.
    _ = sqlite3_finalize(handle)
    textBuffer?.deallocate()
  }

  /// Prepares the first statement of `text` at or after byte `offset`.
  ///
  /// - Parameters:
  ///   - connection: The connection to prepare on.
  ///   - text: NUL-terminated UTF-8 SQL.
  ///   - offset: Where to start, in bytes.
  /// - Returns: The statement and the offset just after it, or `nil` when only
  ///   whitespace and comments remain.
  /// - Throws: ``StoreError`` when SQLite cannot prepare the statement.
  static func prepareNext(
    _ connection: Connection, _ text: ContiguousArray<CChar>, from offset: Int
  ) throws(StoreError) -> (Statement, Int)? {
    var offset = offset
    while offset < text.count - 1 {
      let (code, handle, end) = text.withUnsafeBufferPointer {
        buffer -> (Int32, OpaquePointer?, Int) in
        guard let base = buffer.baseAddress else { return (SQLITE_OK, nil, buffer.count) }
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        // The byte count includes the NUL terminator, which saves SQLite a copy.
        let code = sqlite3_prepare_v3(
          connection.handle, base + offset, Int32(buffer.count - offset), 0, &handle, &tail)
        return (code, handle, tail.map { $0 - base } ?? buffer.count)
      }
      guard code == SQLITE_OK else {
        let failed = String(
          decoding: text[offset...].prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw connection.error(code, sql: failed)
      }
      if let handle {
        return (Statement(connection: connection, handle: handle), end)
      }
      // Only a comment or a lone semicolon: move on.
      guard end > offset else { return nil }
      offset = end
    }
    return nil
  }

  /// Resets the statement and releases its bound values, so a cached statement holds no
  /// read snapshot or lock while it waits for its next use.
  func reset() {
    // The result repeats the last step's error, which was thrown already.
    _ = sqlite3_reset(handle)
    _ = sqlite3_clear_bindings(handle)
  }

  // MARK: - Binding

  /// Resets the statement and binds `arguments` to its parameters, in order.
  ///
  /// - Parameter arguments: One value per `?` parameter.
  /// - Throws: ``StoreError`` when the count is wrong or SQLite refuses a value.
  func bind(_ arguments: [SQLValue]) throws(StoreError) {
    // > If the most recent call to sqlite3_step(S) for the prepared statement S indicated
    // > an error, then sqlite3_reset(S) returns an appropriate error code.
    // That error was thrown by step already; the reset itself always succeeds.
    _ = sqlite3_reset(handle)
    // sqlite3_clear_bindings always returns SQLITE_OK.
    _ = sqlite3_clear_bindings(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard arguments.count == expected else {
      throw StoreError.sqlite(
        code: SQLITE_RANGE, extendedCode: SQLITE_RANGE,
        message: "the statement takes \(expected) arguments, \(arguments.count) given", sql: sql)
    }
    // Every text is copied into `textBuffer` (grown first, so no bound pointer moves).
    var needed = 0
    for case .text(let string) in arguments { needed += string.utf8.count + 1 }
    if needed > textCapacity {
      textBuffer?.deallocate()
      textCapacity = max(needed, textCapacity * 2, 256)
      textBuffer = .allocate(capacity: textCapacity)
    }
    var textOffset = 0
    for (offset, value) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null:
        code = sqlite3_bind_null(handle, index)
      case .integer(let int):
        code = sqlite3_bind_int64(handle, index, int)
      case .real(let double):
        code =
          double.isNaN
          ? sqlite3_bind_null(handle, index) : sqlite3_bind_double(handle, index, double)
      case .text(let string):
        guard let base = textBuffer else {
          // Not reached: the buffer holds every text argument.
          let count = Int32(string.utf8.count)
          code = string.withCString {
            catalog_sqlite3_bind_text_transient(handle, index, $0, count)
          }
          break
        }
        let start = base + textOffset
        var string = string
        let count = string.withUTF8 { bytes in
          if let source = bytes.baseAddress {
            UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: bytes.count)
          }
          return bytes.count
        }
        start[count] = 0
        textOffset += count + 1
        code = catalog_sqlite3_bind_text_static(handle, index, start, Int32(count))
      case .blob(let data):
        if data.isEmpty {
          code = sqlite3_bind_zeroblob(handle, index, 0)
        } else {
          code = data.withUnsafeBytes {
            catalog_sqlite3_bind_blob_transient(handle, index, $0.baseAddress, Int32($0.count))
          }
        }
      }
      guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }
  }

  // MARK: - Stepping

  /// Advances to the next row.
  ///
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func step() throws(StoreError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.error(code, sql: sql)
    }
  }

  /// Binds `arguments` and steps until the statement is done, ignoring rows.
  ///
  /// - Parameter arguments: One value per `?` parameter.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func run(_ arguments: [SQLValue]) throws(StoreError) {
    try bind(arguments)
    while try step() {}
  }

  /// Binds `arguments`, steps through every row and maps each one.
  ///
  /// - Parameters:
  ///   - arguments: One value per `?` parameter.
  ///   - map: Reads the current row.
  /// - Returns: One value per row.
  /// - Throws: ``StoreError`` when SQLite reports an error, or what `map` throws.
  func rows<T>(
    _ arguments: [SQLValue], _ map: (Statement) throws(StoreError) -> T
  ) throws(StoreError) -> [T] {
    try bind(arguments)
    var result: [T] = []
    while try step() {
      result.append(try map(self))
    }
    return result
  }

  /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
  var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

  // MARK: - Columns of the current row

  /// The number of columns in a row.
  var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// A column's name (its `AS` alias when there is one).
  func columnName(_ index: Int) -> String {
    sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column\(index + 1)"
  }

  /// Whether a column of the current row is NULL.
  func isNull(_ index: Int) -> Bool {
    sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
  }

  /// A column as an integer (0 for NULL).
  func int(_ index: Int) -> Int {
    Int(sqlite3_column_int64(handle, Int32(index)))
  }

  /// A column as an integer, or `nil` for NULL.
  func optionalInt(_ index: Int) -> Int? {
    isNull(index) ? nil : int(index)
  }

  /// A column as a double, or `nil` for NULL.
  func optionalDouble(_ index: Int) -> Double? {
    isNull(index) ? nil : sqlite3_column_double(handle, Int32(index))
  }

  /// A column as text (empty for NULL).
  func text(_ index: Int) -> String {
    optionalText(index) ?? ""
  }

  /// A column as text, or `nil` for NULL.
  ///
  /// Numbers come back as SQLite prints them (`8.0`).
  func optionalText(_ index: Int) -> String? {
    guard !isNull(index), let bytes = sqlite3_column_text(handle, Int32(index)) else {
      return nil
    }
    let count = Int(sqlite3_column_bytes(handle, Int32(index)))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}

@available(*, unavailable)
extension Statement: Sendable {}
