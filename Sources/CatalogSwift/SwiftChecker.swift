import CatalogLint
import CatalogModel
import CatalogSystem
import CatalogTokens
import Dispatch
import Foundation
import SwiftSyntax

/// `check-swift`: lints an app's Swift sources against the catalog without importing them.
///
/// Rules (each one function below, named for what it checks):
/// - `hard-coded-length` (warning): a literal spacing (stacks, lazy stacks, `Grid`'s
///   horizontal and vertical spacing), padding, `Spacer(minLength:)` or frame length that
///   equals a token, a `RoundedRectangle` corner radius that equals a `radius.*` token, or a
///   `stroke`/`strokeBorder` line width that equals a `stroke.*` token; the fix writes the
///   Swift export's name (`DesignTokens.spaceSm`). The catalog's `lint` rule of the same
///   name, in Swift.
/// - `unknown-token` (error) / `deprecated-token` (warning): a member of a token type
///   (`Spacing`, `Size`, the export's type, a `--token-map` base) that the catalog does not
///   define, or marks `$deprecated` (DTCG Format §5.2.4).
/// - `padding-on-empty-stack` (warning): padding on a stack (lazy stacks, `Grid` and
///   `GridRow` too) whose children may all be absent (SwiftUI keeps the padding of an empty stack; the seed's problem).
/// - `component-drift` (error when frames differ, note otherwise): a `struct X: View`
///   whose body differs from the stored component `X`, with the frames that move.
public struct SwiftChecker {
  /// The catalog's token names.
  public let tokenNames: SwiftTokenNames
  /// The stored components.
  public let catalog: [ComponentDefinition]

  /// Creates a checker.
  /// - Parameters:
  ///   - tokenNames: How Swift names the catalog's tokens.
  ///   - catalog: The stored components, for `component-drift`.
  public init(tokenNames: SwiftTokenNames, catalog: [ComponentDefinition]) {
    self.tokenNames = tokenNames
    self.catalog = catalog
  }

