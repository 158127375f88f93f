@testable import GameServer
import XCTest

/// The server's own reading of WebSocket frames and its handshake, byte by byte.
final class WebSocketFrameTests: XCTestCase {
    func testTheAcceptKeyIsTheOneInTheRFC() {
        // RFC 6455 section 1.3's worked example.
        XCTAssertEqual(WebSocketHandshake.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // FIPS 180's "abc", and a message longer than one block.
        XCTAssertEqual(WebSocketHandshake.sha1(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined(), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(WebSocketHandshake.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).map { String(format: "%02x", $0) }.joined(),
                       "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(WebSocketHandshake.base64(Array("ab".utf8)), "YWI=")
        XCTAssertEqual(WebSocketHandshake.base64(Array("a".utf8)), "YQ==")
    }

    func testFramesReadAByteAtATimeMakeTheSameMessages() {
        let bytes = WebSocketClient.frame(Array("hel".utf8), final: false) + WebSocketClient.frame([], opcode: 9)
            + WebSocketClient.frame(Array("lo ✓".utf8), opcode: 0) + WebSocketClient.frame(Array(repeating: 0x62, count: 300))
            + WebSocketClient.frame([0x03, 0xE8], opcode: 8)
        var whole = WebSocketFrameReader(limit: 8192)
        let expected: [WebSocketEvent] = [.ping([]), .text("hello ✓"), .text(String(repeating: "b", count: 300)), .close(1000)]
        XCTAssertEqual(whole.take(bytes[...]), expected)
        var piecemeal = WebSocketFrameReader(limit: 8192)
        var events: [WebSocketEvent] = []
        for i in bytes.indices { events += piecemeal.take(bytes[i...i]) }
        XCTAssertEqual(events, expected)
    }

    /// A close frame's code is one a peer may send, in two bytes, and its reason is UTF-8
    /// (RFC 6455 sections 5.5.1 and 7.4): anything else fails the connection rather than being
    /// echoed back.
    func testACloseFrameWithNoSuchCodeFailsTheConnection() {
        func close(_ payload: [UInt8]) -> [WebSocketEvent] {
            var reader = WebSocketFrameReader(limit: 8192)
            return reader.take(WebSocketClient.frame(payload, opcode: 8)[...])
        }
        XCTAssertEqual(close([]), [.close(nil)])
        XCTAssertEqual(close([0x03, 0xE8]), [.close(1000)])
        XCTAssertEqual(close([0x03, 0xF3] + Array("bye ✓".utf8)), [.close(1011)])
        XCTAssertEqual(close([0x0F, 0xA0]), [.close(4000)])
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] {
            XCTAssertEqual(close([UInt8(code >> 8), UInt8(code & 0xFF)]), [.fail(1002, "no such close code")], "code \(code)")
        }
        XCTAssertEqual(close([0x03]), [.fail(1002, "a close frame's code has two bytes")])
        XCTAssertEqual(close([0x03, 0xE8, 0xC3, 0x28]), [.fail(1007, "a close frame's reason is not UTF-8")])
    }

    func testALengthOverTheLimitIsRefusedOnTheHeaderAlone() {
        var reader = WebSocketFrameReader(limit: 8192)
        // Only the header of a frame that says it is 256 MB: refused before any payload.
        let header = Array(WebSocketClient.frame([], claimedLength: 256 << 20).prefix(14))
        XCTAssertEqual(reader.take(header[...]), [.fail(1009, "a message may have at most 8192 bytes")])
        // Pieces that pass the limit together: refused at the piece that passes it.
        var pieces = WebSocketFrameReader(limit: 100)
        XCTAssertEqual(pieces.take(WebSocketClient.frame(Array(repeating: 0x61, count: 60), final: false)[...]), [])
        XCTAssertEqual(pieces.take(Array(WebSocketClient.frame([], opcode: 0, claimedLength: 41).prefix(8))[...]),
                       [.fail(1009, "a message may have at most 100 bytes")])
    }

    func testBrokenFramesFailWithTheirCode() {
        func first(_ bytes: [UInt8]) -> WebSocketEvent? {
            var reader = WebSocketFrameReader(limit: 8192)
            return reader.take(bytes[...]).first
        }
        var unmasked = WebSocketClient.frame(Array("x".utf8))
        unmasked[1] &= 0x7F
        XCTAssertEqual(first(unmasked), .fail(1002, "a client's frames are masked"))
        XCTAssertEqual(first(WebSocketClient.frame([1], opcode: 2)), .fail(1003, "only text messages are taken"))
        XCTAssertEqual(first(WebSocketClient.frame([0xFF, 0xFE])), .fail(1007, "a message must be UTF-8 text"))
        XCTAssertEqual(first(WebSocketClient.frame([1], opcode: 3)), .fail(1002, "no such opcode"))
        XCTAssertEqual(first(WebSocketClient.frame([1], opcode: 0xB)), .fail(1002, "no such opcode"))
        XCTAssertEqual(first(WebSocketClient.frame([1], opcode: 0)), .fail(1002, "a continuation with no message"))
        XCTAssertEqual(first(WebSocketClient.frame([], opcode: 9, final: false)), .fail(1002, "a control frame is whole and at most 125 bytes"))
        XCTAssertEqual(first(WebSocketClient.frame(Array(repeating: 1, count: 126), opcode: 9)), .fail(1002, "a control frame is whole and at most 125 bytes"))
        var reserved = WebSocketClient.frame(Array("x".utf8))
        reserved[0] |= 0x40
        XCTAssertEqual(first(reserved), .fail(1002, "reserved bits are set"))
        XCTAssertEqual(first(WebSocketClient.frame(Array("a".utf8), final: false) + WebSocketClient.frame(Array("b".utf8))),
                       .fail(1002, "a new message before the last one ended"))
    }

    func testTheServersFramesAreWholeAndUnmasked() {
        XCTAssertEqual(WebSocketFrame.encode(WebSocketFrame.text, Array("hi".utf8)), [0x81, 2, 0x68, 0x69])
        let long = WebSocketFrame.encode(WebSocketFrame.text, Array(repeating: 0, count: 300))
        XCTAssertEqual(Array(long.prefix(4)), [0x81, 126, 1, 44])
        let huge = WebSocketFrame.encode(WebSocketFrame.text, Array(repeating: 0, count: 70000))
        XCTAssertEqual(Array(huge.prefix(10)), [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
        XCTAssertEqual(WebSocketFrame.close(code: 1009, reason: "big"), [0x88, 5, 0x03, 0xF1, 0x62, 0x69, 0x67])
        // Framed from a string's bytes (or a part of them) as from a copy of them, whole and
        // all in one, past the 126-byte and 65,536-byte heads.
        for text in ["", "héllo", String(repeating: "é", count: 100), String(repeating: "x", count: 70_000)] {
            XCTAssertEqual(WebSocketFrame.encode(WebSocketFrame.text, text.utf8), WebSocketFrame.encode(WebSocketFrame.text, Array(text.utf8)))
            let line = text + "\n"
            XCTAssertEqual(WebSocketFrame.encode(WebSocketFrame.text, line.utf8.dropLast()), WebSocketFrame.encode(WebSocketFrame.text, Array(text.utf8)))
            // The payload is the text's bytes, after the head, whether they lie together (copied
            // as one block) or not (copied one by one).
            XCTAssertEqual(Array(WebSocketFrame.encode(WebSocketFrame.text, text.utf8).suffix(text.utf8.count)), Array(text.utf8))
            XCTAssertEqual(WebSocketFrame.encode(WebSocketFrame.text, text.utf8.lazy.map { $0 }), WebSocketFrame.encode(WebSocketFrame.text, Array(text.utf8)))
        }
    }

    /// A table's protocol line goes out as one message without its newline, its characters
    /// as they are (a line ending in a combining accent keeps it).
    func testAProtocolLineIsSentWithoutItsNewline() {
        let recorder = ServedHidingTests.Recorder()
        let lines = SocketLines(recorder)
        lines.write("{\"type\":\"step\",\"say\":\"e\u{301}\"}\n", style: .plain)
        lines.write("no newline", style: .plain)
        XCTAssertEqual(recorder.lines, ["{\"type\":\"step\",\"say\":\"e\u{301}\"}", "no newline"])
    }
}
