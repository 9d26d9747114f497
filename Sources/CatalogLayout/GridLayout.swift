/// `Grid(alignment:horizontalSpacing:verticalSpacing:)`'s parameters. Spacings in points;
/// nil is SwiftUI's default (the platform spacing, 8 on iOS).
public struct GridSpec: Sendable, Equatable {
  /// How cells are aligned in their cell area unless a column or row says otherwise.
  public var alignment: Alignment
  /// Space between columns, in points; nil is the platform default.
  public var horizontalSpacing: Double?
  /// Space between rows, in points; nil is the platform default.
  public var verticalSpacing: Double?
  /// Creates a grid specification.
  /// - Parameters:
  ///   - alignment: The cells' default alignment (`.center`).
  ///   - horizontalSpacing: Points between columns, or nil.
  ///   - verticalSpacing: Points between rows, or nil.
  public init(
    alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil
  ) {
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
  }
}

/// The grid-cell traits a view carries to its `Grid` (SwiftUI's `gridCellColumns(_:)`,
/// `gridColumnAlignment(_:)`, `gridCellUnsizedAxes(_:)`). Like `layoutPriority` they pass
/// through later modifiers to the outermost wrapper.
public struct GridCellTraits: Sendable, Equatable {
  /// The number of columns the cell spans (at least 1).
  public var columns: Int
  /// The horizontal alignment of every cell in this cell's column, if set.
  public var columnAlignment: HorizontalAlignment?
  /// True when the cell does not size its column (`gridCellUnsizedAxes(.horizontal)`).
  public var unsizedHorizontally: Bool
  /// True when the cell does not size its row (`gridCellUnsizedAxes(.vertical)`).
  public var unsizedVertically: Bool
  /// Creates traits; the defaults are SwiftUI's (one column, no alignment, sized).
  public init(
    columns: Int = 1, columnAlignment: HorizontalAlignment? = nil,
    unsizedHorizontally: Bool = false, unsizedVertically: Bool = false
  ) {
    self.columns = max(columns, 1)
    self.columnAlignment = columnAlignment
    self.unsizedHorizontally = unsizedHorizontally
    self.unsizedVertically = unsizedVertically
  }
}

/// The columns and rows a grid settled on, in points (proposal-independent: see
/// ``GridLayout``). A class: computed once per grid and pass, then only read, so every grid
/// and row that reads it shares one object (one retain, where a struct of six arrays was six
/// retains and six releases each time it left the pass's table).
final class GridGeometry {
  struct Cell {
    var node: Int
    var column: Int
    var span: Int
  }
  /// For each grid child (a `GridRow` or a view spanning every column), its cells.
  var rows: [[Cell]]
  var columnX: [Double]
  var columnWidths: [Double]
  var rowY: [Double]
  var rowHeights: [Double]
  var columnAlignment: [HorizontalAlignment?]
  var size: Size
  let horizontalSpacing: Double

  init(
    rows: [[Cell]], columnWidths: [Double], columnAlignment: [HorizontalAlignment?],
    horizontalSpacing: Double
  ) {
    self.rows = rows
    self.columnX = []
    self.columnWidths = columnWidths
    self.rowY = []
    self.rowHeights = []
    self.columnAlignment = columnAlignment
    self.size = .zero
    self.horizontalSpacing = horizontalSpacing
  }

  /// The width of `span` columns from `column`, with the spacing between them.
  func width(from column: Int, span: Int) -> Double {
    let end = min(column + span, columnWidths.count)
    guard column < end else { return 0 }
    return columnWidths[column..<end].reduce(0, +) + Double(end - column - 1) * horizontalSpacing
  }
}

/// `Grid` and `GridRow` (Apple, `Grid`: "A grid … sizes each column to the width of the
/// widest cell in that column … each row to the height of the tallest cell in the row";
/// `gridCellColumns(_:)`, `gridColumnAlignment(_:)`, `gridCellUnsizedAxes(_:)`: "asks the
/// grid … not to … use the view's size when sizing the column or row").
///
/// The grid is measured once per pass from its cells' ideal sizes, so it does not share a
/// finite proposal among flexible cells the way SwiftUI does: a `Color` cell counts its
/// ideal 10 pt unless it is unsized on that axis (then it fills its cell).
struct GridLayout {
  let pass: LayoutPass
  let node: Int
  let spec: GridSpec

