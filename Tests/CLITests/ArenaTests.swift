import Foundation
import TestSupport
import XCTest

/// `gamehost arena`: fillers compared over seeded games, from the built binary. The same seed
/// gives the same report whatever the jobs; the report gives 95% intervals that hold the rate;
/// an outside program (a shell script, and examples/bot.py) takes a seat; a silent program
/// cannot hold up a run; bad arguments give one message each.
final class ArenaTests: XCTestCase {
    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testTheShippedCrazyEightsBotBeatsRandomMovesTheSameWayWhateverTheJobs") { Self.crazyEights.start() }
        if name.hasSuffix("testAShellProgramAndThePythonExampleTakeSeats") { Self.programs.start() }
        if name.hasSuffix("testAProgramThatStopsAnsweringFailsItsGameWithinTheReplyTime") { Self.silent.start() }
    }

    /// The arena runs, started early (they take seconds): seed 7 with one job and with two, and
    /// seed 8.
    static let crazyEights = EarlyStart {
        try ["1", "2"].map { jobs in try run(["crazy-eights", "--games", "150", "--seed", "7", "--jobs", jobs]) }
            + [try run(["crazy-eights", "--games", "30", "--seed", "8", "--jobs", "2"])]
    }

    /// A shell program at one seat of three, with one job and with two; examples/bot.py.
    static let programs = EarlyStart {
        let folder = NSTemporaryDirectory() + "gamehost-arena-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shell = try firstMoveProgram(in: folder)
        let bot = GamehostProcess.packageRoot.appendingPathComponent("examples/bot.py").path
        return (shell, try ["1", "2"].map { jobs in
            try run(["crazy-eights", "bot", shell, "random", "--seats", "3", "--games", "4", "--seed", "2", "--jobs", jobs])
        }, try run(["crazy-eights", "bot", "program:python3 \(bot) --stdio --seed 1", "--games", "2"]))
    }

    /// A program that never answers, and one that ends at once.
    static let silent = EarlyStart {
        (try GamehostProcess.run(["arena", "crazy-eights", "bot", "program:sleep 30", "--games", "2", "--reply-time", "0.3"]),
         try GamehostProcess.run(["arena", "crazy-eights", "bot", "program:true", "--games", "1"]))
    }

    static func run(_ arguments: [String]) throws -> GamehostProcess.Result {
        try GamehostProcess.run(["arena"] + arguments + ["--json"])
    }

    /// A program for a seat in plain sh: the first move offered whenever its seat is to move;
    /// `atEnd` is what it does on the end object (it leaves), and `playAgain` its answer when
    /// asked to play again (it plays the first move offered).
    static func firstMoveProgram(in folder: String, atEnd: String = "exit 0", playAgain: String? = nil) throws -> String {
        let path = folder + "/first.sh"
        let again = playAgain.map { "\n    *'\"question\":\"play-again\"'*'\"your_turn\":true'*) echo \($0) ;;" } ?? ""
        try """
            #!/bin/sh
            while IFS= read -r line; do
              case "$line" in
                *'"type":"end"'*) \(atEnd) ;;\(again)
                *'"your_turn":true'*) printf '%s\\n' "$line" | sed -n 's/.*"moves":\\["\\([^"]*\\)".*/\\1/p' ;;
              esac
            done

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return "program:sh " + path
    }

    /// A new folder for a test's files (the test removes it).
    static func folder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + name + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func report(_ r: GamehostProcess.Result) throws -> [String: Any] {
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    }

    func fillers(_ report: [String: Any]) -> [[String: Any]] { report["fillers"] as? [[String: Any]] ?? [] }

    func testTheShippedCrazyEightsBotBeatsRandomMovesTheSameWayWhateverTheJobs() throws {
        let runs = try Self.crazyEights.value()
        let one = try report(runs[0]), two = try report(runs[1])
        XCTAssertEqual(one["jobs"] as? Int, 1)
        // Everything but the time and the jobs is the same, to the last digit.
        XCTAssertEqual(NSArray(array: fillers(one)), NSArray(array: fillers(two)))
        let other = try report(runs[2])
        XCTAssertNotEqual(NSArray(array: fillers(one)), NSArray(array: fillers(other)), "another seed, other games")
        // Without fillers, the rule's bot plays random moves, each in every game.
        let standings = fillers(one)
        XCTAssertEqual(standings.map { $0["name"] as? String }, ["bot", "random"])
        for s in standings {
            let games = try XCTUnwrap(s["games"] as? Int), wins = try XCTUnwrap(s["wins"] as? Int)
            XCTAssertEqual(games, 150)
            XCTAssertEqual(wins + (s["draws"] as! Int) + (s["losses"] as! Int), games)
            let rate = try XCTUnwrap(s["win_rate"] as? Double)
            XCTAssertEqual(rate, Double(wins) / 150, accuracy: 1e-12)
            let ci = try XCTUnwrap(s["win_rate_95"] as? [Double])
            XCTAssertTrue(ci[0] >= 0 && ci[0] < rate && rate < ci[1] && ci[1] <= 1, "\(ci) around \(rate)")
            // 150 games: the interval is about ±1.96·√(p(1−p)/150) wide, a few points.
            XCTAssertEqual(ci[1] - ci[0], 2 * 1.96 * (rate * (1 - rate) / 150).squareRoot(), accuracy: 0.02)
            let mean = try XCTUnwrap(s["mean_score"] as? Double), meanCI = try XCTUnwrap(s["mean_score_95"] as? [Double])
            XCTAssertTrue(meanCI[0] < mean && mean < meanCI[1], "\(meanCI) around \(mean)")
        }
        // The bot keeps its eights and calls its longest suit: it wins far more than half.
        let bot = standings[0]["win_rate_95"] as! [Double], random = standings[1]["win_rate_95"] as! [Double]
        XCTAssertGreaterThan(bot[0], 0.7)
        XCTAssertLessThan(random[1], 0.3)
    }

    /// Without --seed the run's seed is drawn at random and told only in the report: another
    /// run has another, and a program finds it neither on the arena's command line, nor in its
    /// environment, nor in its stream.
    func testWithoutASeedTheRunsSeedIsSecretUntilTheReport() throws {
        let folder = NSTemporaryDirectory() + "gamehost-arena-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seen = folder + "/seen.txt"
        let program = folder + "/look.sh"
        try """
            #!/bin/sh
            p=$PPID
            for _ in 1 2 3; do
              tr '\\0' ' ' < /proc/$p/cmdline >> \(seen); echo >> \(seen)
              p=$(awk '/^PPid/ { print $2 }' /proc/$p/status)
            done
            env >> \(seen)
            while IFS= read -r line; do
              printf '%s\\n' "$line" >> \(seen)
              case "$line" in
                *'"type":"end"'*) exit 0 ;;
                *'"your_turn":true'*) printf '%s\\n' "$line" | sed -n 's/.*"moves":\\["\\([^"]*\\)".*/\\1/p' ;;
              esac
            done

            """.write(toFile: program, atomically: true, encoding: .utf8)
        let first = try report(try Self.run(["crazy-eights", "bot", "program:sh " + program, "--games", "2"]))
        let second = try report(try Self.run(["rps", "--games", "2"]))
        let seed = try XCTUnwrap(first["seed"] as? String)
        XCTAssertNotEqual(seed, "1")
        XCTAssertNotEqual(seed, second["seed"] as? String, "each run draws its own seed")
        let text = try String(contentsOfFile: seen, encoding: .utf8)
        XCTAssertTrue(text.contains("arena crazy-eights"), "the program read the arena's command line")
        XCTAssertTrue(text.contains("\"seed\":null"), "the program read its start")
        XCTAssertFalse(text.contains(seed), "the run's seed reached the program")
    }

    func testTheTextReportShowsEachFillerWithItsIntervals() throws {
        let r = try GamehostProcess.run(["arena", "rps", "bot", "random", "random", "--games", "90", "--seed", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, r.stdout)
        XCTAssertTrue(lines[0].hasPrefix("rps arena: 90 games of 2 seats in "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("seed 3"), lines[0])
        XCTAssertEqual(lines[1].split(separator: " ").joined(separator: " "),
                       "filler games wins draws losses win rate (95% CI) mean score (95% CI)")
        // Three fillers at two seats: each plays two games in three, 60 of the 90.
        let row = try NSRegularExpression(pattern: #"^  (.+?) +(\d+) +(\d+) +(\d+) +(\d+)  \d+\.\d% \(\d+\.\d% to \d+\.\d%\) +\d+\.\d\d \(\d+\.\d\d to \d+\.\d\d\)$"#)
        var names: [String] = []
        for line in lines.dropFirst(2) {
            let ns = line as NSString
            guard let m = row.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else {
                XCTFail("not a row of the table: \(line)")
                continue
            }
            let number = { (i: Int) in Int(ns.substring(with: m.range(at: i)))! }
            names.append(ns.substring(with: m.range(at: 1)))
            XCTAssertEqual(number(2), 60, line)
            XCTAssertEqual(number(3) + number(4) + number(5), 60, line)
        }
        XCTAssertEqual(names, ["bot", "random", "random #2"])
    }

    func testAShellProgramAndThePythonExampleTakeSeats() throws {
        let (shell, runs, pythonRun) = try Self.programs.value()
        let one = try report(runs[0]), two = try report(runs[1])
        XCTAssertEqual(one["played"] as? Int, 4)
        XCTAssertEqual((one["failures"] as? [Any])?.count, 0)
        // A program that answers from what it reads is as repeatable as the rule's bot.
        XCTAssertEqual(NSArray(array: fillers(one)), NSArray(array: fillers(two)))
        let program = fillers(one)[1]
        XCTAssertEqual(program["filler"] as? String, String(shell))
        XCTAssertEqual(program["games"] as? Int, 4)
        XCTAssertEqual(fillers(one).map { $0["wins"] as! Int }.reduce(0, +), 4, "each game has one winner")
        // examples/bot.py, as a bot writer runs it.
        let python = try report(pythonRun)
        XCTAssertEqual(python["played"] as? Int, 2)
        XCTAssertEqual((python["failures"] as? [Any])?.count, 0)
        XCTAssertEqual(fillers(python)[1]["games"] as? Int, 2)
    }

    /// A program that plays its game but does not end when its input closes is stopped, and
    /// the game is not counted (arena --help says so).
    func testAProgramThatOutlivesItsInputFailsItsGame() throws {
        let folder = try Self.folder("arena-linger")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = try Self.firstMoveProgram(in: folder, atEnd: "sleep 30")
        let start = Date()
        let r = try GamehostProcess.run(["arena", "crazy-eights", "bot", program, "--games", "1", "--reply-time", "0.5"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("the program in seat 2 (\(program.dropFirst("program:".count))) did not end within 0.5 s of its input closing, and was stopped"), r.stderr)
        XCTAssertTrue(r.stdout.contains("1 game failed") || r.stdout.contains("failed and count for nobody"), r.stdout)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    /// An arena game's replay line seats a program and the host's players, no person: played
    /// in text, it shows the game from a seat the host fills.
    func testAGameOfProgramsAndBotsIsShownInText() throws {
        let folder = try Self.folder("arena-shown")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The first move offered, and no second game.
        let program = try Self.firstMoveProgram(in: folder, playAgain: "n")
        let r = try GamehostProcess.run(["play", "crazy-eights", "--seed", "7", "--seats", "2", "--seat", "1=bot", "--seat", "2=" + program, "--data", "none"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Crazy Eights · game 1"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Your hand, Bot"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Seat 2 wins") || r.stdout.contains("Bot wins"), r.stdout)
    }

    func testAProgramThatStopsAnsweringFailsItsGameWithinTheReplyTime() throws {
        let (r, quits) = try Self.silent.value()
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("2 games failed and count for nobody"), r.stdout)
        XCTAssertTrue(r.stderr.contains("the program in seat 2 (sleep 30) did not read its input or give its move within 0.3 s (--reply-time SECONDS)"), r.stderr)
        // Each failure says how to replay its game with its line-up.
        XCTAssertTrue(r.stderr.contains("(replay: gamehost play crazy-eights --seed "), r.stderr)
        XCTAssertTrue(r.stderr.contains(" --seats 2 --seat 1=bot --seat '2=program:sleep 30')"), r.stderr)
        // A program that ends at once leaves its seat.
        XCTAssertEqual(quits.status, 1)
        XCTAssertTrue(quits.stderr.contains("the program in seat 2 (true) ended, or closed its output, before the game did"), quits.stderr)
    }

    func testBadArgumentsGiveOneClearMessage() throws {
        let cases: [([String], String)] = [
            (["arena"], "gamehost: arena needs a game: gamehost arena GAME [bot|random|search|program:COMMAND ...] [--games N] [--seed N]\n"),
            (["arena", "rps", "dance"], "gamehost: arena: 'dance' is not a filler: bot, random, search or program:COMMAND (people play with gamehost play)\n"),
            (["arena", "rps", "program:"], "gamehost: arena: program: needs a command, as program:'python3 bot.py'\n"),
            (["arena", "rps", "--games", "0"], "gamehost: --games needs a whole number from 1 to 10000000, not '0'\n"),
            (["arena", "rps", "--seats", "3"], "gamehost: rps: it is played by 1 to 2 players, not 3 (--seats N)\n"),
            (["arena", "memory-triples", "bot", "random"], "gamehost: memory-triples: it has no bot of its own: define bot = function(state, game, seat) return input end in \(GamehostProcess.packageRoot.path)/rules/memory-triples.lua, or compare random and programs\n"),
            (["arena", "rps", "--bot"], "gamehost: arena names its fillers after the game: gamehost arena rps bot random\n"),
            (["arena", "rps", "--reply-time", "0"], "gamehost: --reply-time needs a number of seconds from 0.1 to 3600, not '0'\n"),
            (["arena", "rps", "--seed", "x"], "gamehost: --seed needs a whole number, not 'x'\n"),
        ]
        let results = GamehostProcess.runAll(cases.map { ($0.0, "") })
        for ((arguments, message), r) in zip(cases, results) {
            XCTAssertEqual(r.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(r.stderr, message, arguments.joined(separator: " "))
            XCTAssertEqual(r.stdout, "")
        }
        let help = try GamehostProcess.run(["arena", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("Usage: gamehost arena GAME|FILE.lua [FILLER ...]"), help.stdout)
    }

    /// A first Ctrl-C stops a long sim or arena after the games in play: it reports them, says
    /// how many of how many it played, and exits 130, as an interrupted program does.
    func testAFirstCtrlCReportsTheGamesPlayedSoFar() throws {
        for (command, title) in [(["sim", "rps"], "rps: "), (["arena", "rps", "bot", "random"], "rps arena: ")] {
            let host = try LiveGamehost(command + ["--games", "9000000", "--seed", "5", "--data", "none"])
            Thread.sleep(forTimeInterval: 1.5)  // (games under way; an earlier interrupt reports none)
            host.process.interrupt()
            let lines = host.readAll()
            let (status, exited, stderr) = host.wait()
            XCTAssertTrue(exited, "\(command): killed by the signal: \(stderr)")
            XCTAssertEqual(status, 130, "\(command): \(stderr)")
            let report = lines.joined(separator: "\n")
            XCTAssertTrue(lines.first?.hasPrefix(title) == true, "\(command): \(report)")
            let played = try XCTUnwrap(stderr.firstMatch(of: /stopped after (\d+) of 9000000 games: interrupted/)?.1, "\(command): \(stderr)")
            XCTAssertTrue(report.contains(" \(played) games") || report.contains("\(played) games of"), "\(command): \(report)")
            XCTAssertLessThan(Int(played)!, 9_000_000)
            XCTAssertTrue(stderr.contains("stopping after the games in play"), stderr)
        }
    }
}