  /// The `.swift` files under `paths` (folders are walked, sorted; `.build` and hidden
  /// folders skipped).
  /// - Parameter paths: Files and folders.
  /// - Returns: File paths.
  /// - Throws: ``SwiftBridgeError`` for a path that does not exist, a folder without a
  ///   `.swift` file, or a file of a folder that leads outside it through a symbolic link
  ///   (``FolderBoundary``).
  public static func swiftFiles(in paths: [String]) throws(SwiftBridgeError) -> [String] {
    var out: [String] = []
    let fm = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw SwiftBridgeError("\(path): no such file or folder")
      }
      if !isDirectory.boolValue {
        out.append(path)
        continue
      }
      guard let e = fm.enumerator(atPath: path) else { continue }
      var found: [String] = []
      while let item = e.nextObject() as? String {
        let last = (item as NSString).lastPathComponent
        if last.hasPrefix(".") || last == ".build" {
          e.skipDescendants()
          continue
        }
        if item.hasSuffix(".swift") {
          let file = path.hasSuffix("/") ? path + item : path + "/" + item
          // A folder's files stay inside it (the rule of resolver `$ref`s and catalog
          // folders): a symbolic link leading out is refused before it is read.
          if let problem = FolderBoundary.outsideProblem(of: file, folder: path) {
            throw SwiftBridgeError("\(file): \(problem)")
          }
          found.append(file)
        }
      }
      // A folder with no Swift file is almost always a mistyped path: said, not checked
      // as "No problems found." (which would pass a CI step that checks nothing).
      guard !found.isEmpty else {
        throw SwiftBridgeError(
          "\(path): the folder holds no .swift file (hidden folders and .build are skipped)")
      }
      out += found.sorted()
    }
    return out
  }

  /// Checks files: parses them in parallel, then runs every rule (the per-file rules in
  /// parallel too).
  /// - Parameters:
  ///   - paths: `.swift` files.
  ///   - progress: Called with (files parsed, total) as parsing advances (from any thread).
  /// - Returns: The diagnostics, by file and position.
  /// - Throws: ``SwiftBridgeError`` when a file cannot be read.
  public func check(files paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil)
    throws(SwiftBridgeError) -> [SwiftBridgeDiagnostic]
  {
    let parsed = try Self.parseAll(paths, progress: progress)
    return check(parsed)
  }

  /// Parses files on every core; fails naming every unreadable one (a folder holding two
  /// FIFOs names both), the first ``BoundedList/limit`` of them, then a count.
  /// - Parameters:
  ///   - paths: `.swift` files.
  ///   - folding: Whether operators are folded (``SwiftSourceFile/read(_:folding:)``).
  ///   - progress: Called with (files parsed, total) as parsing advances (from any thread).
  /// - Returns: The parsed files, in the order of `paths`.
  /// - Throws: ``SwiftBridgeError`` with one line per file that cannot be read.
  static func parseAll(
    _ paths: [String], folding: Bool = false, progress: (@Sendable (Int, Int) -> Void)?
  ) throws(SwiftBridgeError) -> [SwiftSourceFile] {
    let box = ParallelResults<Result<SwiftSourceFile, SwiftBridgeError>>(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { i in
      let result: Result<SwiftSourceFile, SwiftBridgeError>
      // Unfolded: the per-file rules do not read operators; `component-drift` folds the
      // few files it imports (folding is a second pass over the whole tree).
      do throws(SwiftBridgeError) {
        result = .success(try SwiftSourceFile.read(paths[i], folding: folding))
      } catch {
        result = .failure(error)
      }
      let done = box.store(result, at: i)
      progress?(done, paths.count)
    }
    var out: [SwiftSourceFile] = []
    var failures: [String] = []
    for r in box.results {
      switch r {
      case .success(let f)?: out.append(f)
      case .failure(let e)?: failures.append(e.message)
      case nil: failures.append("internal: a file was not parsed")
      }
    }
    if !failures.isEmpty {
      throw SwiftBridgeError(
        BoundedList.lines(failures, noun: "unreadable file").joined(separator: "\n"))
    }
    return out
  }

  /// Runs every rule over parsed files.
  /// - Parameter files: Parsed files.
  /// - Returns: The diagnostics, sorted by file, line and column.
  public func check(_ files: [SwiftSourceFile]) -> [SwiftBridgeDiagnostic] {
    // Declarations first (all files: a view of one file may be used in another).
    let declarations = ParallelResults<DeclarationFinder>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { i in
      let finder = DeclarationFinder(viewMode: .sourceAccurate)
      finder.walk(files[i].tree)
      _ = declarations.store(finder, at: i)
    }
    let finders = declarations.results.compactMap { $0 }
    let possiblyEmpty = PossiblyEmptyViews(finders.flatMap(\.views))
    let perFile = ParallelResults<[SwiftBridgeDiagnostic]>(count: files.count)
    let names = tokenNames
    DispatchQueue.concurrentPerform(iterations: files.count) { i in
      let visitor = SwiftCheckVisitor(
        file: files[i], tokenNames: names, possiblyEmpty: possiblyEmpty)
      visitor.walk(files[i].tree)
      _ = perFile.store(files[i].syntaxErrors() + visitor.diagnostics, at: i)
    }
    var out = perFile.results.flatMap { $0 ?? [] }
    let stored = Set(catalog.map(\.name))
    if finders.contains(where: { f in f.views.contains { stored.contains($0.name.text) } }) {
      out += componentDrift(files)
    }
    return out.sorted { a, b in
      (a.location.file, a.location.line, a.location.column) < (
        b.location.file, b.location.line, b.location.column
      )
    }
  }

  /// `component-drift`: Swift views named like stored components whose body differs; frames
  /// compared by laying both out with the catalog's resolver (defaults and every variant).
  func componentDrift(_ files: [SwiftSourceFile]) -> [SwiftBridgeDiagnostic] {
    let stored = Dictionary(catalog.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let importer = SwiftComponentImporter(tokenNames: tokenNames, catalog: catalog)
    let result = importer.importFiles(files, only: Set(stored.keys))
    var out: [SwiftBridgeDiagnostic] = []
    for imported in result.components where !imported.isOpaque {
      guard let old = stored[imported.definition.name] else { continue }
      guard
        !SwiftRoundTrip.sameDefinition(
          old, imported.definition, ignoringDescriptionAndVariants: true)
      else { continue }
      var after = catalog.filter { $0.name != old.name }
      // The Swift side has no variants of its own here: compare with the stored ones.
      var changed = imported.definition
      changed.variants = old.variants.filter { v in
        v.arguments.members.allSatisfy { a in changed.parameter(named: a.key) != nil }
      }
      after.append(changed)
      // Drawn differently with every frame in place (a colour) is styling, not layout.
      let entries = ImpactAnalyzer(before: catalog, after: after).impact(
        from: tokenNames.tokens, to: tokenNames.tokens
      ).filter(\.changesLayout)
      if entries.isEmpty {
        out.append(
          SwiftBridgeDiagnostic(
            location: imported.location, level: .note, rule: "component-drift",
            message:
              "\(old.name) differs from the stored component but lays out the same (literals where the catalog has tokens, or styling)",
            component: old.name))
      } else {
        var lines: [String] = []
        let own = entries.filter { $0.component == old.name }
        for e in (own.isEmpty ? entries : own).prefix(3) {
          if let error = e.error { lines.append("\(e.label): \(error)") }
          for c in e.changes.prefix(3) {
            lines.append(
              "\(e.component == old.name ? "" : "\(e.component) ")\(e.label): \(c.label) \(c.old) → \(c.new)"
            )
          }
        }
        out.append(
          SwiftBridgeDiagnostic(
            location: imported.location, level: .error, rule: "component-drift",
            message:
              "\(old.name) differs from the stored component and its frames move: \(lines.joined(separator: "; "))",
            component: old.name))
      }
    }
    return out
  }

  /// What ``applyFixes(_:)`` did.
  public struct FixResult: Sendable, Equatable {
    /// The number of edits written.
    public var count: Int
    /// The diagnostics whose fix was not applied (their file has Swift syntax errors).
    public var unfixed: [SwiftBridgeDiagnostic]
    /// The files left alone because they have Swift syntax errors.
    public var brokenFiles: [String]
  }

  /// Applies the fixes of `diagnostics` to their files (bytes replaced from the end, so
  /// offsets stay valid), each file replaced in one step through any symbolic link, with
  /// its permissions (`FileWriting.replaceFile`). A file with Swift syntax errors
  /// (`syntax-error`, `too-deep`) is not rewritten: where the parser skipped text, a
  /// literal's place is not the code's meaning (`padding(.bottom, 8 8)` became
  /// `padding(.bottom, DesignTokens.spaceSm 8)`).
  /// - Parameter diagnostics: Diagnostics, some with fixes.
  /// - Returns: The edits written and the fixes left for files with syntax errors.
  /// - Throws: ``SwiftBridgeError`` when a file cannot be read or written.
  public static func applyFixes(_ diagnostics: [SwiftBridgeDiagnostic]) throws(SwiftBridgeError)
    -> FixResult
  {
    let broken = Set(
      diagnostics.filter { $0.rule == "syntax-error" || $0.rule == "too-deep" }.map(
        \.location.file))
    var byFile: [String: [SwiftTextEdit]] = [:]
    var unfixed: [SwiftBridgeDiagnostic] = []
    for d in diagnostics {
      guard let fix = d.fix else { continue }
      if broken.contains(d.location.file) {
        unfixed.append(d)
      } else {
        byFile[d.location.file, default: []].append(fix)
      }
    }
    var count = 0
    for (file, edits) in byFile.sorted(by: { $0.key < $1.key }) {
      var bytes = try readSwiftBytes(file)
      for edit in edits.sorted(by: { $0.start > $1.start }) where edit.end <= bytes.count {
        bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        count += 1
      }
      if let failure = FileWriting.replaceFile(bytes, at: file) {
        throw SwiftBridgeError("\(file): cannot write the fixed file: \(failure)")
      }
    }
    let brokenFiles = Set(unfixed.map(\.location.file)).sorted()
    return FixResult(count: count, unfixed: unfixed, brokenFiles: brokenFiles)
  }
}

/// Results of a parallel loop, one slot per file, behind a lock.
private final class ParallelResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var results: [Value?]
  private var done = 0
  init(count: Int) { results = Array(repeating: nil, count: count) }
  func store(_ r: Value, at i: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    results[i] = r
    done += 1
    return done
  }
}