  /// The grid's geometry, step by step:
  /// 1. rows: each `GridRow` child gives its children as cells, left to right, each starting
  ///    where the previous one's `gridCellColumns` span ended; any other child is one cell
  ///    spanning every column;
  /// 2. the column count is the widest row's total span;
  /// 3. column widths: the widest ideal width (size for an unspecified proposal) among the
  ///    one-column cells of each column that are not unsized horizontally; then each wider
  ///    spanning cell shares what it lacks equally among its columns;
  /// 4. row heights: the tallest cell of the row, each proposed its cell width (cells unsized
  ///    vertically count only when every cell of the row is);
  /// 5. columns and rows follow each other with `horizontalSpacing` / `verticalSpacing`
  ///    (the platform default when nil); the grid's size is their total.
  static func geometry(pass: LayoutPass, node: Int, spec: GridSpec) -> GridGeometry {
    if let hit = pass.gridGeometries[node] { return hit }
    let hs = spec.horizontalSpacing ?? pass.env.defaultSpacing
    let vs = spec.verticalSpacing ?? pass.env.defaultSpacing
    // Step 1.
    var rows: [[GridGeometry.Cell]] = []
    var fullWidth: [Bool] = []
    for k in 0..<pass.childCount(node) {
      let child = pass.child(node, k)
      if case .gridRow = pass.kind(child) {
        var column = 0
        var cells: [GridGeometry.Cell] = []
        for j in 0..<pass.childCount(child) {
          let cell = pass.child(child, j)
          let span = max(pass.gridCell(cell).columns, 1)
          cells.append(.init(node: cell, column: column, span: span))
          column += span
        }
        rows.append(cells)
        fullWidth.append(false)
      } else {
        rows.append([.init(node: child, column: 0, span: 0)])
        fullWidth.append(true)
      }
    }
    // Step 2.
    var columns = 0
    for (r, cells) in rows.enumerated() where !fullWidth[r] {
      columns = max(columns, cells.last.map { $0.column + $0.span } ?? 0)
    }
    columns = max(columns, rows.isEmpty ? 0 : 1)
    for r in rows.indices where fullWidth[r] { rows[r][0].span = columns }
    // Step 3.
    var widths = [Double](repeating: 0, count: columns)
    var alignments = [HorizontalAlignment?](repeating: nil, count: columns)
    let ideal = ProposedSize(width: nil, height: nil)
    for cells in rows {
      for cell in cells {
        let traits = pass.gridCell(cell.node)
        if let a = traits.columnAlignment, cell.column < columns, alignments[cell.column] == nil {
          alignments[cell.column] = a
        }
        guard cell.span == 1, !traits.unsizedHorizontally else { continue }
        widths[cell.column] = max(widths[cell.column], pass.size(cell.node, ideal).width)
      }
    }
    let geometry = GridGeometry(
      rows: rows, columnWidths: widths, columnAlignment: alignments, horizontalSpacing: hs)
    for cells in rows {
      for cell in cells where cell.span > 1 && !pass.gridCell(cell.node).unsizedHorizontally {
        let need = pass.size(cell.node, ideal).width
        let have = geometry.width(from: cell.column, span: cell.span)
        let end = min(cell.column + cell.span, columns)
        guard need > have, end > cell.column else { continue }
        let share = (need - have) / Double(end - cell.column)
        for c in cell.column..<end { geometry.columnWidths[c] += share }
      }
    }
    var x = 0.0
    for c in 0..<columns {
      geometry.columnX.append(x)
      x += geometry.columnWidths[c] + hs
    }
    let width = columns == 0 ? 0 : x - hs
    // Step 4.
    var y = 0.0
    for cells in rows {
      var height = 0.0
      let allUnsized = cells.allSatisfy { pass.gridCell($0.node).unsizedVertically }
      for cell in cells where allUnsized || !pass.gridCell(cell.node).unsizedVertically {
        let w = geometry.width(from: cell.column, span: cell.span)
        height = max(height, pass.size(cell.node, ProposedSize(width: w, height: nil)).height)
      }
      geometry.rowY.append(y)
      geometry.rowHeights.append(height)
      y += height + vs
    }
    // Step 5.
    geometry.size = Size(width: width, height: rows.isEmpty ? 0 : y - vs)
    pass.gridGeometries[node] = geometry
    return geometry
  }

