import GameCore
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

    func testPadding() {
        XCTAssertEqual(TerminalWidth.pad("✏", to: 2), "✏ ")
        XCTAssertEqual(TerminalWidth.pad("👻", to: 2), "👻")
        XCTAssertEqual(TerminalWidth.pad("7", to: 3, alignRight: true), "  7")
        XCTAssertEqual(TerminalWidth.pad("toolong", to: 3), "toolong")
    }
}
