import Foundation
import XCTest

/// The menu asks for seats where a game takes more than one: how many, and who sits in each
/// (a person by name, the rule's bot, random moves); people at the keyboard take turns and
/// go on the boards under their names.
final class MenuSeatTests: XCTestCase {
    let data = NSTemporaryDirectory() + "gamehost-menu-seats-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: data) }

    func testTheMenuSeatsCrazyEightsAndRefusesWhatCannotSit() throws {
        // 9 seats, a program and a name seat 1 has are refused, each with its reason, and asked again.
        let r = try GamehostProcess.run(["--data", data, "--name", "ann"],
                                        input: "crazy eights\n9\n3\n\nAnn\nprogram:cat\nBob\n\n/quit\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("seats: 2 to 4 — how many play\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ seats: Crazy Eights is played by 2 to 4, not '9'"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ seat 1 is ann: each person gives a name of their own"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ a program takes a seat with gamehost play --seat 2=program:COMMAND"), r.stdout)
        // Seat 3 kept its default, the rule's bot; the replay line seats the game the same way.
        XCTAssertTrue(r.stdout.contains("--seats 3 --seat 2=Bob)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Your hand, ann (5 cards):"), r.stdout)
    }

    /// The search player is offered, and takes a seat like the bot.
    func testTheMenuSeatsTheSearchPlayer() throws {
        let r = try GamehostProcess.run(["--data", data, "--name", "ann"], input: "crazy eights\n2\n\nsearch\n/quit\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("search (looks ahead), random (random moves)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--seat 2=search"), r.stdout)
    }

    func testTwoPeoplePlayRPSFromTheMenuAndTheWinnerIsOnTheBoardsByName() throws {
        let r = try GamehostProcess.run(["--data", data, "--name", "ann"],
                                        input: "rps\nsingle\n\n2\n\nBob\nscissors\nrock\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        // Each throw is asked of its own person, the keyboard passed between them.
        XCTAssertTrue(r.stdout.contains("Seat 1 · ann to play: pass the keyboard."), r.stdout)
        XCTAssertTrue(r.stdout.contains("Seat 2 · Bob to play: pass the keyboard."), r.stdout)
        XCTAssertTrue(r.stdout.contains("ann: Scissors · Bob: Rock"), r.stdout)
        let scores = try GamehostProcess.run(["scores", "rps", "--data", data])
        XCTAssertTrue(scores.stdout.contains("Games played: 1; wins: Bob 1"), scores.stdout)
    }

    func testPeopleNamedOnTheCommandLineGoOnTheBoardsByName() throws {
        let r = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "2=Bob", "--name", "ann", "--match", "single", "--data", data],
                                        input: "paper\nrock\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let scores = try GamehostProcess.run(["scores", "rps", "--data", data])
        XCTAssertTrue(scores.stdout.contains("Games played: 1; wins: ann 1"), scores.stdout)
    }

    /// A seat the table plays goes on the statistics as the table calls it ("Bot"), and a
    /// person by name: never "seat 2".
    func testTheStatisticsNameTheBotAndThePersonNotTheirSeats() throws {
        let r = try GamehostProcess.run(["play", "rps", "--seats", "2", "--name", "ann", "--match", "single", "--seed", "3", "--data", data],
                                        input: "rock\nrock\nrock\nrock\nrock\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let scores = try GamehostProcess.run(["scores", "rps", "--data", data])
        XCTAssertTrue(scores.stdout.contains("Games played: 1; wins: ann 1") || scores.stdout.contains("Games played: 1; wins: Bot 1"), scores.stdout)
        XCTAssertFalse(scores.stdout.lowercased().contains("wins: seat"), scores.stdout)
    }

    func testOneSeatGamesAskNothingAndRPSAloneIsStillAgainstTheComputer() throws {
        let hangman = try GamehostProcess.run(["--data", data], input: "hangman\n\n\ne\n")
        XCTAssertFalse(hangman.stdout.contains("seats:"), hangman.stdout)
        // Enter at seats: one seat, against the rule's own computer, as before.
        let rps = try GamehostProcess.run(["--data", data], input: "rps\nsingle\n\n\nrock\nn\n")
        XCTAssertEqual(rps.status, 0, rps.stderr)
        XCTAssertTrue(rps.stdout.contains("seats: 1 to 2 — how many play"), rps.stdout)
        XCTAssertFalse(rps.stdout.contains("who sits where"), rps.stdout)
        XCTAssertFalse(rps.stdout.contains("pass the keyboard"), rps.stdout)
        XCTAssertTrue(rps.stdout.contains("(replay: gamehost play rps --seed "), rps.stdout)
        XCTAssertFalse(rps.stdout.contains("--seats"), rps.stdout)
    }
}
