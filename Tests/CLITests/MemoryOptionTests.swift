import Foundation
import GameHostTesting
import XCTest

/// Memory keeps the options it was given: --theme for every game of a session (so each
/// game's replay line deals that game again), and --pairs above the theme's size is said.
final class MemoryOptionTests: XCTestCase {
    func testThemeHoldsForEveryGameAndABigPairsIsSaid() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "memory-\(UUID().uuidString)"]
        let runs = GamehostProcess.runAll([
            (["play", "memory", "--theme", "animals", "--seed", "5"], "/new\n/new\n"),
            (["play", "memory", "--theme", "fruit", "--pairs", "50", "--seed", "1"], ""),
        ], environment: environment)
        let titles = runs[0].stdout.split(separator: "\n").filter { $0.hasPrefix("Memory · ") }
        XCTAssertEqual(titles, ["Memory · animals", "Memory · animals", "Memory · animals"], runs[0].stdout)
        XCTAssertTrue(runs[1].stdout.contains("The fruit theme has 10 emoji: 10 dealt, not 50."), runs[1].stdout)
    }
}
