import Foundation
import GameHostTesting
import XCTest

/// Full screen at 40x12 (tmux): the question the game waits on stays above the prompt, and
/// text longer than the window pages (Space for the next page) instead of losing its top.
final class SmallScreenTests: XCTestCase {
    override func setUpWithError() throws {
        _ = try requiredTool("tmux")
    }

    func environment() -> [String: String] {
        ["XDG_DATA_HOME": NSTemporaryDirectory() + "small-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
    }

    func testPlayAgainStaysVisibleAt40x12() throws {
        // Seed 1's word is rouse: found at once, the statistics fill the window.
        let window = try FullScreenTests.Window(["play", "guess-five", "--seed", "1"], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the game") { $0.last == ">" }
        try window.keys("rouse", "Enter")
        // The result and the question are drawn in one frame, but the frame may be read while
        // tmux is still taking it in: wait for the question's prompt too.
        let screen = try window.wait(for: "the result") { $0.contains { $0.contains("You found rouse") } && $0.last == ">" }
        XCTAssertEqual(screen.count, 12)
        XCTAssertEqual(screen[10], "Play again? (y/n)", screen.joined(separator: "\n"))
        XCTAssertEqual(screen[11], ">")
        try window.keys("C-c")
    }

    func testLongRulesPageWithSpace() throws {
        let window = try FullScreenTests.Window(["play", "crazy-eights", "--seed", "1"], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the game") { $0.last?.hasSuffix(">") == true }
        try window.keys("/rules", "Enter")
        // The first page starts with the rules' first line; the window says there is more, and
        // the prompt stays at the bottom. A frame may be read while tmux is still taking it in,
        // so each wait is for the whole page: its marker and the prompt below it.
        let prompted: ([String]) -> Bool = { $0.last?.hasSuffix(">") == true }
        var screen = try window.wait(for: "the first page") { $0.contains { $0.hasPrefix("-- more (1/") } && prompted($0) }
        XCTAssertTrue(screen.contains { $0.hasPrefix("2 to 4 seats") }, screen.joined(separator: "\n"))
        try window.keys("Space")
        screen = try window.wait(for: "the second page") { $0.contains { $0.hasPrefix("-- more (2/") } && prompted($0) }
        XCTAssertFalse(screen.contains { $0.hasPrefix("2 to 4 seats") }, screen.joined(separator: "\n"))
        try window.keys("Space")
        screen = try window.wait(for: "the last page") { !$0.contains { $0.hasPrefix("-- more") } && prompted($0) }
        try window.keys("C-c")
    }
}
