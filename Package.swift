// swift-tools-version:6.0
//
// catalog: a persistent catalog of UI components and spacing design tokens.
//
// System libraries (listed in scripts/debian-packages; scripts/bootstrap installs them):
//   - libsqlite3-dev: the SQLite C library behind `CSQLite` (storage).
//   - libfreetype-dev (+ pkgconf): FreeType behind `CFreeType`, for real glyph advances.
//   - fonts-inter: the Inter font whose metrics stand in for SF Pro (found at run time).
//   - libyaml-dev: libyaml behind `CYAML`, for token files shipped as YAML.
//   - libmicrohttpd-dev: libmicrohttpd behind `CMicroHTTPD`, for `catalog serve`.
//   - sqlite3 (the shell; not linked): used by scripts/build-example-catalog.sh.
import Foundation
import PackageDescription

// The Swift bridge (`import-swift`, `check-swift`) uses the toolchain's own SwiftSyntax and
// SwiftParser libraries, which live in `<toolchain>/usr/lib/swift/host` (with their
// `.swiftmodule` files). The toolchain is `$SWIFT_TOOLCHAIN` when set, else found from the
// real path of the `swift` on `PATH` (`<toolchain>/usr/bin/swift`; on macOS the `swift`
// shim resolves into Xcode's default toolchain). When the folder is missing, the
// `CatalogSwift` target is left out and the two commands say what is missing.
func swiftSyntaxHostFolder() -> String? {
  let fm = FileManager.default
  var candidates: [String] = []
  let env = ProcessInfo.processInfo.environment
  if let toolchain = env["SWIFT_TOOLCHAIN"], !toolchain.isEmpty {
    // An explicit toolchain is the only place looked at (also how to build without the bridge).
    let host = toolchain + "/usr/lib/swift/host"
    return fm.fileExists(atPath: host + "/SwiftParser.swiftmodule") ? host : nil
  }
  for dir in (env["PATH"] ?? "").split(separator: ":") {
    let swift = "\(dir)/swift"
    guard fm.isExecutableFile(atPath: swift) else { continue }
    // `<toolchain>/usr/bin/swift` (possibly a symlink to swift-driver or a shim).
    let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
    let usr = real.deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(usr.path + "/lib/swift/host")
    break
  }
  // macOS: Xcode's default toolchain when `swift` on PATH is the /usr/bin shim.
  candidates.append(
    "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"
  )
  candidates.append("/Library/Developer/CommandLineTools/usr/lib/swift/host")
  return candidates.first { fm.fileExists(atPath: $0 + "/SwiftParser.swiftmodule") }
}

let swiftSyntaxHost = swiftSyntaxHostFolder()
/// `-I host` for every target that imports CatalogSwift (debug builds need it, see README).
let swiftBridgeSettings: [SwiftSetting] =
  swiftSyntaxHost.map { [.unsafeFlags(["-I", $0]), .define("CATALOG_SWIFT_BRIDGE")] } ?? []
let swiftBridgeDependency: [Target.Dependency] = swiftSyntaxHost == nil ? [] : ["CatalogSwift"]
let swiftBridgeTargets: [Target] =
  swiftSyntaxHost.map { host in
    [
      // The SwiftUI bridge: Swift source → component definitions, and app code checked
      // against the catalog, with the toolchain's SwiftSyntax/SwiftParser.
      .target(
        name: "CatalogSwift",
        dependencies: [
          "CatalogModel", "CatalogTokens", "CatalogLayout", "CatalogResolver", "CatalogRender",
          "CatalogLint",
        ],
        swiftSettings: [.unsafeFlags(["-I", host])],
        linkerSettings: [
          .unsafeFlags([
            "-L", host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftOperators", "-lSwiftDiagnostics",
            "-Xlinker", "-rpath", "-Xlinker", host,
          ])
        ]),
      // `import-swift` and `check-swift` as commands (issue 17, point 4): `catalog` hands them
      // to the `catalog-swift` executable beside it, so that `catalog` links no SwiftSyntax
      // (whose shared libraries bring the toolchain's shared Swift runtime) and can be linked
      // statically.
      .target(
        name: "CatalogSwiftCLI",
        dependencies: [
          "CatalogCLI", "CatalogSwift", "CatalogModel", "CatalogService", "CatalogLint",
        ],
        swiftSettings: [.unsafeFlags(["-I", host])]),
      .executableTarget(
        name: "catalog-swift", dependencies: ["CatalogCLI", "CatalogSwiftCLI", "CatalogSystem"],
        swiftSettings: [.unsafeFlags(["-I", host])]),
      .testTarget(
        name: "CatalogSwiftTests",
        dependencies: [
          "CatalogSwift", "CatalogModel", "CatalogTokens", "CatalogLint", "CatalogRender",
          "CatalogResolver", "CatalogLayout", "CatalogCLI", "catalog-swift", "CatalogTestSupport",
        ],
        exclude: ["Fixtures"],
        swiftSettings: [.unsafeFlags(["-I", host])]),
    ]
  } ?? []

