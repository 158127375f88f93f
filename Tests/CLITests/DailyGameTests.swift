import Foundation
import GameCore
import XCTest

/// The game of the day (`play GAME --daily`, the menu's `d`): the day's deal, the same for
/// every name and machine, played once a day by each name, ranked on the day's board, with a
/// line to share that tells nothing of the deal.
final class DailyGameTests: XCTestCase {
    var data = ""
    let today = DailyGame.date(at: Date().timeIntervalSince1970)

    override func setUpWithError() throws {
        data = NSTemporaryDirectory() + "gamehost-daily-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: data)
    }

    func run(_ arguments: [String], input: String = "", data folder: String? = nil) throws -> GamehostProcess.Result {
        try GamehostProcess.run(arguments + ["--data", folder ?? data], input: input)
    }

    /// The board after the first card is turned: the deal.
    static func firstTurn(_ output: String) -> String {
        output.components(separatedBy: "Flips: 1\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
    }

    func testEveryNameGetsTheSameDealOnceADay() throws {
        let ann = try run(["play", "memory", "--daily", "--name", "Ann"], input: "1\n")
        XCTAssertEqual(ann.status, 0, ann.stderr)
        XCTAssertTrue(ann.stdout.contains("(replay: gamehost play memory --daily \(today))"), ann.stdout)
        // Bob, on another machine (another data folder), is dealt the same cards.
        let bob = try run(["play", "memory", "--daily", "--name", "Bob"], input: "1\n", data: data + "/elsewhere")
        XCTAssertFalse(Self.firstTurn(ann.stdout).isEmpty, ann.stdout)
        XCTAssertEqual(Self.firstTurn(ann.stdout), Self.firstTurn(bob.stdout))
        // Ann has had the day (she left it unfinished); Bob, here, has not.
        let again = try run(["play", "memory", "--daily", "--name", "Ann"], input: "1\n")
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("you began today's Memory and left it: the game of the day is played once"), again.stderr)
        let bobHere = try run(["play", "memory", "--daily", "--name", "Bob"], input: "1\n")
        XCTAssertEqual(bobHere.status, 0, bobHere.stderr)
        // Another day's deal is another deal, and can be played again and again (practice).
        let past = try run(["play", "memory", "--daily", "2026-01-01", "--name", "Ann"], input: "1\n")
        let pastAgain = try run(["play", "memory", "--daily", "2026-01-01", "--name", "Ann"], input: "1\n")
        XCTAssertEqual(pastAgain.status, 0, pastAgain.stderr)
        XCTAssertEqual(Self.firstTurn(past.stdout), Self.firstTurn(pastAgain.stdout))
        XCTAssertTrue(past.stdout.contains("(replay: gamehost play memory --daily 2026-01-01)"), past.stdout)
        // The deal is a pure function of the game and the date.
        XCTAssertEqual(DailyGame.seed(game: "memory", date: "2026-01-01"), DailyGame.seed(game: "memory", date: "2026-01-01"))
        XCTAssertNotEqual(DailyGame.seed(game: "memory", date: "2026-01-01"), DailyGame.seed(game: "memory", date: "2026-01-02"))
        XCTAssertNotEqual(DailyGame.seed(game: "memory", date: "2026-01-01"), DailyGame.seed(game: "hangman", date: "2026-01-01"))
    }

