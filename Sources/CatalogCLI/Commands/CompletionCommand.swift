import CatalogModel
import CatalogService

/// `catalog completion bash|zsh|fish`: prints a shell completion script.
///
/// The scripts are thin: they call the hidden `catalog __complete INDEX WORDS…`, which
/// answers from the same command specs the parser and help use (commands, subcommands,
/// options, option values) and from the catalog (component names, token paths, token sets,
/// platforms), one candidate a line. `__files__` asks the shell for file names.
enum CompletionCommand: ParsedCommand {
  /// The `SHELL` argument.
  static let shell = CommandSpec.Argument(
    name: "shell", help: "bash, zsh or fish.", type: .choice(["bash", "zsh", "fish"]))
  static let spec = CommandSpec(
    name: "completion", abstract: "Print a shell completion script (bash, zsh or fish).",
    discussion: """
      bash: eval "$(catalog completion bash)" in ~/.bashrc. zsh: catalog completion zsh > \
      "${fpath[1]}/_catalog". fish: catalog completion fish > \
      ~/.config/fish/completions/catalog.fish. Component names and token paths come from the \
      catalog that --db, $CATALOG_DB or ./catalog.db names on the command line being completed.
      """,
    arguments: [shell])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    switch parsed.argument(Self.shell) {
    case "bash": context.output.out(bash)
    case "zsh": context.output.out(zsh)
    case "fish": context.output.out(fish)
    case let other:
      throw .usage(
        "The value '\(other)' is invalid for '<shell>'. Please provide one of 'bash', 'zsh' or 'fish'\(NameSuggestion.didYouMean(other, among: ["bash", "zsh", "fish"]).replacing("; did", with: ". Did"))",
        command: ["completion"])
    }
  }

  // Catalog names are data, never shell text: a token may be named `x$(touch f)`, `it's` or
  // `a b`. The scripts read the candidates one a line and never hand them to `eval` or to
  // `compgen -W` (which expands `$(…)`, backquotes and variables in its word list): bash
  // matches each against the typed word and inserts it quoted with `printf %q`; zsh's
  // `compadd` and fish's `complete -a` quote what they insert themselves.
  static let bash = #"""
    # bash completion for catalog: eval "$(catalog completion bash)"
    # Candidates are read one a line and inserted quoted (printf %q); they are never
    # expanded or evaluated by the shell.
    _catalog() {
      local cur="${COMP_WORDS[COMP_CWORD]}"
      local candidate quoted first=1 files=0
      COMPREPLY=()
      while IFS= read -r candidate; do
        if [[ $first == 1 && $candidate == "__files__" ]]; then files=1; fi
        first=0
        [[ $files == 1 ]] && continue
        printf -v quoted '%q' "$candidate"
        if [[ $candidate == "$cur"* || $quoted == "$cur"* ]]; then
          COMPREPLY+=("$quoted")
        fi
      done < <(catalog __complete "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null)
      if [[ $files == 1 ]]; then
        compopt -o filenames 2>/dev/null
        while IFS= read -r candidate; do
          COMPREPLY+=("$candidate")
        done < <(compgen -f -- "$cur")
      fi
    }
    complete -o default -F _catalog catalog

    """#

  static let zsh = #"""
    #compdef catalog
    # zsh completion for catalog: catalog completion zsh > "${fpath[1]}/_catalog"
    _catalog() {
      local -a candidates
      candidates=("${(@f)$(catalog __complete $((CURRENT - 1)) "${words[@]}" 2>/dev/null)}")
      if [[ "${candidates[1]}" == "__files__" ]]; then
        _files
      else
        compadd -a candidates
      fi
    }
    compdef _catalog catalog

    """#

  static let fish = #"""
    # fish completion for catalog: catalog completion fish > ~/.config/fish/completions/catalog.fish
    function __catalog_complete
      set -l cur (commandline -ct)
      set -l words (commandline -opc) "$cur"
      set -l out (catalog __complete (math (count $words) - 1) $words 2>/dev/null)
      if test "$out" = "__files__"
        __fish_complete_path "$cur"
      else
        printf '%s\n' $out
      end
    end
    complete -c catalog -f -a '(__catalog_complete)'

    """#
}

/// `catalog __complete INDEX WORDS…` (hidden): the candidates for word INDEX of WORDS
/// (WORDS[0] is the program), one a line.
enum CompleteCommand: Subcommand {
  static let spec = CommandSpec(
    name: "__complete",
    abstract: "Completion candidates for a shell (used by 'catalog completion').",
    arguments: [
      .init(name: "index", help: "The word being completed."),
      .init(name: "words", help: "The command line.", isOptional: true, isRepeating: true),
    ],
    isHidden: true)

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    guard let first = args.first, let index = Int(first), index >= 1 else { return }
    var words = Array(args.dropFirst())
    while words.count <= index { words.append("") }
    for candidate in Completer(environment: context.environment).candidates(
      words: words, index: index)
    {
      context.output.out(candidate + "\n")
    }
  }
}

/// Completion candidates from the command specs and the catalog.
struct Completer {
  let environment: [String: String]

  /// The candidates for `words[index]` (not yet filtered by what is typed; the shell does that).
  func candidates(words: [String], index: Int) -> [String] {
    var spec = CatalogCommand.root
    var db: String?
    var positionals = 0
    var i = 1
    var expecting: CommandSpec.Option?
    while i < index {
      let word = words[i]
      i += 1
      if let option = expecting {
        if option.name == "db" { db = word }
        expecting = nil
        continue
      }
      if word.hasPrefix("-") {
        let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : word
        if name.hasPrefix("db=") { db = String(name.dropFirst(3)) }
        if !name.contains("="),
          let option = options(spec).first(where: {
            $0.name == name || word.count == 2 && $0.short == word.last
          })
        {
          expecting = option
        }
        continue
      }
      if let sub = spec.subcommands.first(where: { $0.name == word }) {
        spec = sub
        positionals = 0
      } else {
        positionals += 1
      }
    }
    let current = words[index]
    if let option = expecting { return values(option.type, db: db) }
    if current.hasPrefix("-") {
      return options(spec).map { "--\($0.name)" }
        + spec.flags.flatMap { f in ["--\(f.name)"] + f.values.map { "--\(f.name)=\($0)" } } + [
          "--help"
        ]
    }
    if !spec.subcommands.isEmpty { return spec.subcommands.filter { !$0.isHidden }.map(\.name) }
    guard !spec.arguments.isEmpty else { return [] }
    let argument =
      positionals < spec.arguments.count
      ? spec.arguments[positionals] : spec.arguments.last.flatMap { $0.isRepeating ? $0 : nil }
    guard let argument else { return [] }
    return values(argument.type, db: db)
  }

  private func options(_ spec: CommandSpec) -> [CommandSpec.Option] {
    spec.subcommands.isEmpty || spec.name == "catalog"
      ? spec.options + CommandSpec.globalOptions : spec.options
  }

  /// The values a type offers; catalog names come from the catalog file, read-only.
  private func values(_ type: CommandSpec.ValueType, db: String?) -> [String] {
    switch type {
    case .choice(let words): return words
    case .file: return ["__files__"]
    case .text, .number, .wholeNumber: return []
    case .component, .token, .tokenSet, .platform:
      let path = db ?? environment["CATALOG_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "catalog.db"
      guard let service = try? CatalogService(path: path, create: false, readOnly: true) else {
        return []
      }
      switch type {
      case .component: return ((try? service.components()) ?? []).map(\.name)
      case .token: return Array(Set(((try? service.tokens(inSet: nil)) ?? []).map(\.path))).sorted()
      case .tokenSet: return ((try? service.tokenSets()) ?? []).map(\.name)
      default: return ((try? service.platforms()) ?? []).map(\.name)
      }
    }
  }
}
