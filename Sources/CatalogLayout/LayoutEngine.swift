/// Sizes and places a tree of `LayoutNode`s with SwiftUI's layout rules
/// (`docs/layout-reference.md`).
///
/// A layout call runs three passes over the tree:
/// 1. **Sizing** (§1–3): the root is proposed the given size; each node answers with its
///    size, asking its children as its rule says. Answers are memoised per node and
///    proposal for the duration of the call (`LayoutCache`), so the cost stays about
///    linear in the number of nodes.
/// 2. **Placement** (§2.5, §2.8, §3): iteratively, each container puts its children; frames
///    are collected in root coordinates, unrounded. Right-to-left layout mirrors them
///    horizontally around the root's width.
/// 3. **Rounding** (§3.7): every frame's corners are rounded to `1 / displayScale`.
///
/// Sizing recurses once per node on the deepest path (a few call frames per node, about
/// 1–3 KiB of stack per node depending on the build). Trees deeper than
/// `DeepStack.inlineDepth` nodes are laid out on the calling thread when its stack has room
/// for them, else on a helper thread whose stack is sized for the tree (`DeepStack`), so the
/// depth the resolver allows (512 levels of nesting, e.g. `VStack { … }.padding()`, about
/// 1,024 nodes) never overflows, whatever thread calls the engine. Tested with 512 such
/// levels, on both paths.
public struct LayoutEngine: Sendable {
  /// The platform values used for every layout.
  public var environment: LayoutEnvironment

  /// Creates an engine.
  ///
  /// - Parameter environment: Spacing, display scale, direction and text model; iOS
  ///   defaults.
  public init(environment: LayoutEnvironment = .init()) {
    self.environment = environment
  }

  /// Lays out `root` for `proposal` and writes every node's `frame`.
  ///
  /// The root is placed at (0, 0) with the size it chooses for `proposal`; every node's
  /// frame is in root coordinates, in points, rounded to the pixel grid (`1 / displayScale`,
  /// corners rounded "nearest, ties up", reference §3.7). A node object that appears more
  /// than once in the tree is laid out only at its first position. The nodes are converted
  /// to a ``LayoutTree`` and laid out like one.
  ///
  /// - Parameters:
  ///   - root: The tree; its nodes' `frame`s are overwritten.
  ///   - proposal: The size offered to the root (nil axes ask for the ideal size).
  /// - Returns: The root's rounded size, in points.
  @discardableResult
  public func layout(_ root: LayoutNode, in proposal: ProposedSize) -> Size {
    layoutWithStatistics(root, in: proposal).size
  }

  /// Lays out `root` for `proposal` like the call without a workspace, working in
  /// `workspace`'s memory (see ``LayoutWorkspace``): a program laying out many trees
  /// (`catalog site`) allocates the pass's memory once.
  ///
  /// - Parameters:
  ///   - root: The tree; its nodes' `frame`s are overwritten.
  ///   - proposal: The size offered to the root (nil axes ask for the ideal size).
  ///   - workspace: The memory to work in, kept for the next call (one thread at a time).
  /// - Returns: The root's rounded size, in points.
  @discardableResult
  public func layout(
    _ root: LayoutNode, in proposal: ProposedSize, reusing workspace: LayoutWorkspace
  ) -> Size {
    layoutWithStatistics(root, in: proposal, workspace: workspace).size
  }

  /// Lays out a ``LayoutTree`` for `proposal`: every node's frame in root coordinates, in
  /// points, rounded to the pixel grid (reference §3.7), in flat arrays indexed by node.
  ///
  /// - Parameters:
  ///   - tree: The tree (unchanged).
  ///   - proposal: The size offered to the root (nil axes ask for the ideal size).
  /// - Returns: The frames; an empty tree gives no frames and a zero size.
  public func layout(_ tree: LayoutTree, in proposal: ProposedSize) -> LayoutFrames {
    run(tree, in: proposal, workspace: LayoutWorkspace()).frames
  }

  /// Lays out a ``LayoutTree`` for `proposal` like the call without a workspace, working
  /// in `workspace`'s memory: the pass's tables, memos and scratch, and the frames' arrays
  /// when the caller has let go of the frames the previous call returned. Laying out many
  /// trees through one workspace allocates and first touches that memory once, at the size
  /// of the largest tree, instead of once per call; the frames are the same as without it.
  ///
  /// - Parameters:
  ///   - tree: The tree (unchanged).
  ///   - proposal: The size offered to the root (nil axes ask for the ideal size).
  ///   - workspace: The memory to work in, kept for the next call (one thread at a time; a
  ///     call made while another layout uses it works in memory of its own).
  /// - Returns: The frames; an empty tree gives no frames and a zero size.
  public func layout(
    _ tree: LayoutTree, in proposal: ProposedSize, reusing workspace: LayoutWorkspace
  ) -> LayoutFrames {
    guard !workspace.inUse else { return layout(tree, in: proposal) }
    workspace.inUse = true
    defer { workspace.inUse = false }
    return run(tree, in: proposal, workspace: workspace).frames
  }

