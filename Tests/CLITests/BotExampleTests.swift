import Foundation
import GameHostTesting
import Locking
import TestSupport
import XCTest

/// examples/bot.py, written from docs/protocol.md alone, plays every built-in game to the end
/// through the protocol, version 2: as the program on gamehost's standard input (two games
/// each, so play-again and the second start are exercised), and as a program in a seat
/// (`--seat K=program:'python3 examples/bot.py --stdio'`). Its docstring's usage works as
/// written.
final class BotExampleTests: XCTestCase {
    static let root = GamehostProcess.packageRoot
    static let bot = root.appendingPathComponent("examples/bot.py").path
    let folder = NSTemporaryDirectory() + "gamehost-bot-" + UUID().uuidString

    override func setUpWithError() throws {
        // A write to a process that has exited is an error here, not a signal.
        signal(SIGPIPE, SIG_IGN)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    struct Run: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments` in the package's folder (no input), and waits for it.
    func run(_ executable: String, _ arguments: [String], input: String = "") throws -> Run {
        try Self.run(executable, arguments, input: input, folder: folder)
    }

    static func run(_ executable: String, _ arguments: [String], input: String = "", folder: String) throws -> Run {
        // A write to a process that has exited is an error here, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = folder + "/data"
        process.environment = env
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Output is read while the process runs, so neither pipe can fill and stall it.
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let collected = DispatchGroup()
        collected.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            collected.leave()
        }
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        collected.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self))
    }

    /// The built-in games, from rules/ (Crazy Eights among them once it is there).
    static var games: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("rules").path)) ?? []
        return files.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The seats a game is played with here: Crazy Eights at three.
    static func seats(_ game: String) -> [String] { game == "crazy-eights" ? ["--seats", "3"] : [] }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testTheExampleBotPlaysEveryGameToTheEnd") { Self.everyGame.start() }
        if name.hasSuffix("testTheBotPlaysCrazyEightsBothWays") { Self.crazyEights.start() }
    }

    /// A folder for work started early.
    static func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "gamehost-bot-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The bot's two games of every built-in game, two games at a time, started early.
    static let everyGame = EarlyStart { () -> [(game: String, run: Run)] in
        let python = try requiredTool("python3")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let games = BotExampleTests.games
        let runs = Locked([Run?](repeating: nil, count: games.count))
        DispatchQueue.concurrentPerform(iterations: games.count) { i in
            let r = try? run(python, [bot, games[i], "--gamehost", GamehostProcess.binary.path, "--seed", "1", "--games", "2"] + seats(games[i]), folder: folder)
            runs.withLock { $0[i] = r }
        }
        return zip(games, runs.withLock { $0 }).map { ($0, $1 ?? Run(status: -1, stdout: "", stderr: "the bot did not run")) }
    }

    func testTheExampleBotPlaysEveryGameToTheEnd() throws {
        XCTAssertTrue(Set(Self.games).isSuperset(of: ["rps", "rpsls", "applepie", "hangman", "memory", "memory-triples", "blackjack", "guess-five"]))
        for (game, r) in try Self.everyGame.value() {
            XCTAssertEqual(r.status, 0, "\(game): \(r.stdout)\n\(r.stderr)")
            XCTAssertTrue(r.stdout.contains("\(game): game 1 over"), "\(game): \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("\(game): game 2 over"), "\(game): \(r.stdout)")
            XCTAssertEqual(r.stderr, "", game)
        }
    }

    /// Guess Five: the bot asks for the shared list a page at a time (/words) and guesses only
    /// words that agree with every mark, so it finds the word, hard mode too. What it wrote
    /// to gamehost is kept by a wrapper that sits between them.
    func testTheBotSolvesGuessFiveFromTheSharedList() throws {
        let python = try requiredTool("python3")
        let log = folder + "/input.log"
        let wrapper = folder + "/gamehost"
        try writeExecutable("#!/bin/sh\ntee -a '\(log)' | '\(GamehostProcess.binary.path)' \"$@\"\n", to: wrapper)
        for extra in [[], ["--", "--hard", "on"]] {
            try? FileManager.default.removeItem(atPath: log)
            let r = try run(python, [Self.bot, "guess-five", "--gamehost", wrapper, "--seed", "2", "--games", "3"] + extra)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stdout)\n\(r.stderr)")
            XCTAssertEqual(r.stdout.components(separatedBy: "You found").count - 1, 3, "\(extra): \(r.stdout)")
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            XCTAssertEqual(Array(lines.prefix(3)), ["/words 1 1000", "/words 1001 1000", "/words 2001 1000"], "\(extra): the list, a page at a time")
            XCTAssertEqual(lines.filter { $0.hasPrefix("/words") }.count, 3, "the list is asked for once, kept for the next games")
            XCTAssertEqual(lines.filter { $0 == "y" }.count, 2)
            XCTAssertEqual(lines.last, "/quit")
        }
    }

    /// The bot as a program in a seat: Rock · Paper · Scissors for two, the bot at seat 2
    /// against the bot on standard input; and the bot at seat 1, where it answers play-again.
    func testTheBotPlaysASeatAsAProgram() throws {
        let python = try requiredTool("python3")
        let seated = "program:\(python) \(Self.bot) --stdio"
        let r = try run(python, [Self.bot, "rps", "--gamehost", GamehostProcess.binary.path, "--seed", "4", "--games", "3", "--seats", "2",
                                 "--", "--seat", "2=\(seated)", "--match", "best-of-5"])
        XCTAssertEqual(r.status, 0, "\(r.stdout)\n\(r.stderr)")
        XCTAssertTrue(r.stdout.contains("rps: game 3 over"), r.stdout)
        XCTAssertTrue(r.stderr.contains("seat: game 3 over"), "the seated bot saw every game end: \(r.stderr)")
        // Seat 1 is the seated bot: it answers play-again (y, then /quit after 2 games).
        let first = try run(GamehostProcess.binary.path, ["play", "rps", "--json", "--data", "none", "--seed", "4", "--seats", "2", "--as", "2",
                                                          "--seat", "1=\(seated) --games 2", "--match", "single"],
                            input: String(repeating: "paper\n", count: 100))
        XCTAssertEqual(first.status, 0, first.stderr)
        let objects = first.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(objects.filter { $0["type"] as? String == "start" }.count, 2)
        XCTAssertEqual(objects.last?["reason"] as? String, "quit")
        let quit = objects[objects.count - 2]
        XCTAssertEqual(quit["seat"] as? Int, 1)
        XCTAssertEqual(quit["status"] as? String, "quit")
    }

    /// With programs in every seat and no --json, standard output shows the game as seat 1
    /// sees it, as it does when the host's own players fill the seats: every throw, the result.
    func testAGameOfProgramsAloneIsShownOnStandardOutput() throws {
        let python = try requiredTool("python3")
        let seated = "program:\(python) \(Self.bot) --stdio"
        let r = try run(GamehostProcess.binary.path, ["play", "rps", "--data", "none", "--seed", "3", "--seats", "2",
                                                      "--seat", "1=\(seated)", "--seat", "2=\(seated)"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("Rock · Paper · Scissors\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Seed 3 (replay: gamehost play rps --seed 3 --seats 2"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Seat 1 has thrown."), r.stdout)
        XCTAssertTrue(r.stdout.contains("wins the match"), r.stdout)
        XCTAssertEqual(r.stderr.components(separatedBy: "seat: game 1 over").count - 1, 2, "both programs saw the end: \(r.stderr)")
    }

    /// Crazy Eights against the rule's bots: the bot as the program on standard input, as a
    /// program in a seat beside it, and two seated bots with seat 1 answering play-again.
    func testTheBotPlaysCrazyEightsBothWays() throws {
        let (alone, beside, watched) = try Self.crazyEights.value()
        XCTAssertEqual(alone.status, 0, "\(alone.stdout)\n\(alone.stderr)")
        XCTAssertTrue(alone.stdout.contains("crazy-eights: game 2 over"), alone.stdout)
        XCTAssertEqual(beside.status, 0, "\(beside.stdout)\n\(beside.stderr)")
        XCTAssertTrue(beside.stdout.contains("crazy-eights: game 2 over"), beside.stdout)
        XCTAssertTrue(beside.stderr.contains("seat: game 2 over"), beside.stderr)
        XCTAssertEqual(watched.status, 0, "\(watched.stdout)\n\(watched.stderr)")
        XCTAssertTrue(watched.stdout.contains("crazy-eights: game 2 over"), watched.stdout)
    }

    /// The three runs of Crazy Eights, started early: the bot alone on standard input; a
    /// seated bot beside it; the program on standard input at seat 3 with the seated bot at
    /// seat 1 answering play-again.
    static let crazyEights = EarlyStart { () -> (Run, Run, Run) in
        let python = try requiredTool("python3")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seated = "program:\(python) \(bot) --stdio"
        let binary = GamehostProcess.binary.path
        return (try run(python, [bot, "crazy-eights", "--gamehost", binary, "--seed", "3", "--games", "2", "--seats", "3"], folder: folder),
                try run(python, [bot, "crazy-eights", "--gamehost", binary, "--seed", "5", "--games", "2", "--seats", "3",
                                 "--", "--seat", "2=\(seated) --seed 7"], folder: folder),
                try run(python, [bot, "crazy-eights", "--gamehost", binary, "--seed", "6", "--seats", "3",
                                 "--", "--as", "3", "--seat", "1=\(seated) --games 2", "--seat", "2=\(seated)"], folder: folder))
    }

    /// Every command line of the bot's docstring runs as written (in the package's folder,
    /// with the built binary where it names .build/debug/gamehost or gamehost), and so does the
    /// README's.
    func testTheUsageInTheDocstringWorks() throws {
        let python = try requiredTool("python3")
        let source = try String(contentsOfFile: Self.bot, encoding: .utf8)
        let docstring = source.components(separatedBy: "\"\"\"")[1]
        let commands = docstring.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("python3 examples/bot.py") || $0.hasPrefix("gamehost play") }
        XCTAssertGreaterThanOrEqual(commands.count, 5, docstring)
        let help = try run(python, [Self.bot, "--help"])
        XCTAssertEqual(help.status, 0)
        let binary = GamehostProcess.binary.path
        var ran = 0
        for command in commands {
            if command.contains("[") {
                // A synopsis: the bot's own usage says the same.
                let synopsis = command.replacingOccurrences(of: "python3 examples/bot.py ", with: "")
                XCTAssertTrue(help.stdout.contains(synopsis), "\(command)\n\(help.stdout)")
                continue
            }
            var line = command.replacingOccurrences(of: ".build/debug/gamehost", with: binary)
            if line.hasPrefix("gamehost ") { line = "'\(binary)'" + line.dropFirst("gamehost".count) }
            let r = try run("/bin/sh", ["-c", line], input: String(repeating: "rock\n", count: 50) + "n\n")
            XCTAssertEqual(r.status, 0, "\(command)\n\(r.stdout)\n\(r.stderr)")
            ran += 1
        }
        XCTAssertGreaterThanOrEqual(ran, 3)
        // The README's line.
        let readme = try run(python, [Self.bot, "memory", "--gamehost", binary])
        XCTAssertEqual(readme.status, 0, readme.stderr)
        XCTAssertTrue(readme.stdout.contains("memory: game 1 over"), readme.stdout)
        // Arguments it cannot take are refused with its usage, not a stack trace.
        let wrong = try run(python, [Self.bot, "--stdio", "rps"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("usage:"), wrong.stderr)
    }
}
