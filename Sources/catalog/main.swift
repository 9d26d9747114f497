import CatalogCLI
import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let output = Output(echo: true)
exit(
  output.finish(
    CatalogCommand.run(
      Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
      output: output)))
