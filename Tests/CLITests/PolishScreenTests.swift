import Foundation
import GameHostTesting
import XCTest

/// Issue 24's screen fixes: a session left in the middle ends with its summary, the replay
/// command is never broken across lines, Hangman fits 40x12, the result stays above a refusal
/// after it, matched Memory cards are marked, and a key that waits for more says so.
final class PolishScreenTests: XCTestCase {
    func environment() -> [String: String] {
        ["XDG_DATA_HOME": NSTemporaryDirectory() + "polish-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
    }

    func wordFile(_ words: String) throws -> String {
        let path = NSTemporaryDirectory() + "polish-words-\(UUID().uuidString).txt"
        try words.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: Piped

    func testHangmanLeftByEndOfInputOrQuitSaysItsSummaryAndKeepsIt() throws {
        let words = try wordFile("bug\ncat\n")
        let env = environment()
        let runs = GamehostProcess.runAll([
            (["play", "hangman", "--words", words, "--order", "list"], "b\nu\ng\ny\nc\n"),
            (["play", "hangman", "--words", words, "--order", "list"], "b\nu\ng\ny\n/quit\n"),
        ], environment: env)
        for r in runs {
            XCTAssertTrue(r.stdout.contains("1 word: 1 guessed, 0 hanged."), r.stdout)
            XCTAssertFalse(r.stdout.contains("Play again?"), r.stdout)
        }
        let scores = try GamehostProcess.run(["scores", "hangman"], environment: env)
        XCTAssertTrue(scores.stdout.contains("Games played: 2"), scores.stdout)
    }

    func testALeftGamesResultIsAQuitStepOfTheProtocol() throws {
        let words = try wordFile("bug\ncat\n")
        let r = try GamehostProcess.run(["play", "hangman", "--words", words, "--order", "list", "--json", "--data", "none"], input: "b\nu\ng\ny\nc\n")
        let schema = try JSONSchema(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("docs/protocol.schema.json"))
        let objects = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        for object in objects { XCTAssertEqual(schema.problems(object), [], "\(object)") }
        let last = try XCTUnwrap(objects.last { $0["type"] as? String == "step" })
        XCTAssertEqual(last["status"] as? String, "quit")
        XCTAssertTrue(last["input"] is NSNull)
        XCTAssertEqual((last["result"] as? [String: Any])?["summary"] as? String, "1 word: 1 guessed, 0 hanged. Average misses per word: 0.000.")
        XCTAssertEqual(objects.last?["reason"] as? String, "eof")
    }

    func testTheHeadersHelpPhraseIsNeverCut() throws {
        // At 60 columns the header does not fit: "· /help for commands" goes whole to a new line,
        // and the bracket stays with the replay command.
        let r = try GamehostProcess.run(["play", "rps", "--seed", "1", "--plain", "--data", "none"], input: "",
                                        environment: ["COLUMNS": "60"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("· /help for commands") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasSuffix("gamehost play rps --seed 1) ") || $0.hasSuffix("gamehost play rps --seed 1)") }, r.stdout)
        XCTAssertFalse(lines.contains { $0.hasSuffix("/help") || $0.hasPrefix(")") }, r.stdout)
    }

    func testTheReplayCommandIsNeverBrokenInsideAFlagAndACopyRuns() throws {
        let command = "gamehost play memory --seed 5 --pairs 4 --theme animals"
        let r = try GamehostProcess.run(["play", "memory", "--theme", "animals", "--pairs", "4", "--seed", "5"], input: "/new\n",
                                        environment: ["COLUMNS": "30"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Longer than the screen: cut between flags, each line but the last ending in " \\", so
        // the lines as a shell reads them are the command.
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("gamehost play memory") }, r.stdout)
        var read: [String] = []
        for line in lines[first...] {
            let continued = line.hasSuffix(" \\")
            read.append(String((continued ? line.dropLast(2) : Substring(line)).trimmingPrefix("  ")))
            XCTAssertLessThanOrEqual(TerminalWidth.columns(line), 30, line)
            if !continued { break }
        }
        XCTAssertTrue(read.joined(separator: " ").hasPrefix(command + ")"), r.stdout)
        XCTAssertTrue(read.contains { $0.contains("--pairs 4") } && read.contains { $0.contains("--theme animals") }, "a flag beside its value: \(read)")

        let window = try FullScreenTests.Window(["play", "memory", "--theme", "animals", "--pairs", "4", "--seed", "5"],
                                                columns: 30, rows: 24, environment: environment())
        try window.wait(for: "the game") { $0.contains { $0.hasPrefix("Choose a card") } }
        // Joined where the terminal wrapped a line itself (what a copy gives): one line.
        let joined = try window.tmux(["capture-pane", "-p", "-J"]).split(separator: "\n").map(String.init)
        XCTAssertTrue(joined.contains { $0.contains(command) }, joined.joined(separator: "\n"))
        try window.keys("C-c")
    }

    // MARK: Full screen

    func testHangmanFitsFortyByTwelveWithItsStatsBesideTheGallows() throws {
        let words = try wordFile("bug\ncat\n")
        let window = try FullScreenTests.Window(["play", "hangman", "--words", words, "--order", "list"], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the game") { $0.last == ">" }
        try window.keys("x")
        // (Waited for with its prompt row: a screen read halfway through its drawing has none.)
        let screen = try window.wait(for: "the miss") { $0.contains { $0.contains("Current Average: 1.000") } && $0.last == ">" }
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(screen.contains { $0.hasPrefix("  ______") }, text)
        XCTAssertTrue(screen.contains { $0.hasPrefix("__|_____") }, text)
        XCTAssertTrue(screen.contains { $0.hasPrefix("  |") && $0.contains("Word #:") }, "the stats beside the gallows:\n\(text)")
        XCTAssertEqual(screen.last, ">", text)
        try window.keys("C-c")
    }

    func testTheResultStaysAboveARefusalAfterIt() throws {
        let window = try FullScreenTests.Window(["play", "memory", "--deck", "A,A,B,B", "--seed", "1"], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the game") { $0.last == ">" }
        for key in ["1", "2", "3"] {
            try window.keys(key)
            try window.wait(for: "card \(key)") { $0.contains { $0.contains("\(key) B") || $0.contains("\(key) A") } }
        }
        try window.keys("4")
        try window.wait(for: "the result") { $0.contains { $0.hasPrefix("Every pair found") } }
        try window.keys("x")
        let screen = try window.wait(for: "the refusal") { $0.contains { $0.contains("the game is over") } }
        let result = screen.firstIndex { $0.hasPrefix("Every pair found") } ?? Int.max
        let refusal = screen.firstIndex { $0.contains("the game is over") } ?? -1
        XCTAssertLessThan(result, refusal, screen.joined(separator: "\n"))
        try window.keys("C-c")
    }

    func testAViewWithAClockIsDrawnAnewWithoutAKey() throws {
        let path = NSTemporaryDirectory() + "clock-\(UUID().uuidString).lua"
        try """
        return {
          id = "clock", title = "Clock", refresh = 0.1,
          setup = function(game) return { start = game.now() } end,
          view = function(state, game) return ("Tenths: %d"):format(math.floor((game.now() - state.start) * 10)) end,
          moves = function() return { "x" } end,
          play = function() end,
          result = function() end,
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let window = try FullScreenTests.Window(["play", path], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the clock to move without a key") { $0.contains { $0.hasPrefix("Tenths: ") && $0 != "Tenths: 0" } }
        try window.keys("C-c")
    }

    func testApplePiesTimedClockStaysOnAFortyByTwelveScreen() throws {
        let window = try FullScreenTests.Window(["play", "applepie", "--mode", "timed"], columns: 40, rows: 12, environment: environment())
        try window.wait(for: "the game") { $0.last?.hasSuffix(">") == true }
        try window.keys("x")
        // (Waited for with its prompt row: a screen read halfway through its drawing has none.)
        let screen = try window.wait(for: "the answer") {
            $0.contains { $0.hasPrefix("No 'x'") || $0.hasPrefix("Yes") } && $0.last?.hasSuffix(">") == true
        }
        XCTAssertTrue(screen.contains { $0.contains(" won · ") }, "the clock's line:\n\(screen.joined(separator: "\n"))")
        try window.keys("C-c")
    }

    func testMatchedCardsAreMarkedAndAKeyThatWaitsSaysSo() throws {
        // Six pairs, twelve cards: 1 waits for 10, 11, 12.
        let deck = "A,A,B,B,C,C,D,D,E,E,F,F"
        let window = try FullScreenTests.Window(["play", "memory", "--deck", deck, "--seed", "1"], columns: 40, rows: 20, environment: environment())
        try window.wait(for: "the game") { $0.last == ">" }
        try window.keys("1")
        // The prompt says 1 waits for Enter (the wait fails with the screen if it never does).
        try window.wait(for: "the typed 1 and its hint") { $0.last?.contains("1") == true && $0.last?.contains("Enter") == true }
        try window.keys("Enter")
        try window.wait(for: "card 1") { $0.contains { $0.contains("1 A") } }
        try window.keys("2")
        let screen = try window.wait(for: "the match") { $0.contains { $0.hasPrefix("Match") } }
        // A matched card is drawn apart from a face-up one.
        let row = screen.first { $0.contains("1 ") && $0.contains("A") } ?? ""
        XCTAssertFalse(row.contains(" 1 A "), "a matched card is marked: \(row)\n\(screen.joined(separator: "\n"))")
        try window.keys("C-c")
    }
}
