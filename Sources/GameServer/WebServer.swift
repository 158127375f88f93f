import CCivetweb
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP request as the application sees it, once civetweb has parsed it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The cleaned path ("/index.html"; civetweb has removed any "..").
    public var path: String
    public var remoteAddress: String
    /// The headers the application looks at: Host and Origin.
    public var host: String?
    public var origin: String?
    /// The port the request came in on.
    public var serverPort: Int
}

/// What a plain HTTP request is answered with.
public struct HTTPResponse: Sendable {
    public var status: Int32
    public var contentType: String
    public var body: [UInt8]
    public init(status: Int32 = 200, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
    public static func error(_ status: Int32, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }
}

/// What the web server asks of the application. Called on civetweb's threads (one a
/// connection): every method must be safe to call from several at once.
public protocol WebServerDelegate: AnyObject, Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Whether to take a WebSocket connection (its Origin, the limits per address).
    func accept(_ request: HTTPRequest) -> Bool
    /// A connection is open and may be written to.
    func opened(_ socket: WebSocket)
    /// One whole text message.
    func received(_ text: String, from socket: WebSocket)
    /// The connection is gone: it is never written to again.
    func closed(_ socket: WebSocket)
}

/// The embedded web server: civetweb (Debian's libcivetweb), which parses HTTP and WebSocket;
/// this class only routes whole requests and whole frames to its delegate. One thread of
/// civetweb's serves each connection for as long as it is open.
public final class WebServer: Sendable {
    /// civetweb's context while the server runs, and where it listens (for `stop`).
    private struct Running {
        var context: OpaquePointer?
        var address = ""
        var port = 0
    }
    private let running = Locked(Running())
    let delegate: WebServerDelegate
    let limits: ServerLimits
    /// Fragments of the message being read, by connection (a message may come in several frames).
    private let partial = Locked([ObjectIdentifier: [UInt8]]())

    public init(delegate: WebServerDelegate, limits: ServerLimits) {
        self.delegate = delegate
        self.limits = limits
    }

