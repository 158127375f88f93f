import CCivetweb
import GameCore
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// One open WebSocket connection. Any thread may send to it: a message goes out at once when
/// the socket takes it without waiting, and otherwise into the connection's own outgoing queue,
/// bounded in bytes, which the connection's thread writes to the network, so a table never
/// waits for a slow reader. A reader that falls so far behind
/// that its queue is full is closed ("too slow"). The connection's thread also reads the
/// client's frames (`WebSocketFrameReader`), answers pings and closes a silent connection.
public final class WebSocket: Sendable {
    public let remoteAddress: String
    /// A number for logs and maps, unique in the process.
    public let id: Int

    /// The connection's socket (civetweb's, which closes it once `serve` returns): read by the
    /// connection's own thread, written under `state`'s lock and never once `finished` (the
    /// number may then be another connection's); and the counter that wakes that thread.
    private let fd: Int32
    private let wakeFD: Int32
    private let limits: ServerLimits

    private struct State {
        /// Frames waiting to be written, and how much of the first is written.
        var outgoing: [UInt8] = []
        var written = 0
        /// No more messages are taken: a close frame is queued (or the queue overflowed).
        var closing = false
        /// The queue overflowed: what is in it is dropped and the connection closed.
        var overran = false
        /// The connection's thread has ended: nothing more is taken.
        var finished = false
        /// The messages the connection may still send now (made at its first message).
        var messages: Allowance?
        var pending: Int { outgoing.count - written }
    }
    private let state: Locked<State>
    private static let counter = Locked(0)

    init?(socket fd: Int32, remoteAddress: String, limits: ServerLimits) {
        let wakeFD = gh_wake_open()
        guard wakeFD >= 0 else { return nil }
        self.fd = fd
        self.wakeFD = wakeFD
        self.remoteAddress = remoteAddress
        self.limits = limits
        id = Self.counter.withLock { $0 += 1; return $0 }
        state = Locked(State())
    }

    deinit { Glibc.close(wakeFD) }

    /// Queues one text message; false when the connection is closing or its queue is full
    /// (then it is closed: a reader that far behind is not keeping up).
    @discardableResult
    public func send(_ text: String) -> Bool { send(frame: WebSocketFrame.encode(WebSocketFrame.text, text.utf8)) }

    @discardableResult
    public func send(_ text: Substring) -> Bool { send(frame: WebSocketFrame.encode(WebSocketFrame.text, text.utf8)) }

