import CatalogCLI
import CatalogSystem

let output = Output(echo: true)
exit(
  output.finish(
    CatalogCommand.run(
      Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
      output: output)))
