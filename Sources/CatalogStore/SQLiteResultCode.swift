internal import CSQLite

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`, 19) or extended
/// (`SQLITE_CONSTRAINT_FOREIGNKEY`, 787), that callers can match without the C library:
///
/// ```swift
/// if error.resultCode?.primary == .constraint { … }
/// ```
///
/// The values are SQLite's (<https://www.sqlite.org/rescode.html>); an extended code's low
/// byte is its primary code.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The numeric code.
  public let rawValue: Int32

  /// Wraps a numeric code.
  /// - Parameter rawValue: A primary or extended SQLite result code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code (the low byte): `.constraint` for `.constraintForeignKey`.
  public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xff) }

  /// SQLite's English words for the code (`sqlite3_errstr`).
  public var description: String { String(cString: sqlite3_errstr(rawValue)) }

  /// `SQLITE_ERROR`: a generic error.
  public static let error = SQLiteResultCode(rawValue: 1)
  /// `SQLITE_INTERNAL`.
  public static let `internal` = SQLiteResultCode(rawValue: 2)
  /// `SQLITE_PERM`: access permission denied.
  public static let permission = SQLiteResultCode(rawValue: 3)
  /// `SQLITE_ABORT`.
  public static let abort = SQLiteResultCode(rawValue: 4)
  /// `SQLITE_BUSY`: another connection holds a lock.
  public static let busy = SQLiteResultCode(rawValue: 5)
  /// `SQLITE_LOCKED`: a conflict within the same connection.
  public static let locked = SQLiteResultCode(rawValue: 6)
  /// `SQLITE_NOMEM`.
  public static let noMemory = SQLiteResultCode(rawValue: 7)
  /// `SQLITE_READONLY`.
  public static let readOnly = SQLiteResultCode(rawValue: 8)
  /// `SQLITE_INTERRUPT`.
  public static let interrupt = SQLiteResultCode(rawValue: 9)
  /// `SQLITE_IOERR`: the operating system reported an I/O error.
  public static let ioError = SQLiteResultCode(rawValue: 10)
  /// `SQLITE_CORRUPT`: the database file is malformed.
  public static let corrupt = SQLiteResultCode(rawValue: 11)
  /// `SQLITE_FULL`: the disk is full.
  public static let full = SQLiteResultCode(rawValue: 13)
  /// `SQLITE_CANTOPEN`.
  public static let cannotOpen = SQLiteResultCode(rawValue: 14)
  /// `SQLITE_SCHEMA`.
  public static let schema = SQLiteResultCode(rawValue: 17)
  /// `SQLITE_TOOBIG`.
  public static let tooBig = SQLiteResultCode(rawValue: 18)
  /// `SQLITE_CONSTRAINT`: a constraint refused the change.
  public static let constraint = SQLiteResultCode(rawValue: 19)
  /// `SQLITE_MISMATCH`: a datatype mismatch.
  public static let mismatch = SQLiteResultCode(rawValue: 20)
  /// `SQLITE_MISUSE`.
  public static let misuse = SQLiteResultCode(rawValue: 21)
  /// `SQLITE_NOTADB`: the file is not a database.
  public static let notADatabase = SQLiteResultCode(rawValue: 26)
  /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
  public static let constraintCheck = SQLiteResultCode(rawValue: 275)
  /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
  public static let constraintForeignKey = SQLiteResultCode(rawValue: 787)
  /// `SQLITE_CONSTRAINT_NOTNULL`.
  public static let constraintNotNull = SQLiteResultCode(rawValue: 1299)
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public static let constraintPrimaryKey = SQLiteResultCode(rawValue: 1555)
  /// `SQLITE_CONSTRAINT_UNIQUE`.
  public static let constraintUnique = SQLiteResultCode(rawValue: 2067)
}

extension StoreError {
  /// The SQLite result code behind the error, when SQLite reported one: the extended
  /// code of ``sqlite(code:extendedCode:message:sql:)``, ``SQLiteResultCode/busy`` for
  /// ``locked(path:)``, ``SQLiteResultCode/readOnly`` for ``readOnly(path:)`` and
  /// ``SQLiteResultCode/notADatabase`` for a file that is not SQLite.
  public var resultCode: SQLiteResultCode? {
    switch self {
    case .sqlite(_, let extendedCode, _, _): return SQLiteResultCode(rawValue: extendedCode)
    case .damaged(_, let extendedCode, _): return SQLiteResultCode(rawValue: extendedCode)
    case .locked: return .busy
    case .readOnly: return .readOnly
    case .notACatalog(_, let reason) where reason.contains("not an SQLite database"):
      return .notADatabase
    default: return nil
    }
  }
}