    private func send(frame: [UInt8]) -> Bool {
        let (queued, wake): (Bool, Bool) = state.withLock { s in
            guard !s.closing, !s.finished else { return (false, false) }
            // Nothing waiting: written at once, as far as the socket takes it without waiting
            // (no hand-over to the connection's thread); the rest is queued for it.
            var written = 0
            if s.pending == 0 {
                written = frame.withUnsafeBytes { max(0, Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))) }
                if written == frame.count { return (true, false) }
            }
            guard s.pending + frame.count - written <= limits.outgoingBytesPerConnection else {
                s.overran = true
                s.closing = true
                return (false, true)
            }
            s.outgoing += frame[written...]
            return (true, true)
        }
        if wake { gh_wake_post(wakeFD) }
        return queued
    }

    /// Closes the connection with a close frame saying why (RFC 6455 codes: 1008 policy,
    /// 1009 too big, 1003 binary, 1007 not UTF-8, 1001 going away), after what is queued.
    public func close(code: UInt16, reason: String) {
        let queued: Bool = state.withLock { s in
            guard !s.closing, !s.finished else { return false }
            s.closing = true
            s.outgoing += WebSocketFrame.close(code: code, reason: reason)
            return true
        }
        if queued { gh_wake_post(wakeFD) }
    }

    public var isOpen: Bool { state.withLock { !$0.closing && !$0.finished } }

    /// Takes one message from the connection's allowance (`perSecond` a second, up to a burst
    /// of `burst`); false when it has none left: the connection is sending too fast.
    func takeMessage(at now: Double, perSecond: Double, burst: Double) -> Bool {
        state.withLock { s in
            var messages = s.messages ?? Allowance(perSecond: perSecond, burst: burst)
            defer { s.messages = messages }
            return messages.take(1, at: now)
        }
    }

    // MARK: The connection's thread

    /// Serves the connection until it ends: reads frames and hands each whole text message to
    /// `received`, writes what is queued, pings a quiet client and closes a silent one. Runs on
    /// the thread civetweb gave the connection; returns when the connection is done.
    func serve(received: (String) -> Void) {
        var reader = WebSocketFrameReader(limit: limits.messageBytes)
        var chunk = [UInt8](repeating: 0, count: 16384)
        let idle = Double(limits.idleConnectionSeconds)
        var lastHeard = MonotonicClock.seconds(), pinged = false
        var frameAllowance = Allowance(perSecond: limits.framesPerSecond, burst: limits.frameBurst)
        // Once closing, what is queued has this long to go out (a reader that reads nothing
        // would otherwise hold the thread).
        var closingDeadline: Double?
        defer { state.withLock { $0.finished = true; $0.outgoing = [] } }
        while true {
            let (pending, closing) = state.withLock { s -> (Int, Bool) in
                if s.overran {
                    // What a reader that far behind has not read is dropped: it is told why.
                    s.overran = false
                    s.outgoing = WebSocketFrame.close(code: 1008, reason: "too slow: the connection fell behind")
                    s.written = 0
                }
                return (s.pending, s.closing)
            }
            let now = MonotonicClock.seconds()
            if closing {
                if pending == 0 { return }
                closingDeadline = closingDeadline ?? now + 2
                if now >= closingDeadline! { return }
            } else if now - lastHeard >= idle {
                return
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN) | (pending > 0 ? Int16(POLLOUT) : 0), revents: 0),
                       pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            let until = closingDeadline ?? (pinged ? lastHeard + idle : lastHeard + idle / 2)
            let wait = Int32(max(0, min(1000, (until - now) * 1000)) + 1)
            let ready = poll(&fds, 2, wait)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents & Int16(POLLIN) != 0 { gh_wake_drain(wakeFD) }
            let events = fds[0].revents
            if events & Int16(POLLIN) != 0 {
                let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if n == 0 { return }
                if n < 0 && errno != EAGAIN && errno != EINTR { return }
                if n > 0 {
                    lastHeard = MonotonicClock.seconds()
                    pinged = false
                    let framesBefore = reader.frames
                    let events = reader.take(chunk[..<n])
                    if !frameAllowance.take(reader.frames - framesBefore, at: lastHeard) {
                        close(code: 1008, reason: "too many frames: at most \(Int(limits.framesPerSecond)) a second")
                        continue
                    }
                    for event in events where isOpen {
                        switch event {
                        case .text(let text): received(text)
                        case .ping(let payload): queueControl(WebSocketFrame.encode(WebSocketFrame.pong, payload))
                        case .pong: break
                        case .close(let code): close(code: code ?? 1000, reason: "")
                        case .fail(let code, let reason): close(code: code, reason: reason)
                        }
                    }
                }
            } else if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                return
            }
            if events & Int16(POLLOUT) != 0 && !flush() { return }
            if !closing && !pinged && MonotonicClock.seconds() - lastHeard >= idle / 2 {
                queueControl(WebSocketFrame.encode(WebSocketFrame.ping, []))
                pinged = true
            }
        }
    }

    /// A pong or ping, within the queue's bound like any message: a client that pings and
    /// does not read its pongs is a reader that falls behind.
    private func queueControl(_ frame: [UInt8]) {
        state.withLock { s in
            guard !s.closing, !s.finished else { return }
            guard s.pending + frame.count <= limits.outgoingBytesPerConnection else {
                s.overran = true
                s.closing = true
                return
            }
            s.outgoing += frame
        }
    }

    /// Writes what it can of the queue without waiting; false when the connection is broken.
    private func flush() -> Bool {
        state.withLock { s in
            var broken = false
            while s.pending > 0 {
                let n = s.outgoing[s.written...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if n < 0 {
                    broken = errno != EAGAIN && errno != EINTR
                    break
                }
                s.written += n
            }
            if s.pending == 0 {
                s.outgoing.removeAll(keepingCapacity: s.outgoing.capacity <= 65536)
                s.written = 0
            } else if s.written >= 65536 {
                // Written bytes go, so a reader that keeps up slowly holds only what it owes.
                s.outgoing.removeFirst(s.written)
                s.written = 0
            }
            return !broken
        }
    }
}
