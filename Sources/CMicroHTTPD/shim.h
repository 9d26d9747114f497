#ifndef CATALOG_CMICROHTTPD_SHIM_H
#define CATALOG_CMICROHTTPD_SHIM_H
// libmicrohttpd (Debian: libmicrohttpd-dev) for `catalog serve`. Its variadic calls and
// enum-typed callbacks are wrapped here with fixed arguments, so Swift can call them.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <dlfcn.h>
#include <unistd.h>
#include <microhttpd.h>

// libmicrohttpd is loaded with dlopen(3) when `catalog serve` starts, not linked: it brings
// GnuTLS and eight more shared libraries whose loading and constructors cost every other
// command a millisecond or more at start-up (issue 17, point 4). The header gives the types;
// each call below looks its function up in the loaded library (dlopen of a library already
// loaded returns the same handle). Nothing here keeps state, so every Swift file that
// imports this header sees the same library.

/// The library's handle, loaded on first use, or NULL when it cannot be loaded.
static inline void *catalog_mhd_library(void) {
  static const char *const names[] = {
      "libmicrohttpd.so.12", "libmicrohttpd.so", "libmicrohttpd.12.dylib", "libmicrohttpd.dylib",
      "/opt/homebrew/lib/libmicrohttpd.dylib", "/usr/local/lib/libmicrohttpd.dylib"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (handle) return handle;
  }
  return NULL;
}

/// 1 when libmicrohttpd can be loaded (call before any other function here).
static inline int catalog_mhd_available(void) { return catalog_mhd_library() != NULL; }

/// A libmicrohttpd function, typed as the header declares it (NULL when missing).
#define CATALOG_MHD(name) ((__typeof__(&name))catalog_mhd_symbol(#name))

static inline void *catalog_mhd_symbol(const char *name) {
  void *handle = catalog_mhd_library();
  return handle ? dlsym(handle, name) : NULL;
}

/// The request handler Swift provides: returns 1 when a response was queued, 0 to close.
typedef int (*catalog_mhd_handler)(void *cls, struct MHD_Connection *connection, const char *url, const char *method);

/// Called once a request the handler saw is over: its response sent, or the connection
/// closed (so a stop can wait until every answer is out, not only computed).
typedef void (*catalog_mhd_completed_handler)(void *cls);

/// The handler and its context, passed to libmicrohttpd as the access handler's closure.
struct catalog_mhd_context {
  catalog_mhd_handler handler;
  void *cls;
  catalog_mhd_completed_handler completed;
};

/// libmicrohttpd's request-completed callback (MHD_OPTION_NOTIFY_COMPLETED): calls
/// `completed` for a request the handler was called for (its `*con_cls` set).
static inline void catalog_mhd_request_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                                                 enum MHD_RequestTerminationCode toe) {
  (void)connection;
  (void)toe;
  struct catalog_mhd_context *context = (struct catalog_mhd_context *)cls;
  if (con_cls != NULL && *con_cls != NULL) {
    *con_cls = NULL;
    if (context->completed) context->completed(context->cls);
  }
}

/// libmicrohttpd's access handler: calls the Swift handler once per request, on the first
/// call (headers received); request bodies are not read (the server is read-only).
static inline enum MHD_Result catalog_mhd_access(void *cls, struct MHD_Connection *connection, const char *url,
                                                 const char *method, const char *version, const char *upload_data,
                                                 size_t *upload_data_size, void **con_cls) {
  (void)version;
  (void)upload_data;
  struct catalog_mhd_context *context = (struct catalog_mhd_context *)cls;
  if (*con_cls == NULL) {
    *con_cls = (void *)1;
    return context->handler(context->cls, connection, url, method) ? MHD_YES : MHD_NO;
  }
  // A body arriving after the response was queued is discarded.
  *upload_data_size = 0;
  return MHD_YES;
}

/// libmicrohttpd's unescaping of the path and the query, replaced by none: the text stays
/// percent-encoded and Swift decodes it into bytes (`PercentEncoding.decodedBytes`), so
/// `%00` and bytes that are not UTF-8 reach the server as the bytes they name (a C string
/// cannot hold the NUL byte) and messages show what was requested.
static inline size_t catalog_mhd_unescape(void *cls, struct MHD_Connection *connection, char *text) {
  (void)cls;
  (void)connection;
  size_t count = 0;
  while (text[count]) count++;
  return count;
}

