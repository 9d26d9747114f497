// swift-tools-version:6.0
//
// catalog: a persistent catalog of UI components and spacing design tokens.
//
// System libraries (installed by `.ci/run` with apt-get):
//   - libsqlite3-dev: the SQLite C library behind `CSQLite` (storage).
//   - libfreetype-dev (+ pkgconf): FreeType behind `CFreeType`, for real glyph advances.
//   - fonts-inter: the Inter font whose metrics stand in for SF Pro (found at run time).
//   - libyaml-dev: libyaml behind `CYAML`, for token files shipped as YAML.
//   - sqlite3 (the shell; not linked): used by scripts/build-example-catalog.sh.
import PackageDescription

let package = Package(
  name: "catalog",
  products: [
    .executable(name: "catalog", targets: ["catalog"]),
    .executable(name: "catalog-bench", targets: ["catalog-bench"]),
    .library(
      name: "CatalogKit",
      targets: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout",
        "CatalogResolver", "CatalogRender", "CatalogFonts", "CatalogLint", "CatalogCLI",
      ]),
  ],
  targets: [
    // SQLite through the system library (Debian: libsqlite3-dev).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // FreeType through the system library (Debian: libfreetype-dev; pkg-config freetype2).
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    // libyaml through the system library (Debian: libyaml-dev; pkg-config yaml-0.1).
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    // JSON with positions and key order, component definitions, lengths, conditions.
    .target(name: "CatalogModel"),
    // DTCG 2025.10 token files: parsing, validation, alias resolution.
    .target(name: "CatalogTokens", dependencies: ["CatalogModel", "CYAML"]),
    // The SQLite catalog file: migrations, components, tokens, revisions.
    .target(name: "CatalogStore", dependencies: ["CSQLite"]),
    // SwiftUI's layout algorithm on a tree of layout nodes; no dependencies. Release builds
    // skip the run-time exclusivity checks of its class properties (memo counters, caches:
    // about 3 % of a nested-10k layout's instructions under callgrind); debug builds keep them.
    .target(
      name: "CatalogLayout",
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    // Real text metrics: glyph advances from a font file through FreeType.
    .target(name: "CatalogFonts", dependencies: ["CFreeType", "CatalogLayout"]),
    // Expands a stored component into a layout tree with provenance.
    .target(
      name: "CatalogResolver", dependencies: ["CatalogModel", "CatalogTokens", "CatalogLayout"]),
    // Text and JSON outputs of a laid-out component.
    .target(
      name: "CatalogRender",
      dependencies: ["CatalogModel", "CatalogLayout", "CatalogResolver"]),
    // Lint rules and token-change impact over stored components.
    .target(
      name: "CatalogLint",
      dependencies: ["CatalogModel", "CatalogTokens", "CatalogLayout", "CatalogResolver", "CatalogRender"]),
    // The command line: parsing, help, commands; testable in-process.
    .target(
      name: "CatalogCLI",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender", "CatalogFonts", "CatalogLint",
      ]),
    .executableTarget(name: "catalog", dependencies: ["CatalogCLI"]),
    // The benchmark: `swift run -c release catalog-bench`.
    .executableTarget(
      name: "catalog-bench",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender", "CatalogFonts", "CatalogCLI",
      ]),
    .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel"]),
    .testTarget(name: "CatalogTokensTests", dependencies: ["CatalogTokens"]),
    .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore"]),
    .testTarget(
      name: "CatalogLayoutTests", dependencies: ["CatalogLayout"], exclude: ["Fixtures"]),
    .testTarget(name: "CatalogFontsTests", dependencies: ["CatalogFonts", "CatalogLayout"]),
    .testTarget(
      name: "CatalogRenderTests",
      dependencies: ["CatalogRender", "CatalogResolver", "CatalogModel", "CatalogTokens", "CatalogLayout"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatalogLintTests",
      dependencies: ["CatalogLint", "CatalogModel", "CatalogTokens", "CatalogResolver", "CatalogLayout"]),
    .testTarget(
      name: "CatalogResolverTests",
      dependencies: ["CatalogResolver", "CatalogModel", "CatalogTokens", "CatalogLayout", "CatalogRender"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatalogCLITests",
      dependencies: ["CatalogCLI", "catalog", "CatalogStore", "CatalogModel", "CatalogTokens"],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
