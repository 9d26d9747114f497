import CatalogModel
import CatalogResolver
import CatalogService

/// `catalog platforms …`: what SwiftUI's `nil` lengths mean on each platform.
enum PlatformsCommand: Subcommand {
  /// The `NAME` argument.
  static let platformName = CommandSpec.Argument(
    name: "name", help: "The platform's name: lower-case letters, digits and _.")

  /// The `--spacing` option.
  static let spacing = CommandSpec.Option(
    name: "spacing", valueName: "points",
    help: "Default spacing between ordinary views, and the default Spacer minimum.",
    type: .number(min: 0, max: 1000))
  /// The `--padding` option.
  static let padding = CommandSpec.Option(
    name: "padding", valueName: "points", help: "Default padding on each edge.",
    type: .number(min: 0, max: 1000))
  /// The `--scale` option.
  static let scale = CommandSpec.Option(
    name: "scale", valueName: "n",
    help: "Pixels per point, for rounding frames and Divider thickness.",
    type: .number(min: 0.1, max: 10))

  static let listSpec = CommandSpec(
    name: "list",
    abstract: "List the platforms with their default spacing, padding and display scale.",
    flags: [.jsonTable],
    run: { (args, context) throws(CommandError) in try list(args, context) })

  static let setSpec = CommandSpec(
    name: "set", abstract: "Add a platform or change its defaults.",
    discussion: """
      Apple documents only that the defaults are platform-specific; iOS's are spacing 8, padding \
      16 and scale 3. Values for other platforms are yours to set.
      """,
    arguments: [platformName],
    options: [
      spacing,
      padding,
      scale,
    ],
    run: { (args, context) throws(CommandError) in try set(args, context) })

  static let spec = CommandSpec(
    name: "platforms", abstract: "List or set platform defaults (render --platform NAME).",
    subcommands: [listSpec, setSpec])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try CommandDispatcher.dispatch(args, spec: spec, path: ["platforms"], context: context)
  }

  static func list(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let platforms: [Platform]
    do { platforms = try session.service.platforms() } catch { throw .failure("\(error)") }
    if parsed.flag(.json) {
      context.output.out(
        JSONWriter.pretty(
          .array(
            platforms.map {
              .object(
                JSONObject([
                  ("name", .string($0.name)), ("defaultSpacing", .number($0.defaultSpacing)),
                  ("defaultPadding", .number($0.defaultPadding)),
                  ("displayScale", .number($0.displayScale)),
                ]))
            })))
      return
    }
    context.output.out("NAME".padding(10) + "  SPACING  PADDING  SCALE\n")
    for p in platforms {
      context.output.out(
        p.name.padding(10) + "  " + formatPoints(p.defaultSpacing).padding(7) + "  "
          + formatPoints(p.defaultPadding).padding(7) + "  " + formatPoints(p.displayScale) + "\n")
    }
  }

  static func set(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let name = parsed.argument(Self.platformName)
    let spacing = parsed.number(Self.spacing)
    let padding = parsed.number(Self.padding)
    let scale = parsed.number(Self.scale)
    // Review 17: `platforms set ios` alone said "Updated platform ios" and changed nothing.
    guard spacing != nil || padding != nil || scale != nil else {
      throw .usage(
        "nothing to change: give --spacing, --padding or --scale (a new platform needs all three)",
        command: ["platforms", "set"])
    }
    // The name first (Platform.nameProblem), before the options a new platform needs.
    if let problem = Platform.nameProblem(name) { throw .failure(problem) }
    let session = try context.openCatalog(parsed)
    do {
      let existing = try session.service.platform(named: name)
      guard existing != nil || (spacing != nil && padding != nil && scale != nil) else {
        throw CommandError.failure("a new platform needs --spacing, --padding and --scale")
      }
      let record = Platform(
        name: name, defaultSpacing: spacing ?? existing?.defaultSpacing ?? 8,
        defaultPadding: padding ?? existing?.defaultPadding ?? 16,
        displayScale: scale ?? existing?.displayScale ?? 1)
      try session.apply([.savePlatform(record)])
      context.output.out(
        "\(existing == nil ? "Added" : "Updated") platform \(name): spacing \(formatPoints(record.defaultSpacing)), padding \(formatPoints(record.defaultPadding)), scale \(formatPoints(record.displayScale))\n"
      )
    } catch let e as CommandError {
      throw e
    } catch {
      throw .failure("\(error)")
    }
  }
}
