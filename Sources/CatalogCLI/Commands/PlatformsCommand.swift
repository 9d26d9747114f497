import CatalogModel
import CatalogStore

/// `catalog platforms …`: what SwiftUI's `nil` lengths mean on each platform.
enum PlatformsCommand: Subcommand {
  static let listSpec = CommandSpec(
    name: "list", abstract: "List the platforms with their default spacing, padding and display scale.",
    flags: [.init(name: "json", help: "Print JSON instead of a table.")])

  static let setSpec = CommandSpec(
    name: "set", abstract: "Add a platform or change its defaults.",
    discussion: "Apple documents only that the defaults are platform-specific; iOS's are spacing 8, padding 16 and scale 3. Values for other platforms are yours to set.",
    arguments: [.init(name: "name", help: "The platform's name: lower-case letters, digits and _.")],
    options: [
      .init(name: "spacing", valueName: "points", help: "Default spacing between ordinary views, and the default Spacer minimum."),
      .init(name: "padding", valueName: "points", help: "Default padding on each edge."),
      .init(name: "scale", valueName: "n", help: "Pixels per point, for rounding frames and Divider thickness."),
    ])

  static let spec = CommandSpec(
    name: "platforms", abstract: "List or set platform defaults (render --platform NAME).",
    subcommands: [listSpec, setSpec])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    guard let sub = args.first, sub != "-h", sub != "--help" else { throw .help(command: ["platforms"]) }
    switch sub {
    case "list": try list(Array(args.dropFirst()), context)
    case "set": try set(Array(args.dropFirst()), context)
    default: throw .usage("Unknown subcommand '\(sub)'", command: ["platforms"])
    }
  }

  static func list(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: listSpec, path: ["platforms", "list"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false, readOnly: true)
    let platforms: [PlatformRecord]
    do { platforms = try session.store.platforms() } catch { throw .failure("\(error)") }
    if parsed.flag("json") {
      context.output.out(
        JSONWriter.pretty(
          .array(
            platforms.map {
              .object(JSONObject([
                ("name", .string($0.name)), ("defaultSpacing", .number($0.defaultSpacing)),
                ("defaultPadding", .number($0.defaultPadding)), ("displayScale", .number($0.displayScale)),
              ]))
            })))
      return
    }
    context.output.out("NAME".padding(10) + "  SPACING  PADDING  SCALE\n")
    for p in platforms {
      context.output.out(
        p.name.padding(10) + "  " + JSONWriter.number(p.defaultSpacing).padding(7) + "  "
          + JSONWriter.number(p.defaultPadding).padding(7) + "  " + JSONWriter.number(p.displayScale) + "\n")
    }
  }

  static func set(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: setSpec, path: ["platforms", "set"])
    let name = parsed.positionals[0]
    func number(_ option: String, positive: Bool) throws(CommandError) -> Double? {
      guard let text = parsed.option(option) else { return nil }
      guard let v = Double(text), v.isFinite, positive ? v > 0 : v >= 0 else {
        throw .usage("The value '\(text)' is invalid for '--\(option)': expected a number \(positive ? "> 0" : "≥ 0")", command: ["platforms", "set"])
      }
      return v
    }
    let spacing = try number("spacing", positive: false)
    let padding = try number("padding", positive: false)
    let scale = try number("scale", positive: true)
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    do {
      let existing = try session.store.platform(named: name)
      guard existing != nil || (spacing != nil && padding != nil && scale != nil) else {
        throw CommandError.failure("a new platform needs --spacing, --padding and --scale")
      }
      let record = PlatformRecord(
        name: name, defaultSpacing: spacing ?? existing?.defaultSpacing ?? 8,
        defaultPadding: padding ?? existing?.defaultPadding ?? 16, displayScale: scale ?? existing?.displayScale ?? 1)
      try session.store.savePlatform(record)
      context.output.out(
        "\(existing == nil ? "Added" : "Updated") platform \(name): spacing \(JSONWriter.number(record.defaultSpacing)), padding \(JSONWriter.number(record.defaultPadding)), scale \(JSONWriter.number(record.displayScale))\n")
    } catch let e as CommandError {
      throw e
    } catch {
      throw .failure("\(error)")
    }
  }
}
