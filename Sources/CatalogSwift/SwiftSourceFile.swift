import CatalogSystem
import SwiftOperators
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One Swift file parsed with the toolchain's SwiftParser, operators folded with
/// SwiftOperators' standard table (so `a && !b` is a tree) unless the reader does not need
/// it (`check-swift`'s per-file rules), and a converter for locations.
///
/// Immutable after parsing, so files are parsed and checked on several threads.
public struct SwiftSourceFile: @unchecked Sendable {
  /// The largest Swift file read (16 MiB; the largest Swift files in practice are a few MB).
  public static let maximumFileSize = 16 * 1024 * 1024
  /// The deepest nesting SwiftParser reads (its own default, 256, stated and passed here):
  /// each brace, bracket, parenthesis or closure is one level. Deeper code is valid Swift
  /// the parser stops reading, reported as such (``syntaxErrors()``), not as a syntax error.
  public static let maximumNestingLevel = 256
  /// The file as named on the command line.
  public let path: String
  /// The source text.
  public let text: String
  /// The syntax tree (operators folded when ``isFolded``).
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter

  /// Whether ``tree``'s operators are folded (the importer reads conditions and `??` from
  /// folded trees; the checker's rules do not look at operators).
  let isFolded: Bool

  /// Parses source text, folding operators with SwiftOperators' standard table.
  /// - Parameters:
  ///   - text: Swift source.
  ///   - path: The file name used in locations.
  public init(text: String, path: String) {
    self.init(text: text, path: path, folding: true)
  }

  /// Parses source text, folding operators only when asked.
  /// - Parameters:
  ///   - text: Swift source.
  ///   - path: The file name used in locations.
  ///   - folding: Fold operators (SwiftOperators' standard table).
  init(text: String, path: String, folding: Bool) {
    self.path = path
    self.text = text
    var source = text
    let parsed = source.withUTF8 {
      Parser.parse(source: $0, maximumNestingLevel: Self.maximumNestingLevel)
    }
    if folding {
      let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
      tree = folded.as(SourceFileSyntax.self) ?? parsed
    } else {
      tree = parsed
    }
    isFolded = folding
    converter = SourceLocationConverter(fileName: path, tree: tree)
  }

  /// This file with its operators folded (itself when they are): folding keeps every
  /// position, so locations are the same.
  func folded() -> SwiftSourceFile {
    guard !isFolded else { return self }
    return SwiftSourceFile(
      path: path, text: text,
      tree: OperatorTable.standardOperators.foldAll(tree) { _ in }.as(SourceFileSyntax.self)
        ?? tree)
  }

  private init(path: String, text: String, tree: SourceFileSyntax) {
    self.path = path
    self.text = text
    self.tree = tree
    isFolded = true
    converter = SourceLocationConverter(fileName: path, tree: tree)
  }

