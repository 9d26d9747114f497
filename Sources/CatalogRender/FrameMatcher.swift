import CatalogLayout
import CatalogResolver

/// Matches the views of two layouts of a component by identity, not position, for
/// `diff` (two revisions) and `--dry-run` (before and after a change): one inserted view
/// is one added view, and every later view is still compared with itself.
///
/// Identity, in order of preference:
/// 1. the same source (component and JSON path of the definition), view kind,
///    occurrence (the n-th view from the same source, as a `ForEach` repeats one) and label;
/// 2. for the views left over (a definition edit moves JSON paths: inserting
///    `children[1]` turns the old `children[1]` into `children[2]`), the longest common
///    subsequence of kind and label in tree order;
/// 3. the same source, kind and occurrence with another label (`padding(8)` →
///    `padding(9)` after a token change);
/// 4. what is left is added or removed.
public enum FrameMatcher {
  /// One laid-out view.
  public struct View: Sendable, Equatable {
    /// `source|kind#occurrence`.
    public var key: String
    /// The view's kind (`Text`, `padding`).
    public var kind: String
    /// How the view reads (`Text("Title")`, `padding(.bottom, 8)`).
    public var label: String
    /// Where it is defined (`TrackRow body.children[0]`).
    public var source: String
    /// Its frame, in points.
    public var frame: Rect
    /// The colours it is drawn in (``SVGRenderer/drawnColors(of:)``: `foregroundColor
    /// #ff0000`), empty when it gives none: a change there is a change of the view, even
    /// where its label, which has no colour for a `Text`, reads the same (review 23).
    public var colors: String = ""
  }

  /// What became of one view.
  public enum Change: Sendable, Equatable {
    /// The same view, with its frame, label or drawn colours changed.
    case changed(old: View, new: View)
    /// A view only the new layout has.
    case added(View)
    /// A view only the old layout has.
    case removed(View)
  }

  /// The views of a layout in tree order, each with its identity key.
  /// - Parameter laidOut: A laid-out component.
  /// - Returns: The views.
  public static func views(_ laidOut: LaidOutComponent) -> [View] {
    var seen: [String: Int] = [:]
    return laidOut.nodes().map { node, _ in
      let info = laidOut.info(node)
      let kind = info?.kind ?? "\(node.kind)"
      let base = "\(info?.source ?? "?")|\(kind)"
      let occurrence = seen[base, default: 0]
      seen[base] = occurrence + 1
      let colors = info.map {
        SVGRenderer.drawnColors(of: $0.descriptor).map { "\($0.property) \($0.color)" }
          .joined(separator: " ")
      }
      return View(
        key: "\(base)#\(occurrence)", kind: kind, label: info?.label ?? kind,
        source: info?.source ?? "", frame: node.frame, colors: colors ?? "")
    }
  }

  /// Compares two layouts view by view.
  /// - Parameters:
  ///   - old: The layout before.
  ///   - new: The layout after.
  /// - Returns: Every view whose frame or label changed, every added and every removed
  ///   view; changed and added in the new layout's order, then removed in the old one's.
  public static func compare(_ old: LaidOutComponent, _ new: LaidOutComponent) -> [Change] {
    compare(views(old), views(new))
  }

  /// Compares two lists of views (see ``compare(_:_:)-(LaidOutComponent,LaidOutComponent)``).
  public static func compare(_ old: [View], _ new: [View]) -> [Change] {
    var match = [Int?](repeating: nil, count: new.count)  // new index → old index
    var oldUsed = [Bool](repeating: false, count: old.count)
    func matchByKey(sameLabel: Bool) {
      var oldIndexByKey: [String: Int] = [:]
      for (i, v) in old.enumerated() where !oldUsed[i] && oldIndexByKey[v.key] == nil {
        oldIndexByKey[v.key] = i
      }
      for (j, v) in new.enumerated() where match[j] == nil {
        if let i = oldIndexByKey[v.key], !oldUsed[i], !sameLabel || old[i].label == v.label {
          match[j] = i
          oldUsed[i] = true
        }
      }
    }
    // Step 1: the same source, kind, occurrence and label.
    matchByKey(sameLabel: true)
    // Step 2: the leftovers, aligned by the longest common subsequence of kind and label
    // (a definition edit that moved JSON paths).
    let restOld = old.indices.filter { !oldUsed[$0] }
    let restNew = new.indices.filter { match[$0] == nil }
    for (i, j) in longestCommonSubsequence(restOld.map { old[$0] }, restNew.map { new[$0] }) {
      match[restNew[j]] = restOld[i]
      oldUsed[restOld[i]] = true
    }
    // Step 3: the same source whose label changed (a new token value).
    matchByKey(sameLabel: false)
    // Step 4: report.
    var out: [Change] = []
    for (j, v) in new.enumerated() {
      if let i = match[j] {
        if old[i].frame != v.frame || old[i].label != v.label || old[i].colors != v.colors {
          out.append(.changed(old: old[i], new: v))
        }
      } else {
        out.append(.added(v))
      }
    }
    for (i, v) in old.enumerated() where !oldUsed[i] { out.append(.removed(v)) }
    return out
  }

  /// Index pairs of a longest common subsequence of two view lists, equal meaning the
  /// same kind and label (dynamic programming, O(n·m); capped at 2,000 views a side, past
  /// which the leftovers are reported as added and removed).
  static func longestCommonSubsequence(_ a: [View], _ b: [View]) -> [(Int, Int)] {
    guard !a.isEmpty, !b.isEmpty, a.count <= 2_000, b.count <= 2_000 else { return [] }
    func same(_ x: View, _ y: View) -> Bool { x.kind == y.kind && x.label == y.label }
    let n = a.count
    let m = b.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          same(a[i], b[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var pairs: [(Int, Int)] = []
    var i = 0
    var j = 0
    while i < n && j < m {
      if same(a[i], b[j]) {
        pairs.append((i, j))
        i += 1
        j += 1
      } else if table[i + 1][j] >= table[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return pairs
  }

  /// A frame as the reports print it: `(x, y) width×height`, in points.
  /// - Parameter frame: The frame.
  /// - Returns: `(0, 8) 120×22`.
  public static func describe(_ frame: Rect) -> String {
    "(\(formatPoints(frame.minX)), \(formatPoints(frame.minY))) \(formatPoints(frame.width))×\(formatPoints(frame.height))"
  }
}
