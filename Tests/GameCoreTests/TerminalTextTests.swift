@testable import GameCore
import XCTest

final class TerminalTextTests: XCTestCase {
    func testEveryControlCharacterIsShownVisibly() {
        var all = ""
        for v in 0..<0xA0 { all.unicodeScalars.append(Unicode.Scalar(UInt32(v))!) }
        let shown = TerminalText.render(all, colour: true)
        for scalar in shown.unicodeScalars {
            XCTAssertFalse(scalar.value < 0x20 && scalar != "\n" && scalar != "\t", "U+\(String(scalar.value, radix: 16))")
            XCTAssertFalse((0x7F..<0xA0).contains(scalar.value), "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertEqual(TerminalText.render("a\u{1B}[2Jb\u{7}\u{9B}c\r\n", colour: false), "a^[[2Jb^GM-^[c^M\n")
        XCTAssertEqual(TerminalText.render("plain text\n", colour: true), "plain text\n")
        XCTAssertEqual(TerminalText.render("a\u{202E}b\u{2066}c", colour: false), "a<U+202E>b<U+2066>c", "bidirectional controls")
        XCTAssertEqual(TerminalText.render("ok — “quotes” …", colour: false), "ok — “quotes” …", "other punctuation stays")
    }

    func testOnlyTheHostsColoursBecomeEscapes() {
        let red = TerminalText.coloured("hi", "red")!
        XCTAssertEqual(TerminalText.render(red, colour: true), "\u{1B}[31mhi\u{1B}[0m")
        XCTAssertEqual(TerminalText.render(red, colour: false), "hi")
        XCTAssertNil(TerminalText.coloured("hi", "octarine"))
        XCTAssertEqual(TerminalWidth.columns(red), 2, "markers take no columns")
    }

    func testTextIsCheckedEightBytesAtATimeAsItWouldBeOneByOne() throws {
        // Whatever falls where in an eight-byte word: a control, DEL, a C1 control, a colour
        // marker, a bidirectional control, or text that needs nothing (tab, newline, ~, é).
        func needsWork(_ text: String) -> Bool {
            text.unicodeScalars.contains { s in
                (s.value < 0x20 && s != "\n" && s != "\t") || (0x7F..<0xA0).contains(s.value) || (0xF8DF...0xF8EB).contains(s.value)
                    || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
            }
        }
        let plain = ["a", " ", "~", "\t", "\n", "é", "—", "👻", "ねこ"]
        let odd = ["\u{1B}", "\u{7F}", "\u{9B}", "\u{F8DF}", "\u{F8EB}", "\u{202E}", "\u{2066}", "\r", "\u{0}"]
        let random = RandomSource(seed: 5)
        for _ in 0..<3_000 {
            var text = try (0..<random.int(in: 0...24)).map { _ in plain[try random.int(in: 0...(plain.count - 1))] }.joined()
            if try random.int(in: 0...1) == 1 {
                let at = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: try random.int(in: 0...text.unicodeScalars.count))
                text.unicodeScalars.insert(contentsOf: odd[try random.int(in: 0...(odd.count - 1))].unicodeScalars, at: at)
            }
            XCTAssertEqual(TerminalText.needsWork(text), needsWork(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
