// GNU libmicrohttpd for Swift (the Control module's server). MHD_start_daemon, MHD_get_daemon_info,
// MHD_get_connection_info and MHD_set_connection_option are variadic, which Swift cannot call: these
// wrappers take fixed arguments. Only API present in
// both Debian bookworm (0.9.75) and trixie, the Raspberry Pi's (1.0.1): callbacks return
// `enum MHD_Result`, responses copy their buffer (MHD_RESPMEM_MUST_COPY; `_copy` is 0.9.76+).
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// A daemon on `address` (IPv4 or IPv6, port 0 for any), its own polling thread and a thread a
/// connection, at most `connection_limit` connections (more are refused), `memory_limit` bytes a
/// connection for its headers, idle connections closed after `timeout_seconds`, and `stack_size`
/// bytes of stack for each of its threads (0: the system's default).
static inline struct MHD_Daemon *roundel_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                   MHD_AccessHandlerCallback handler, void *context,
                                                   MHD_RequestCompletedCallback completed,
                                                   unsigned int connection_limit, size_t memory_limit,
                                                   unsigned int timeout_seconds, size_t stack_size) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_THREAD_STACK_SIZE, stack_size,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0); 0 if unknown.
static inline uint16_t roundel_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The address a connection comes from, as text (IPv4 or IPv6, no port) in `out`; "" if unknown.
static inline void roundel_mhd_client(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || size < 46) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, (socklen_t)size);
    }
}

/// What a content reader returns at the end of its stream (a macro with a cast, which Swift does not import).
static const ssize_t roundel_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;

/// Queues 200 with a body of unknown length (chunked) that `reader` writes as it goes, on its
/// connection's thread, `context` freed by `release` when the response is done; the connection is
/// closed after `timeout_seconds` without a byte sent or received. `release` is called here when the
/// response cannot be made, so `context` is released exactly once either way.
static inline enum MHD_Result roundel_mhd_stream(struct MHD_Connection *connection, MHD_ContentReaderCallback reader,
                                                 void *context, MHD_ContentReaderFreeCallback release,
                                                 const char *content_type, unsigned int timeout_seconds) {
    struct MHD_Response *response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, reader, context, release);
    if (response == NULL) {
        release(context);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", content_type);
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, timeout_seconds);
    enum MHD_Result result = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return result;
}

/// A response holding a copy of `body`, for the caller to add headers to, queue and destroy (the
/// control page). The memory mode is named here, in C: Swift imports that enum differently by version.
static inline struct MHD_Response *roundel_mhd_response(const char *body, size_t length) {
    return MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
}
