/// What a client's bytes amount to, one event at a time.
enum WebSocketEvent: Equatable {
    /// A whole text message (its frames joined), checked to be UTF-8.
    case text(String)
    case ping([UInt8])
    case pong
    /// The client closes, with its code (nil when it gave none).
    case close(UInt16?)
    /// A protocol error: close the connection with this code (RFC 6455 section 7.4) and reason.
    case fail(UInt16, String)
}

/// Reads a client's WebSocket frames from its bytes as they arrive (RFC 6455 section 5). A
/// frame's declared length is checked as soon as its header is in, so a message over the
/// limit is refused before its payload is read: what one connection holds stays within the
/// limit and one read, whatever a client declares.
struct WebSocketFrameReader {
    /// The longest message, in bytes (over all its frames).
    let limit: Int
    /// Bytes read and not yet taken as a frame: at most one frame's header and payload.
    private var pending: [UInt8] = []
    /// The text message being assembled from frames, and whether one is under way.
    private var message: [UInt8] = []
    private var inMessage = false
    /// After a failure or a close, nothing more is read.
    private(set) var done = false
    /// Frames read so far, of every kind (a message's pieces and control frames too): the
    /// connection bounds their rate, since each costs work even when it says nothing.
    private(set) var frames = 0

    init(limit: Int) { self.limit = limit }

    /// Takes bytes just read, and returns what they complete, in order.
    mutating func take(_ bytes: ArraySlice<UInt8>) -> [WebSocketEvent] {
        guard !done else { return [] }
        pending += bytes
        var events: [WebSocketEvent] = []
        var start = 0
        while !done, let event = nextFrame(from: &start) {
            if let event { events.append(event) }
        }
        pending.removeFirst(start)
        return events
    }

    /// The next frame at `start` when all of it is in (nil when it is not yet); its event, or
    /// nil for a frame that only adds to a message.
    private mutating func nextFrame(from start: inout Int) -> WebSocketEvent?? {
        let available = pending.count - start
        guard available >= 2 else { return nil }
        let first = pending[start], second = pending[start + 1]
        let final = first & 0x80 != 0, opcode = first & 0x0F
        guard first & 0x70 == 0 else { return fail(1002, "reserved bits are set") }
        guard second & 0x80 != 0 else { return fail(1002, "a client's frames are masked") }
        var length = UInt64(second & 0x7F), headerLength = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(pending[start + 2]) << 8 | UInt64(pending[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (2..<10).reduce(UInt64(0)) { $0 << 8 | UInt64(pending[start + $1]) }
            headerLength = 10
        }
        let isControl = opcode & 0x08 != 0
        if isControl {
            guard opcode <= 0xA else { return fail(1002, "no such opcode") }
            guard final, length <= 125 else { return fail(1002, "a control frame is whole and at most 125 bytes") }
        } else {
            switch opcode {
            case 0x0: if !inMessage { return fail(1002, "a continuation with no message") }
            case 0x1: if inMessage { return fail(1002, "a new message before the last one ended") }
            case 0x2: return fail(1003, "only text messages are taken")
            default: return fail(1002, "no such opcode")
            }
            // The limit holds before the payload is read: a declared length past it ends here.
            guard length <= UInt64(limit - message.count) else { return fail(1009, "a message may have at most \(limit) bytes") }
        }
        let frameLength = headerLength + 4 + Int(length)
        guard available >= frameLength else { return nil }
        let maskAt = start + headerLength
        let mask = (pending[maskAt], pending[maskAt + 1], pending[maskAt + 2], pending[maskAt + 3])
        var payload = Array(pending[(maskAt + 4)..<(start + frameLength)])
        for i in payload.indices {
            switch i & 3 {
            case 0: payload[i] ^= mask.0
            case 1: payload[i] ^= mask.1
            case 2: payload[i] ^= mask.2
            default: payload[i] ^= mask.3
            }
        }
        start += frameLength
        frames += 1
        switch opcode {
        case 0x8:
            done = true
            guard payload.count != 1 else { return fail(1002, "a close frame's code has two bytes") }
            guard payload.count >= 2 else { return .some(.close(nil)) }
            let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
            guard Self.isCloseCode(code) else { return fail(1002, "no such close code") }
            guard String(validating: payload[2...], as: UTF8.self) != nil else { return fail(1007, "a close frame's reason is not UTF-8") }
            return .some(.close(code))
        case 0x9: return .some(.ping(payload))
        case 0xA: return .some(.pong)
        default:
            message += payload
            inMessage = !final
            guard final else { return .some(nil) }
            defer { message = [] }
            guard let text = String(validating: message, as: UTF8.self) else { return fail(1007, "a message must be UTF-8 text") }
            return .some(.text(text))
        }
    }

    /// Whether a peer may close with `code` (RFC 6455 section 7.4): the codes defined for it
    /// (1000-1003, 1007-1014) and those kept for applications (3000-4999); not 1004-1006 and
    /// 1015, which are never sent, nor the codes below 1000 and the unassigned ones.
    static func isCloseCode(_ code: UInt16) -> Bool {
        (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }

    private mutating func fail(_ code: UInt16, _ reason: String) -> WebSocketEvent?? {
        done = true
        return .some(.fail(code, reason))
    }
}

/// A frame as the server sends it: whole and unmasked.
enum WebSocketFrame {
    static let text: UInt8 = 0x1, close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    /// The frame of `payload`, made in one array (a message is sent for every step shown).
    static func encode<Payload: Collection<UInt8>>(_ opcode: UInt8, _ payload: Payload) -> [UInt8] {
        let count = payload.count
        var out: [UInt8] = []
        out.reserveCapacity(count + 10)
        out.append(0x80 | opcode)
        if count < 126 {
            out.append(UInt8(count))
        } else if count < 65536 {
            out += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: count >> shift)) }
        }
        // Copied as one block where the bytes lie together (a string's UTF-8 does): appending
        // a string's UTF-8 view went byte by byte, some 40,000 instructions for a step's frame.
        if payload.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: payload)
        }
        return out
    }

    /// A close frame with its code and a reason (cut to fit a control frame).
    static func close(code: UInt16, reason: String) -> [UInt8] {
        encode(close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120)))
    }
}
