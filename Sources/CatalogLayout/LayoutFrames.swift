/// The frames a layout call produced for a ``LayoutTree``, in flat arrays indexed by node.
///
/// Units are points, in the root's coordinate space (origin top-left, y down). Placement
/// writes unrounded frames; rounding to the pixel grid is its own pass afterwards
/// (reference §3.7), so a `LayoutFrames` returned by ``LayoutEngine`` holds final, rounded
/// frames.
public struct LayoutFrames: Sendable {
  /// Each node's left edge (the right edge's mirror in right-to-left layout), in points.
  public internal(set) var x: [Double]
  /// Each node's top edge, in points.
  public internal(set) var y: [Double]
  /// Each node's width, in points.
  public internal(set) var width: [Double]
  /// Each node's height, in points.
  public internal(set) var height: [Double]
  /// False for a node layout gave no place (a `ViewThatFits` child that was not chosen, and
  /// everything inside it): renderers draw only placed nodes.
  public internal(set) var isPlaced: [Bool]
  /// The root's size in points, rounded to the pixel grid; zero for an empty tree.
  public internal(set) var size: Size = .zero

  /// Zero frames for `count` nodes, none placed.
  init(count: Int) {
    x = [Double](repeating: 0, count: count)
    y = [Double](repeating: 0, count: count)
    width = [Double](repeating: 0, count: count)
    height = [Double](repeating: 0, count: count)
    isPlaced = [Bool](repeating: false, count: count)
  }

  /// Frames for `count` nodes whose x, y, width and height are not written here (none
  /// placed): for ``LayoutEngine``, whose placement writes every node's four values (a
  /// placed node's from its parent, an unplaced node's zeros, `LayoutPass.placeAll`), so
  /// each page of them is touched once, not zero-filled first (at a million leaves 39 MB).
  ///
  /// - Parameter count: The number of nodes.
  init(unwrittenCount count: Int) {
    func column() -> [Double] {
      // Doubles need no initialisation to be valid values; every entry is written before
      // it is read (see above).
      [Double](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
    x = column()
    y = column()
    width = column()
    height = column()
    isPlaced = [Bool](repeating: false, count: count)
  }

  /// Makes these frames hold `count` nodes for a layout that writes every node's x, y,
  /// width and height (as ``init(unwrittenCount:)``), none placed, in the arrays' own
  /// storage when it has room (a reused workspace's frames: no allocation, no fresh page),
  /// else in new arrays.
  ///
  /// - Parameter count: The number of nodes.
  mutating func prepare(unwrittenCount count: Int) {
    size = .zero
    guard x.capacity >= count, y.capacity >= count, width.capacity >= count,
      height.capacity >= count, isPlaced.capacity >= count
    else {
      self = LayoutFrames(unwrittenCount: count)
      return
    }
    func fit<T>(_ column: inout [T], _ value: T) {
      if column.count > count {
        column.removeLast(column.count - count)
      } else if column.count < count {
        column.append(contentsOf: repeatElement(value, count: count - column.count))
      }
    }
    fit(&x, 0)
    fit(&y, 0)
    fit(&width, 0)
    fit(&height, 0)
    fit(&isPlaced, false)
    isPlaced.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
  }

  /// The number of nodes.
  public var count: Int { x.count }

  /// Runs `body` with the storage of the five arrays (one entry per node each): x, y,
  /// width, height and isPlaced. The buffers are valid only during `body`.
  ///
  /// - Parameter body: Reads and writes frames through the buffers.
  /// - Returns: What `body` returns.
  mutating func withStorage<R>(
    _ body: (
      UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
      UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
      UnsafeMutableBufferPointer<Bool>
    ) -> R
  ) -> R {
    x.withUnsafeMutableBufferPointer { xs in
      y.withUnsafeMutableBufferPointer { ys in
        width.withUnsafeMutableBufferPointer { ws in
          height.withUnsafeMutableBufferPointer { hs in
            isPlaced.withUnsafeMutableBufferPointer { placed in
              body(xs, ys, ws, hs, placed)
            }
          }
        }
      }
    }
  }

  /// The frame of node `i`, in points.
  ///
  /// - Parameter i: A node index of the tree that was laid out.
  public subscript(_ i: Int) -> Rect {
    Rect(x: x[i], y: y[i], width: width[i], height: height[i])
  }

  /// The rounding pass: every frame's corners rounded to `1 / scale` (reference §3.7,
  /// `PixelRounding`). For a valid scale the frames are rounded in place through
  /// ``PixelRounding/roundOnGrid(_:scale:)`` (the same values as `PixelRounding.round`).
  mutating func round(scale: Double) {
    let n = count
    guard scale.isFinite, scale > 0 else {
      for i in 0..<n {
        let r = PixelRounding.round(self[i], scale: scale)
        x[i] = r.minX
        y[i] = r.minY
        width[i] = r.width
        height[i] = r.height
      }
      return
    }
    x.withUnsafeMutableBufferPointer { xs in
      y.withUnsafeMutableBufferPointer { ys in
        width.withUnsafeMutableBufferPointer { ws in
          height.withUnsafeMutableBufferPointer { hs in
            for i in 0..<n {
              // `PixelRounding.round(_ rect:scale:)`, step by step.
              let x0 = PixelRounding.roundOnGrid(xs[i], scale: scale)
              let y0 = PixelRounding.roundOnGrid(ys[i], scale: scale)
              let x1 = PixelRounding.roundOnGrid(xs[i] + ws[i], scale: scale)
              let y1 = PixelRounding.roundOnGrid(ys[i] + hs[i], scale: scale)
              if x1.isFinite && x0.isFinite {
                ws[i] = PixelRounding.roundOnGrid(x1 - x0, scale: scale)
              }
              if y1.isFinite && y0.isFinite {
                hs[i] = PixelRounding.roundOnGrid(y1 - y0, scale: scale)
              }
              xs[i] = x0
              ys[i] = y0
            }
          }
        }
      }
    }
  }
}
