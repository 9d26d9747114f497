import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogService
import CatalogTokens

/// `catalog diff NAME [A] [B]`: what changed between two revisions of a component: the
/// definition's structural diff by JSON path, and the change in its layout frames.
///
/// Revisions: none → the latest against the one before it; `A` → revision A against the
/// latest; `A B` → A against B. Frames come from resolving each revision with its
/// defaults (the other components and the tokens as they are now), proposing no size, on
/// `--platform` (default `ios`), with the fixed text metrics (every character half an
/// em), as the golden tests do, so the diff does not depend on installed fonts. Views are
/// matched by where they come from (component and JSON path) and their kind.
enum DiffCommand: ParsedCommand {
  /// The `A` argument.
  static let older = CommandSpec.Argument(
    name: "a", help: "The older revision (default: the one before B).", isOptional: true)
  /// The `B` argument.
  static let newer = CommandSpec.Argument(
    name: "b", help: "The newer revision (default: the latest).", isOptional: true)
  static let spec = CommandSpec(
    name: "diff", abstract: "Compare two revisions of a component: definition and layout frames.",
    discussion: """
      With no revisions, compares the latest with the one before; with A, A with the latest; with \
      A and B, A with B. Frames are laid out with the defaults, no proposed size and fixed text \
      metrics.
      """,
    arguments: [
      .componentName,
      older,
      newer,
    ],
    options: [.platform],
    flags: [.json])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let history = try ComponentRevisions(parsed.argument(.componentName), session: session)
    let name = history.name
    let withDefinitions = history.revisions.filter { $0.definition != nil }.map(\.revision)
    let b: Int
    let a: Int
    switch (parsed.optionalArgument(Self.older), parsed.optionalArgument(Self.newer)) {
    case (let older?, let newer?):
      a = try ComponentRevisions.number(older, command: ["diff"])
      b = try ComponentRevisions.number(newer, command: ["diff"])
    case (let older?, nil):
      a = try ComponentRevisions.number(older, command: ["diff"])
      guard let last = withDefinitions.last else {
        throw .failure("\(name) has no saved definition")
      }
      b = last
    default:
      guard withDefinitions.count >= 2 else {
        throw .failure(
          "\(name) has only one saved definition (revision \(withDefinitions.first.map(String.init) ?? "-")); nothing to compare"
        )
      }
      b = withDefinitions[withDefinitions.count - 1]
      a = withDefinitions[withDefinitions.count - 2]
    }
    let old = try history.definition(a)
    let new = try history.definition(b)
    let changes = JSONDiff.changes(from: old.json, to: new.json)
    let platform = try RenderCommand.loadPlatform(parsed.option(.platform) ?? "ios", session)
    let tokens = try session.tokenResolver()
    let before = layout(old, session: session, tokens: tokens, platform: platform)
    let after = layout(new, session: session, tokens: tokens, platform: platform)
    let frames = FrameDiff(before: before, after: after)

