import GameCore
import XCTest

/// `PlayerName.clean`: a name others see is one line of visible text, whatever was typed.
final class PlayerNameTests: XCTestCase {
    func testInvisibleAndLineBreakingCharactersBecomeOneSpace() {
        XCTAssertEqual(PlayerName.clean("Ann"), "Ann")
        XCTAssertEqual(PlayerName.clean("  Ann\n\tLee  "), "Ann Lee")
        // Zero-width space, joiner, BOM, line and paragraph separators, a bidi override.
        XCTAssertEqual(PlayerName.clean("A\u{200B}n\u{200D}n\u{FEFF}\u{2028}B\u{2029}o\u{202E}b"), "A n n B o b")
        XCTAssertEqual(PlayerName.clean("\u{1B}[31mred\u{7}"), "[31mred")
        XCTAssertEqual(PlayerName.clean("\u{0}\u{85}\u{A0}"), "")
    }

    func testANameIsCutBetweenCharactersAtItsLimit() {
        let long = PlayerName.clean(String(repeating: "é", count: 40))
        XCTAssertLessThanOrEqual(long.utf8.count, PlayerName.limit)
        XCTAssertEqual(long, String(repeating: "é", count: 16))
        let flags = PlayerName.clean(String(repeating: "🇫🇷", count: 10))
        XCTAssertEqual(flags, String(repeating: "🇫🇷", count: 4), "a flag is not cut in two")
        // A pile of combining marks is cut to the mark limit before the byte limit.
        XCTAssertFalse(MarkRun.isTooLong(PlayerName.clean("a" + String(repeating: "\u{301}", count: 500))))
    }
}
