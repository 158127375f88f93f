import CCivetweb
import Locking

/// One open WebSocket connection. Any thread may send to it; once civetweb has closed it,
/// nothing more is written (civetweb reuses its connection for the next client, so a late
/// write would reach someone else: `markClosed` and `send` share one lock for that reason).
public final class WebSocket: Sendable {
    public let remoteAddress: String
    /// A number for logs and maps, unique in the process.
    public let id: Int

    private struct State {
        /// civetweb's connection while it is open: reached only under the lock, and gone
        /// (nil) once civetweb has closed it, so no late write can reach its next client.
        var connection: OpaquePointer?
        var closing = false
        /// Token-bucket rate limit: messages the connection may still send now.
        var allowance: Double
        var lastRefill: Double
    }
    private let state: Locked<State>
    private static let counter = Locked(0)

    init(connection: OpaquePointer, remoteAddress: String) {
        self.remoteAddress = remoteAddress
        id = Self.counter.withLock { $0 += 1; return $0 }
        state = Locked(State(connection: connection, allowance: 0, lastRefill: 0))
    }

    /// Sends one text message; false when the connection is closed or the write failed.
    @discardableResult
    public func send(_ text: String) -> Bool {
        state.withLock { s in
            guard let connection = s.connection, !s.closing else { return false }
            var text = text
            let written = text.withUTF8 { mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_TEXT), $0.baseAddress, $0.count) }
            if written <= 0 { s.closing = true }
            return written > 0
        }
    }

    /// Closes the connection with a close frame saying why (RFC 6455 codes: 1008 policy,
    /// 1009 too big, 1003 binary, 1007 not UTF-8, 1001 going away).
    public func close(code: UInt16, reason: String) {
        state.withLock { s in
            guard let connection = s.connection, !s.closing else { return }
            s.closing = true
            var payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120))
            _ = payload.withUnsafeMutableBytes {
                mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE),
                                   $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
            }
        }
    }

    var isClosing: Bool { state.withLock { $0.closing || $0.connection == nil } }
    public var isOpen: Bool { state.withLock { $0.connection != nil && !$0.closing } }

    func markClosed() { state.withLock { $0.connection = nil } }

    /// Takes one message from the connection's allowance (`perSecond` a second, up to a burst
    /// of `burst`); false when it has none left: the connection is sending too fast.
    func takeMessage(at now: Double, perSecond: Double, burst: Double) -> Bool {
        state.withLock { s in
            if s.lastRefill == 0 { s.allowance = burst; s.lastRefill = now }
            s.allowance = min(burst, s.allowance + (now - s.lastRefill) * perSecond)
            s.lastRefill = now
            guard s.allowance >= 1 else { return false }
            s.allowance -= 1
            return true
        }
    }
}
