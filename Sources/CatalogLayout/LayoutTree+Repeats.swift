extension LayoutTree {
  /// The id of a text: equal (string, style) pairs get the same id, so a caller that emits
  /// the same text many times (the rows of a list) interns it once and appends each node with
  /// ``appendText(_:layoutPriority:tag:)``, building no `LayoutKind.text` payload per node.
  ///
  /// - Parameters:
  ///   - string: The text's characters.
  ///   - style: Its text style (SwiftUI's font text style and `lineLimit`).
  /// - Returns: The text's id in this tree (its measurement group: the engine measures each
  ///   id once per proposed width).
  public mutating func textID(_ string: String, style: TextStyle) -> Int32 {
    intern(string, style)
  }

  /// Appends a `Text` leaf whose text was interned with ``textID(_:style:)`` on this tree.
  ///
  /// The same node as `append(.text(string, style), layoutPriority:tag:)`, without the
  /// payload.
  ///
  /// - Parameters:
  ///   - id: An id returned by ``textID(_:style:)`` of this tree; another value is not a
  ///     text of this tree and is refused (nil).
  ///   - layoutPriority: SwiftUI's layout priority (default 0).
  ///   - tag: A caller-defined number, kept as is.
  /// - Returns: The new node's index, or nil when `id` is not a text id of this tree.
  @discardableResult
  public mutating func appendText(_ id: Int32, layoutPriority: Double = 0, tag: Int = 0) -> Int? {
    guard id >= 0, Int(id) < texts.count else { return nil }
    childStart.append(Int32(truncatingIfNeeded: childList.count))
    childCounts.append(0)
    return appendNode(.text, parameter: id, layoutPriority: layoutPriority, tag: tag)
  }
}

extension LayoutTree {
  /// Appends a node of the same kind, with the same parameters, as node `model` (sharing
  /// its side-table entry): a caller that emits the same view many times (the rows of a
  /// list) builds its `LayoutKind` once.
  ///
  /// - Parameters:
  ///   - model: An existing node of this tree.
  ///   - children: The new node's children, as in `append(_:children:layoutPriority:tag:)`.
  ///   - layoutPriority: SwiftUI's layout priority (default 0).
  ///   - tag: A caller-defined number, kept as is.
  /// - Returns: The new node's index, or nil when `model` is not a node of this tree.
  @discardableResult
  public mutating func append(
    sameKindAs model: Int, children: [Int], layoutPriority: Double = 0, tag: Int = 0
  ) -> Int? {
    guard model >= 0, model < codes.count else { return nil }
    let start = childList.count
    childStart.append(Int32(truncatingIfNeeded: start))
    for k in children.indices where adopt(children[k]) {
      childList.append(Int32(truncatingIfNeeded: children[k]))
    }
    childCounts.append(Int32(truncatingIfNeeded: childList.count - start))
    return appendNode(
      codes[model], parameter: parameters[model], layoutPriority: layoutPriority, tag: tag)
  }

  /// Appends a leaf or single-child node of the same kind and parameters as node `model`
  /// (see ``append(sameKindAs:children:layoutPriority:tag:)``).
  ///
  /// - Parameters:
  ///   - model: An existing node of this tree.
  ///   - child: The single child, or nil for a leaf.
  ///   - layoutPriority: SwiftUI's layout priority (default 0).
  ///   - tag: A caller-defined number.
  /// - Returns: The new node's index, or nil when `model` is not a node of this tree.
  @discardableResult
  public mutating func append(
    sameKindAs model: Int, child: Int?, layoutPriority: Double = 0, tag: Int = 0
  ) -> Int? {
    guard model >= 0, model < codes.count else { return nil }
    appendChildSlot(child)
    return appendNode(
      codes[model], parameter: parameters[model], layoutPriority: layoutPriority, tag: tag)
  }
}