  /// The size `node` chooses for `proposal`, in points, unrounded (SwiftUI's
  /// `sizeThatFits`; reference §1). Does not write any frame.
  ///
  /// - Parameters:
  ///   - node: The subtree to measure, as if it were a root.
  ///   - proposal: The proposed size.
  /// - Returns: The chosen size in points.
  public func sizeThatFits(_ node: LayoutNode, _ proposal: ProposedSize) -> Size {
    let pass = LayoutPass(tree: LayoutTree(node), environment: environment)
    return DeepStack.run(depth: pass.depth) { pass.size(pass.root, proposal) }
  }

  /// What one layout call cost: for tests of the cache.
  struct Statistics {
    /// The root's rounded size.
    var size: Size
    /// Number of nodes laid out.
    var nodeCount: Int
    /// Size questions asked (memo hits and misses).
    var sizeQueries: Int
    /// Sizes actually computed (memo misses).
    var sizeComputations: Int
    /// Stacks placed by running the stack algorithm again (not from recorded positions).
    var placementReruns: Int
  }

  /// `layout(_:in:)`, also reporting how many size queries it took.
  func layoutWithStatistics(
    _ root: LayoutNode, in proposal: ProposedSize, workspace: LayoutWorkspace? = nil
  ) -> Statistics {
    let (tree, objects) = LayoutTree.converting(root)
    // A workspace another layout is using is not shared (memory of its own instead).
    let own = workspace.flatMap { $0.inUse ? nil : $0 } ?? LayoutWorkspace()
    own.inUse = true
    defer { own.inUse = false }
    let (frames, pass) = run(tree, in: proposal, workspace: own)
    for k in objects.indices {
      objects[k].frame = frames[k]
      objects[k].isPlaced = frames.isPlaced[k]
    }
    return Statistics(
      size: frames.size, nodeCount: tree.count,
      sizeQueries: pass.cache.sizeQueries, sizeComputations: pass.cache.sizeComputations,
      placementReruns: pass.cache.placementReruns)
  }

  /// The three passes: sizing and placement (unrounded frames), right-to-left mirroring,
  /// then rounding to the pixel grid in its own pass, in `workspace`'s memory (which keeps
  /// the frames returned, for the next call to reuse).
  private func run(_ tree: LayoutTree, in proposal: ProposedSize, workspace: LayoutWorkspace)
    -> (frames: LayoutFrames, pass: LayoutPass)
  {
    let pass = LayoutPass(
      tree: tree, environment: environment, ownsMemberScratch: false, workspace: workspace)
    guard tree.count > 0 else { return (LayoutFrames(count: 0), pass) }
    // The previous call's frames, taken out of the workspace so that their arrays are
    // written in place when the caller holds them no more. Placement writes every node's
    // frame (zeros for the unplaced): no zero-fill first.
    var frames = workspace.frames
    workspace.frames = LayoutFrames(count: 0)
    frames.prepare(unwrittenCount: tree.count)
    // Sizing records stack members straight into the frame arrays; placement finishes them.
    let rootSize = frames.withStorage { xs, ys, ws, hs, flags -> Size in
      // Never nil: the tree has nodes.
      guard let x = xs.baseAddress, let y = ys.baseAddress, let width = ws.baseAddress,
        let height = hs.baseAddress, let placed = flags.baseAddress
      else { return .zero }
      pass.bindFrames(x: x, y: y, width: width, height: height)
      defer { pass.unbindFrames() }
      return DeepStack.run(depth: pass.depth) { () -> Size in
        let s = pass.size(pass.root, proposal)
        pass.placeAll(proposal, placed: placed)
        return s
      }
    }
    if environment.layoutDirection == .rightToLeft {
      // Mirror around the root's width: x' = W − x − w (reference §2.5, RTL).
      for k in 0..<frames.count {
        frames.x[k] = rootSize.width - frames.x[k] - frames.width[k]
      }
    }
    frames.round(scale: environment.displayScale)
    frames.size =
      PixelRounding.round(Rect(origin: .zero, size: rootSize), scale: environment.displayScale).size
    workspace.frames = frames
    return (frames, pass)
  }
}