/// Which views may render nothing: `if` without `else`, `ForEach`, `EmptyView`, groups of
/// such views, and `struct`s of the checked files whose body may render nothing (the
/// seed's `OptionalView`).
///
/// Every struct's answer is computed in `init`; afterwards the object is read-only, so the
/// per-file rules can share it across threads.
final class PossiblyEmptyViews: @unchecked Sendable {
  private var bodies: [String: CodeBlockItemListSyntax] = [:]
  private var memo: [String: Bool] = [:]
  private var frozen = false

  init(_ views: [StructDeclSyntax]) {
    for s in views {
      for item in s.memberBlock.members {
        guard let v = item.decl.as(VariableDeclSyntax.self) else { continue }
        for b in v.bindings where b.pattern.trimmedDescription == "body" {
          if case .getter(let items)? = b.accessorBlock?.accessors { bodies[s.name.text] = items }
        }
      }
    }
    for name in bodies.keys.sorted() where memo[name] == nil {
      memo[name] = false  // a cycle is not empty
      memo[name] = mayBeEmpty(bodies[name] ?? [], depth: 0)
    }
    frozen = true
  }

  /// True when every view the block produces may be absent (an empty block too).
  func mayBeEmpty(_ items: CodeBlockItemListSyntax, depth: Int = 0) -> Bool {
    guard depth < 64 else { return false }
    for item in items {
      let expr: ExprSyntax?
      switch item.item {
      case .expr(let e): expr = e
      case .stmt(let s): expr = s.as(ExpressionStmtSyntax.self)?.expression
      default: expr = nil
      }
      guard let expr else { continue }
      if !mayBeEmpty(expr, depth: depth + 1) { return false }
    }
    return true
  }

