import GameCore
import XCTest

/// Words as a shell reads them, and a command cut into lines a shell still reads.
final class ShellWordTests: XCTestCase {
    func testQuotingOnlyWhatNeedsIt() {
        XCTAssertEqual(shellQuoted("2=zed"), "2=zed")
        XCTAssertEqual(shellQuoted("2=Ann Lee"), "'2=Ann Lee'")
        XCTAssertEqual(shellQuoted("it's"), "'it'\\''s'")
    }

    func testALongCommandIsCutBetweenFlagsNeverInsideOne() {
        let command = "gamehost play crazy-eights --seed 1234567890123 --seats 3 --seat 2=zed --seat '3=Ann Lee' --rounds 5"
        XCTAssertEqual(shellLines(command, width: 200), [command], "a command that fits is one line")
        let lines = shellLines(command, width: 40)
        XCTAssertEqual(lines, [
            "gamehost play crazy-eights \\",
            "  --seed 1234567890123 --seats 3 \\",
            "  --seat 2=zed --seat '3=Ann Lee' \\",
            "  --rounds 5",
        ])
        XCTAssertTrue(lines.allSatisfy { TerminalWidth.columns($0) <= 40 })
        // What a shell reads back: the same words (the continuations removed).
        XCTAssertEqual(lines.map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }.map { $0.trimmingPrefix("  ") }.joined(separator: " "), command)
    }

    func testAWordLongerThanALineHasALineOfItsOwn() {
        let lines = shellLines("gamehost play /a/very/long/path/to/a/rule/file.lua --seed 5", width: 20)
        XCTAssertEqual(lines, ["gamehost play \\", "  /a/very/long/path/to/a/rule/file.lua \\", "  --seed 5"])
    }
}