    /// Played to its end: a line to share that names the game, the day and how it went, and
    /// nothing of the deal (here, Hangman's word); the day's game is one game, and `/new` is
    /// refused in it.
    func testTheEndGivesALineToShareThatGivesNothingAway() throws {
        let letters = "etaoinshrdlucmfwypvbgkjqxz".map { "\($0)\n" }.joined()
        let played = try run(["play", "hangman", "--daily", "--words", "fruits", "--name", "Ann"], input: "/new\n" + letters)
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertTrue(played.stdout.contains("the game of the day is played once"), "/new: \(played.stdout)")
        let lines = played.stdout.components(separatedBy: "\n")
        let told = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("That was the game of \(today), played once a day") }, played.stdout)
        let share = lines[told + 1]
        XCTAssertTrue(share.hasPrefix("GameHost · Hangman · \(today) · "), share)
        // Only the game, the day, how it went, the score and the rank: nothing of the words.
        let pattern = #"^GameHost · Hangman · \d{4}-\d{2}-\d{2} · (won|lost|played|a draw)( · score -?[0-9.]+)?( · \d+(st|nd|rd|th) of \d+)?$"#
        XCTAssertNotNil(share.range(of: pattern, options: .regularExpression), share)
        let words = played.stdout.matches(of: /the word was "([a-z]+)"/).map { String($0.output.1) }
        XCTAssertFalse(words.isEmpty, played.stdout)
        for word in words { XCTAssertFalse(share.contains(word), share) }
        XCTAssertFalse(played.stdout.contains("Play again?"), "the day's game is one game")
        XCTAssertEqual(played.stdout.components(separatedBy: "That was the game of").count, 2, "one game, one line to share")
        // Asked again, the name is told what it was given to share.
        let again = try run(["play", "hangman", "--daily", "--words", "fruits", "--name", "Ann"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("you played today's Hangman: \(share). The next one comes tomorrow."), again.stderr)
    }

    func testABadDayIsRefused() throws {
        // Left before its first move, the day's game was not played.
        _ = try run(["play", "memory", "--daily", "--name", "Eve"], input: "")
        let again = try run(["play", "memory", "--daily", "--name", "Eve"], input: "1\n")
        XCTAssertEqual(again.status, 0, again.stderr)
        for (arguments, message) in [
            (["play", "rps", "--daily", "2023-02-29"], "--daily takes a date as YYYY-MM-DD"),
            (["play", "rps", "--daily", "2999-01-01"], "the game of 2999-01-01 has not come yet"),
            (["play", "rps", "--daily=2026-02-30"], "--daily takes a date as YYYY-MM-DD"),
            (["play", "rps", "--daily=yesterday"], "--daily takes a date as YYYY-MM-DD"),
            (["play", "rps", "--daily", "--seed", "4"], "--daily plays the day's deal"),
            (["play", "rps", "--daily", "--seat", "2=random"], "--daily plays the day's deal"),
        ] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        XCTAssertTrue(DailyGame.isDate("2024-02-29"))
        XCTAssertFalse(DailyGame.isDate("2023-02-29"))
        XCTAssertFalse(DailyGame.isDate("2023-2-28"))
        XCTAssertEqual([1, 2, 3, 11, 22].map { Leaderboard.ordinal($0) }.joined(), "1st2nd3rd11th22nd")
        XCTAssertEqual([1, 12].map { Leaderboard.ordinal($0, language: "de-at") }, ["1.", "12."])
        XCTAssertEqual(Leaderboard.ordinal(3, language: "ja"), "3位")
        XCTAssertEqual(Leaderboard.ordinal(3, language: "fr"), "3rd", "English where the host has no word of the language's")
    }

    /// Live at a terminal, the day's game is ranked on the day's board and the line to share
    /// says where; left in the middle it is kept, and only `resume` takes it up.
    func testALiveDayIsRankedAndALeftOneIsTakenUpOnlyByResume() throws {
        let session = try TerminalSession.start(["play", "rps", "--plain", "--daily", "--name", "Ann", "--data", data],
                                                input: String(repeating: "rock\n", count: 12), environment: ["XDG_DATA_HOME": data + "/xdg"])
        let result = session.finish()
        XCTAssertTrue(result.output.contains("GameHost · Rock · Paper · Scissors · \(today) · "), result.output)
        XCTAssertTrue(result.output.contains(" of 1"), "the rank on the day's board: \(result.output)")
        let scores = try run(["scores", "rps"])
        XCTAssertTrue(scores.stdout.contains("daily \(today)"), scores.stdout)
        XCTAssertFalse(scores.stdout.contains("daily \(today)\n    no ranked runs yet"), scores.stdout)

        let kept = try run(["play", "hangman", "--daily", "--save", "--name", "Bob"], input: "e\n")
        XCTAssertTrue(kept.stdout.contains("This game is kept"), kept.stdout)
        let replayed = try run(["play", "hangman", "--daily", "--name", "Bob"], input: "a\n")
        XCTAssertEqual(replayed.status, 1)
        XCTAssertTrue(replayed.stderr.contains("you began today's Hangman and left it in the middle: gamehost resume takes it up"), replayed.stderr)
        let resumed = try run(["resume", "--name", "Bob"], input: "/new\n")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("the game of the day is played once"), resumed.stdout)
        XCTAssertTrue(resumed.stdout.contains("(replay: gamehost play hangman --daily \(today))"), resumed.stdout)
    }

    /// The menu's `d` asks which game, and plays the day's deal of it.
    func testTheMenuOffersTodaysGame() throws {
        let menu = try run([], input: "d\nmemory\n1\n")
        XCTAssertEqual(menu.status, 0, menu.stderr)
        XCTAssertTrue(menu.stdout.contains("d. Today's game"), menu.stdout)
        XCTAssertTrue(menu.stdout.contains("(replay: gamehost play memory --daily \(today))"), menu.stdout)
        let direct = try run(["play", "memory", "--daily"], input: "1\n", data: data + "/elsewhere")
        XCTAssertEqual(Self.firstTurn(menu.stdout), Self.firstTurn(direct.stdout))
    }

    /// Through the protocol: the same deal, and the line to share among the last step's messages.
    func testAProgramPlaysTodaysGame() throws {
        let played = try run(["play", "rps", "--daily", "--json"], input: String(repeating: "rock\n", count: 12))
        XCTAssertEqual(played.status, 0, played.stderr)
        let steps = played.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let last = try XCTUnwrap(steps.last { $0["result"] is [String: Any] })
        let messages = (last["messages"] as? [String] ?? []).joined(separator: "\n")
        XCTAssertTrue(messages.contains("GameHost · Rock · Paper · Scissors · \(today) · "), messages)
        XCTAssertTrue(((last["result"] as? [String: Any])?["replay"] as? String ?? "").contains("--daily \(today)"), "\(last)")
    }
}
