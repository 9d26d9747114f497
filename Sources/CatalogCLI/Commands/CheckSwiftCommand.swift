/// `catalog check-swift PATH…`: lints an app's Swift sources against the catalog without
/// importing them. Run by the `catalog-swift`
/// executable (`CatalogSwiftCLI`, which links the toolchain's SwiftSyntax), see
/// ``SwiftCommandLauncher``.
package enum CheckSwiftCommand: Subcommand {
  /// The `PATH` argument.
  package static let paths = CommandSpec.Argument(
    name: "path", help: "Swift files or folders (walked for .swift files).", isRepeating: true,
    type: .file)
  /// The `--no-progress` flag.
  package static let noProgress = CommandSpec.Flag(
    name: "no-progress", help: "Never draw the progress bar.")

  package static let spec = CommandSpec(
    name: "check-swift", abstract: "Check an app's Swift code against the catalog.",
    discussion: """
      Finds literal spacing, padding and frame lengths that equal a token, token references the \
      catalog lacks or deprecates, padding on stacks whose children may all be absent, and views \
      whose body differs from the stored component (frames compared). Exit status 1 when an error \
      is found.
      """,
    arguments: [paths],
    options: [.reportFormat] + SwiftBridgeSupport.tokenNameOptions,
    flags: [
      .fix.withHelp(
        "Rewrite literals that equal a token to the Swift export's name (DesignTokens.spaceSm)."),
      noProgress,
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try SwiftCommandLauncher.run(name: spec.name, args, spec: spec, context)
  }
}