/// `catalog` links the Swift runtime and Foundation statically in release builds (issue 17,
/// point 4: about a quarter of a short command's time went to loading some 27 shared
/// libraries). `-static-stdlib` at compile time makes the compiler read the static
/// Foundation modules (`usr/lib/swift_static`), whose link entries name every library they
/// need; at link time it links them. Debug builds (and the tests, which link the `catalog`
/// module) stay dynamic. `catalog-swift` stays dynamic: SwiftSyntax's shared libraries use
/// the toolchain's shared runtime, and two runtimes in one process do not mix.
let staticStandardLibrary: [SwiftSetting] = [
  .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
]
/// The release `catalog` also links libstdc++ (which the static Swift runtime needs), SQLite,
/// libyaml, FreeType (with libpng, zlib and Brotli) and libgcc from their static archives, so that starting it loads no shared library
/// but glibc's (issue 17, point 4: each shared library costs the dynamic loader time at
/// every start, libstdc++ the most). `Sources/catalog/StaticLibraries` holds one GNU linker
/// script per library, named like the shared library (`libsqlite3.so`: `INPUT(libsqlite3.a)`),
/// and comes first on the library path, so `-lsqlite3` finds the script and links the archive
/// (Debian: libsqlite3-dev, libyaml-dev, libfreetype-dev with libpng-dev, zlib1g-dev and
/// libbrotli-dev, and the compiler's libstdc++-dev ship them). FreeType costs nothing at
/// start this way: it is set up only when `render` opens a font.
///
/// It is also linked as a position-dependent executable (`-no-pie`): a PIE of this size
/// carries some 43,000 relative relocations, which the dynamic loader applies at every start
/// (about 0.6 M instructions, 15 % of `catalog --help`, and 100 copy-on-write page faults;
/// measured with callgrind and `perf stat -e page-faults`, issue 17, point 4). Packing them
/// (`-use-ld=lld -z pack-relative-relocs`, RELR: 9 KB instead of 1 MB of relocations) still
/// leaves the loader writing every relocated page: measured again on 2026-12-01 against this
/// link, + 0.39 M instructions in every command, + 90 to 130 page faults, + 0.25 to 0.45 ms of
/// CPU time per `--help` (+ 25 %) and + 0.1 to 0.6 ms per `render` (`perf stat -r 40`, three
/// interleaved rounds), so the executable stays position-dependent (README, "Start-up").
///
/// And it exports no symbols of its own (`--no-export-dynamic`, undoing the static standard
/// library's `-export-dynamic`, whose `--exclude-libs ALL` already keeps the runtime's own
/// symbols out): the runtime's start-up `dladdr` (locating `swift-backtrace`) walked the
/// 5,100 exported Swift symbols, 0.16–0.18 M instructions in every command. Nothing looks
/// the catalog's symbols up by name (`dlsym` is used on libmicrohttpd's handle only); crash
/// backtraces read the symbol table, which stays. The objects stay position-independent; only the executable's own image loses
/// address randomisation (glibc, the stack, the heap and `mmap` keep theirs).
let staticStandardLibraryLinking: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-static-stdlib", "-L", Context.packageDirectory + "/Sources/catalog/StaticLibraries",
      "-Xclang-linker", "-static-libgcc", "-Xclang-linker", "-no-pie",
      "-Xlinker", "--no-export-dynamic",
    ], .when(platforms: [.linux], configuration: .release))
]

