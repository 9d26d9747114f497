#if canImport(FoundationEssentials)
  internal import FoundationEssentials
#else
  internal import Foundation
#endif

/// A value bound to a statement parameter (`?`), one case per SQLite storage class.
///
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html>
enum SQLValue: Equatable {
  /// SQL NULL.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE 754 double. NaN is bound as NULL, as SQLite itself does.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob(Data)
}

// MARK: - Making values

extension SQLValue {
  /// An integer, or NULL for `nil`.
  static func int(_ value: Int?) -> SQLValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  /// A double, or NULL for `nil` and NaN.
  static func double(_ value: Double?) -> SQLValue {
    guard let value, !value.isNaN else { return .null }
    return .real(value)
  }

  /// Text, or NULL for `nil`.
  static func string(_ value: String?) -> SQLValue {
    value.map { .text($0) } ?? .null
  }

  /// A blob, or NULL for `nil`.
  static func data(_ value: Data?) -> SQLValue {
    value.map { .blob($0) } ?? .null
  }

  /// 1 or 0, the way the schema stores booleans.
  static func bool(_ value: Bool) -> SQLValue {
    .integer(value ? 1 : 0)
  }
}
