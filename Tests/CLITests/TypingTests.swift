import Foundation
import GameHostTesting
import XCTest

/// What a player types in full screen is what they mean (tmux): a move's key plays it at once,
/// a move typed in full plays it once (the rest of its name after the key is not more moves),
/// a key that begins another move's name waits for it, and a pasted line is one input.
final class TypingTests: XCTestCase {
    override func setUpWithError() throws {
        _ = try requiredTool("tmux")
    }

    func environment() -> [String: String] {
        ["XDG_DATA_HOME": NSTemporaryDirectory() + "typing-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
    }

    /// RPS's running score, "You 1 · Computer 0 · Ties 2": how many throws were played.
    func thrown(_ screen: [String]) -> Int? {
        guard let line = screen.first(where: { $0.hasPrefix("You ") && $0.contains("Ties") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.reduce(0, +)
    }

    /// The screen once every key typed so far has been taken: /moves is typed after them, and
    /// keys are taken in order, so its answer shows only after theirs.
    func settled(_ window: FullScreenTests.Window) throws -> [String] {
        try window.tmux(["send-keys", "-l", "/moves"])
        try window.keys("Enter")
        return try window.wait(for: "the moves") { $0.contains { $0.hasPrefix("Moves: ") } }
    }

    /// One key at a time, as a person types.
    func type(_ word: String, into window: FullScreenTests.Window) throws {
        for key in word {
            try window.keys(String(key))
            usleep(120_000)
        }
    }

    func testAWordTypedOrPastedIsOneThrow() throws {
        let window = try FullScreenTests.Window(["play", "rps", "--seed", "3", "--match", "best-of-9"], columns: 80, rows: 24, environment: environment())
        // The prompt shows the keys.
        try window.wait(for: "the game and its keys") { $0.last == "r/p/s >" }
        // s plays Scissors at once; the rest of the word and its Enter are not more throws.
        try type("scissors", into: window)
        try window.keys("Enter")
        try window.wait(for: "one throw") { $0.contains { $0.hasPrefix("You: Scissors") } }
        var screen = try settled(window)
        XCTAssertEqual(thrown(screen), 1, screen.joined(separator: "\n"))
        // Three pasted lines (bracketed, as a terminal pastes) are three throws, not 18.
        try window.tmux(["set-buffer", "-b", "p", "rock\npaper\nscissors\n"])
        try window.tmux(["paste-buffer", "-p", "-b", "p"])
        try window.wait(for: "four throws") { self.thrown($0) == 4 }
        screen = try settled(window)
        XCTAssertEqual(thrown(screen), 4, screen.joined(separator: "\n"))
        // A word arriving all at once (typed ahead, or pasted without the marks) is one throw too.
        try window.keys("paper")
        screen = try window.wait(for: "five throws") { self.thrown($0) == 5 }
        XCTAssertTrue(screen.contains { $0.hasPrefix("You: Paper") }, screen.joined(separator: "\n"))
        screen = try settled(window)
        XCTAssertEqual(thrown(screen), 5, screen.joined(separator: "\n"))
        try window.keys("C-c")
    }

    func testAKeyThatBeginsAnotherMoveWaitsForIt() throws {
        let window = try FullScreenTests.Window(["play", "rpsls", "--seed", "3", "--match", "best-of-9"], columns: 80, rows: 24, environment: environment())
        try window.wait(for: "the game") { $0.last == "r/p/s/l/k >" }
        // s is Scissors' key, and Spock starts with s: s waits, and spock throws Spock.
        try type("spock", into: window)
        try window.wait(for: "Spock") { $0.contains { $0.hasPrefix("You: Spock") } }
        // s and Enter: Scissors.
        try window.keys("s")
        try window.wait(for: "the waiting s") { $0.last == "r/p/s/l/k > s" }
        try window.keys("Enter")
        try window.wait(for: "Scissors") { $0.contains { $0.hasPrefix("You: Scissors") } }
        try window.keys("C-c")
    }

    func testDoubleTypedInFullDoublesAndStays() throws {
        let window = try FullScreenTests.Window(["play", "blackjack", "--seed", "3"], columns: 60, rows: 24, environment: environment())
        try window.wait(for: "the bet") { $0.contains { $0.hasPrefix("Bet 1-25 chips") } }
        try window.keys("10")
        try window.wait(for: "the hand") { $0.last == "h/s/d/l >" || $0.last == "h/s/d >" }
        // d doubles at once; "ouble" (with its l, Leave's key) finishes the word.
        try type("double", into: window)
        let screen = try window.wait(for: "the next bet") { $0.contains { $0.hasPrefix("Bet 1-") } }
        XCTAssertTrue(screen.contains { $0.contains("You win 20") || $0.contains("lose 20") || $0.contains("20") }, screen.joined(separator: "\n"))
        let after = try settled(window)
        XCTAssertTrue(after.contains { $0.hasPrefix("Bet 1-") }, "still at the table: \(after.joined(separator: "\n"))")
        XCTAssertNil(window.exitStatus(timeout: 0), "the game goes on")
        try window.keys("C-c")
    }

    /// A long run of keys that arrives at once without a paste's marks (a terminal that does
    /// not mark pastes) is one line, drawn once and answered once, not a move or a refusal a
    /// key; and Ctrl-S is a key, not the terminal's flow control that would freeze the screen.
    func testALongRunOfKeysIsOneLineAndCtrlSFreezesNothing() throws {
        let window = try FullScreenTests.Window(["play", "rps", "--seed", "3", "--match", "best-of-9"], columns: 80, rows: 24, environment: environment())
        try window.wait(for: "the game") { $0.last == "r/p/s >" }
        try window.tmux(["send-keys", "-l", String(repeating: "r", count: 5_000)])
        try window.keys("Enter")
        var screen = try window.wait(for: "one refusal") { $0.contains { $0.hasPrefix("✗") } }
        XCTAssertEqual(thrown(screen), 0, screen.joined(separator: "\n"))
        try window.keys("C-s")
        try window.keys("p")
        screen = try window.wait(for: "a throw after Ctrl-S") { self.thrown($0) == 1 }
        XCTAssertTrue(screen.contains { $0.hasPrefix("You: Paper") }, screen.joined(separator: "\n"))
        try window.keys("C-c")
    }

    /// A 20 KB paste of letters into Hangman (where each letter is a move) and a flood of
    /// escape sequences each cost work in proportion to their size: the prompt row draws only
    /// the end of what is typed, however it arrives. Measured in gamehost's processor time.
    func testAPasteAndAnEscapeFloodTakeTimeInProportionToTheirSize() throws {
        let window = try FullScreenTests.Window(["play", "hangman", "--seed", "3"], columns: 80, rows: 24, environment: environment())
        try window.wait(for: "the game") { $0.last?.hasSuffix(">") == true }
        // (A buffer this long goes to tmux through a file: its command line is bounded.)
        let paste = NSTemporaryDirectory() + "paste-\(UUID().uuidString)", flood = paste + "-escapes"
        defer { for file in [paste, flood] { try? FileManager.default.removeItem(atPath: file) } }
        try String(repeating: "abcdefghij", count: 2_000).write(toFile: paste, atomically: true, encoding: .utf8)
        try String(repeating: "\u{1B}[A\u{1B}[B\u{1B}OP", count: 2_000).write(toFile: flood, atomically: true, encoding: .utf8)
        try window.tmux(["load-buffer", "-b", "p", paste])
        try window.tmux(["paste-buffer", "-p", "-b", "p"])
        try window.keys("Enter")
        try window.wait(for: "the refusal of the long line") { $0.contains { $0.contains("longer than the limit of 4096 bytes") } }
        try window.tmux(["load-buffer", "-b", "e", flood])
        try window.tmux(["paste-buffer", "-b", "e"])
        try window.keys("z")
        // The keyboard marks a letter played: [z].
        try window.wait(for: "z played after the flood") { $0.contains { $0.contains("[z]") } }
        let seconds = try window.processorSeconds()
        XCTAssertLessThan(seconds, 2.0, "gamehost spent \(seconds) s of processor time")
        try window.keys("C-c")
    }
}
