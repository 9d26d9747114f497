#ifndef CATALOG_CSTACKSPACE_H
#define CATALOG_CSTACKSPACE_H
// How much stack the calling thread has left, for `DeepStack` (CatalogLayout): a deep layout
// runs on the calling thread when its stack suffices instead of on a helper thread, which on
// a loaded machine waits for a core. Swift's Glibc module does not declare
// `pthread_getattr_np(3)` (a GNU extension, needs `_GNU_SOURCE`), hence this C function.

/// The bytes between the caller's stack position and the lowest address of its thread's
/// stack, as the thread library reports the stack (`pthread_getattr_np` and
/// `pthread_attr_getstack` on Linux; `pthread_get_stackaddr_np` and
/// `pthread_get_stacksize_np` on Darwin); 0 when it is not reported. For the main thread
/// glibc reports the stack limit (`RLIMIT_STACK`) below the stack's top, so the answer is
/// what the thread may still grow into.
long catalog_stack_remaining(void);

#endif
