/// `catalog check-swift PATH…`: lints an app's Swift sources against the catalog without
/// importing them. Run by the `catalog-swift`
/// executable (`CatalogSwiftCLI`, which links the toolchain's SwiftSyntax), see
/// ``SwiftCommandLauncher``.
package enum CheckSwiftCommand: Subcommand {
  // Same shape as ImportSwiftCommand.spec (paths, then options): kept because each command's
  // declaration (name, help, arguments, flags) is its own data; what commands share is declared
  // once in CommandSpec+Shared.swift and CommandRunning.swift.
  package static let spec = CommandSpec(
    name: "check-swift", abstract: "Check an app's Swift code against the catalog.",
    discussion:
      "Finds literal spacing, padding and frame lengths that equal a token, token references the catalog lacks or deprecates, padding on stacks whose children may all be absent, and views whose body differs from the stored component (frames compared). Exit status 1 when an error is found.",
    arguments: [
      .init(
        name: "path", help: "Swift files or folders (walked for .swift files).", isRepeating: true,
        type: .file)
    ],
    options: [
      .init(
        name: "format", valueName: "format", help: "The report's format.",
        type: .choice(["text", "json", "sarif"]),
        defaultValue: "text")
    ] + SwiftBridgeSupport.tokenNameOptions,
    flags: [
      .init(
        name: "fix",
        help:
          "Rewrite literals that equal a token to the Swift export's name (DesignTokens.spaceSm)."),
      .init(name: "no-progress", help: "Never draw the progress bar."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try SwiftCommandLauncher.run(name: spec.name, args, spec: spec, context)
  }
}
