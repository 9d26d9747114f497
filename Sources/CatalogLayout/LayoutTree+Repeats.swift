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