  /// Reads and parses a file.
  /// - Parameter path: The file's path.
  /// - Returns: The parsed file.
  /// - Throws: ``SwiftBridgeError`` when it cannot be read or is not UTF-8.
  public static func read(_ path: String, folding: Bool = true) throws(SwiftBridgeError)
    -> SwiftSourceFile
  {
    let bytes = try readSwiftBytes(path, limit: maximumFileSize)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw SwiftBridgeError("\(path): not UTF-8 text")
    }
    return SwiftSourceFile(text: text, path: path, folding: folding)
  }

  /// The location of a node's first character (leading trivia skipped).
  func location(_ node: some SyntaxProtocol) -> SwiftSourceLocation {
    let l = converter.location(for: node.positionAfterSkippingLeadingTrivia)
    return SwiftSourceLocation(file: path, line: l.line, column: l.column)
  }

  /// Syntax errors the parser recovered from, one diagnostic per place and message (at
  /// most 20). Code
  /// nesting deeper than ``maximumNestingLevel`` is one error at the place the parser
  /// stopped, saying so: it is valid Swift, and what follows it is not a syntax error.
  func syntaxErrors() -> [SwiftBridgeDiagnostic] {
    guard tree.hasError else { return [] }
    let finder = SyntaxErrorFinder(viewMode: .all)
    finder.walk(tree)
    if let overflow = finder.nodes.first(where: \.hasMaximumNestingLevelOverflow) {
      return [
        SwiftBridgeDiagnostic(
          location: location(overflow), level: .error, rule: "too-deep",
          message:
            "the code nests deeper than \(Self.maximumNestingLevel) levels (braces, brackets, parentheses, closures), where the Swift parser stops reading; nest it less deeply"
        )
      ]
    }
    // Several missing tokens at one place (the `}` of a closure, a call and a body, all
    // missing at the end of the file) are one diagnostic, said once.
    var said: Set<String> = []
    var diagnostics: [SwiftBridgeDiagnostic] = []
    for node in finder.nodes where diagnostics.count < 20 {
      let message: String
      if let token = node.as(TokenSyntax.self), token.presence == .missing {
        message = "Swift syntax error: expected '\(token.text)' here"
      } else {
        message =
          "Swift syntax error: unexpected '\(node.trimmedDescription.prefix(40))'; the parser skipped it"
      }
      let diagnostic = SwiftBridgeDiagnostic(
        location: location(node), level: .error, rule: "syntax-error", message: message)
      if said.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
    }
    return diagnostics
  }
}

private final class SyntaxErrorFinder: SyntaxVisitor {
  var nodes: [Syntax] = []
  override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
    nodes.append(Syntax(node))
    return .skipChildren
  }
  override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
    if token.presence == .missing { nodes.append(Syntax(token)) }
    return .visitChildren
  }
}

/// Reads a whole file as bytes through `FileReading`, the rule every input file follows
/// (`add`, `import`, `--db`): a regular file, or a shell's pipe (`<(command)`); a named FIFO,
/// a device or a socket is refused instead of waited on forever.
/// - Parameters:
///   - path: The file's path.
///   - limit: The most bytes read.
/// - Returns: The bytes.
/// - Throws: ``SwiftBridgeError`` naming the file and why it is not read.
func readSwiftBytes(_ path: String, limit: Int = Int.max) throws(SwiftBridgeError) -> [UInt8] {
  do { return try FileReading.contents(atPath: path, limit: limit) } catch {
    throw SwiftBridgeError("\(path): cannot read the file: \(error.reason)")
  }
}

/// The value of a Swift string literal without interpolation, escapes decoded
/// (The Swift Programming Language, "Special Characters in String Literals"); nil when it
/// interpolates.
func stringLiteralValue(_ literal: StringLiteralExprSyntax) -> String? {
  var out = ""
  let raw = literal.openingPounds != nil
  for segment in literal.segments {
    guard case .stringSegment(let s) = segment else { return nil }
    out += raw ? s.content.text : unescapeSwift(s.content.text)
  }
  return out
}

func unescapeSwift(_ text: String) -> String {
  guard text.contains("\\") else { return text }
  var out = ""
  var chars = text.makeIterator()
  while let c = chars.next() {
    guard c == "\\", let e = chars.next() else {
      out.append(c)
      continue
    }
    switch e {
    case "n": out.append("\n")
    case "t": out.append("\t")
    case "r": out.append("\r")
    case "0": out.append("\0")
    case "u":
      var hex = ""
      while let h = chars.next(), h != "}" { if h != "{" { hex.append(h) } }
      if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) {
        out.unicodeScalars.append(scalar)
      }
    default: out.append(e)
    }
  }
  return out
}

extension TokenSyntax {
  /// The name an identifier token spells, without the backticks that let a keyword be a
  /// name (`` `default` `` → `default`): SwiftSyntax's `Identifier.name`; other tokens'
  /// text as written. Every name the bridge reads goes through it, so a name written with
  /// backticks by `export --format swiftui` reads back as the catalog's name.
  var plainName: String { identifier?.name ?? text }
}
