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
        _ = try window.wait(for: "the result") { $0.contains { $0.contains("Seat 2 wins the match 1:0") } }
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
}
