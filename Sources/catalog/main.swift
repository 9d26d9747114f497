import CatalogCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(CatalogCommand.run(Array(CommandLine.arguments.dropFirst()), output: Output(echo: true)))