/// Where FreeType's headers are (`ft2build.h` includes `<freetype/…>` relative to it) and its
/// library, as `pkg-config freetype2` says on Debian (libfreetype-dev: /usr/include/freetype2,
/// the library on the default path) and Homebrew. `$FREETYPE_INCLUDE_DIR` comes first when set.
let freeTypeSettings: (headers: [CSetting], libraries: [LinkerSetting]) = {
  var folders = [
    "/usr/include/freetype2", "/opt/homebrew/include/freetype2", "/usr/local/include/freetype2",
  ]
  if let folder = ProcessInfo.processInfo.environment["FREETYPE_INCLUDE_DIR"], !folder.isEmpty {
    folders.insert(folder, at: 0)
  }
  guard
    let found = folders.first(where: { FileManager.default.fileExists(atPath: $0 + "/ft2build.h") })
  else { return ([], []) }
  // Homebrew's library is in the `lib` beside `include`; Debian's is on the default path.
  let lib = String(found.dropLast("/include/freetype2".count)) + "/lib"
  let libraries: [LinkerSetting] =
    found == "/usr/include/freetype2" ? [] : [.unsafeFlags(["-L", lib])]
  return ([.unsafeFlags(["-I" + found])], libraries)
}()

#if os(Linux)
  let yamlPkgConfig: String? = nil
#else
  let yamlPkgConfig: String? = "yaml-0.1"
#endif

