// The embedded web server (Debian's libcivetweb-dev: HTTP and WebSocket, civetweb 1.15), for
// `gamehost serve`. Civetweb accepts connections and parses every request; a WebSocket's
// frames are read and written by the Swift side (WebSocket.swift), on the connection's socket.
#ifndef GAMEHOST_CCIVETWEB_SHIM_H
#define GAMEHOST_CCIVETWEB_SHIM_H

#include <civetweb.h>
#include <string.h>
#include <stdlib.h>
#include <dirent.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/eventfd.h>
#include <unistd.h>

// The value of request header `name`, or NULL (civetweb's own lookup, case-insensitive).
static inline const char *gh_request_header(const struct mg_connection *conn, const char *name) {
    return mg_get_header(conn, name);
}

// How many times the request gives header `name` (civetweb's lookup gives the first only).
static inline int gh_request_header_count(const struct mg_connection *conn, const char *name) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    if (!info) return 0;
    int n = 0;
    for (int i = 0; i < info->num_headers; i++)
        if (info->http_headers[i].name && strcasecmp(info->http_headers[i].name, name) == 0) n++;
    return n;
}

// The remote address of a connection, as civetweb gives it ("127.0.0.1").
static inline const char *gh_remote_address(const struct mg_connection *conn) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    return info ? info->remote_addr : "";
}

// The request's cleaned local path ("/index.html"; civetweb removes "..").
static inline const char *gh_local_uri(const struct mg_connection *conn) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    return info && info->local_uri ? info->local_uri : "";
}

static inline int gh_server_port(const struct mg_connection *conn) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    return info ? info->server_port : 0;
}

static inline const char *gh_request_method(const struct mg_connection *conn) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    return info && info->request_method ? info->request_method : "";
}

// A whole response written as bytes: its status line and headers, then `body`. For a
// refused WebSocket upgrade, where civetweb's own error page would leave them out.
static inline int gh_send_raw(struct mg_connection *conn, const char *head, const char *body) {
    int a = mg_write(conn, head, strlen(head));
    int b = mg_write(conn, body, strlen(body));
    return a < 0 || b < 0 ? -1 : a + b;
}

// The server's own data (the pointer given to mg_start), from inside a callback.
static inline void *gh_server_data(const struct mg_connection *conn) {
    return mg_get_user_data(mg_get_context(conn));
}

// An error page with `text` (mg_send_http_error takes a format, which Swift cannot call).
static inline int gh_send_error(struct mg_connection *conn, int status, const char *text) {
    return mg_send_http_error(conn, status, "%s", text);
}

// The socket of a connection civetweb serves, found by its addresses: the one open socket
// whose peer is the request's remote address and port and whose own port is the server's.
// Civetweb keeps the socket to itself, but a WebSocket's frames must be read by the server
// (civetweb reads a whole frame, of any declared length, before a callback sees it) and an
// address over its bound of half-sent requests must be shut out at once. -1 when no socket,
// or more than one, matches (then nothing is done to any).
static inline int gh_request_socket(const struct mg_request_info *info) {
    if (!info) return -1;
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) return -1;
    int found = -1, matches = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        int fd = atoi(entry->d_name);
        if (fd == dirfd(dir)) continue;
        struct sockaddr_storage peer, self;
        socklen_t peer_len = sizeof(peer), self_len = sizeof(self);
        if (getpeername(fd, (struct sockaddr *)&peer, &peer_len) != 0) continue;
        char text[INET6_ADDRSTRLEN] = "";
        int peer_port = -1, self_port = -1;
        if (peer.ss_family == AF_INET) {
            struct sockaddr_in *a = (struct sockaddr_in *)&peer;
            peer_port = ntohs(a->sin_port);
            inet_ntop(AF_INET, &a->sin_addr, text, sizeof(text));
        } else if (peer.ss_family == AF_INET6) {
            struct sockaddr_in6 *a = (struct sockaddr_in6 *)&peer;
            peer_port = ntohs(a->sin6_port);
            inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof(text));
        } else continue;
        if (peer_port != info->remote_port || strcmp(text, info->remote_addr) != 0) continue;
        if (getsockname(fd, (struct sockaddr *)&self, &self_len) != 0) continue;
        if (self.ss_family == AF_INET) self_port = ntohs(((struct sockaddr_in *)&self)->sin_port);
        else if (self.ss_family == AF_INET6) self_port = ntohs(((struct sockaddr_in6 *)&self)->sin6_port);
        if (self_port != info->server_port) continue;
        found = fd;
        matches += 1;
    }
    closedir(dir);
    return matches == 1 ? found : -1;
}

static inline int gh_connection_socket(const struct mg_connection *conn) {
    return gh_request_socket(mg_get_request_info(conn));
}

// Where a connection's request information lies from the connection, once learnt from a
// request (`mg_get_request_info` says nothing until civetweb starts reading a request, but
// it fills in the peer's address when it takes the connection, and the place is one for
// every connection of the library).
static inline long gh_request_info_offset(const struct mg_connection *conn) {
    const struct mg_request_info *info = mg_get_request_info(conn);
    return info ? (long)((const char *)info - (const char *)conn) : -1;
}

static inline const struct mg_request_info *gh_request_info_at(const struct mg_connection *conn, long offset) {
    return (const struct mg_request_info *)((const char *)conn + offset);
}

// A counter a thread waits on with poll: written to wake a connection's thread when there is
// something to send.
static inline int gh_wake_open(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
static inline void gh_wake_post(int fd) { eventfd_write(fd, 1); }
static inline void gh_wake_drain(int fd) { eventfd_t value; eventfd_read(fd, &value); }

#endif
