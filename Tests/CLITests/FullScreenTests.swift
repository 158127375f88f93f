import Foundation
import GameHostTesting
import XCTest

/// The full-screen mode in a real terminal: tmux runs gamehost in a window the test types
/// into (send-keys) and reads (capture-pane), at several sizes.
final class FullScreenTests: XCTestCase {
    /// One tmux server of the test's own, with one window running `command`.
    final class Window {
        let socket = "gamehost-test-\(UUID().uuidString.prefix(8))"
        let statusFile = NSTemporaryDirectory() + "gamehost-status-\(UUID().uuidString)"

        init(_ arguments: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
            let binary = GamehostProcess.binary.path
            let env = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
            let command = "env \(env) \(([binary] + arguments).map(Self.quoted).joined(separator: " ")); echo $? > \(statusFile); sleep 30"
            try tmux(["new-session", "-d", "-x", String(columns), "-y", String(rows), command], starting: true)
        }

        /// An interactive shell with job control instead of gamehost, for Ctrl-Z and fg.
        init(shellWith environment: [String: String], columns: Int, rows: Int) throws {
            let env = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
            try tmux(["new-session", "-d", "-x", String(columns), "-y", String(rows), "env \(env) PS1='$ ' bash --norc --noprofile -i"], starting: true)
        }

        deinit {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: statusFile)
        }

        static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