  func mayBeEmpty(_ expr: ExprSyntax, depth: Int) -> Bool {
    guard depth < 64 else { return false }
    if let i = expr.as(IfExprSyntax.self) {
      switch i.elseBody {
      case nil: return true
      case .codeBlock(let b)?:
        return mayBeEmpty(b.statements, depth: depth + 1)
          || mayBeEmpty(i.body.statements, depth: depth + 1)
      case .ifExpr(let next)?:
        return mayBeEmpty(ExprSyntax(next), depth: depth + 1)
          || mayBeEmpty(i.body.statements, depth: depth + 1)
      default: return false
      }
    }
    if let s = expr.as(SwitchExprSyntax.self) {
      return s.cases.contains { element in
        guard case .switchCase(let c) = element else { return false }
        return mayBeEmpty(c.statements, depth: depth + 1)
      }
    }
    // Modifiers vanish with their view.
    var core = expr
    while let call = core.as(FunctionCallExprSyntax.self),
      let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base
    {
      core = base
    }
    guard let call = core.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName
    else {
      return false
    }
    switch name {
    case "EmptyView", "ForEach": return true
    case "Group":
      return call.trailingClosure.map { mayBeEmpty($0.statements, depth: depth + 1) } ?? true
    default:
      if let known = memo[name] { return known }
      guard !frozen, let body = bodies[name] else { return false }
      memo[name] = false  // a cycle is not empty
      let result = mayBeEmpty(body, depth: depth + 1)
      memo[name] = result
      return result
    }
  }
}

/// The per-file rules of `check-swift`.
final class SwiftCheckVisitor: SyntaxVisitor {
  let file: SwiftSourceFile
  let tokenNames: SwiftTokenNames
  let possiblyEmpty: PossiblyEmptyViews
  var diagnostics: [SwiftBridgeDiagnostic] = []
  private static let stacks: Set<String> = [
    "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Grid", "GridRow",
  ]

