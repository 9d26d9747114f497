#ifndef CATALOG_CPROCESSARGUMENTS_H
#define CATALOG_CPROCESSARGUMENTS_H
// The release `catalog` keeps its command-line arguments itself instead of letting the
// static Swift runtime find them (issue 17, point 4). On Linux the runtime's
// `CommandLine.cpp` has a static constructor that reads `/proc/self/maps` line by line
// (48 `sscanf` calls, an `fopen` and its page faults: about 0.11 M instructions, 1.6 % of
// `render`) to locate the stack and walk back from `environ` to `argv`, at every start,
// whether or not the program asks for its arguments.
//
// arguments.c defines the runtime's two entry points, `_swift_stdlib_getUnsafeArgvArgc` and
// `_swift_stdlib_overrideUnsafeArgvArgc` (swift/stdlib/public/CommandLineSupport/
// CommandLine.cpp), with the same results, and takes `argc` and `argv` from glibc, which
// calls every function of an executable's `.init_array` with `(argc, argv, envp)`. The
// linker then finds both symbols defined before it reads `libswiftCore.a`, so the archive's
// `CommandLine.cpp.o`, and its constructor, are not linked at all.
//
// Only in release builds on Linux (`CATALOG_OWN_ARGUMENTS`, Package.swift): debug builds and
// the tests use the shared Swift runtime, whose own functions stay in charge. No Swift
// module calls anything declared here.

/// How many arguments the process started with, as glibc passed them to the executable's
/// initialisers (0 before they ran, or in a build that does not define
/// `CATALOG_OWN_ARGUMENTS`).
int catalog_process_argument_count(void);

#endif