  /// Size: the geometry's size, whatever the proposal (see the type's note).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    GridLayout.geometry(pass: pass, node: node, spec: spec).size
  }

  /// Placement: each `GridRow` spans the grid's width at its row's position; a view outside
  /// a row is placed in its full-width cell like any cell (``cellPlacement``).
  /// Calls `body` with each child's placement in order (no array built).
  func forEachPlacement(_ p: ProposedSize, _ body: (ChildPlacement) -> Void) {
    let g = GridLayout.geometry(pass: pass, node: node, spec: spec)
    for k in 0..<pass.childCount(node) where k < g.rows.count {
      let child = pass.child(node, k)
      if pass.codes[child] == .gridRow {
        body(
          ChildPlacement(
            child: child, origin: Point(x: 0, y: g.rowY[k]),
            proposal: ProposedSize(width: g.size.width, height: g.rowHeights[k])))
      } else {
        var placed = GridLayout.cellPlacement(
          pass: pass, geometry: g, row: k, cell: g.rows[k][0], rowAlignment: nil, spec: spec)
        placed.origin.y += g.rowY[k]
        body(placed)
      }
    }
  }

  /// Where a cell goes in its row (origin relative to the row's top-left corner): proposed
  /// its cell area (column width(s) × row height) and aligned in it horizontally by its
  /// column's `gridColumnAlignment` (else the grid's), vertically by the row's alignment
  /// (else the grid's). Text-baseline alignments line up the row's cells on their baselines.
  static func cellPlacement(
    pass: LayoutPass, geometry g: GridGeometry, row: Int, cell: GridGeometry.Cell,
    rowAlignment: VerticalAlignment?,
    spec: GridSpec
  ) -> ChildPlacement {
    let w = g.width(from: cell.column, span: cell.span)
    let h = g.rowHeights[row]
    let proposal = ProposedSize(width: w, height: h)
    let size = pass.size(cell.node, proposal)
    let horizontal =
      (cell.column < g.columnAlignment.count ? g.columnAlignment[cell.column] : nil)
      ?? spec.alignment.horizontal
    let vertical = rowAlignment ?? spec.alignment.vertical
    let x =
      (cell.column < g.columnX.count ? g.columnX[cell.column] : 0)
      + pass.defaultGuide(horizontal, size: Size(width: w, height: h))
      - pass.guide(horizontal, node: cell.node, size: size, proposal: proposal)
    var y: Double
    switch vertical {
    case .firstTextBaseline, .lastTextBaseline:
      var line = 0.0
      for other in g.rows[row] {
        let op = ProposedSize(width: g.width(from: other.column, span: other.span), height: h)
        line = max(
          line,
          pass.guide(vertical, node: other.node, size: pass.size(other.node, op), proposal: op))
      }
      y = line - pass.guide(vertical, node: cell.node, size: size, proposal: proposal)
    default:
      y =
        pass.defaultGuide(vertical, size: Size(width: w, height: h))
        - pass.guide(vertical, node: cell.node, size: size, proposal: proposal)
    }
    return ChildPlacement(child: cell.node, origin: Point(x: x, y: y), proposal: proposal)
  }
}

/// `GridRow(alignment:)`: a row of a `Grid`, laid out by its grid's geometry.
struct GridRowLayout {
  let pass: LayoutPass
  let node: Int
  let alignment: VerticalAlignment?

  /// The grid, its geometry and this row's index, when the row is inside a grid.
  private func context() -> (grid: Int, spec: GridSpec, geometry: GridGeometry, row: Int)? {
    guard let grid = pass.gridRowParent[node], case .grid(let spec) = pass.kind(grid) else {
      return nil
    }
    let g = GridLayout.geometry(pass: pass, node: grid, spec: spec)
    for k in 0..<pass.childCount(grid) where pass.child(grid, k) == node {
      return (grid, spec, g, k)
    }
    return nil
  }

  /// Size: the grid's width by the row's height. A `GridRow` outside a grid is a row of
  /// its cells at their ideal sizes (``GridLayout/soloSize()``).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    guard let c = context() else {
      return GridLayout(pass: pass, node: node, spec: GridSpec()).soloSize()
    }
    return Size(width: c.geometry.size.width, height: c.geometry.rowHeights[c.row])
  }

  /// Placement: every cell in its cell area (``GridLayout/cellPlacement``).
  /// Calls `body` with each cell's placement in order (no array built).
  func forEachPlacement(_ p: ProposedSize, _ body: (ChildPlacement) -> Void) {
    guard let c = context() else {
      for placed in GridLayout(pass: pass, node: node, spec: GridSpec()).soloPlacements() {
        body(placed)
      }
      return
    }
    for cell in c.geometry.rows[c.row] {
      body(
        GridLayout.cellPlacement(
          pass: pass, geometry: c.geometry, row: c.row, cell: cell, rowAlignment: alignment,
          spec: c.spec))
    }
  }
}

extension GridLayout {
  /// The size of a `GridRow` used outside a grid: its cells side by side at their ideal
  /// sizes with the default spacing (an interpretation; SwiftUI documents no such use).
  func soloSize() -> Size {
    var w = 0.0
    var h = 0.0
    let n = pass.childCount(node)
    for j in 0..<n {
      let s = pass.size(pass.child(node, j), ProposedSize(width: nil, height: nil))
      w += s.width
      h = max(h, s.height)
    }
    if n > 1 { w += Double(n - 1) * pass.env.defaultSpacing }
    return Size(width: w, height: h)
  }

  /// Where the cells of a `GridRow` outside a grid go: side by side at their ideal sizes,
  /// the default spacing apart, centred vertically.
  func soloPlacements() -> [ChildPlacement] {
    let height = soloSize().height
    var x = 0.0
    var out: [ChildPlacement] = []
    let ideal = ProposedSize(width: nil, height: nil)
    for j in 0..<pass.childCount(node) {
      let c = pass.child(node, j)
      let s = pass.size(c, ideal)
      out.append(
        ChildPlacement(child: c, origin: Point(x: x, y: (height - s.height) / 2), proposal: ideal))
      x += s.width + pass.env.defaultSpacing
    }
    return out
  }
}
