import CCivetweb
import GameCore
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
    /// Host or Origin is given more than once: which one names the site is in doubt (one
    /// check could read the first and a proxy the last), so the request is refused.
    public var repeatsAHeader = false
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
    /// Whether to take a WebSocket connection (its Origin, the limits per address and for the
    /// server); a connection taken is counted until `closed`.
    func accept(_ request: HTTPRequest, socket: WebSocket) -> Bool
    /// A connection is open and may be written to.
    func opened(_ socket: WebSocket)
    /// One whole text message.
    func received(_ text: String, from socket: WebSocket)
    /// The connection is gone: it is never written to again.
    func closed(_ socket: WebSocket)
}

/// The embedded web server: civetweb (Debian's libcivetweb) accepts connections and parses
/// HTTP requests; this class routes whole requests to its delegate. A WebSocket upgrade is
/// taken over once civetweb has read its request: the server answers the handshake and reads
/// and writes the frames itself (`WebSocket`), because civetweb reads a frame whole, however
/// long the client declares it, before any callback may refuse it. One thread of civetweb's
/// serves each connection for as long as it is open.
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

    /// Connections whose request is still arriving, by address and in all; and the open
    /// WebSockets, closed when the server stops.
    private struct Connections {
        /// Requests still arriving, by civetweb's connection (one a worker thread, reused for
        /// its next connection only once this one is closed), and their count by address.
        var arriving: [Int: Arriving] = [:]
        var halfOpen: [String: Int] = [:]
        var sockets: [Int: WebSocket] = [:]
        var stopping = false
    }
    private let connections = Locked(Connections())
    /// Where civetweb keeps a connection's address, from the connection (learnt from the
    /// server's first request, which it makes itself at start).
    private let requestInfoOffset = Locked<Int?>(nil)
    /// A request still arriving: from where, since when, and where civetweb keeps its
    /// addresses (to find its socket).
    private struct Arriving {
        var address: String
        var since: Double
        var info: UnsafePointer<mg_request_info>
    }

    public init(delegate: WebServerDelegate, limits: ServerLimits) {
        self.delegate = delegate
        self.limits = limits
    }

    /// Starts listening on `address:port` (port 0: any free port); returns the port.
    public func start(address: String, port: Int) throws -> Int {
        _ = mg_init_library(0)
        let options: [String] = [
            "listening_ports", "\(address):\(port)",
            // Each WebSocket holds a thread of its own while it is open, and so does each
            // request while it arrives; a few more serve the pages.
            "num_threads", String(limits.connections + limits.halfOpenRequests + 8),
            "request_timeout_ms", String(limits.requestTimeoutMilliseconds),
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
        // A request is half-open from its connection until civetweb has read it whole.
        callbacks.init_connection = { conn, data in
            guard let conn, let data, let server = gh_server_data(conn) else { return 0 }
            Unmanaged<WebServer>.fromOpaque(server).takeUnretainedValue().connectionTaken(conn)
            data.pointee = nil
            return 0
        }
        callbacks.connection_close = { conn in
            guard let conn, let server = gh_server_data(conn) else { return }
            Unmanaged<WebServer>.fromOpaque(server).takeUnretainedValue().requestArrived(conn)
        }
        callbacks.begin_request = { conn in
            guard let conn, let server = gh_server_data(conn) else { return 0 }
            return Unmanaged<WebServer>.fromOpaque(server).takeUnretainedValue().begin(conn)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let context = pointers.withUnsafeMutableBufferPointer({ mg_start(&callbacks, me, $0.baseAddress) }) else {
            throw ServeError("cannot listen on \(address):\(port) (is the port in use?)")
        }
        mg_set_request_handler(context, "/", { conn, data in
            guard let conn, let data else { return 500 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().handleRequest(conn)
        }, me)
        var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
        let n = mg_get_server_ports(context, Int32(ports.count), &ports)
        let bound = n > 0 ? Int(ports[0].port) : port
        running.withLock { $0 = Running(context: context, address: address, port: bound) }
        // One request of the server's own, answered before any other: from it the server
        // learns where civetweb keeps a connection's address (see `connectionTaken`).
        ListenerWaker(address: address, port: bound).requestOnce()
        return bound
    }

    /// Stops listening and closes every connection (civetweb waits for its threads).
    public func stop() {
        let taken: Running = running.withLock { r in
            defer { r = Running() }
            return r
        }
        guard let context = taken.context else { return }
        // Every WebSocket is told the server is going, and its thread ends once that is sent.
        let open: [WebSocket] = connections.withLock { c in
            c.stopping = true
            return Array(c.sockets.values)
        }
        for socket in open { socket.close(code: 1001, reason: "the server is stopping") }
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
                    serverPort: Int(gh_server_port(conn)),
                    repeatsAHeader: gh_request_header_count(conn, "Host") > 1 || gh_request_header_count(conn, "Origin") > 1)
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

    // MARK: Half-open requests

    /// A connection civetweb has just taken: counted as half-open until its request is in.
    /// Past the bound for its address its socket is shut at once, so it holds no thread until
    /// the request timeout. Past the bound for the server, the oldest request of the address
    /// that holds the most is shut to make room, so that addresses that hold requests open,
    /// however many, cannot shut out an address that holds fewer.
    private func connectionTaken(_ conn: OpaquePointer) {
        guard let offset = requestInfoOffset.withLock({ $0 }), let info = gh_request_info_at(conn, offset) else { return }
        let address = withUnsafeBytes(of: info.pointee.remote_addr) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let now = MonotonicClock.seconds()
        let taken: Bool = connections.withLock { c in
            let mine = c.halfOpen[address, default: 0]
            guard mine < limits.halfOpenRequestsPerAddress else { return false }
            if c.arriving.count >= limits.halfOpenRequests {
                // Room is made at the address that holds the most (its oldest request), never at
                // one that holds as many as this one would: addresses that hold requests open
                // share the places, and a newcomer is never the one shut out.
                guard let heaviest = c.halfOpen.max(by: { $0.value < $1.value }), heaviest.value > mine + 1,
                      let oldest = c.arriving.filter({ $0.value.address == heaviest.key }).min(by: { $0.value.since < $1.value.since })
                else { return false }
                // Shut under the lock: its connection cannot have moved on (or been reused) yet.
                let fd = gh_request_socket(oldest.value.info)
                if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
                Self.forget(oldest.key, in: &c)
            }
            c.arriving[Int(bitPattern: conn)] = Arriving(address: address, since: now, info: info)
            c.halfOpen[address, default: 0] += 1
            return true
        }
        if !taken {
            let fd = gh_request_socket(info)
            if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// The request of `conn` is in (or the connection ends before): it is no longer half-open.
    private func requestArrived(_ conn: OpaquePointer) {
        connections.withLock { Self.forget(Int(bitPattern: conn), in: &$0) }
    }

    private static func forget(_ key: Int, in c: inout Connections) {
        guard let gone = c.arriving.removeValue(forKey: key) else { return }
        c.halfOpen[gone.address, default: 1] -= 1
        if c.halfOpen[gone.address] == 0 { c.halfOpen[gone.address] = nil }
    }

    /// A request is in. The WebSocket path is served here; everything else by civetweb and
    /// the request handler (0).
    private func begin(_ conn: OpaquePointer) -> Int32 {
        if requestInfoOffset.withLock({ $0 }) == nil {
            let offset = gh_request_info_offset(conn)
            if offset >= 0 && offset < 1 << 20 { requestInfoOffset.withLock { $0 = offset } }
        }
        requestArrived(conn)
        guard String(cString: gh_local_uri(conn)) == "/ws" else { return 0 }
        guard Self.isUpgrade(conn) else {
            // civetweb's own answer to this would be a bare body.
            Self.sendWhole(conn, status: "426 Upgrade Required", "this address takes WebSocket connections (version 13) only",
                           headers: "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n")
            return 426
        }
        return serveWebSocket(conn)
    }

    // MARK: WebSocket connections

    /// Takes the connection over as a WebSocket: answers the handshake, then serves frames until
    /// it ends. civetweb closes the socket once this returns.
    private func serveWebSocket(_ conn: OpaquePointer) -> Int32 {
        let request = request(conn)
        let fd = gh_connection_socket(conn)
        // What the kernel holds for a reader that does not read is bounded too, beside the
        // connection's own queue (Linux doubles the figure for its bookkeeping).
        var sendBuffer = Int32(64 << 10)
        if fd >= 0 { setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size)) }
        guard fd >= 0, let socket = WebSocket(socket: fd, remoteAddress: request.remoteAddress, limits: limits) else {
            Self.sendWhole(conn, status: "503 Service Unavailable", "the server cannot take the connection now")
            return 503
        }
        // Registered before it is accepted, so a stop that starts meanwhile closes it too.
        let registered: Bool = connections.withLock { c in
            guard !c.stopping else { return false }
            c.sockets[socket.id] = socket
            return true
        }
        guard registered, delegate.accept(request, socket: socket) else {
            connections.withLock { $0.sockets[socket.id] = nil }
            Self.sendWhole(conn, status: "403 Forbidden", "this connection is refused (another site's page, an unknown host name, or too many connections)")
            return 403
        }
        delegate.opened(socket)
        let key = gh_request_header(conn, "Sec-WebSocket-Key").map { String(cString: $0) } ?? ""
        if gh_send_raw(conn, WebSocketHandshake.response(forKey: key), "") > 0 {
            socket.serve { [delegate] text in delegate.received(text, from: socket) }
        }
        connections.withLock { $0.sockets[socket.id] = nil }
        delegate.closed(socket)
        // The peer is told the connection is over; civetweb then closes the socket.
        shutdown(fd, Int32(SHUT_RDWR))
        return 101
    }
}

/// A problem starting the server.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
