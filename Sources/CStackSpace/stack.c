#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>

#include "CStackSpace.h"

long catalog_stack_remaining(void) {
  volatile char marker = 0;
  uintptr_t here = (uintptr_t)&marker;
#if defined(__APPLE__)
  pthread_t self = pthread_self();
  uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(self);
  uintptr_t bottom = top - (uintptr_t)pthread_get_stacksize_np(self);
  if (here <= bottom || here > top) return 0;
  return (long)(here - bottom);
#elif defined(__linux__)
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
  void *low = 0;
  size_t size = 0;
  int failed = pthread_attr_getstack(&attributes, &low, &size);
  pthread_attr_destroy(&attributes);
  if (failed != 0 || low == 0) return 0;
  uintptr_t bottom = (uintptr_t)low;
  if (here <= bottom || here > bottom + size) return 0;
  return (long)(here - bottom);
#else
  (void)here;
  return 0;
#endif
}
