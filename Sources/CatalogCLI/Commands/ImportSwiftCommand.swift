/// `catalog import-swift FILE.swift…`: reads SwiftUI `struct X: View` declarations and adds
/// them as components through `add` (same checks, one transaction). Run by the `catalog-swift` executable
/// (`CatalogSwiftCLI`, which links the toolchain's SwiftSyntax), see ``SwiftCommandLauncher``.
package enum ImportSwiftCommand: Subcommand {
  /// The `FILE` argument.
  package static let files = CommandSpec.Argument(
    name: "file", help: "Swift files or folders of them.", isRepeating: true, type: .file)
  package static let spec = CommandSpec(
    name: "import-swift", abstract: "Import SwiftUI views from Swift source as components.",
    discussion: """
      Every struct conforming to View becomes a component (parameters from its init or stored \
      properties, @ViewBuilder closures as slots, if/switch as when conditions). Anything not \
      representable is reported with file:line:column and kept as an opaque component or dropped. \
      Components are then added exactly as 'catalog add' adds them.
      """,
    arguments: [files],
    options: SwiftBridgeSupport.tokenNameOptions,
    flags: [
      .dryRun.withHelp(
        "Print the definitions and what adding them would change, then save nothing."),
      .force.withHelp("Save even when the change breaks components that use an updated component."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try SwiftCommandLauncher.run(name: spec.name, args, spec: spec, context)
  }
}