extension LayoutTree {
  /// Whether the nodes `range` form a copyable run: every child of a node in the run is in
  /// the run (a run made by one expansion of a view, whose nodes are appended together,
  /// children first).
  ///
  /// - Parameter range: Node indices of this tree.
  /// - Returns: True when ``appendCopy(of:tagShift:)`` may copy the run (unless
  ///   ``hasGridCells(in:)``).
  public func isSelfContained(_ range: Range<Int>) -> Bool {
    guard range.lowerBound >= 0, range.upperBound <= codes.count else { return false }
    guard !range.isEmpty else { return true }
    let first = Int32(truncatingIfNeeded: range.lowerBound)
    let start = Int(childStart[range.lowerBound])
    let last = range.upperBound - 1
    let end = Int(childStart[last]) + Int(childCounts[last])
    for k in start..<end where childList[k] < first { return false }
    return true
  }

  /// Whether a node of `range` has grid-cell traits (``appendCopy(of:tagShift:)`` does not
  /// copy them).
  ///
  /// - Parameter range: Node indices of this tree.
  /// - Returns: True when some node in `range` has non-default grid-cell traits.
  public func hasGridCells(in range: Range<Int>) -> Bool {
    guard !gridCells.isEmpty else { return false }
    return gridCells.keys.contains { range.contains(Int($0)) }
  }

  /// Appends a copy of the nodes `range` (a run ``isSelfContained(_:)`` accepts): the same
  /// kinds, side-table entries, layout priorities and child structure, the children moved
  /// with the run; the run's roots (nodes no copied node has as a child) have no parent yet.
  /// A caller that expands the same view again (the rows of a list of one component) copies
  /// the nodes its first expansion made instead of resolving them again.
  ///
  /// - Parameters:
  ///   - range: The nodes to copy.
  ///   - tagShift: Added to each copied node's tag.
  /// - Returns: The number added to a node's index to get its copy's.
  public mutating func appendCopy(of range: Range<Int>, tagShift: Int) -> Int {
    let offset = codes.count - range.lowerBound
    guard !range.isEmpty else { return offset }
    let listStart = Int(childStart[range.lowerBound])
    let last = range.upperBound - 1
    let listEnd = Int(childStart[last]) + Int(childCounts[last])
    let listShift = Int32(truncatingIfNeeded: childList.count - listStart)
    let nodeShift = Int32(truncatingIfNeeded: offset)
    let firstChild = childList.count
    codes.appendCopy(of: range)
    parameters.appendCopy(of: range)
    // Empty while every priority is 0 (then the copies' are too).
    if !priorities.isEmpty { priorities.appendCopy(of: range) }
    childCounts.appendCopy(of: range)
    childStart.appendCopy(of: range) { $0 &+ listShift }
    childList.appendCopy(of: listStart..<listEnd) { $0 &+ nodeShift }
    tags.appendCopy(of: range) { $0 &+ tagShift }
    hasParent.append(contentsOf: repeatElement(false, count: range.count))
    hasParent.withUnsafeMutableBufferPointer { adopted in
      childList.withUnsafeBufferPointer { list in
        for k in firstChild..<list.count { adopted[Int(list[k])] = true }
      }
    }
    return offset
  }
}

extension Array {
  /// Appends a copy of the elements `range` of this array, each transformed by `change`.
  /// Short runs are appended one by one; longer ones are made room for (filled with their
  /// first element) and copied within the array's own buffer. No temporary array: a slice
  /// of the array itself, appended directly, would make it copy its whole buffer, and a
  /// temporary copy of a long run (a 122,000-node row of the nested tree at 1m leaves) is
  /// fresh memory, each page faulted in once more.
  ///
  /// - Parameters:
  ///   - range: Indices of this array.
  ///   - change: Applied to each copied element.
  @inline(__always)
  mutating func appendCopy(of range: Range<Int>, _ change: (Element) -> Element = { $0 }) {
    if range.count < 16 {
      for k in range { append(change(self[k])) }
      return
    }
    let first = count
    append(contentsOf: repeatElement(self[range.lowerBound], count: range.count))
    withUnsafeMutableBufferPointer { buffer in
      for k in 0..<range.count { buffer[first + k] = change(buffer[range.lowerBound + k]) }
    }
  }
}
