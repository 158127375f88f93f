import GameCore
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
}