/// Starts a daemon with one thread per connection on `address` (IPv4 or IPv6), or returns NULL:
/// at most `connection_limit` connections, `per_ip_limit` of them from one address, each closed
/// after `timeout` seconds without traffic (a request's header sent slowly included).
static inline struct MHD_Daemon *catalog_mhd_start(const struct sockaddr *address, uint16_t port, int ipv6,
                                                   struct catalog_mhd_context *context, unsigned connection_limit,
                                                   unsigned per_ip_limit, unsigned timeout) {
  unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ITC;
  if (ipv6) flags |= MHD_USE_IPv6;
  return CATALOG_MHD(MHD_start_daemon)(flags, port, NULL, NULL, &catalog_mhd_access, context,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                          MHD_OPTION_UNESCAPE_CALLBACK, &catalog_mhd_unescape, NULL,
                          MHD_OPTION_NOTIFY_COMPLETED, &catalog_mhd_request_completed, context,
                          MHD_OPTION_END);
}

/// The port the daemon listens on (useful when started on port 0), or 0.
static inline uint16_t catalog_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = CATALOG_MHD(MHD_get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

/// A request header's value, or NULL.
static inline const char *catalog_mhd_header(struct MHD_Connection *connection, const char *name) {
  return CATALOG_MHD(MHD_lookup_connection_value)(connection, MHD_HEADER_KIND, name);
}

/// A query argument's value (decoded), or NULL.
static inline const char *catalog_mhd_query(struct MHD_Connection *connection, const char *name) {
  return CATALOG_MHD(MHD_lookup_connection_value)(connection, MHD_GET_ARGUMENT_KIND, name);
}

/// Called once per query argument, in the request's order (`value` NULL for `?name`).
typedef void (*catalog_mhd_argument_handler)(void *cls, const char *name, const char *value);

struct catalog_mhd_argument_context {
  catalog_mhd_argument_handler handler;
  void *cls;
};

static inline enum MHD_Result catalog_mhd_argument(void *cls, enum MHD_ValueKind kind, const char *name,
                                                   const char *value) {
  (void)kind;
  struct catalog_mhd_argument_context *context = (struct catalog_mhd_argument_context *)cls;
  context->handler(context->cls, name, value);
  return MHD_YES;
}

/// Calls `handler` for every query argument (a repeated name once per occurrence).
static inline void catalog_mhd_arguments(struct MHD_Connection *connection, catalog_mhd_argument_handler handler,
                                         void *cls) {
  struct catalog_mhd_argument_context context = {handler, cls};
  CATALOG_MHD(MHD_get_connection_values)(connection, MHD_GET_ARGUMENT_KIND, &catalog_mhd_argument, &context);
}

/// A response whose body libmicrohttpd copies.
static inline struct MHD_Response *catalog_mhd_response(const void *bytes, size_t count) {
  return CATALOG_MHD(MHD_create_response_from_buffer)(count, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// Adds a header; returns 1 on success.
static inline int catalog_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
  return CATALOG_MHD(MHD_add_response_header)(response, name, value) == MHD_YES;
}

/// Queues the response with a status code; returns 1 on success.
static inline int catalog_mhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
  return CATALOG_MHD(MHD_queue_response)(connection, status, response) == MHD_YES;
}

/// Frees a response (after queueing it).
static inline void catalog_mhd_destroy_response(struct MHD_Response *response) {
  CATALOG_MHD(MHD_destroy_response)(response);
}

/// Stops accepting connections (MHD_quiesce_daemon; MHD_USE_ITC is set at start) and closes
/// the listening socket; the connections open go on. Returns 1 when it was listening.
static inline int catalog_mhd_quiesce(struct MHD_Daemon *daemon) {
  MHD_socket listening = CATALOG_MHD(MHD_quiesce_daemon)(daemon);
  if (listening == MHD_INVALID_SOCKET) return 0;
  close(listening);
  return 1;
}

/// Stops the daemon and waits for its threads.
static inline void catalog_mhd_stop(struct MHD_Daemon *daemon) { CATALOG_MHD(MHD_stop_daemon)(daemon); }
#endif
