// `catalog-swift`: `catalog import-swift` and `catalog check-swift`, which `catalog` runs
// from beside its own file. It links the toolchain's SwiftSyntax; `catalog` does not.
import CatalogCLI
import CatalogSwiftCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let output = Output(echo: true)
exit(
  output.finish(
    CatalogSwiftCommands.run(Array(CommandLine.arguments.dropFirst()), output: output)))
