// `catalog-swift`: `catalog import-swift` and `catalog check-swift`, which `catalog` runs
// from beside its own file. It links the toolchain's SwiftSyntax; `catalog` does not.
import CatalogCLI
import CatalogSwiftCLI
import CatalogSystem

let output = Output(echo: true)
exit(
  output.finish(
    CatalogSwiftCommands.run(Array(CommandLine.arguments.dropFirst()), output: output)))