    /// Starts listening on `address:port` (port 0: any free port); returns the port.
    public func start(address: String, port: Int) throws -> Int {
        _ = mg_init_library(0)
        let options: [String] = [
            "listening_ports", "\(address):\(port)",
            // Each WebSocket holds a thread of its own while it is open.
            "num_threads", String(limits.connections + 8),
            "request_timeout_ms", String(limits.requestTimeoutMilliseconds),
            "websocket_timeout_ms", String(limits.idleConnectionSeconds * 1000),
            "enable_websocket_ping_pong", "yes",
            // A step is a small message: sent at once, not held back to fill a packet.
            "tcp_nodelay", "1",
            "max_request_size", String(limits.requestHeaderBytes),
            "enable_keep_alive", "no",
            "enable_directory_listing", "no",
            // Nothing is run or included: no CGI, no server-side includes.
            "cgi_pattern", "", "ssi_pattern", "",
            "access_control_allow_origin", "",
            "additional_header", Self.securityHeaders,
        ]
        let cStrings = options.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = cStrings.map { UnsafePointer($0) } + [nil]
        var callbacks = mg_callbacks()
        // Civetweb's own log lines (a malformed request, a closed socket) are not the
        // player's business: the server answers such requests and goes on.
        callbacks.log_message = { _, _ in 1 }
        // A request for the WebSocket path that is not a WebSocket upgrade civetweb can take is
        // answered here, whole: civetweb's own answer to it is a bare body.
        callbacks.begin_request = { conn in
            guard let conn, String(cString: gh_local_uri(conn)) == "/ws", !WebServer.isUpgrade(conn) else { return 0 }
            WebServer.sendWhole(conn, status: "426 Upgrade Required", "this address takes WebSocket connections (version 13) only",
                                headers: "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n")
            return 426
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let context = pointers.withUnsafeMutableBufferPointer({ mg_start(&callbacks, me, $0.baseAddress) }) else {
            throw ServeError("cannot listen on \(address):\(port) (is the port in use?)")
        }
        mg_set_request_handler(context, "/", { conn, data in
            guard let conn, let data else { return 500 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleRequest(conn)
        }, me)
        mg_set_websocket_handler(context, "/ws", { conn, data in
            guard let conn, let data else { return 1 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleConnect(conn)
        }, { conn, data in
            guard let conn, let data else { return }
            Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleReady(conn)
        }, { conn, bits, bytes, length, data in
            guard let conn, let data else { return 0 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleData(conn, bits: bits, bytes: bytes, length: length)
        }, { conn, data in
            guard let conn, let data else { return }
            Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleClose(conn)
        }, me)
        var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
        let n = mg_get_server_ports(context, Int32(ports.count), &ports)
        let bound = n > 0 ? Int(ports[0].port) : port
        running.withLock { $0 = Running(context: context, address: address, port: bound) }
        return bound
    }

    /// Stops listening and closes every connection (civetweb waits for its threads).
    public func stop() {
        let taken: Running = running.withLock { r in
            defer { r = Running() }
            return r
        }
        guard let context = taken.context else { return }
        // Civetweb's listening thread sees a stop only between waits of up to two seconds for
        // a connection: connections of the server's own, made until it has stopped, end the
        // wait at once, so stopping (Ctrl-C) takes milliseconds, not seconds.
        let waker = ListenerWaker(address: taken.address, port: taken.port)
        waker.start()
        mg_stop(context)
        waker.stop()
    }

    /// Sent with every response: no script but the client's own files, nothing framed, no
    /// sniffing of types (a rule's text is never HTML, and the page never runs inline script).
    static let securityHeaders = [
        "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "font-src 'self'; connect-src 'self'; media-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options: nosniff",
        "Referrer-Policy: no-referrer",
        "X-Frame-Options: DENY",
        "Cache-Control: no-store",
    ].joined(separator: "\r\n")

    // MARK: Civetweb's callbacks

    /// Whether a request asks for a WebSocket civetweb takes: version 13, with a key.
    static func isUpgrade(_ conn: OpaquePointer) -> Bool {
        func header(_ name: String) -> String? { gh_request_header(conn, name).map { String(cString: $0) } }
        return header("Upgrade")?.lowercased().contains("websocket") == true && header("Sec-WebSocket-Version") == "13"
            && !(header("Sec-WebSocket-Key") ?? "").isEmpty
    }

    /// A whole response, its status line and headers (the security headers among them) and a
    /// line of text, then the connection closed.
    static func sendWhole(_ conn: OpaquePointer, status: String, _ text: String, headers: String = "") {
        let body = text + "\n"
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + headers + securityHeaders + "\r\nConnection: close\r\n\r\n"
        _ = gh_send_raw(conn, head, body)
    }

    private func request(_ conn: OpaquePointer) -> HTTPRequest {
        HTTPRequest(method: String(cString: gh_request_method(conn)), path: String(cString: gh_local_uri(conn)),
                    remoteAddress: String(cString: gh_remote_address(conn)),
                    host: gh_request_header(conn, "Host").map { String(cString: $0) },
                    origin: gh_request_header(conn, "Origin").map { String(cString: $0) },
                    serverPort: Int(gh_server_port(conn)))
    }

    private func handleRequest(_ conn: OpaquePointer) -> Int32 {
        let response = delegate.respond(to: request(conn))
        if response.status != 200 {
            _ = gh_send_error(conn, response.status, String(decoding: response.body, as: UTF8.self))
            return response.status
        }
        _ = mg_send_http_ok(conn, response.contentType, Int64(response.body.count))
        response.body.withUnsafeBytes { _ = mg_write(conn, $0.baseAddress, $0.count) }
        return 200
    }

    private func handleConnect(_ conn: OpaquePointer) -> Int32 {
        let request = request(conn)
        guard delegate.accept(request) else {
            Self.sendWhole(conn, status: "403 Forbidden", "this connection is refused (another site's page, an unknown host name, or too many connections)")
            return 1  // civetweb closes it
        }
        let socket = WebSocket(connection: conn, remoteAddress: request.remoteAddress)
        mg_set_user_connection_data(conn, Unmanaged.passRetained(socket).toOpaque())
        return 0
    }

    private func socket(_ conn: OpaquePointer) -> WebSocket? {
        mg_get_user_connection_data(conn).map { Unmanaged<WebSocket>.fromOpaque($0).takeUnretainedValue() }
    }

    private func handleReady(_ conn: OpaquePointer) {
        if let socket = socket(conn) { delegate.opened(socket) }
    }

    /// One frame. Text frames (and their continuations) make a message up to the limit; a
    /// message past it, a binary frame, or text that is not UTF-8 closes the connection.
    private func handleData(_ conn: OpaquePointer, bits: Int32, bytes: UnsafeMutablePointer<CChar>?, length: Int) -> Int32 {
        guard let socket = socket(conn) else { return 0 }
        let opcode = bits & 0x0F, final = bits & 0x80 != 0
        switch opcode {
        case 0x8: return 0  // the client closes
        case 0x9, 0xA: return 1  // ping and pong: civetweb answers pings itself
        case 0x1, 0x0: break
        default:
            socket.close(code: 1003, reason: "only text messages are taken")
            return 0
        }
        let key = ObjectIdentifier(socket)
        let piece = bytes.map { p in p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) } } ?? []
        let whole: [UInt8]? = partial.withLock { parts in
            var message = (opcode == 0x0 ? parts[key] : nil) ?? []
            message += piece
            if final {
                parts[key] = nil
                return message
            }
            parts[key] = message
            return nil
        }
        let pending = partial.withLock { $0[key]?.count ?? 0 }
        if (whole?.count ?? pending) > limits.messageBytes {
            partial.withLock { $0[key] = nil }
            socket.close(code: 1009, reason: "a message may have at most \(limits.messageBytes) bytes")
            return 0
        }
        guard let whole else { return 1 }
        guard let text = String(validating: whole, as: UTF8.self) else {
            socket.close(code: 1007, reason: "a message must be UTF-8 text")
            return 0
        }
        delegate.received(text, from: socket)
        return socket.isClosing ? 0 : 1
    }

    private func handleClose(_ conn: OpaquePointer) {
        guard let pointer = mg_get_user_connection_data(conn) else { return }
        let socket = Unmanaged<WebSocket>.fromOpaque(pointer).takeRetainedValue()
        mg_set_user_connection_data(conn, nil)
        partial.withLock { $0[ObjectIdentifier(socket)] = nil }
        // After this no write reaches civetweb's connection, which it then reuses.
        socket.markClosed()
        delegate.closed(socket)
    }
}

/// A problem starting the server.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
