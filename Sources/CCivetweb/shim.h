// The embedded web server (Debian's libcivetweb-dev: HTTP and WebSocket, civetweb 1.15), for
// `gamehost serve`. Civetweb parses every request and frame; the Swift side sees whole
// requests and whole WebSocket frames.
#ifndef GAMEHOST_CCIVETWEB_SHIM_H
#define GAMEHOST_CCIVETWEB_SHIM_H

#include <civetweb.h>
#include <string.h>

// The value of request header `name`, or NULL (civetweb's own lookup, case-insensitive).
static inline const char *gh_request_header(const struct mg_connection *conn, const char *name) {
    return mg_get_header(conn, name);
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

#endif
