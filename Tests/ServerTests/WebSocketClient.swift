import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A small WebSocket client for the tests, on a plain socket: it can also send what no proper
/// client would (bad frames, huge lengths, half a request), which the attack tests need.
final class WebSocketClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var closed = false
    /// Everything received, in order (for assertions on the whole stream).
    private(set) var all: [String] = []
    /// The HTTP status the upgrade was answered with.
    private(set) var status = 0

    /// Opens a TCP connection to the server on loopback, from `source` (another loopback
    /// address is another client address to the server), with a receive buffer of
    /// `receiveBuffer` bytes when given (a reader that is slow to take what it is sent).
    static func connect(port: Int, from source: String? = nil, receiveBuffer: Int? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else {
            Glibc.close(fd)
            throw NSError(domain: "ws", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "cannot connect"])
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)  // a guard against a hang
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Connects and upgrades to WebSocket at `path`; throws when the server refuses.
    init(port: Int, path: String = "/ws", origin: String? = nil, host: String? = nil, from source: String? = nil, receiveBuffer: Int? = nil) throws {
        fd = try Self.connect(port: port, from: source, receiveBuffer: receiveBuffer)
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        request += "\r\n"
        writeAll(Array(request.utf8))
        // The response's head, up to the empty line.
        while !buffer.containsSequence([13, 10, 13, 10]) {
            guard fill() else { break }
        }
        let end = buffer.firstRange(of: [13, 10, 13, 10])?.upperBound ?? buffer.count
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end)
        status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        guard status == 101 else {
            Glibc.close(fd)
            closed = true
            throw NSError(domain: "ws", code: status, userInfo: [NSLocalizedDescriptionKey: "refused: \(head.prefix(80))"])
        }
    }

    deinit { if !closed { Glibc.close(fd) } }

    /// Writes all of `bytes`; false when the connection failed first (the server closed it).
    @discardableResult
    static func writeSome(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    func writeAll(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            done += n
        }
    }

    /// Whether a read waited out the 10 s guard (the server neither sent nor closed).
    private(set) var timedOut = false

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var n = 0
        // A signal to this thread interrupts a read with a time-out even under SA_RESTART: it
        // is not the end of the connection.
        repeat { n = recv(fd, &chunk, chunk.count, 0) } while n < 0 && errno == EINTR
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { timedOut = true }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    /// A frame as a client sends it (masked), of any opcode and length field.
    static func frame(_ payload: [UInt8], opcode: UInt8 = 1, final: Bool = true, claimedLength: UInt64? = nil) -> [UInt8] {
        var out: [UInt8] = [(final ? 0x80 : 0) | opcode]
        let length = claimedLength ?? UInt64(payload.count)
        if length < 126 {
            out.append(0x80 | UInt8(length))
        } else if length < 65536 {
            out += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            out.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((length >> UInt64(shift)) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        out += mask
        out += payload.enumerated().map { $1 ^ mask[$0 % 4] }
        return out
    }

    func send(_ text: String) { writeAll(Self.frame(Array(text.utf8))) }

    func send(_ object: [String: Any]) {
        send(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    /// The next frame from the server: its opcode and payload; nil when the connection ends.
    private func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
        func need(_ n: Int) -> Bool {
            while buffer.count < n { guard fill() else { return false } }
            return true
        }
        guard need(2) else { return nil }
        let opcode = buffer[0] & 0x0F
        var length = Int(buffer[1] & 0x7F), offset = 2
        if length == 126 {
            guard need(4) else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard need(10) else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
            offset = 10
        }
        guard need(offset + length) else { return nil }
        let payload = Array(buffer[offset..<(offset + length)])
        buffer.removeFirst(offset + length)
        return (opcode, payload)
    }

    /// The next text message that `matches`, skipping others; nil when the connection closes
    /// first (or nothing comes for 10 s: a guard against a hang, not a measure).
    func next(_ matches: ([String: Any]) -> Bool = { _ in true }) -> [String: Any]? {
        while !closed, let frame = readFrame() {
            switch frame.opcode {
            case 0x8:
                closeCode = Self.code(of: frame.payload)
                closed = true
                Glibc.close(fd)
                return nil
            case 0x9:
                writeAll(Self.frame(frame.payload, opcode: 0xA))
            case 0x1:
                let text = String(decoding: frame.payload, as: UTF8.self)
                all.append(text)
                if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], matches(object) { return object }
            default: break
            }
        }
        return nil
    }

    /// The next message of `type`.
    func next(_ type: String) -> [String: Any]? { next { $0["type"] as? String == type } }

    /// Reads until the server closes the connection; false when it stays open for 10 s.
    func waitForClose() -> Bool {
        while !closed {
            guard let frame = readFrame() else { return !timedOut }
            if frame.opcode == 0x8 { closeCode = Self.code(of: frame.payload) }
        }
        return true
    }

    /// The code of the close frame the server sent, once one is read.
    private(set) var closeCode: UInt16?

    private static func code(of payload: [UInt8]) -> UInt16? {
        payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
    }

    /// Whether the connection is open: a ping is answered by its pong (true), or the server
    /// closes it first (false; its close code is kept). Positive either way, so it waits for
    /// no time-out.
    func answersPing() -> Bool {
        let token = Array("are you there \(fd)".utf8)
        writeAll(Self.frame(token, opcode: 0x9))
        while !closed, let frame = readFrame() {
            switch frame.opcode {
            case 0xA where frame.payload == token: return true
            case 0x8:
                closeCode = Self.code(of: frame.payload)
                closed = true
                Glibc.close(fd)
                return false
            default: continue
            }
        }
        return false
    }

    func close() {
        guard !closed else { return }
        closed = true
        writeAll(Self.frame([0x03, 0xE8], opcode: 0x8))
        Glibc.close(fd)
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ s: [UInt8]) -> Bool { firstRange(of: s) != nil }
}