        /// Runs a tmux command and returns what it printed. Spawned and reaped directly: the
        /// command that starts the server leaves it running with the output it was given.
        @discardableResult
        func tmux(_ arguments: [String], starting: Bool = false) throws -> String {
            let output = NSTemporaryDirectory() + "tmux-out-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: output) }
            let argv = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, starting ? "/dev/null" : output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var cArgs = argv.map { strdup($0) } + [nil]
            defer { cArgs.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else { throw CocoaError(.fileNoSuchFile) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }

        /// The visible screen, one string per row (trailing spaces dropped).
        func screen() throws -> [String] {
            var rows = try tmux(["capture-pane", "-p"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if rows.last == "" { rows.removeLast() }  // the newline after the last row
            return rows
        }

        /// The screen and its scrollback history.
        func everything() throws -> String { try tmux(["capture-pane", "-p", "-S", "-"]) }

        func keys(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

        /// Waits (up to 10 s) until the screen satisfies `condition`; the last screen either way.
        @discardableResult
        func wait(for what: String, _ condition: ([String]) -> Bool) throws -> [String] {
            var last: [String] = []
            for _ in 0..<200 {
                last = try screen()
                if condition(last) { return last }
                usleep(50_000)
            }
            XCTFail("timed out waiting for \(what); the screen:\n\(last.joined(separator: "\n"))")
            return last
        }

        /// Waits (up to 10 s) until gamehost has taken every key sent and is waiting again: the
        /// terminal holds no unread input and the program sleeps. What a key did (or did not
        /// do) to the screen is then on it, with no guess at how long that takes.
        func waitUntilKeysAreTaken() throws {
            let tty = try tmux(["display", "-p", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let shell = try tmux(["display", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
            guard fd >= 0 else { throw CocoaError(.fileNoSuchFile) }
            defer { close(fd) }
            func unread() -> Int32 {
                var n: Int32 = 0
                return ioctl(fd, UInt(FIONREAD), &n) == 0 ? n : -1
            }
            // gamehost is the window's shell's child.
            func sleeping() -> Bool {
                let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
                guard let pid = children.split(separator: " ").first,
                      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                return stat[stat.index(close, offsetBy: 2)] == "S"
            }
            var quiet = 0
            for _ in 0..<1000 {
                quiet = unread() == 0 && sleeping() ? quiet + 1 : 0
                if quiet == 3 { return }
                usleep(10_000)
            }
            XCTFail("gamehost did not take its keys within 10 s")
        }

        /// The processor seconds gamehost (the window's shell's child) has used so far.
        func processorSeconds() throws -> Double {
            let shell = try tmux(["display", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
            guard let pid = children.split(separator: " ").first else { throw CocoaError(.fileNoSuchFile) }
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            guard let close = stat.lastIndex(of: ")") else { throw CocoaError(.fileReadCorruptFile) }
            // Fields after the name: state is the 3rd field; utime and stime the 14th and 15th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            return (Double(fields[11]) ?? 0) / ticks + (Double(fields[12]) ?? 0) / ticks
        }

        /// The exit status gamehost left, once it has ended.
        func exitStatus(timeout: Double = 10) -> String? {
            for _ in 0...Int(timeout * 20) {
                if let s = try? String(contentsOfFile: statusFile, encoding: .utf8), !s.isEmpty { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
                usleep(50_000)
            }
            return nil
        }
    }

    override func setUpWithError() throws {
        _ = try requiredTool("tmux")
    }

    func dataEnvironment() -> [String: String] {
        ["XDG_DATA_HOME": NSTemporaryDirectory() + "fullscreen-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
    }

    func testHangmanRedrawsInPlaceTakesSingleKeysAndFollowsResizes() throws {
        // Seed 1's word has an e and a t: the keyboard marks each hit [e] as it is guessed.
        let window = try Window(["play", "hangman", "--words", "fruits", "--seed", "1"], columns: 60, rows: 20, environment: dataEnvironment())
        var screen = try window.wait(for: "the first view") {
            $0.first == "Hangman" && $0.contains { $0.contains("Word #:") } && $0.last { !$0.isEmpty } == ">"
        }
        XCTAssertTrue(screen[1].hasPrefix("Seed "), screen.joined(separator: "\n"))
        XCTAssertEqual(screen.last { !$0.isEmpty }, ">", "the prompt is on the bottom row")
        XCTAssertEqual(screen.count, 20)
        XCTAssertTrue(screen[19].hasPrefix(">"), screen.joined(separator: "\n"))

        // One key is one guess: no Enter.
        try window.keys("e")
        screen = try window.wait(for: "the guess e") { $0.contains { $0.contains("[e]") } }
        try window.keys("t")
        screen = try window.wait(for: "the guess t") { $0.contains { $0.contains("[t]") } }
        // Drawn in place: the title is on the screen once, and nothing scrolled into history.
        let history = try window.everything()
        XCTAssertEqual(history.components(separatedBy: "Hangman").count - 1, 1, history)
        XCTAssertEqual(screen.first, "Hangman")

        // A command is typed on the bottom row and played with Enter; its text goes to the status area.
        try window.keys("/", "m", "o", "v", "e", "s")
        try window.wait(for: "the typed command") { $0.last?.hasSuffix("> /moves") == true }
        try window.keys("Enter")
        screen = try window.wait(for: "the moves") { $0.contains { $0.hasPrefix("Moves: ") } }

        // A narrow window: drawn again, every row within it.
        try window.tmux(["resize-window", "-x", "40", "-y", "14"])
        screen = try window.wait(for: "the redraw at 40 columns") { $0.count == 14 && $0.last?.hasPrefix(">") == true }
        for row in screen { XCTAssertLessThanOrEqual(row.count, 40, row) }
        // A typed line longer than the row shows its end, and the screen does not scroll.
        try window.keys("Space")
        for _ in 0..<6 { try window.keys("abcdefghij") }
        screen = try window.wait(for: "the end of the long line") { $0.last?.hasSuffix("efghij") == true }
        XCTAssertLessThan(screen.last?.count ?? 99, 40, screen.joined(separator: "\n"))
        XCTAssertEqual(screen.count, 14)
        try window.keys("C-u", "BSpace")

        try window.keys("/", "q", "u", "i", "t", "Enter")
        XCTAssertEqual(window.exitStatus(), "0")
        // Back on the main screen, which the game did not scroll: only its last word is left.
        let after = try window.screen().joined(separator: "\n")
        XCTAssertFalse(after.contains("Word #:"), after)
    }

    func testCtrlCLeavesWith130AndCtrlDGoesBackToTheMenu() throws {
        let window = try Window([], columns: 80, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the menu") { $0.contains { $0.hasPrefix("Game (number or name") } }
        try window.keys("rps", "Enter")
        try window.wait(for: "the first option") { $0.last { !$0.isEmpty }?.hasPrefix("match [") == true }
        try window.keys("Enter", "Enter")
        // RPS takes one or two seats: the menu asks how many.
        try window.wait(for: "the seats") { $0.last { !$0.isEmpty }?.hasPrefix("seats [") == true }
        try window.keys("Enter")
        try window.wait(for: "the game") { $0.first == "Rock · Paper · Scissors" }
        // The rule names r for rock: the key plays the throw, with no Enter.
        try window.keys("r")
        try window.wait(for: "the throw") { $0.contains { $0.hasPrefix("You: Rock · Computer: ") } }
        try window.keys("C-d")
        try window.wait(for: "the menu again") { $0.last { !$0.isEmpty }?.hasPrefix("Game (number or name") == true }
        try window.keys("C-c")
        XCTAssertEqual(window.exitStatus(), "130")
    }

    /// A game played to its end from the menu leaves its last words (the result, the session's
    /// summary) on the screen until Enter brings the menu back over them.
    func testTheMenuWaitsForEnterAfterAGamePlayedToItsEnd() throws {
        let window = try Window([], columns: 80, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the menu") { $0.contains { $0.hasPrefix("Game (number or name") } }
        try window.keys("rps", "Enter")
        try window.wait(for: "the first option") { $0.last { !$0.isEmpty }?.hasPrefix("match [") == true }
        try window.keys("single", "Enter", "Enter")
        try window.wait(for: "the seats") { $0.last { !$0.isEmpty }?.hasPrefix("seats [") == true }
        try window.keys("Enter")
        try window.wait(for: "the game") { $0.first == "Rock · Paper · Scissors" }
        // Ties are thrown again: rock until the one game is decided.
        for _ in 0..<40 {
            if try window.screen().contains(where: { $0.contains("Play again") }) { break }
            try window.keys("r")
            usleep(150_000)
        }
        try window.keys("n")
        let end = try window.wait(for: "the pause") { $0.last { !$0.isEmpty }?.hasPrefix("Press Enter for the menu.") == true }
        XCTAssertTrue(end.contains { $0.hasPrefix("Rock · Paper · Scissors: ") && ($0.contains("the match 1:0") || $0.contains("the match 0:1")) },
                      "the result stays on the screen: " + end.joined(separator: "\n"))
        try window.keys("Enter")
        try window.wait(for: "the menu again") { $0.last { !$0.isEmpty }?.hasPrefix("Game (number or name") == true }
        try window.keys("C-c")
        XCTAssertEqual(window.exitStatus(), "130")
    }

    /// A prompt wider than the window is wrapped between words, as the rest of the menu is.
    func testANarrowWindowsPromptBreaksBetweenWords() throws {
        let window = try Window([], columns: 40, rows: 24, environment: dataEnvironment())
        let menu = try window.wait(for: "the menu") { $0.last { !$0.isEmpty }?.hasPrefix("/quit to leave):") == true }
        let rows = menu.filter { !$0.isEmpty }
        XCTAssertEqual(rows[rows.count - 2], "Game (number or name, d for today's,", menu.joined(separator: "\n"))
        try window.keys("C-c")
        XCTAssertEqual(window.exitStatus(), "130")
    }

    func testNewInTheMiddleOfAGameAsksFirst() throws {
        let window = try Window(["play", "rps", "--seed", "3", "--match", "best-of-5"], columns: 80, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the game") { $0.contains { $0.hasPrefix("Your throw") } }
        try window.keys("r")
        let played = try window.wait(for: "the throw") { $0.contains { $0.hasPrefix("You: Rock") } }
        let score = played.first { $0.hasPrefix("You ") && $0.contains("Ties") }
        try window.keys("/new", "Enter")
        try window.wait(for: "the question") { $0.last { !$0.isEmpty }?.hasPrefix("Start a new game? This one will be lost.") == true }
        try window.keys("n")
        let kept = try window.wait(for: "the game again") { $0.last { !$0.isEmpty }?.hasSuffix(">") == true }
        XCTAssertEqual(kept.first { $0.hasPrefix("You ") && $0.contains("Ties") }, score, "no: the game goes on as it was")
        try window.keys("/new", "Enter")
        try window.wait(for: "the question again") { $0.last { !$0.isEmpty }?.hasPrefix("Start a new game?") == true }
        try window.keys("y")
        let fresh = try window.wait(for: "a new game") { $0.contains { $0.hasPrefix("Game 2, seed ") } }
        XCTAssertTrue(fresh.contains("You 0 · Computer 0 · Ties 0"), fresh.joined(separator: "\n"))
        try window.keys("C-c")
    }

    func testCtrlDAtTheMenuLeavesNoTrace() throws {
        let window = try Window([], columns: 80, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the menu") { $0.contains { $0.hasPrefix("Game (number or name") } }
        try window.keys("C-d")
        XCTAssertEqual(window.exitStatus(), "0")
        let prompt = try window.screen().last { $0.hasPrefix("Game (number or name") }
        XCTAssertEqual(prompt, "Game (number or name, d for today's, /quit to leave):", "no ^D echoed")
    }

    func testAMovePlaysAsSoonAsItIsTypedInFull() throws {
        let window = try Window(["play", "blackjack", "--seed", "3"], columns: 60, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the bet") { $0.contains { $0.hasPrefix("Bet 1-25 chips") } }
        // 1 waits (10 to 19 are bets too); 10 is a whole bet that no other starts.
        try window.keys("1")
        try window.wait(for: "the typed 1") { $0.last?.hasSuffix("> 1") == true }
        try window.keys("0")
        try window.wait(for: "the bet of 10") { $0.contains { $0.hasPrefix("Bet: 10") } }
        // The rule's keys: s stands.
        try window.keys("s")
        try window.wait(for: "the next bet") { $0.contains { $0.hasPrefix("Bet 1-") } }
        // 2 waits (20 to 25 are bets); 26 can never be one: it is played, and refused at once.
        try window.keys("2")
        try window.wait(for: "the typed 2") { $0.last?.hasSuffix("> 2") == true }
        try window.keys("6")
        try window.wait(for: "the refusal of 26") { $0.contains { $0.hasPrefix("✗ ") } && $0.last?.hasSuffix(">") == true }
        // Ctrl-C in the middle of a game: status 130, the main screen back (the game's view gone).
        try window.keys("C-c")
        XCTAssertEqual(window.exitStatus(), "130")
        let after = try window.screen().joined(separator: "\n")
        XCTAssertFalse(after.contains("Bet 1-"), after)
    }

    func testPlainKeepsLineMode() throws {
        let window = try Window(["play", "rps", "--plain", "--seed", "3"], columns: 80, rows: 24, environment: dataEnvironment())
        try window.wait(for: "the prompt") { $0.contains { $0.hasPrefix("Your throw:") } }
        try window.keys("rock", "Enter")
        let screen = try window.wait(for: "the throw") { $0.contains { $0.hasPrefix("You: Rock") } }
        // Lines scroll as in a pipe: the banner with its replay line stays above the throw.
        XCTAssertTrue(screen.contains { $0.hasPrefix("Seed 3 (replay: gamehost play rps --seed 3)") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains("> rock"), screen.joined(separator: "\n"))
        try window.keys("C-d")
        XCTAssertEqual(window.exitStatus(), "0")
    }
}
