import Foundation
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
        XCTAssertTrue(r.stdout.contains("You: rock · Computer: rock — a tie, replayed."), r.stdout)
        XCTAssertTrue(r.stdout.contains("You win the match 2:0 after 3 throws (1 tie)."), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ the match is over: type y for a new match or n to leave"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Play again? (y/n)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour when the output is not a terminal")
    }

    func testTheSameSeedReplaysTheSameGame() throws {
        let input = "r\np\ns\nr\np\ns\n"
        let a = try GamehostProcess.run(["play", "rps", "--seed", "7", "--match", "best-of-5"], input: input)
        let b = try GamehostProcess.run(["play", "rps", "--seed", "7", "--match", "best-of-5"], input: input)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertTrue(a.stdout.contains("--match best-of-5 --seed 7"), a.stdout)
    }

    func testJSONModeWritesOneObjectPerLine() throws {
        let r = try GamehostProcess.run(["play", "rps", "--json", "--seed", "1"], input: "rock\nfoo\n/quit\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(objects.map { $0["type"] as! String }, ["start", "step", "step", "step", "step", "end"])
        XCTAssertEqual(objects.map { $0["status"] as? String }, [nil, "started", "accepted", "refused", "quit", nil])
        XCTAssertEqual((objects[2]["state"] as? [String: Any])?["match"] as? Int, 3)
    }

    func testEndOfInputEndsCleanly() throws {
        let r = try GamehostProcess.run(["play", "rps"], input: "")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Your throw"))
    }

    func testCtrlCEndsCleanlyWithExitZero() throws {
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
            seen.append(stdout.fileHandleForReading.availableData)
        }
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testUsageErrorsExitTwoWithOneLineOnStderr() throws {
        let cases: [([String], String)] = [
            (["play", "chess"], "gamehost: unknown game 'chess' (games: applepie, hangman, memory, memory-triples, rps)\n"),
            (["play", "rps", "--match", "best-of-4"], "gamehost: rps: --match: best-of-4 is not a match length: N must be odd, from 1 to 99\n"),
            (["play", "rps", "--opponent", "psychic"], "gamehost: rps: --opponent: 'psychic' is not one of: random, frequency, pattern\n"),
            (["play", "rps", "--colour", "red"], "gamehost: rps: no option --colour (options: --match, --opponent, --seed, --json)\n"),
            (["play", "rps", "--seed", "abc"], "gamehost: --seed needs a whole number from 0 to 18446744073709551615, not 'abc'\n"),
            (["play", "rps", "--match"], "gamehost: --match needs a value\n"),
            (["play"], "gamehost: play needs a game: gamehost play GAME (see gamehost list)\n"),
            (["dance"], "gamehost: unknown command 'dance' (commands: list, play, scores, check, sim, replay, new, help; gamehost --help)\n"),
            (["-x"], "gamehost: unknown option -x (options are written --name)\n"),
            (["list", "--json"], "gamehost: --json goes with play or sim\n"),
        ]
        for (args, message) in cases {
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
        XCTAssertTrue(list.stdout.contains("rps         Rock · Paper · Scissors"), list.stdout)
        XCTAssertTrue(list.stdout.contains("--opponent how the computer chooses: random, frequency, pattern (default random)"), list.stdout)
        let help = try GamehostProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("gamehost play GAME|FILE.lua"))
        let playHelp = try GamehostProcess.run(["play", "--help"])
        XCTAssertTrue(playHelp.stdout.contains("--seed N"))
        XCTAssertEqual(try GamehostProcess.run(["--version"]).stdout, "gamehost 0.1.0\n")
    }

    func testTheMenuPicksAGameAndItsOptions() throws {
        let r = try GamehostProcess.run([], input: "9\nrps\nbest-of-4\nsingle\n\nr\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("1. Apple Pie"), r.stdout)
        XCTAssertTrue(r.stdout.contains("5. Rock · Paper · Scissors"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ no game '9': type 1 to 5 or a name"), r.stdout)
        XCTAssertTrue(r.stdout.contains("✗ best-of-4 is not a match length"), r.stdout)
        XCTAssertTrue(r.stdout.contains("One game decides"), r.stdout)
    }
}

final class MemoryCLITests: XCTestCase {
    /// The deal a seed gives, read from the first step of --json mode.
    func deal(_ args: [String]) throws -> [String] {
        let r = try GamehostProcess.run(args + ["--json"], input: "")
        let step = try JSONSerialization.jsonObject(with: Data(r.stdout.split(separator: "\n")[1].utf8)) as! [String: Any]
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
