// swift-tools-version:6.0
//
// catalog: a persistent catalog of UI components and spacing design tokens.
//
// System libraries (installed by `.ci/run` with apt-get):
//   - libsqlite3-dev: the SQLite C library behind `CSQLite` (storage).
//   - sqlite3 (the shell; not linked): used by scripts/build-example-catalog.sh.
import PackageDescription

let package = Package(
  name: "catalog",
  products: [
    .executable(name: "catalog", targets: ["catalog"]),
    .library(
      name: "CatalogKit",
      targets: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout",
        "CatalogResolver", "CatalogRender", "CatalogCLI",
      ]),
  ],
  targets: [
    // SQLite through the system library (Debian: libsqlite3-dev).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // JSON with positions and key order, component definitions, lengths, conditions.
    .target(name: "CatalogModel"),
    // DTCG 2025.10 token files: parsing, validation, alias resolution.
    .target(name: "CatalogTokens", dependencies: ["CatalogModel"]),
    // The SQLite catalog file: migrations, components, tokens, revisions.
    .target(name: "CatalogStore", dependencies: ["CSQLite"]),
    // SwiftUI's layout algorithm on a tree of layout nodes; no dependencies.
    .target(name: "CatalogLayout"),
    // Expands a stored component into a layout tree with provenance.
    .target(
      name: "CatalogResolver", dependencies: ["CatalogModel", "CatalogTokens", "CatalogLayout"]),
    // Text and JSON outputs of a laid-out component.
    .target(
      name: "CatalogRender",
      dependencies: ["CatalogModel", "CatalogLayout", "CatalogResolver"]),
    // The command line: parsing, help, commands; testable in-process.
    .target(
      name: "CatalogCLI",
      dependencies: [
        "CatalogModel", "CatalogTokens", "CatalogStore", "CatalogLayout", "CatalogResolver",
        "CatalogRender",
      ]),
    .executableTarget(name: "catalog", dependencies: ["CatalogCLI"]),
    .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel"]),
    .testTarget(name: "CatalogTokensTests", dependencies: ["CatalogTokens"]),
    .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore"]),
    .testTarget(
      name: "CatalogLayoutTests", dependencies: ["CatalogLayout"], exclude: ["Fixtures"]),
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