  init(file: SwiftSourceFile, tokenNames: SwiftTokenNames, possiblyEmpty: PossiblyEmptyViews) {
    self.file = file
    self.tokenNames = tokenNames
    self.possiblyEmpty = possiblyEmpty
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let m = node.calledExpression.as(MemberAccessExprSyntax.self), m.base != nil {
      switch m.declName.baseName.plainName {
      case "padding":
        for a in node.arguments {
          if let insets = a.expression.as(FunctionCallExprSyntax.self),
            insets.calledExpression.trimmedDescription == "EdgeInsets"
          {
            for inner in insets.arguments {
              hardCodedLength(inner.expression, group: "space", what: "padding")
            }
          } else if a.label == nil {
            hardCodedLength(a.expression, group: "space", what: "padding")
          }
        }
        paddingOnEmptyStack(node, member: m)
      case "frame":
        for a in node.arguments
        where a.label.map({ FrameDefinition.lengthNames.contains($0.text) }) == true {
          hardCodedLength(a.expression, group: "size", what: "frame \(a.label?.plainName ?? "")")
        }
      case "stroke", "strokeBorder":
        // A shape's outline width (issue 19's shapes): only a stroke token fits.
        if let w = node.arguments.first(where: { $0.label?.plainName == "lineWidth" }) {
          hardCodedLength(w.expression, group: "stroke", what: "lineWidth", onlyGroup: true)
        }
      default: break
      }
    } else if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName
    {
      // Issue 19's views with lengths: Grid's spacings, a rounded rectangle's corner radius
      // (only a radius token fits).
      if name == "Grid" {
        for a in node.arguments
        where ["horizontalSpacing", "verticalSpacing"].contains(a.label?.plainName ?? "") {
          hardCodedLength(a.expression, group: "space", what: "Grid \(a.label?.plainName ?? "")")
        }
      }
      if name == "RoundedRectangle",
        let r = node.arguments.first(where: { $0.label?.plainName == "cornerRadius" })
      {
        hardCodedLength(r.expression, group: "radius", what: "cornerRadius", onlyGroup: true)
      }
      if Self.stacks.contains(name),
        let s = node.arguments.first(where: { $0.label?.plainName == "spacing" })
      {
        hardCodedLength(s.expression, group: "space", what: "\(name) spacing")
      }
      if name == "Spacer",
        let s = node.arguments.first(where: { $0.label?.plainName == "minLength" })
      {
        hardCodedLength(s.expression, group: "space", what: "Spacer minLength")
      }
    }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    tokenReference(node)
    return .visitChildren
  }

  /// `hard-coded-length`: a literal that equals a token (0 is always allowed); with
  /// `onlyGroup`, only a token of `group` (a radius is no spacing).
  func hardCodedLength(_ e: ExprSyntax, group: String, what: String, onlyGroup: Bool = false) {
    guard let n = SwiftComponentImporter.literalNumber(e), n != 0 else { return }
    guard
      let token = tokenNames.tokens(equalTo: n, preferring: group).first(where: {
        !onlyGroup || $0.hasPrefix(group + ".")
      })
    else { return }
    let name = tokenNames.exportName(of: token)
    let start = e.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = e.endPositionBeforeTrailingTrivia.utf8Offset
    diagnostics.append(
      SwiftBridgeDiagnostic(
        location: file.location(e), level: .warning, rule: "hard-coded-length",
        message: "\(what) \(e.trimmedDescription) equals the token {\(token)}; use \(name)",
        fix: SwiftTextEdit(start: start, end: end, replacement: name)))
  }

  /// `unknown-token` / `deprecated-token`: `Spacing.x`, `DesignTokens.x`, … that the catalog
  /// lacks or deprecates (DTCG Format §5.2.4).
  func tokenReference(_ node: MemberAccessExprSyntax) {
    guard let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
      tokenNames.isNamespace(base)
    else { return }
    let member = node.declName.baseName.plainName
    guard let path = tokenNames.token(base: base, member: member) else {
      diagnostics.append(
        SwiftBridgeDiagnostic(
          location: file.location(node), level: .error, rule: "unknown-token",
          message: "\(base).\(member) names no token in the catalog"))
      return
    }
    if let note = tokenNames.deprecation(of: path) {
      diagnostics.append(
        SwiftBridgeDiagnostic(
          location: file.location(node), level: .warning, rule: "deprecated-token",
          message:
            "\(base).\(member) is the deprecated token {\(path)}\(note.isEmpty ? "" : ": \(note)")")
      )
    }
  }

  /// `padding-on-empty-stack`: the first `.padding` on a stack whose children may all be
  /// absent; SwiftUI keeps it, so the stack shows empty space (reference §3.3, the seed).
  func paddingOnEmptyStack(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
    var core = member.base
    while let call = core?.as(FunctionCallExprSyntax.self),
      let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.base != nil
    {
      // Reported at the padding nearer the stack.
      if m.declName.baseName.plainName == "padding" { return }
      core = m.base
    }
    guard let call = core?.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
      Self.stacks.contains(name)
    else { return }
    let children = call.trailingClosure?.statements
    guard children.map({ possiblyEmpty.mayBeEmpty($0) }) ?? true else { return }
    diagnostics.append(
      SwiftBridgeDiagnostic(
        location: file.location(member.declName), level: .warning, rule: "padding-on-empty-stack",
        message:
          "padding on a \(name) whose children may all be absent: SwiftUI keeps it and shows empty space; wrap the stack in Group(subviews:) with if !subviews.isEmpty, or pad only when a child rendered"
      ))
  }
}
