@testable import GameCore
import XCTest

final class TerminalWidthTests: XCTestCase {
    func testColumnsByEastAsianWidthAndEmoji() {
        XCTAssertEqual(TerminalWidth.columns("abc"), 3)
        XCTAssertEqual(TerminalWidth.columns("café"), 4)
        XCTAssertEqual(TerminalWidth.columns("cafe\u{301}"), 4, "a combining mark takes no column")
        XCTAssertEqual(TerminalWidth.columns("ねこ"), 4)
        XCTAssertEqual(TerminalWidth.columns("漢字"), 4)
        XCTAssertEqual(TerminalWidth.columns("ＡＢ"), 4, "fullwidth forms")
        XCTAssertEqual(TerminalWidth.columns("👻"), 2)
        XCTAssertEqual(TerminalWidth.columns("✏"), 1, "text presentation by default")
        XCTAssertEqual(TerminalWidth.columns("✏\u{FE0F}"), 2, "VS16 asks for emoji presentation")
        XCTAssertEqual(TerminalWidth.columns("👻\u{FE0E}"), 1, "VS15 asks for text presentation")
        XCTAssertEqual(TerminalWidth.columns("🧙‍♀️"), 2, "a ZWJ sequence is one picture")
        XCTAssertEqual(TerminalWidth.columns("👩‍💻"), 2)
        XCTAssertEqual(TerminalWidth.columns("🇫🇷"), 2, "a flag")
        XCTAssertEqual(TerminalWidth.columns("\u{7}"), 0)
    }

    func testPlainASCIIIsAColumnAByteAndControlsTakeNone() {
        XCTAssertEqual(TerminalWidth.columns(""), 0)
        XCTAssertEqual(TerminalWidth.columns("Rock, Paper ~ Scissors!"), 23)
        XCTAssertEqual(TerminalWidth.columns("tab\there"), 7, "a tab is a control: no column of its own")
        XCTAssertEqual(TerminalWidth.columns("a\r\nb"), 2)
        XCTAssertEqual(TerminalWidth.columns("del\u{7F}"), 3)
        XCTAssertEqual(TerminalWidth.columns("e\u{301}e"), 2, "a mark after ASCII joins its letter")
    }

    func testTextMeasuredInPiecesMeasuresAsItsCharactersDo() throws {
        // Marks, joiners and variation selectors after ASCII, a prepended sign before a digit,
        // flags, Hangul jamo, wide letters, controls and CRLF, in every mix.
        let pieces = ["a", " ", "1", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{600}", "🇫", "🇷", "👩", "💻", "\u{1100}", "\u{1161}",
                      "ね", "漢", "·", "\r", "\n", "\t", "\u{7F}", "\u{9B}", "é", "✏"]
        let random = RandomSource(seed: 3)
        for _ in 0..<2_000 {
            let text = try (0..<random.int(in: 0...10)).map { _ in pieces[try random.int(in: 0...(pieces.count - 1))] }.joined()
            XCTAssertEqual(TerminalWidth.columns(text), TerminalWidth.characterColumns(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testPadding() {
        XCTAssertEqual(TerminalWidth.pad("✏", to: 2), "✏ ")
        XCTAssertEqual(TerminalWidth.pad("👻", to: 2), "👻")
        XCTAssertEqual(TerminalWidth.pad("7", to: 3, alignRight: true), "  7")
        XCTAssertEqual(TerminalWidth.pad("toolong", to: 3), "toolong")
    }
}
