// The process's arguments for the static Swift runtime, without reading /proc/self/maps:
// see include/CProcessArguments.h.
#include "CProcessArguments.h"

#include <stddef.h>

#if defined(CATALOG_OWN_ARGUMENTS)

/// `argv` and `argc` as glibc passed them to the executable's initialisers.
static char **startArguments;
static int startArgumentCount;
/// What `_swift_stdlib_overrideUnsafeArgvArgc` set, which wins when set.
static char **overriddenArguments;
static int overriddenArgumentCount;
/// The answer before either is known: no argument.
static char *noArguments[1] = {NULL};

/// Keeps `argc` and `argv`: glibc calls each `.init_array` function of the executable with
/// `(argc, argv, envp)` before `main`.
static void catalogKeepArguments(int argc, char **argv, char **envp) {
  (void)envp;
  startArguments = argv;
  startArgumentCount = argc;
}

__attribute__((section(".init_array"), used)) static void (*const catalogKeepArgumentsEntry)(
    int, char **, char **) = catalogKeepArguments;

/// The Swift runtime's `CommandLine.unsafeArgv` and `argc` (same results as the runtime's
/// own: the overridden arguments when set, else the process's, else none).
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overriddenArguments != NULL) {
    *outArgLen = overriddenArgumentCount;
    return overriddenArguments;
  }
  if (startArguments != NULL) {
    *outArgLen = startArgumentCount;
    return startArguments;
  }
  *outArgLen = 0;
  return noArguments;
}

/// Replaces the arguments `_swift_stdlib_getUnsafeArgvArgc` returns (the runtime's API).
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overriddenArguments = argv;
  overriddenArgumentCount = argc;
}

int catalog_process_argument_count(void) { return startArgumentCount; }

#else

int catalog_process_argument_count(void) { return 0; }

#endif