    if parsed.flag(.json) {
      context.output.out(
        JSONWriter.pretty(
          .object(
            JSONObject([
              ("component", .string(name)), ("from", .number(Double(a))),
              ("to", .number(Double(b))),
              (
                "changes",
                .array(
                  changes.map { c in
                    .object(
                      JSONObject([
                        ("kind", .string(c.kind.rawValue)), ("path", .string(c.path)),
                        ("old", c.old ?? .null), ("new", c.new ?? .null),
                      ]))
                  })
              ),
              ("frames", frames.json),
            ]))))
      return
    }
    var out = "\(name): revision \(a) → revision \(b)\n"
    out += "Definition: \(changes.isEmpty ? "no changes" : Plural.count(changes.count, "change"))\n"
    for change in changes { out += "  \(change)\n" }
    out += "Frames (\(platform.name), proposed nil×nil, fixed text metrics): \(frames.summary)\n"
    for line in frames.lines { out += "  \(line)\n" }
    context.output.out(out)
  }

  /// A revision laid out, or why it could not be.
  enum Layout {
    case laidOut(LaidOutComponent)
    case failed(String)
  }

  static func layout(
    _ definition: ComponentDefinition, session: CatalogSession, tokens: TokenResolver,
    platform: Platform
  ) -> Layout {
    var resolver = Resolver(
      source: RevisionSource(session: session, definition: definition), tokens: tokens,
      platform: platform)
    do {
      let resolved = try resolver.resolve(definition.name, arguments: JSONObject())
      return .laidOut(LaidOutComponent(resolved, proposal: ProposedSize(width: nil, height: nil)))
    } catch {
      return .failed("\(error)")
    }
  }

  /// The stored components, with one definition in place of the stored one of its name.
  struct RevisionSource: ComponentSource {
    let session: CatalogSession
    let definition: ComponentDefinition
    func definition(named name: String) throws -> ComponentDefinition? {
      name == definition.name ? definition : try session.definition(named: name)
    }
  }

  /// The frames of two layouts, matched view by view.
  struct FrameDiff {
    var summary: String
    var lines: [String] = []
    var json: JSONValue

    static func describe(_ f: Rect) -> String { FrameMatcher.describe(f) }

    /// One view of the frame comparison as JSON: `{kind, source, label, old, new}`, with
    /// `null` for the frame an added or removed view lacks.
    static func viewJSON(_ kind: String, _ view: FrameMatcher.View, old: Rect?, new: Rect?)
      -> JSONValue
    {
      .object(
        JSONObject([
          ("kind", .string(kind)), ("source", .string(view.source)),
          ("label", .string(view.label)), ("old", old.map(frameJSON) ?? .null),
          ("new", new.map(frameJSON) ?? .null),
        ]))
    }

    static func frameJSON(_ f: Rect) -> JSONValue {
      .object(
        JSONObject([
          ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)),
          ("height", .number(f.height)),
        ]))
    }

    init(before: Layout, after: Layout) {
      switch (before, after) {
      case (.failed(let e), _):
        summary = "cannot lay out the older revision: \(e)"
        json = .object(JSONObject([("error", .string(summary))]))
        return
      case (_, .failed(let e)):
        summary = "cannot lay out the newer revision: \(e)"
        json = .object(JSONObject([("error", .string(summary))]))
        return
      case (.laidOut(let a), .laidOut(let b)):
        let sizeA =
          a.root == nil ? "no view" : "\(formatPoints(a.size.width))×\(formatPoints(a.size.height))"
        let sizeB =
          b.root == nil ? "no view" : "\(formatPoints(b.size.width))×\(formatPoints(b.size.height))"
        var items: [JSONValue] = []
        // Views matched by identity, shared with `add --dry-run` (FrameMatcher).
        for change in FrameMatcher.compare(a, b) {
          switch change {
          case .changed(let previous, let entry):
            let label =
              previous.label == entry.label ? entry.label : "\(previous.label) → \(entry.label)"
            lines.append(
              "~ \(label)  \(Self.describe(previous.frame)) → \(Self.describe(entry.frame))  [\(entry.source)]"
            )
            items.append(Self.viewJSON("changed", entry, old: previous.frame, new: entry.frame))
          case .added(let entry):
            lines.append("+ \(entry.label)  \(Self.describe(entry.frame))  [\(entry.source)]")
            items.append(Self.viewJSON("added", entry, old: nil, new: entry.frame))
          case .removed(let entry):
            lines.append("- \(entry.label)  \(Self.describe(entry.frame))  [\(entry.source)]")
            items.append(Self.viewJSON("removed", entry, old: entry.frame, new: nil))
          }
        }
        summary =
          sizeA == sizeB
          ? "size \(sizeA)"
            + (lines.isEmpty
              ? ", no frame changed" : ", \(Plural.count(lines.count, "view")) changed")
          : "size \(sizeA) → \(sizeB), \(Plural.count(lines.count, "view")) changed"
        json = .object(
          JSONObject([
            ("sizeBefore", .string(sizeA)), ("sizeAfter", .string(sizeB)), ("views", .array(items)),
          ]))
      }
    }
  }
}
