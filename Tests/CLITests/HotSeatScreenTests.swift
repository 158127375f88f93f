import Foundation
import GameHostTesting
import XCTest

/// People taking turns at one terminal, full screen (tmux): between turns the screen says who
/// is to play and shows no one's view until that person presses Enter; no other key confirms,
/// so a key meant as a move is not lost, and no throw is seen before the other is made.
final class HotSeatScreenTests: XCTestCase {
    override func setUpWithError() throws {
        _ = try requiredTool("tmux")
    }

    func testEachPersonConfirmsWithEnterAndSeesOnlyTheirOwnThrow() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "hotseat-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
        let window = try FullScreenTests.Window(["play", "rps", "--seats", "2", "--seat", "2=Bob", "--name", "ann", "--match", "single", "--seed", "2"],
                                                columns: 80, rows: 24, environment: environment)
        func handover(to who: String) throws {
            let screen = try window.wait(for: "the hand-over to \(who)") { $0.contains { $0.contains("\(who) to play: pass the keyboard.") } }
            XCTAssertFalse(screen.contains { $0.contains("Your throw") || $0.contains("threw") }, "no view while the keyboard passes: \(screen)")
            XCTAssertTrue(screen.contains { $0.contains("Press Enter when ready.") }, screen.joined(separator: "\n"))
        }
        try handover(to: "Seat 1 · ann")
        // A move's key does not confirm: the screen stays as it is.
        try window.keys("r")
        try window.waitUntilKeysAreTaken()
        try handover(to: "Seat 1 · ann")
        try window.keys("Enter")
        _ = try window.wait(for: "ann's throw") { $0.contains { $0.contains("Your throw") } }
        try window.keys("r")
        try handover(to: "Seat 2 · Bob")
        try window.keys("Enter")
        let bob = try window.wait(for: "Bob's throw") { $0.contains { $0.contains("Your throw") } }
        XCTAssertFalse(bob.contains { $0.contains("Rock ✊") && !$0.contains("[") }, "Bob does not see ann's throw: \(bob)")
        XCTAssertFalse(bob.contains { $0.contains("threw") }, bob.joined(separator: "\n"))
        try window.keys("p")
        try handover(to: "Seat 1 · ann")
        try window.keys("Enter")
        // Paper covers rock: Bob's.
        _ = try window.wait(for: "the result") { $0.contains { $0.contains("Bob wins the match 1:0") } }
    }

    func testPlainHandOverTakesOnlyAnEmptyLine() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "hotseat-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
        let window = try FullScreenTests.Window(["play", "rps", "--plain", "--seats", "2", "--seat", "2=Bob", "--name", "ann", "--match", "single", "--seed", "2"],
                                                columns: 80, rows: 24, environment: environment)
        try window.wait(for: "the hand-over") { $0.contains { $0.hasPrefix("Press Enter when ready.") } }
        // A move typed at the hand-over is not a confirmation: the player is told, and asked again.
        try window.keys("rock", "Enter")
        var screen = try window.wait(for: "the second ask") { $0.contains { $0.hasPrefix("Only Enter confirms: press Enter when ready.") } }
        XCTAssertFalse(screen.contains { $0.hasPrefix("Your throw") }, screen.joined(separator: "\n"))
        try window.keys("Enter")
        screen = try window.wait(for: "ann's throw") { $0.contains { $0.hasPrefix("Your throw") } }
        try window.keys("C-c")
    }

    /// After the hand-over a person reads what every seat was told since their last turn (the
    /// other's moves), but not what the other was told alone.
    func testAfterTheHandOverEachPersonReadsWhatTheyMissed() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "hotseat-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
        let window = try FullScreenTests.Window(["play", "crazy-eights", "--seat", "1=Ann", "--seat", "2=Bob", "--seed", "4"],
                                                columns: 80, rows: 30, environment: environment)
        _ = try window.wait(for: "the hand-over to Bob") { $0.contains { $0.contains("Seat 2 · Bob to play: pass the keyboard.") } }
        try window.keys("Enter")
        _ = try window.wait(for: "Bob's turn") { $0.contains { $0.contains("Your hand, Bob") } }
        try window.keys("draw", "Enter")
        let drawn = try window.wait(for: "Bob's card") { $0.contains { $0.hasPrefix("You draw ") } }
        XCTAssertTrue(drawn.contains("Bob draws a card"), drawn.joined(separator: "\n"))
        try window.keys("pass", "Enter")
        _ = try window.wait(for: "the hand-over to Ann") { $0.contains { $0.contains("Seat 1 · Ann to play: pass the keyboard.") } }
        try window.keys("Enter")
        let ann = try window.wait(for: "what Ann missed") { $0.contains { $0.contains("Since your last turn:") } }
        XCTAssertTrue(ann.contains("Bob draws a card"), ann.joined(separator: "\n"))
        XCTAssertTrue(ann.contains("Bob passes"), ann.joined(separator: "\n"))
        XCTAssertFalse(ann.contains { $0.hasPrefix("You draw ") }, "Bob's own card: \(ann)")
        try window.keys("C-c")
    }

    /// Alone against the rule's bot, full screen: the person's own messages ("You draw ...")
    /// stay on the screen while the bot moves after them, until the person's next input.
    func testTheBotsMovesDoNotWipeWhatThePersonWasTold() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "hotseat-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
        let window = try FullScreenTests.Window(["play", "crazy-eights", "--name", "Ann", "--seed", "4"], columns: 80, rows: 30, environment: environment)
        _ = try window.wait(for: "the first turn") { $0.contains { $0.contains("Your turn: play a card, or draw.") } }
        try window.keys("draw", "Enter")
        _ = try window.wait(for: "the card drawn") { $0.contains { $0.hasPrefix("You draw ") } }
        try window.keys("pass", "Enter")
        let after = try window.wait(for: "the bot's move") { $0.contains { $0.hasPrefix("Bot plays ") } }
        XCTAssertTrue(after.contains("Ann passes"), "the person's own move stays above the bot's: \(after.joined(separator: "\n"))")
        try window.keys("C-c")
    }
}