let package = Package(
  name: "catalog",
  products: [
    .executable(name: "catalog", targets: ["catalog"]),
    .executable(name: "catalog-bench", targets: ["catalog-bench"]),
    .library(
      name: "CatalogKit",
      targets: [
        "CatalogJSON", "CatalogEscaping", "CatalogModel", "CatalogTokens", "CatalogStore",
        "CatalogLayout", "CatalogResolver", "CatalogRender", "CatalogFonts", "CatalogLint",
        "CatalogService",
        "CatalogExchange", "CatalogServer", "CatalogCLI",
      ]),
  ],
  targets: [
    // SQLite through the system library (Debian: libsqlite3-dev).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // FreeType (Debian: libfreetype-dev) behind a few C functions that show no FreeType
    // type (Sources/CFreeType/include/CFreeType.h), so that no Swift module needs its headers
    // and no pkg-config `-L` comes ahead of `catalog`'s static-library scripts (issue 17,
    // point 4): the release `catalog` links FreeType statically.
    .target(
      name: "CFreeType", cSettings: freeTypeSettings.headers,
      linkerSettings: [.linkedLibrary("freetype")] + freeTypeSettings.libraries),
    // libyaml through the system library (Debian: libyaml-dev; pkg-config yaml-0.1 where the
    // header is outside the compiler's search path, as with Homebrew). Not on Linux, where
    // `yaml.h` is in /usr/include and pkg-config would only add `-L/usr/lib/<triple>` ahead
    // of `catalog`'s static-library scripts (see staticStandardLibraryLinking).
    .systemLibrary(name: "CYAML", pkgConfig: yamlPkgConfig, providers: [.apt(["libyaml-dev"])]),
    // libmicrohttpd's header (Debian: libmicrohttpd-dev, in /usr/include). Not linked:
    // `serve` loads the library with dlopen (see shim.h), so other commands do not load it
    // and GnuTLS's eight libraries (issue 17, point 4). No pkg-config: its `-lmicrohttpd`
    // would link it.
    .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
    // The few operating-system services the catalog needs without Foundation's
    // CoreFoundation/ICU layer (locks, child processes, paths, timestamps, number formats), so
    // that `catalog` imports only FoundationEssentials and starts fast (issue 17, point 4). It
    // re-exports FoundationEssentials (Foundation where that is missing) and Glibc/Darwin, so
    // `import CatalogSystem` is a file's whole platform import (PlatformModules.swift).
    .target(name: "CatalogSystem"),
    // How much stack the calling thread has left (`pthread_getattr_np`, a GNU extension the
    // Glibc module does not declare), for CatalogLayout's `DeepStack`. DWARF 4 debug
    // information, as CProcessArguments (below): Valgrind 3.19 gives up on DWARF 5.
    .target(name: "CStackSpace", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    // JSON with positions and key order: value, parser, writer, JSON paths, diff.
    .target(name: "CatalogJSON", dependencies: ["CatalogSystem", "CatalogEscaping"]),
    // Component definitions, lengths, conditions (re-exports CatalogJSON).
    .target(name: "CatalogModel", dependencies: ["CatalogJSON"]),
    // DTCG 2025.10 token files: parsing, validation, alias resolution.
    // One escaping function per target language and context, for every generated file.
    .target(name: "CatalogEscaping"),
    .target(
      name: "CatalogTokens",
      dependencies: ["CatalogModel", "CatalogEscaping", "CYAML", "CatalogSystem"]),
    // The SQLite catalog file: migrations, components, tokens, revisions.
    // (Platform, the one type for a platform's defaults, comes from CatalogModel.)
    .target(
      name: "CatalogStore",
      dependencies: ["CSQLite", "CatalogJSON", "CatalogModel", "CatalogSystem", "CatalogEscaping"]),
    // SwiftUI's layout algorithm on a tree of layout nodes (only CatalogSystem). Release builds
    // skip the run-time exclusivity checks of its class properties (memo counters, caches:
    // about 3 % of a nested-10k layout's instructions under callgrind); debug builds keep them.
    .target(
      name: "CatalogLayout", dependencies: ["CatalogSystem", "CStackSpace"],
      swiftSettings: [
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
      ]),
    // Real text metrics: glyph advances from a font file through FreeType.
    .target(name: "CatalogFonts", dependencies: ["CFreeType", "CatalogLayout", "CatalogSystem"]),
    // Expands a stored component into a layout tree with provenance.
    .target(
      name: "CatalogResolver", dependencies: ["CatalogModel", "CatalogTokens", "CatalogLayout"]),
    // Text and JSON outputs of a laid-out component.
    .target(
      name: "CatalogRender",
      dependencies: [
        "CatalogModel", "CatalogLayout", "CatalogResolver", "CatalogEscaping", "CatalogSystem",
      ]),
    // Lint rules and token-change impact over stored components.
    .target(
      name: "CatalogLint",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogLayout", "CatalogResolver", "CatalogRender",
      ]),
    // The application layer: every read and change of a catalog, with typed errors; the
    // only module above the store that may use it.
    .target(
      name: "CatalogService",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender", "CatalogLint", "CatalogSystem",
      ]),
    // The catalog as a folder of text files for git, and comparisons with frame impact
    // (reads catalog files read-only; writes go through CatalogService).
    .target(
      name: "CatalogExchange",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender",
        "CatalogLint", "CatalogService", "CatalogSystem",
      ]),
    // `catalog serve`: a read-only HTTP server over a catalog file.
    .target(
      name: "CatalogServer",
      dependencies: [
        "CMicroHTTPD", "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout",
        "CatalogResolver",
        "CatalogRender", "CatalogExchange", "CatalogService", "CatalogSystem", "CatalogEscaping",
      ]),
    // The command line: parsing, help, commands; testable in-process. It reaches the
    // catalog only through CatalogService (no CatalogStore dependency).
    .target(
      name: "CatalogCLI",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogService", "CatalogLayout", "CatalogResolver",
        "CatalogRender", "CatalogFonts", "CatalogLint", "CatalogExchange", "CatalogServer",
        "CatalogSystem",
      ],
      // The files `catalog init --example` adds, compiled in as bytes (`PackageResources`):
      // data kept as JSON files, not as Swift string literals.
      resources: [
        .embedInCode("Examples/spacing.tokens.json"), .embedInCode("Examples/TitleBlock.json"),
        .embedInCode("Examples/Card.json"),
      ]),
    // The release `catalog` keeps its own `argc`/`argv` for the static Swift runtime, so that
    // the runtime's start-up scan of /proc/self/maps is not linked (issue 17, point 4; see
    // the header). Debug builds compile it to one function that is never called. Its debug
    // information is DWARF 4, like the Swift modules': Valgrind 3.19 (Debian 12), which the
    // start-up figures are measured with, gives up on the binary over this file's DWARF 5.
    .target(
      name: "CProcessArguments",
      cSettings: [
        .define("CATALOG_OWN_ARGUMENTS", .when(platforms: [.linux], configuration: .release)),
        .unsafeFlags(["-gdwarf-4"]),
      ]),
    .executableTarget(
      name: "catalog", dependencies: ["CatalogCLI", "CatalogSystem", "CProcessArguments"],
      exclude: ["StaticLibraries"],
      swiftSettings: staticStandardLibrary, linkerSettings: staticStandardLibraryLinking),
    // The benchmark: `swift run -c release catalog-bench`.
    .executableTarget(
      name: "catalog-bench",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender", "CatalogFonts", "CatalogCLI",
      ] + swiftBridgeDependency,
      swiftSettings: swiftBridgeSettings),
    // Test support: `.requires(…)` for tests that need something outside the repository,
    // and the list of what was skipped, printed at the end of `swift test`.
    .target(name: "CatalogTestSupport", path: "Tests/CatalogTestSupport"),
    .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel"]),
    .testTarget(name: "CatalogSystemTests", dependencies: ["CatalogSystem"]),
    .testTarget(
      name: "CatalogTokensTests",
      dependencies: ["CatalogTokens", "CatalogEscaping", "CatalogTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore", "CatalogModel"]),
    .testTarget(
      name: "CatalogLayoutTests", dependencies: ["CatalogLayout", "CatalogSystem"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CatalogFontsTests",
      dependencies: ["CatalogFonts", "CatalogLayout", "CatalogTestSupport"]),
    .testTarget(
      name: "CatalogRenderTests",
      dependencies: [
        "CatalogRender", "CatalogResolver", "CatalogModel", "CatalogTokens", "CatalogLayout",
        "CatalogEscaping", "CatalogTestSupport", "CatalogLint",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatalogLintTests",
      dependencies: [
        "CatalogLint", "CatalogModel", "CatalogTokens", "CatalogResolver", "CatalogLayout",
      ]),
    .testTarget(
      name: "CatalogResolverTests",
      dependencies: [
        "CatalogResolver", "CatalogModel", "CatalogTokens", "CatalogLayout", "CatalogRender",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatalogServiceTests",
      dependencies: [
        "CatalogService", "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogCLI",
        "CatalogResolver",
        "CatalogRender",
      ], swiftSettings: swiftBridgeSettings),
    .testTarget(
      name: "CatalogCLITests",
      dependencies: [
        "CatalogCLI", "catalog", "CatalogStore", "CatalogModel", "CatalogTokens", "CatalogServer",
        "CatalogFonts", "CatalogTestSupport", "CatalogSystem", "CatalogEscaping",
      ],
      exclude: ["__Snapshots__"], swiftSettings: swiftBridgeSettings),
  ] + swiftBridgeTargets,
  swiftLanguageModes: [.v6]
)

// `catalog-swift` is a product only when the bridge is built (see swiftSyntaxHostFolder()).
if swiftSyntaxHost != nil {
  package.products.append(.executable(name: "catalog-swift", targets: ["catalog-swift"]))
}

/// Release builds reach concrete generic type metadata (`[String: Int]`'s storage, say)
/// through its metadata accessor, with the conformances it needs passed in, instead of
/// through a mangled type name that the Swift runtime demangles on first use
/// (`-disable-concrete-type-metadata-mangled-name-accessors`). The runtime checks a mangled
/// name's generic requirements (`Key: Hashable`) with `swift_conformsToProtocol`, whose
/// first lookup for each type scans every protocol-conformance record in the binary
/// (about 3,600 with the static standard library, some 0.2 M instructions each): `render`
/// spent 2.1 M of its 10.1 M instructions there (callgrind; issue 17, point 4). The price is
/// a little more code at each place such metadata is used. Debug builds (and the tests) keep
/// the compiler's default.
let metadataAccessors: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
    .when(configuration: .release))
]
for target in package.targets where target.type == .regular || target.type == .executable {
  target.swiftSettings = (target.swiftSettings ?? []) + metadataAccessors
}
