/// The rows of a token import, each made when the store reads it
/// (``CatalogStore/importTokens(_:intoSet:source:description:)``), so a large file's rows
/// are not held a second time.
///
/// A concrete collection rather than a lazy map of the caller's tokens: the store's import
/// is then compiled for this one type, not run through a generic collection's witness
/// tables for every row (about 2 % of a 10⁵-token import's instructions; issue 14 point 9).
public struct TokenInputRows: RandomAccessCollection {
  /// The number of rows.
  public let count: Int
  private let row: (Int) -> TokenInput

  /// Rows made on demand.
  /// - Parameters:
  ///   - count: The number of rows.
  ///   - row: Makes the row at an index (0 ..< `count`); called once per row read.
  public init(count: Int, row: @escaping (Int) -> TokenInput) {
    self.count = count
    self.row = row
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// ``count``.
  public var endIndex: Int { count }

  /// The row at `position`, made now.
  /// - Parameter position: An index in 0 ..< ``count``.
  /// - Returns: The row.
  public subscript(position: Int) -> TokenInput { row(position) }
}
