// The platform every module of the catalog builds on, imported once here and re-exported, so
// that a file needing Foundation's essentials and the C library says `import CatalogSystem`
// instead of repeating the conditional imports below (issue 11, point 2).
//
// FoundationEssentials where the toolchain has it (Swift 6 on Linux), so that `catalog` links
// no CoreFoundation or ICU (issue 17, point 4; `.ci/run` checks the release binary's symbols);
// the whole of Foundation elsewhere. Glibc on Linux, Darwin on Apple platforms.
#if canImport(FoundationEssentials)
  @_exported public import FoundationEssentials
#else
  @_exported public import Foundation
#endif
#if canImport(Glibc)
  @_exported public import Glibc
#elseif canImport(Darwin)
  @_exported public import Darwin
#endif
