import Locking
#if canImport(Glibc)
import Glibc
#endif

/// The server's connections to itself. At stop, it connects again and again, on a thread of
/// its own, until stopped: a thread blocked waiting for a connection there wakes at once
/// (civetweb's listening thread looks at a stop request only between waits of up to two
/// seconds); each connection is closed as soon as it is made. At start, it makes one whole
/// request (`requestOnce`).
final class ListenerWaker: Sendable {
    private let address: String
    private let port: Int
    private let running = Locked(false)
    private let thread = Locked<pthread_t?>(nil)

    /// `address` as the server was given it: an address to listen on everywhere ("0.0.0.0",
    /// "[::]") is reached through the loopback address.
    init(address: String, port: Int) {
        var host = address.hasPrefix("[") && address.hasSuffix("]") ? String(address.dropFirst().dropLast()) : address
        if host == "0.0.0.0" || host.isEmpty { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        self.address = host
        self.port = port
    }

    func start() {
        running.withLock { $0 = true }
        let box = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        guard pthread_create(&handle, nil, { raw in
            let waker = Unmanaged<ListenerWaker>.fromOpaque(raw!).takeRetainedValue()
            while waker.running.withLock({ $0 }) {
                waker.connectOnce()
                usleep(10_000)
            }
            return nil
        }, box) == 0 else {
            Unmanaged<ListenerWaker>.fromOpaque(box).release()
            return
        }
        thread.withLock { $0 = handle }
    }

    func stop() {
        running.withLock { $0 = false }
        if let handle = thread.withLock({ $0 }) { pthread_join(handle, nil) }
    }

    /// Makes one whole request of the server and reads its answer (up to 2 s): the server's
    /// first request, made at start.
    func requestOnce() {
        guard let fd = connected() else { return }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while recv(fd, &chunk, chunk.count, 0) > 0 {}
    }

    private func connectOnce() {
        if let fd = connected() { close(fd) }
    }

    /// A socket connected to the listener, or nil.
    private func connected() -> Int32? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &found) == 0, let info = found else { return nil }
        defer { freeaddrinfo(found) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
        guard fd >= 0 else { return nil }
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
