import Foundation
import GameHostTesting
import XCTest

/// How a game ended is said once, by its result's summary (piped, as every mode shows the
/// same messages).
final class MessageTests: XCTestCase {
    func count(_ text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    func testGuessFiveSaysTheAnswerOnce() throws {
        // Seed 1's word is rouse.
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "messages-\(UUID().uuidString)"]
        let runs = GamehostProcess.runAll([
            (["play", "guess-five", "--seed", "1"], "apple\ncrane\nslate\nmoist\nbingo\nhouse\n"),
            (["play", "guess-five", "--seed", "1"], "rouse\n"),
        ], environment: environment)
        XCTAssertEqual(count("the word was rouse", in: runs[0].stdout.lowercased()), 1, runs[0].stdout)
        XCTAssertEqual(count("rouse", in: runs[1].stdout), 1, runs[1].stdout)
        XCTAssertTrue(runs[1].stdout.contains("You found rouse in 1 of 6 tries."), runs[1].stdout)
    }

    func testBlackjackSaysOutOfChipsOnce() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "messages-\(UUID().uuidString)"]
        // All in, hand after hand, until the chips are gone.
        let r = try GamehostProcess.run(["play", "blackjack", "--seed", "2"], input: String(repeating: "25\nh\nh\nh\nh\n", count: 40), environment: environment)
        XCTAssertEqual(count("out of chips", in: r.stdout), 1, r.stdout)
    }
}
