import Foundation
import GameHostTesting
import XCTest

/// End to end: the built binary, piped input, output and exit codes.
final class CLITests: XCTestCase {
    func testABestOfThreeMatchPlaysToTheEndThroughAPipe() throws {
        // With seed 42 the computer throws rock, paper, scissors: a tie, then two wins.
        let r = try GamehostProcess.run(["play", "rps", "--seed", "42"], input: "rock\nscissors\nrock\nrock\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertTrue(r.stdout.hasPrefix("Rock · Paper · Scissors\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Seed 42 (replay: gamehost play rps --seed 42)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Best of 3: first to 2 wins"), r.stdout)
        XCTAssertTrue(r.stdout.contains("You: Rock · Computer: Rock — a tie, replayed."), r.stdout)
        XCTAssertTrue(r.stdout.contains("You win the match 2:0 after 3 throws (1 tie)."), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ the game is over: y for a new game, n to leave"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Play again? (y/n)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour when the output is not a terminal")
    }

    func testTheSameSeedReplaysTheSameGame() throws {
        let input = "r\np\ns\nr\np\ns\n"
        let a = try GamehostProcess.run(["play", "rps", "--seed", "7", "--match", "best-of-5"], input: input)
        let b = try GamehostProcess.run(["play", "rps", "--seed", "7", "--match", "best-of-5"], input: input)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertTrue(a.stdout.contains("gamehost play rps --seed 7 --match best-of-5"), a.stdout)
    }

    func testJSONModeWritesOneObjectPerLine() throws {
        let r = try GamehostProcess.run(["play", "rps", "--json", "--seed", "1"], input: "rock\nfoo\n/quit\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(objects.map { $0["type"] as! String }, ["start", "step", "step", "step", "step", "end"])
        XCTAssertEqual(objects.map { $0["status"] as? String }, [nil, "started", "accepted", "refused", "quit", nil])
        XCTAssertEqual((objects[2]["observation"] as? [String: Any])?["match"] as? Int, 3)
    }

    func testEndOfInputEndsCleanly() throws {
        let r = try GamehostProcess.run(["play", "rps"], input: "")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Your throw"))
    }

    /// At a terminal, keys typed the moment the prompt shows reach the line editor: each line
    /// shows once (not echoed by the terminal as well), and a Ctrl-D right at the prompt ends
    /// the session instead of being read by the terminal as a line the game never sees.
    func testKeysTypedTheMomentThePromptShowsReachTheLineEditor() throws {
        let session = try TerminalSession.start(["play", "rps", "--plain", "--seed", "3"], input: "rock\npaper\n")
        let (status, output, promptsInLineMode, leftInLineMode) = session.finish()
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(promptsInLineMode, 0, output)
        XCTAssertTrue(leftInLineMode, "the terminal is back in line mode after the game")
        XCTAssertFalse(output.contains("rock\r\nrock") || output.contains("paper\r\npaper"), output)
        XCTAssertTrue(output.contains("> paper"), output)
    }

    /// What a typist or a paste sends before the game takes the keys leaves it answering, in
    /// full screen and in line mode: 100 KB of Backspaces without an Enter (the kernel's line
    /// editing takes them, and the typist's writes and the game's reads must not wait on each
    /// other), and every control byte, Ctrl-S last (flow control must not freeze the game).
    func testWhatIsTypedBeforeTheGameTakesTheKeysLeavesItAnswering() throws {
        let floods = [
            String(repeating: "a", count: 2_000) + String(repeating: "\u{7F}", count: 100_000) + "\n",
            String(String.UnicodeScalarView((0..<32).filter { ![3, 4, 0x1A, 0x1C].contains($0) }.map { Unicode.Scalar(UInt8($0)) }))
                + String(repeating: "x", count: 100) + "\u{11}\u{13}\n",
        ]
        for flood in floods {
            for (mode, term) in [([String](), "xterm-256color"), (["--plain"], "dumb")] {
                let session = try TerminalSession.start(["play", "guess-five", "--seed", "1"] + mode, input: "", ahead: flood,
                                                        environment: ["TERM": term])
                let (status, output, _, leftInLineMode) = session.finish()
                XCTAssertEqual(status, 0, "\(mode), flood of \(flood.count): \(output.suffix(500))")
                XCTAssertTrue(leftInLineMode, "\(mode): the terminal is back in line mode after the game")
            }
        }
    }

    /// A gamehost started in the background at a terminal (`gamehost list &`) leaves the
    /// terminal's settings alone: a background job that changed them would be stopped.
    func testABackgroundRunAtATerminalIsNotStopped() throws {
        let python = try requiredTool("python3")
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                job = os.fork()
                if job == 0:
                    os.setpgid(0, 0)  # a job of its own, not the terminal's foreground
                    os.execv(sys.argv[1], [sys.argv[1], "list"])
                _, status = os.waitpid(job, os.WUNTRACED)
                if os.WIFSTOPPED(status):
                    os.kill(job, 9)
                    os._exit(20 + os.WSTOPSIG(status))
                os._exit(os.waitstatus_to_exitcode(status))
            while True:
                try:
                    if not os.read(fd, 65536): break
                except OSError:
                    break
            _, status = os.waitpid(pid, 0)
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let r = try ChildProcess.run(python, ["-c", script, GamehostProcess.binary.path], input: Data(), environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(r.status, 0, "20 + 22 is a stop by SIGTTOU: \(r.stderr)")
    }

    func testCtrlCLeavesWithStatus130() throws {
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "rps"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Wait for the first prompt's view, then interrupt while it waits for input.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("Your throw") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the program ended: the assertions below say how
            seen.append(chunk)
        }
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "the handler exits; the signal does not kill")
        XCTAssertEqual(process.terminationStatus, 130)
    }

    func testSIGTERMLeavesWithStatus143() throws {
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "rps"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("Your throw") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "the interrupt thread exits; the signal does not kill")
        XCTAssertEqual(process.terminationStatus, 143)
    }

