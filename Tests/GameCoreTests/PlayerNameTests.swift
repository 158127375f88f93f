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

    /// The joiners and tags that build one emoji stay; elsewhere they are spaces.
    func testAnEmojiBuiltWithJoinersOrTagsIsKeptWhole() {
        let coder = "\u{1F469}\u{200D}\u{1F4BB}", family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let wizard = "\u{1F9D9}\u{1F3FD}\u{200D}\u{2640}\u{FE0F}", scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        for emoji in [coder, family, wizard, scotland] {
            XCTAssertEqual(PlayerName.clean(emoji + " Ann"), emoji + " Ann")
            XCTAssertEqual(PlayerName.clean(emoji + " Ann").count, 5, "one character: \(emoji)")
        }
        // Not between two emoji: a space, as any joiner.
        XCTAssertEqual(PlayerName.clean("A\u{200D}\u{1F4BB}"), "A \u{1F4BB}")
        XCTAssertEqual(PlayerName.clean("\u{1F469}\u{200D}B"), "\u{1F469} B")
        XCTAssertEqual(PlayerName.clean("\u{1F469}\u{200D}"), "\u{1F469}")
        XCTAssertEqual(PlayerName.clean("\u{200D}\u{1F469}"), "\u{1F469}")
        XCTAssertEqual(PlayerName.clean("\u{1F469} \u{200D}\u{1F4BB}"), "\u{1F469} \u{1F4BB}")
        XCTAssertEqual(PlayerName.clean("1\u{200D}2"), "1 2", "a digit is an emoji only as a keycap")
        // A tag away from a black flag hides text: a space.
        XCTAssertEqual(PlayerName.clean("Ann\u{E0041}\u{E0042}Bob"), "Ann Bob")
        // A name of joined emoji is cut between whole emoji at the limit.
        let many = PlayerName.clean(String(repeating: family, count: 4))
        XCTAssertLessThanOrEqual(many.utf8.count, PlayerName.limit)
        XCTAssertEqual(many, family, "a family is not cut in two")
    }
}