    /// Ctrl-C and SIGTERM are blocked in gamehost's threads (a thread of its own takes them):
    /// a program it starts must not inherit that, or Ctrl-C could not stop it.
    func testProgramsStartWithNoSignalBlocked() throws {
        let r = try GamehostProcess.run(["arena", "rps", "program:grep SigBlk /proc/self/status >&2", "random", "--games", "1", "--reply-time", "2"])
        XCTAssertTrue(r.stderr.contains("SigBlk:\t0000000000000000"), r.stderr)
    }

    /// The driver's rules hold in play as in the arena: a program in a seat that gives nothing
    /// but inputs the game does not take is stopped, and everyone is told why.
    func testAProgramThatOnlyIdlesIsStoppedInPlay() throws {
        let r = try GamehostProcess.run(["play", "crazy-eights", "--seats", "2", "--seed", "1", "--data", "none",
                                         "--seat", "2=program:while read l; do echo banana; done"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("the program in seat 2 (while read l; do echo banana; done) gave 1000 inputs in a row that were not moves the game took"),
                      String(r.stdout.suffix(500)))
    }

    func testUsageErrorsExitTwoWithOneLineOnStderr() throws {
        let cases: [([String], String)] = [
            (["play", "chess"], "gamehost: unknown game 'chess' (games: applepie, blackjack, crazy-eights, guess-five, hangman, memory, memory-triples, rps, rpsls)\n"),
            (["play", "rps", "--match", "--opponent", "pattern"], "gamehost: rps: --match needs a value\n"),
            (["play", "rps", "--match", "best-of-4"], "gamehost: rps: --match: best-of-4 is not a match length: N must be odd, from 1 to 99\n"),
            (["play", "rps", "--opponent", "psychic"], "gamehost: rps: --opponent: 'psychic' is not one of: random, frequency, pattern\n"),
            (["play", "rps", "--colour", "red"], "gamehost: rps: no option --colour (options: --match, --opponent, --seed, --json; every flag: gamehost play rps --help)\n"),
            (["play", "rps", "--seed", "abc"], "gamehost: --seed needs a whole number from 0 to 18446744073709551615, not 'abc'\n"),
            (["play", "rps", "--match"], "gamehost: rps: --match needs a value\n"),
            // An unknown option last is named as unknown, not as one without its value.
            (["play", "rps", "--json", "--bogus"], "gamehost: rps: no option --bogus (options: --match, --opponent, --seed, --json; every flag: gamehost play rps --help)\n"),
            (["sim", "rps", "--bogus"], "gamehost: rps: no option --bogus (options: --match, --opponent, --games, --seed, --jobs, --seats, --bot, --json; every flag: gamehost sim --help)\n"),
            (["arena", "rps", "--bogus", "x"], "gamehost: rps: no option --bogus (options: --match, --opponent, --games, --seed, --jobs, --seats, --json; every flag: gamehost arena --help)\n"),
            (["sim", "rps", "--match"], "gamehost: rps: --match needs a value\n"),
            (["scores", "--bogus", "x"], "gamehost: no option --bogus (scores takes --max-rows N and --store postgresql://...)\n"),
            (["play", "rps", "--seat"], "gamehost: --seat needs a value\n"),
            (["list", "--bogus"], "gamehost: no option --bogus (list takes --json)\n"),
            (["play"], "gamehost: play needs a game: gamehost play GAME (see gamehost list)\n"),
            (["dance"], "gamehost: unknown command 'dance' (commands: list, play, resume, scores, check, sim, arena, replay, new, serve, help; gamehost --help)\n"),
            (["-x"], "gamehost: unknown option -x (options are written --name)\n"),
            (["scores", "--json"], "gamehost: --json goes with play, resume, sim, arena or list\n"),
            (["list", "--reveal"], "gamehost: --reveal goes with play --json\n"),
            (["play", "rps", "--reveal"], "gamehost: --reveal goes with --json\n"),
        ]
        for (args, message) in cases {
            let r = try GamehostProcess.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stderr, message, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    /// check takes several rules: an option is the rule's to name as unknown or as needing its
    /// value, and either is a usage error (exit 2), not a failed check.
    func testCheckNamesAnUnknownOptionAsAUsageError() throws {
        let path = GamehostProcess.packageRoot.appendingPathComponent("rules/rps.lua").path
        let known = "(options: --match, --opponent, --seeds, --seats, --bot, --time-limit, --total-time; every flag: gamehost check --help)"
        for (args, message) in [(["check", "rps", "--bogus", "x"], "gamehost: \(path): no option --bogus \(known)\n"),
                                (["check", "rps", "--bogus"], "gamehost: \(path): no option --bogus \(known)\n"),
                                (["check", "rps", "--match"], "gamehost: \(path): --match needs a value\n")] {
            let r = try GamehostProcess.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stderr, message, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    func testABrokenRuleFileExitsOneNamingFileAndLine() throws {
        let path = NSTemporaryDirectory() + "broken-\(UUID().uuidString).lua"
        try "return {\n  id = 'x',\n  title = 'y' +\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try GamehostProcess.run(["play", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("gamehost: \(path):4:"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
    }

    func testARuleFileGivenByPathPlays() throws {
        let path = GamehostProcess.packageRoot.appendingPathComponent("rules/rps.lua").path
        let r = try GamehostProcess.run(["play", path, "--match", "single", "--seed", "3"], input: "r\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("One game decides"), r.stdout)
    }

    func testListHelpAndVersion() throws {
        let list = try GamehostProcess.run(["list"])
        XCTAssertEqual(list.status, 0)
        let lines = list.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("rps ") && $0.hasSuffix("Rock · Paper · Scissors — Beat the computer in a best-of-N match.") }, list.stdout)
        // Two columns: every help text starts in the same column.
        let helpColumn = lines.first { $0.hasPrefix("rps ") }!.firstIndex(of: "R")!.utf16Offset(in: lines.first { $0.hasPrefix("rps ") }!)
        for flag in ["  --opponent V", "  --deck V", "  --seed N", "  --words LIST", "  --ascii", "  --data DIR", "  --record FILE", "  --json", "  --min-length N"] {
            guard let line = lines.first(where: { $0.hasPrefix(flag + " ") }) else { XCTFail("no \(flag) row: \(list.stdout)"); continue }
            XCTAssertEqual(line.dropFirst(helpColumn).first.map { $0 != " " }, true, "\(flag)'s help starts at column \(helpColumn): \(line)")
            XCTAssertEqual(line.prefix(helpColumn).trimmingCharacters(in: .whitespaces), flag.trimmingCharacters(in: .whitespaces), line)
        }
        XCTAssertTrue(list.stdout.contains("how the computer chooses: random, frequency, pattern (default random)"), list.stdout)
        XCTAssertEqual(lines.filter { $0.contains("a fixed deal: contents in table order, separated by commas") }.count, 2,
                       "the help once for each of memory and memory-triples, no empty default: \(list.stdout)")
        XCTAssertFalse(list.stdout.contains("(default )"), list.stdout)
        let help = try GamehostProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("gamehost play GAME|FILE.lua"))
        let playHelp = try GamehostProcess.run(["play", "--help"])
        XCTAssertTrue(playHelp.stdout.contains("--seed N"))
        XCTAssertEqual(try GamehostProcess.run(["--version"]).stdout, "gamehost 0.1.0\n")
    }

    func testAGamesHelpShowsItsOptionsAndRules() throws {
        let r = try GamehostProcess.run(["play", "hangman", "--help"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("Hangman\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--accents V"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--words LIST"), "a word game takes the list flags: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("How to play:\nGuess the hidden word one letter at a time."), r.stdout)
        let rps = try GamehostProcess.run(["play", "rps", "--help"])
        XCTAssertTrue(rps.stdout.contains("--opponent V"), rps.stdout)
        XCTAssertFalse(rps.stdout.contains("--words"), "RPS plays no word list: \(rps.stdout)")
        XCTAssertEqual(try GamehostProcess.run(["play", "chess", "--help"]).status, 2)
    }

    func testTextWrapsAtTheWidthInCOLUMNSAndNotInPipesWithoutIt() throws {
        for args in [["list"], ["play", "hangman", "--help"], ["--help"]] {
            for width in [40, 72] {
                let r = try GamehostProcess.run(args, environment: ["COLUMNS": String(width)])
                XCTAssertEqual(r.status, 0, r.stderr)
                for line in r.stdout.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(line.count, width, "\(args) at \(width): \(line)")
                }
            }
        }
        let game = try GamehostProcess.run(["play", "applepie", "--seed", "2"], input: "q\nz\n/rules\n", environment: ["COLUMNS": "40"])
        for line in game.stdout.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 40, line.description) }
        let unwrapped = try GamehostProcess.run(["play", "hangman", "--help"])
        XCTAssertTrue(unwrapped.stdout.split(separator: "\n").contains { $0.count > 72 }, "no width: lines as written")
    }

    func testASCIIModePrintsOnlyASCII() throws {
        let runs: [([String], String)] = [
            ([], "1\n\n\n\nq\nz\n/rules\n/moves\n"),
            (["list"], ""), (["play", "memory", "--help"], ""),
            (["play", "rps", "--seed", "4", "--match", "best-of-5"], "r\np\ns\nx\n/help\nr\nr\nr\nn\n"),
            (["play", "rpsls", "--seed", "4"], "spock\nlizard\nrock\nrock\nn\n"),
            (["play", "memory", "--seed", "4"], "1\n2\n3\n4\n5\n6\n99\n"),
            (["play", "memory-triples", "--seed", "4"], "1\n2\n3\n"),
            (["play", "applepie", "--seed", "4", "--words", "accented"], "e\nq\nz\nx\n"),
            (["play", "hangman", "--seed", "4"], "e\nq\nz\n"),
            (["play", "blackjack", "--seed", "4"], "10\nh\ns\n"),
            (["play", "guess-five", "--seed", "4"], "crane\nzzzzz\n"),
        ]
        for (args, input) in runs {
            let r = try GamehostProcess.run(["--ascii"] + args, input: input)
            for (name, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
                let bad = text.unicodeScalars.filter { !$0.isASCII }
                XCTAssertTrue(bad.isEmpty, "\(args) \(name) holds \(String(String.UnicodeScalarView(bad.prefix(10)))): \(text)")
            }
        }
    }

    func testTheMenuPicksAGameAndItsOptions() throws {
        let r = try GamehostProcess.run([], input: "99\nrps\nbest-of-4\nSINGLE\nFrequency\n\nr\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("1. Apple Pie"), r.stdout)
        XCTAssertTrue(r.stdout.contains("8. Rock · Paper · Scissors"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ no game '99': type 1 to 9, a title or a name"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ best-of-4 is not a match length"), r.stdout)
        XCTAssertTrue(r.stdout.contains("One game decides"), "SINGLE is single, in any case: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("--opponent frequency"), "the replay line names the choice as the game spells it: \(r.stdout)")
    }

    func testTheMenuTakesTitlesAndTheStartOfANameAndKeepsScoresWithTheGame() throws {
        let dir = NSTemporaryDirectory() + "menu-names-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try GamehostProcess.run(["--data", dir], input: "Rock\nblack\nleave\nn\nApple Pie\n\n\n\n\n/quit\nguess five\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("✗ 'rock' could be Rock · Paper · Scissors (rps) or Rock · Paper · Scissors · Lizard · Spock (rpsls): type more of it"), "ambiguous: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("Blackjack\nChips: 100"), "black is Blackjack: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("Apple Pie —"), "a title in any case: \(r.stdout)")
        // A game played from the menu keeps its scores where gamehost play keeps them.
        let scores = try GamehostProcess.run(["scores", "--data", dir])
        XCTAssertTrue(scores.stdout.contains("Blackjack\n"), scores.stdout)
        XCTAssertFalse(scores.stdout.contains("blackjack.lua"), "no second board under the file's path: \(scores.stdout)")
    }

    func testASCIIRefusesAListItCannotShow() throws {
        let r = try GamehostProcess.run(["play", "hangman", "--words", "russian", "--ascii"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("gamehost: --ascii: the list russian has words ASCII cannot show (the first on line "), r.stderr)
        let accented = try GamehostProcess.run(["play", "hangman", "--words", "accented", "--ascii", "--seed", "1"], input: "e\n")
        XCTAssertEqual(accented.status, 0, "accents fold away: \(accented.stderr)")
    }

    func testTheMenuAsksForAnOptionOnlyWhenItMatters() throws {
        // Apple Pie's target matters in timed mode only (`when = { mode = "timed" }`).
        let classic = try GamehostProcess.run([], input: "applepie\n\nclassic\n\n/quit\n")
        XCTAssertEqual(classic.status, 0, classic.stderr)
        XCTAssertTrue(classic.stdout.contains("mode: classic, timed"), classic.stdout)
        XCTAssertFalse(classic.stdout.contains("target: a whole number"), classic.stdout)
        let timed = try GamehostProcess.run([], input: "applepie\n\ntimed\n3\n\n/quit\n")
        XCTAssertEqual(timed.status, 0, timed.stderr)
        XCTAssertTrue(timed.stdout.contains("target: a whole number from 1 to 100"), timed.stdout)
        XCTAssertTrue(timed.stdout.contains("--mode timed --target 3"), "the answers are played: \(timed.stdout)")
    }

    func testTheMenuGoesBackOneLevelOnEndOfInputAndQuit() throws {
        // /quit at an option prompt: back to the menu; the end of input there: back again; at
        // the menu: out, with a newline.
        let r = try GamehostProcess.run([], input: "rps\n/quit\nhangman\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.components(separatedBy: "GameHost — choose a game").count - 1, 3, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("\n"), r.stdout)
        XCTAssertEqual(r.stderr, "")
    }

    func testTheMenuAsksForTheWordListAndTakesGlobalFlags() throws {
        let dir = NSTemporaryDirectory() + "menu-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try GamehostProcess.run(["--data", dir, "--name", "ann"], input: "hangman\nnosuchlist\nFRUITS\ne\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("words: a word list ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ --words: no word list 'nosuchlist'"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--words fruits"), "the list is played and named in the replay line: \(r.stdout)")
        XCTAssertEqual(try GamehostProcess.run(["--name", ""]).status, 2)
        XCTAssertEqual(try GamehostProcess.run(["--opponent", "x"]).status, 2, "a game option without a game is refused")
    }

    func testTheManualCoversEveryCommandAndSharedFlag() throws {
        let page = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("man/gamehost.1"), encoding: .utf8)
        for command in ["list", "play", "scores", "check", "sim", "arena", "replay", "new"] {
            XCTAssertTrue(page.contains(".B \(command)") || page.contains(".BI \(command)"), "the manual names \(command)")
        }
        for flag in ["seed", "words", "min-length", "ascii", "plain", "name", "data", "record", "json"] {
            XCTAssertTrue(page.contains("\\-\\-\(flag)"), "the manual names --\(flag)")
        }
        XCTAssertTrue(page.contains("130"), "the exit status of Ctrl-C")
        let install = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("scripts/install"), encoding: .utf8)
        XCTAssertTrue(install.contains("man/gamehost.1"), "scripts/install installs the manual")
    }

    /// groff (man's formatter) reads the manual without a warning.
    func testTheManualFormatsCleanly() throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: try requiredTool("groff", package: "groff-base"))
        groff.arguments = ["-man", "-Tascii", "-ww", GamehostProcess.packageRoot.appendingPathComponent("man/gamehost.1").path]
        let out = Pipe(), err = Pipe()
        groff.standardOutput = out
        groff.standardError = err
        try groff.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        XCTAssertEqual(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
        XCTAssertTrue(text.contains("gamehost - play turn-based games"), text)
    }
}

final class MemoryCLITests: XCTestCase {
    /// The deal a seed gives, read from the first step of --json mode with --reveal (the
    /// observation hides face-down cards).
    func deal(_ args: [String]) throws -> [String] {
        let r = try GamehostProcess.run(args + ["--json", "--reveal"], input: "")
        let step = try JSONSerialization.jsonObject(with: Data(r.stdout.split(separator: "\n")[1].utf8)) as! [String: Any]
        let hidden = (step["observation"] as! [String: Any])["cards"] as! [[String: Any]]
        XCTAssertTrue(hidden.allSatisfy { $0["content"] == nil && $0["hidden"] as? Bool == true }, "face-down cards are hidden")
        let cards = (step["state"] as! [String: Any])["cards"] as! [[String: Any]]
        return cards.map { $0["content"] as! String }
    }

    /// A perfect player's inputs for that deal: each set of equal cards in turn.
    func perfectInputs(_ deal: [String]) -> String {
        var seen: [String] = []
        var lines: [String] = []
        for content in deal where !seen.contains(content) {
            seen.append(content)
            lines += deal.indices.filter { deal[$0] == content }.map { String($0 + 1) }
        }
        return lines.joined(separator: "\n") + "\nn\n"
    }

    func testMemoryPlaysToTheEndWithEveryThemeThroughAPipe() throws {
        for theme in ["halloween", "animals", "sports", "faces", "fruit", "vehicles", "flags"] {
            let args = ["play", "memory", "--theme", theme, "--seed", "5"]
            let cards = try deal(args)
            let r = try GamehostProcess.run(args, input: perfectInputs(cards))
            XCTAssertEqual(r.status, 0, "\(theme): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("Every pair found: score \(cards.count) in \(cards.count) flips"), "\(theme):\n\(r.stdout.suffix(600))")
        }
        let args = ["play", "memory-triples", "--theme", "faces", "--pairs", "3", "--seed", "5"]
        let triples = try GamehostProcess.run(args, input: perfectInputs(try deal(args)))
        XCTAssertEqual(triples.status, 0, triples.stderr)
        XCTAssertTrue(triples.stdout.contains("Every triple found: score 9 in 9 flips"), String(triples.stdout.suffix(400)))
    }
}

/// gamehost check, sim, new and replay.
final class AuthorCommandTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "author-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// check plays the seat counts it is given, and an option it does not take is named with
    /// the options it does take (not play's --seed and --json).
    func testCheckTakesSeatsAndNamesItsOwnOptions() throws {
        let two = try GamehostProcess.run(["check", "crazy-eights", "--seeds", "1", "--seats", "3"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stdout.contains("rules/crazy-eights.lua: ok (3 playthroughs at 3 seats"), two.stdout)
        let typo = try GamehostProcess.run(["check", "crazy-eights", "--seeds", "1", "--seat", "3"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("no option --seat (options: --seeds, --seats, --bot, --time-limit, --total-time; every flag: gamehost check --help)"), typo.stderr)
        XCTAssertFalse(typo.stderr.contains("--json"), typo.stderr)
        let many = try GamehostProcess.run(["check", "crazy-eights", "--seats", "9"])
        XCTAssertEqual(many.status, 2, many.stderr)
        XCTAssertTrue(many.stderr.contains("--seats needs a number of seats from 1 to 8, not '9'"), many.stderr)
        let bots = try GamehostProcess.run(["check", "crazy-eights", "--seeds", "2", "--bot"])
        XCTAssertEqual(bots.status, 0, bots.stderr)
        XCTAssertTrue(bots.stdout.contains("rules/crazy-eights.lua: ok (2 playthroughs at 2 and 3 seats"), bots.stdout)
        // sim --bot search: the search player in every seat, on every core.
        let sim = try GamehostProcess.run(["sim", GamehostProcess.packageRoot.appendingPathComponent("Tests/search-games/tictactoe.lua").path,
                                           "--bot", "search", "--think", "40", "--games", "6", "--json"])
        XCTAssertEqual(sim.status, 0, sim.stderr)
        let simReport = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sim.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(simReport["search"] as? Bool, true)
        XCTAssertEqual(simReport["played"] as? Int, 6)
        // --bot search: the host's search player in every seat, of any rule (Memory Triples has no bot; two triples keep it short).
        let search = try GamehostProcess.run(["check", "memory-triples", "--seeds", "2", "--bot", "search", "--pairs", "2"])
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertTrue(search.stdout.contains("rules/memory-triples.lua: ok (2 playthroughs"), search.stdout)
        let searchValue = try GamehostProcess.run(["check", GamehostProcess.packageRoot.appendingPathComponent("Tests/search-games/connect-four.lua").path, "--seeds", "1", "--bot=search"])
        XCTAssertEqual(searchValue.status, 0, searchValue.stderr)
        let thought = try GamehostProcess.run(["check", GamehostProcess.packageRoot.appendingPathComponent("Tests/search-games/tictactoe.lua").path,
                                               "--seeds", "1", "--bot", "search", "--think", "30"])
        XCTAssertEqual(thought.status, 0, thought.stderr)
        let unthought = try GamehostProcess.run(["check", "memory", "--think", "30"])
        XCTAssertEqual(unthought.status, 2)
        XCTAssertEqual(unthought.stderr, "gamehost: --think is how long the search player thinks: check takes it with --bot search\n")
        let otherValue = try GamehostProcess.run(["check", "hangman", "--bot=random"])
        XCTAssertEqual(otherValue.stderr, "gamehost: --bot takes no value\n")
        let noBot = try GamehostProcess.run(["check", "memory-triples", "--seeds", "1", "--bot"])
        XCTAssertEqual(noBot.status, 1)
        XCTAssertTrue(noBot.stderr.contains("the rule has no bot (bot = function(state, game, seat)) for --bot to play"), noBot.stderr)
        let outside = try GamehostProcess.run(["check", "crazy-eights", "--seeds", "1", "--seats", "5"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("rules/crazy-eights.lua: crazy-eights is played by 2 to 4 players, not 5"), outside.stderr)
    }

    func testCheckPassesTheBuiltInGamesAndFailsABrokenRule() throws {
        // (ConformanceTests checks every built-in game; here, the command's report.)
        let ok = try GamehostProcess.run(["check", "rps", "--seeds", "3"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("rules/rps.lua: ok (5 playthroughs at 1 and 2 seats"), ok.stdout)
        let broken = dir + "/broken.lua"
        try "return {\n  id = 'broken',\n  title = 'Broken',\n  setup = function() return {} end,\n  view = function() return 'x' end,\n  moves = function() return { 'go' } end,\n  play = function(state, input, game)\n    game.refuse('never')\n  end,\n  result = function() end,\n}\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let r = try GamehostProcess.run(["check", broken])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(broken): seed 1, move 0 ('go'): moves() offered 'go', but play refused it: never"), r.stderr)
        let syntax = dir + "/syntax.lua"
        try "return {\n  id = 'x' 'y'\n}\n".write(toFile: syntax, atomically: true, encoding: .utf8)
        let s = try GamehostProcess.run(["check", syntax])
        XCTAssertEqual(s.status, 1)
        XCTAssertTrue(s.stderr.hasPrefix("\(syntax):2:"), s.stderr)
    }

    func testSimGivesTheSameOutcomeForAnyNumberOfJobs() throws {
        func run(_ jobs: String) throws -> [String: Any] {
            let r = try GamehostProcess.run(["sim", "rps", "--games", "1000", "--seed", "9", "--jobs", jobs, "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        }
        let one = try run("1"), two = try run("2")
        XCTAssertEqual(one["outcomes"] as? [String: Int], two["outcomes"] as? [String: Int])
        XCTAssertEqual((one["moves"] as? [String: Any])?["mean"] as? Double, (two["moves"] as? [String: Any])?["mean"] as? Double)
        let outcomes = one["outcomes"] as! [String: Int]
        XCTAssertEqual(outcomes.values.reduce(0, +), 1000)
        XCTAssertEqual(Double(outcomes["player"] ?? 0), 500, accuracy: 60)
        let text = try GamehostProcess.run(["sim", "memory", "--games", "20", "--theme", "fruit"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("memory: 20 games in"), text.stdout)
        XCTAssertTrue(text.stdout.contains("player          20  100.0%"), text.stdout)
    }

    func testSimReportsGamesThatBreakTheContract() throws {
        let path = dir + "/endless.lua"
        try "return {\n  id = 'endless', title = 'Endless',\n  setup = function() return { n = 0 } end,\n  view = function() return '' end,\n  moves = function() return { 'go' } end,\n  play = function(s) s.n = s.n + 1 end,\n  result = function() end,\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try GamehostProcess.run(["sim", path, "--games", "8", "--max-moves", "200"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no result after 200 moves"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(replay: gamehost play \(path) --seed "), r.stderr)
        // Five failures are shown with their replay lines, and the rest counted.
        XCTAssertEqual(r.stderr.components(separatedBy: "(replay: ").count - 1, 5, r.stderr)
        XCTAssertTrue(r.stderr.contains("3 more games failed"), r.stderr)
        // The replay line carries the options and the word list the failing game had.
        let wordy = dir + "/endless-words.lua"
        try "return {\n  id = 'endless-words', title = 'Endless', words = 'animals',\n  options = { pace = { choices = { 'slow', 'fast' }, default = 'slow' } },\n  setup = function() return { n = 0 } end,\n  view = function() return '' end,\n  moves = function() return { 'go' } end,\n  play = function(s) s.n = s.n + 1 end,\n  result = function() end,\n}\n"
            .write(toFile: wordy, atomically: true, encoding: .utf8)
        let w = try GamehostProcess.run(["sim", wordy, "--games", "1", "--max-moves", "100", "--pace", "fast", "--words", "fruits", "--min-length", "4"])
        XCTAssertTrue(w.stderr.contains("(replay: gamehost play \(wordy) --seed 1 --pace fast --words fruits --min-length 4 --seat 1=random)"), w.stderr)
        // A setup that runs past the time limit stops the run, as a move that does.
        let stuck = dir + "/stuck.lua"
        try "return {\n  id = 'stuck', title = 'Stuck',\n  setup = function() while true do end end,\n  view = function() return '' end,\n  moves = function() return { 'go' } end,\n  play = function() end,\n  result = function() end,\n}\n"
            .write(toFile: stuck, atomically: true, encoding: .utf8)
        let s = try GamehostProcess.run(["sim", stuck, "--games", "40", "--time-limit", "0.2", "--jobs", "1"])
        XCTAssertEqual(s.status, 1)
        XCTAssertTrue(s.stderr.contains("gamehost: stopped after 1 of 40 games: a game ran past the time limit of 0.2 s"), s.stderr)
    }

    func testNewScaffoldsARuleWithAPassingTest() throws {
        let r = try GamehostProcess.run(["new", "guess", "--dir", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let check = try GamehostProcess.run(["check", dir + "/guess.lua"])
        XCTAssertEqual(check.status, 0, check.stderr)
        let replay = try GamehostProcess.run(["replay", dir + "/tests/guess.transcript"])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        let again = try GamehostProcess.run(["new", "guess", "--dir", dir])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertEqual(try GamehostProcess.run(["new", "Bad Name", "--dir", dir]).status, 2)
        let variant = try GamehostProcess.run(["new", "my-memory", "--from", "memory", "--dir", dir])
        XCTAssertEqual(variant.status, 0, variant.stderr)
        let source = try String(contentsOfFile: dir + "/my-memory.lua", encoding: .utf8)
        XCTAssertTrue(source.contains("id = \"my-memory\""))
        XCTAssertTrue(source.contains("title = \"My Memory\""), "a copy is not mistaken for the original")
        XCTAssertEqual(try GamehostProcess.run(["replay", dir + "/tests/my-memory.transcript"]).status, 0)
    }

    /// A player's rule never hides behind a built-in game without a word, and a rule file is
    /// always named by its path where a name would find another game.
    func testNamesAndPathsOfTheGamesRulesOwn() throws {
        let data = dir + "/data"
        let env = ["XDG_DATA_HOME": data]
        let builtInName = try GamehostProcess.run(["new", "memory"], environment: env)
        XCTAssertEqual(builtInName.status, 2)
        XCTAssertEqual(builtInName.stderr, "gamehost: 'memory' is a built-in game: choose another name, as gamehost new my-memory\n")
        try FileManager.default.createDirectory(atPath: data + "/gamehost/rules", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: GamehostProcess.packageRoot.appendingPathComponent("rules/rps.lua").path,
                                         toPath: data + "/gamehost/rules/memory.lua")
        let list = try GamehostProcess.run(["list"], environment: env)
        XCTAssertTrue(list.stderr.contains("note: \(data)/gamehost/rules/memory.lua is hidden by "), list.stderr)
        let play = try GamehostProcess.run(["play", "memory", "--seed", "1"], input: "/quit\n", environment: env)
        XCTAssertTrue(play.stderr.contains("has the same name: play it as gamehost play \(data)/gamehost/rules/memory.lua"), play.stderr)
        // By path: the replay hint and the transcript name the file.
        let file = dir + "/mine.lua"
        try FileManager.default.copyItem(atPath: GamehostProcess.packageRoot.appendingPathComponent("rules/rps.lua").path, toPath: file)
        try FileManager.default.createDirectory(atPath: dir + "/t", withIntermediateDirectories: true)
        let byPath = try GamehostProcess.run(["play", file, "--seed", "4", "--record", dir + "/t/mine.transcript"], input: "r\n", environment: env)
        XCTAssertTrue(byPath.stdout.contains("(replay: gamehost play \(file) --seed 4)"), byPath.stdout)
        let transcript = try String(contentsOfFile: dir + "/t/mine.transcript", encoding: .utf8)
        XCTAssertTrue(transcript.contains(#""game":"../mine.lua""#), transcript)
        XCTAssertEqual(try GamehostProcess.run(["replay", dir + "/t/mine.transcript"], environment: env).status, 0)
        // A path a shell would split is quoted in the hint.
        let spaced = dir + "/my game.lua"
        try FileManager.default.copyItem(atPath: file, toPath: spaced)
        let quoted = try GamehostProcess.run(["play", spaced, "--seed", "4"], input: "/quit\n", environment: env)
        XCTAssertTrue(quoted.stdout.contains("(replay: gamehost play '\(spaced)' --seed 4)"), quoted.stdout)
    }

    func testASecondGameThatCannotStartEndsWithExitOne() throws {
        let path = dir + "/once.lua"
        try """
            local games = 0
            return { id = "once", title = "Once", view = function() return "v" end, moves = function() return { "go" } end,
              setup = function() games = games + 1 if games > 1 then error("only one game") end return { n = 0 } end,
              play = function(s) s.n = 1 end, result = function(s) if s.n > 0 then return { summary = "done" } end end }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try GamehostProcess.run(["play", path, "--seed", "1", "--json"], input: "go\ny\n")
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix(#"{"exit_code":1,"reason":"error","type":"end"}"# + "\n"), r.stdout)
    }

    /// `replay --update` keeps who sat where and their names (a view that greets the player
    /// greets them still), and a rule changed without changing a step is recorded again too,
    /// so later replays stop noting another version.
    func testReplayUpdateKeepsTheSeatsNamesAndTheRulesVersion() throws {
        let rule = dir + "/named.lua"
        func write(_ greeting: String) throws {
            try """
                return {
                  id = "named", title = "Named",
                  setup = function() return { n = 0 } end,
                  view = function(state, game) return "\(greeting) " .. game.name(1) .. " n=" .. state.n end,
                  moves = function() return { "a" } end,
                  play = function(state) state.n = state.n + 1 end,
                  result = function(state) if state.n >= 2 then return { winner = "player", summary = "done" } end end,
                }
                """.write(toFile: rule, atomically: true, encoding: .utf8)
        }
        try write("hello")
        let path = dir + "/named.transcript"
        XCTAssertEqual(try GamehostProcess.run(["play", rule, "--seed", "3", "--record", path, "--data", "none", "--name", "ann"], input: "a\na\nn\n").status, 0)
        try write("Hello")
        let update = try GamehostProcess.run(["replay", path, "--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(#""names":["ann"]"#), text)
        XCTAssertTrue(text.contains("Hello ann n=0"), text)
        // Only the rule's text changes (a comment): recorded again, and then no note.
        try String(contentsOfFile: rule, encoding: .utf8).appending("-- a comment\n").write(toFile: rule, atomically: true, encoding: .utf8)
        XCTAssertTrue(try GamehostProcess.run(["replay", path]).stderr.contains("another version"))
        let again = try GamehostProcess.run(["replay", path, "--update"])
        XCTAssertTrue(again.stdout.contains("recorded again from the same inputs (it differed at the rule's version only)"), again.stdout)
        let after = try GamehostProcess.run(["replay", path])
        XCTAssertEqual(after.status, 0)
        XCTAssertEqual(after.stderr, "")
    }

    func testReplayReportsTheFirstDifferenceAndExitsOne() throws {
        let path = dir + "/game.transcript"
        let played = try GamehostProcess.run(["play", "rps", "--seed", "4", "--record", path], input: "rock\npaper\n")
        XCTAssertEqual(played.status, 0)
        let ok = try GamehostProcess.run(["replay", path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "\(path): 3 steps replayed, all as recorded\n")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"input\":\"paper\"", with: "\"input\":\"scissors\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let changed = try GamehostProcess.run(["replay", path])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stderr.hasPrefix("\(path): step 2 (input \"scissors\"): the messages differ"), changed.stderr)
        XCTAssertEqual(try GamehostProcess.run(["replay", dir + "/missing.transcript"]).status, 2)
        // After an intended change, --update records the same inputs again.
        let update = try GamehostProcess.run(["replay", path, "--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.hasPrefix("\(path): recorded again from the same inputs (it differed at step 2"), update.stdout)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("\"input\":\"scissors\""))
        // A seeded game is practice, and its transcript recorded again still says so.
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0].contains(#""practice":true"#))
        XCTAssertEqual(try GamehostProcess.run(["replay", path]).status, 0)
        XCTAssertTrue(try GamehostProcess.run(["replay", path, "--update"]).stdout.hasSuffix("nothing to update\n"))
    }
}

/// The sim benchmark's plain-Lua baseline still plays the shipped rule file.
final class BaselineTests: XCTestCase {
    func testTheBaselinePlaysRPS() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try requiredTool("lua5.4"))
        let root = GamehostProcess.packageRoot
        process.arguments = [root.appendingPathComponent("Benchmarks/sim-baseline.lua").path,
                             root.appendingPathComponent("rules/rps.lua").path, "300"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.hasPrefix("300 games in "), text)
    }
}

/// The rule files lint clean with luacheck and the sandbox's globals (rules/.luacheckrc), and
/// `check` passes luacheck's findings on.
final class LintTests: XCTestCase {
    func testTheRulesLintClean() throws {
        let luacheck = try requiredTool("luacheck", package: "lua-check")
        let root = GamehostProcess.packageRoot.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: luacheck)
        process.arguments = ["--no-color", "--formatter", "plain", "--config", root + "/rules/.luacheckrc", root + "/rules", root + "/scripts/fuzz-api.lua"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text, "")
    }

    func testCheckPassesLuacheckFindingsOn() throws {
        let dir = NSTemporaryDirectory() + "lint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/sloppy.lua"
        try """
            local unused = 1
            return { id = "sloppy", title = "Sloppy", setup = function() counter = 1 return { n = 0 } end,
              view = function() return "v" end, moves = function() return { "a" } end,
              play = function(s, input, game) if input ~= "a" then game.refuse("a") end s.n = s.n + 1 end,
              result = function(s) if s.n > 2 then return { summary = "done" } end end }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try GamehostProcess.run(["check", path, "--seeds", "2"])
        XCTAssertEqual(r.status, 0, "lint is advice: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("lint: \(path):1:7: (W211) unused variable 'unused'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(W111) setting non-standard global variable 'counter'"), r.stderr)
    }
}
