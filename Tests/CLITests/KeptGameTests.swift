import Foundation
import XCTest

/// A game left in the middle is kept and taken up later at the same step (`gamehost resume`,
/// the menu's Continue): after Ctrl-D, `/quit`, a killed process; through the protocol too;
/// and a kept game that cannot be played again (another rule, a damaged file, another window
/// playing it) is named and left as it was.
final class KeptGameTests: XCTestCase {
    var data = ""

    override func setUpWithError() throws {
        data = NSTemporaryDirectory() + "gamehost-kept-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: data)
    }

    var saved: String { data + "/saved" }

    func keptFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: saved)) ?? []).filter { $0.hasSuffix(".save") }.sorted()
    }

    func run(_ arguments: [String], input: String = "") throws -> GamehostProcess.Result {
        try GamehostProcess.run(arguments + ["--data", data], input: input)
    }

    /// The text after the last "Your throw" block's marker: what a step showed last.
    static func tail(_ text: String, after marker: String) -> String {
        guard let range = text.range(of: marker, options: .backwards) else { return "" }
        return String(text[range.lowerBound...])
    }

    func testAGameLeftInTheMiddleIsTakenUpWhereItWasLeft() throws {
        let game = ["play", "rps", "--match", "best-of-5", "--seed", "3"]
        let left = try run(game + ["--save"], input: "rock\npaper\n")
        XCTAssertEqual(left.status, 0, left.stderr)
        XCTAssertTrue(left.stdout.contains("This game is kept: gamehost resume"), left.stdout)
        XCTAssertEqual(keptFiles().count, 1)
        let list = try run(["resume", "--list"])
        XCTAssertTrue(list.stdout.hasPrefix("1. Rock · Paper · Scissors · 2 moves · left "), list.stdout)
        // In the player's language, the game's title is the one the menu gives it.
        let japanese = try run(["resume", "--list", "--lang", "ja"])
        XCTAssertTrue(japanese.stdout.hasPrefix("1. じゃんけん · 2 手 · "), japanese.stdout)
        let menu = try run(["--lang", "ja"], input: "/quit\n")
        XCTAssertTrue(menu.stdout.contains("続きから") && menu.stdout.contains("じゃんけん · 2 手"), menu.stdout)
        XCTAssertFalse(menu.stdout.contains("Rock · Paper"), menu.stdout)
        // Taken up: it shows the game as it stood (one win, one tie), then the next throw
        // comes out as it did in the game played whole.
        let resumed = try run(["resume"], input: "scissors\n")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("Taking up where you left it: Rock · Paper · Scissors · 2 moves"), resumed.stdout)
        let before = resumed.stdout.components(separatedBy: "You: Scissors")[0]
        XCTAssertTrue(before.contains("You 1 · Computer 0 · Ties 1"), before)
        XCTAssertFalse(before.contains("You 0 · Computer 0"), "the game was shown from its start: \(before)")
        let whole = try run(game, input: "rock\npaper\nscissors\n")
        XCTAssertEqual(Self.tail(resumed.stdout, after: "You: Scissors").components(separatedBy: "This game is kept")[0],
                       Self.tail(whole.stdout, after: "You: Scissors"), "the step after the resume")
        // Finished: the kept game is gone.
        let finished = try run(["resume"], input: "rock\nrock\nrock\nrock\nn\n")
        XCTAssertTrue(finished.stdout.contains("wins the match"), finished.stdout)
        XCTAssertEqual(keptFiles(), [])
        let none = try run(["resume"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("no game is kept"), none.stderr)
    }

    /// A word list given by a path relative to where the game began is kept by its whole path:
    /// the game is taken up from any folder.
    func testAKeptGameKeepsItsWordListByItsWholePath() throws {
        let list = data + "/my list.txt"
        try "banana\napple\ncherry\n".write(toFile: list, atomically: true, encoding: .utf8)
        let here = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: here) + list.dropFirst()
        let left = try run(["play", "hangman", "--words", relative, "--seed", "2", "--save"], input: "e\n")
        XCTAssertEqual(left.status, 0, left.stderr)
        let kept = try String(contentsOfFile: saved + "/" + XCTUnwrap(keptFiles().first), encoding: .utf8)
        XCTAssertTrue(kept.contains(#""words":"\#(list)""#), kept.prefix(400).description)
    }

    func testAGameLeftBeforeAnyMoveOrOverIsNotKept() throws {
        _ = try run(["play", "rps", "--seed", "1", "--save"], input: "")
        XCTAssertEqual(keptFiles(), [], "a game left before its first move")
        let over = try run(["play", "rps", "--seed", "1", "--save"], input: String(repeating: "rock\n", count: 9) + "n\n")
        XCTAssertTrue(over.stdout.contains("Play again?"), over.stdout)
        XCTAssertFalse(over.stdout.contains("is kept"), over.stdout)
        XCTAssertEqual(keptFiles(), [], "a game played to its end")
        let noData = try GamehostProcess.run(["play", "rps", "--seed", "1", "--save", "--data", "none"], input: "rock\n")
        XCTAssertEqual(noData.status, 2)
        XCTAssertTrue(noData.stderr.contains("--save needs somewhere to keep the game"), noData.stderr)
        let misplaced = try run(["list", "--save"])
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertTrue(misplaced.stderr.contains("--save goes with play"), misplaced.stderr)
    }

    /// Leaving pauses a kept game: the rule's `leave`, which in Hangman ends the session with
    /// its summary, is not called, and the same word goes on with the same letters tried.
    func testQuitPausesAGameTheRuleWouldFinishOnLeaving() throws {
        let game = ["play", "hangman", "--seed", "5", "--words", "fruits"]
        let left = try run(game + ["--save"], input: "e\na\n/quit\n")
        XCTAssertTrue(left.stdout.contains("This game is kept"), left.stdout)
        XCTAssertEqual(keptFiles().count, 1)
        let resumed = try run(["resume"], input: "o\n")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertFalse(resumed.stdout.contains("Overall Average: 0.000\n\nWords"), "the rule's summary of a session left: \(resumed.stdout)")
        // The same as the game played in one go and left at the same step.
        try FileManager.default.removeItem(atPath: saved)
        let whole = try run(game + ["--save"], input: "e\na\no\n")
        XCTAssertEqual(Self.tail(resumed.stdout, after: "  ______"), Self.tail(whole.stdout, after: "  ______"))
        XCTAssertTrue(Self.tail(whole.stdout, after: "  ______").contains("o"))
    }

    /// Killed in the middle of a game (kill -9, as a closed window or a crash): the game is
    /// kept to its last step, and is played in no other window while one plays it.
    func testAKilledGameIsTakenUpAndOneWindowPlaysItAtATime() throws {
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "rps", "--match", "best-of-9", "--seed", "8", "--save", "--data", data]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data + "/xdg"
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("rock\npaper\n".utf8))
        // The start and two moves: three steps under the header.
        let deadline = Date().addingTimeInterval(20)
        func lines() -> Int {
            guard let name = keptFiles().first, let text = try? String(contentsOfFile: saved + "/" + name, encoding: .utf8) else { return 0 }
            return text.split(separator: "\n").count
        }
        while lines() < 4 && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(lines(), 4)
        let busy = try run(["resume"])
        XCTAssertEqual(busy.status, 1)
        XCTAssertTrue(busy.stderr.contains("being played in another window"), busy.stderr)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        let whole = try run(["play", "rps", "--match", "best-of-9", "--seed", "8"], input: "rock\npaper\nscissors\n")
        let resumed = try run(["resume"], input: "scissors\n")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("2 moves"), resumed.stdout)
        XCTAssertEqual(Self.tail(resumed.stdout, after: "You: Scissors").components(separatedBy: "This game is kept")[0],
                       Self.tail(whole.stdout, after: "You: Scissors"))
    }

    /// A cut last line (a write the kill interrupted) is dropped; damage before it, another
    /// version of the rule, or a file that is no kept game is named, and the file is left.
    func testAKeptGameThatCannotBePlayedAgainIsNamedAndLeftAsItWas() throws {
        let folder = data + "/rules"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let rule = folder + "/mine.lua"
        let original = try String(contentsOfFile: GamehostProcess.packageRoot.path + "/rules/rps.lua", encoding: .utf8)
        try original.write(toFile: rule, atomically: true, encoding: .utf8)
        _ = try run(["play", rule, "--seed", "2", "--match", "best-of-5", "--save"], input: "rock\npaper\n")
        let name = try XCTUnwrap(keptFiles().first)
        let path = saved + "/" + name
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        // A cut last line: taken up before it.
        try (kept + "{\"status\":\"acc").write(toFile: path, atomically: true, encoding: .utf8)
        let cut = try run(["resume"], input: "")
        XCTAssertEqual(cut.status, 0, cut.stderr)
        XCTAssertTrue(cut.stdout.contains("2 moves"), cut.stdout)
        // Damage before the last line: named with its line.
        var lines = kept.split(separator: "\n").map(String.init)
        lines[2] = "{\"status\":\"accepted\",\"seat\":9}"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let damaged = try run(["resume", "--list"])
        XCTAssertTrue(damaged.stdout.contains("No game is kept"), damaged.stdout)
        XCTAssertTrue(damaged.stderr.contains("\(name):3: 'seat' is not one of the game's seats (not a game that can be taken up)"), damaged.stderr)
        XCTAssertEqual(keptFiles(), [name], "a damaged kept game is left as it was")
        // Another version of the rule: refused, and the file stays for --forget.
        try kept.write(toFile: path, atomically: true, encoding: .utf8)
        try (original + "\n-- changed\n").write(toFile: rule, atomically: true, encoding: .utf8)
        let changed = try run(["resume"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stderr.contains("was kept with another version of its rule"), changed.stderr)
        XCTAssertEqual(keptFiles(), [name])
        let forgot = try run(["resume", "--forget", "1"])
        XCTAssertEqual(forgot.status, 0, forgot.stderr)
        XCTAssertEqual(keptFiles(), [])
    }

    /// Files in the folder that are no kept game (hostile or broken) are passed over, never
    /// played, and never stop the others from being listed.
    func testFilesThatAreNoKeptGameArePassedOver() throws {
        _ = try run(["play", "rps", "--seed", "4", "--save"], input: "rock\n")
        let hostile = [
            "{\"type\":\"gamehost-saved-game\",\"version\":1,\"game\":\"rps\",\"seed\":\"1\",\"seats\":[\"person:\\u001b[2J\"]}\n{\"status\":\"started\"}\n",
            "{\"type\":\"gamehost-saved-game\",\"version\":1,\"game\":\"rps\",\"seed\":\"99999999999999999999999\",\"seats\":[\"person:a\"]}\n{\"status\":\"started\"}\n",
            "{\"type\":\"gamehost-saved-game\",\"version\":1,\"game\":\"rps\",\"seed\":\"1\",\"seats\":[\"program\"]}\n{\"status\":\"started\"}\n",
            "{\"type\":\"gamehost-saved-game\",\"version\":1,\"game\":\"rps\",\"seed\":\"1\",\"seats\":[\"person:a\"]}\n{\"status\":\"started\",\"clock\":[1e300]}\n{\"status\":\"accepted\"}\n",
            "{\"type\":\"gamehost-saved-game\",\"version\":1,\"game\":\"rps\",\"seed\":\"1\",\"seats\":[\"person:a\"]}\n",
            String(repeating: "x", count: 2 << 20),
            "",
        ]
        for (k, text) in hostile.enumerated() { try text.write(toFile: "\(saved)/hostile-\(k).save", atomically: true, encoding: .utf8) }
        let list = try run(["resume", "--list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 1, list.stdout)
        XCTAssertTrue(list.stdout.hasPrefix("1. Rock · Paper · Scissors · 1 move"), list.stdout)
        let resumed = try run(["resume"], input: "")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let unknown = try run(["resume", "7"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("choose 1 to 1"), unknown.stderr)
    }

    /// A game over (a process ended at "play again?"), or one with no move, is forgotten by
    /// the list; another word list under the kept name, or a game of two people through the
    /// protocol, is refused; the kept name keeps the game whoever takes it up.
    func testWhatCannotBeTakenUpIsForgottenOrRefused() throws {
        _ = try run(["play", "rps", "--seed", "2", "--save"], input: "rock\n")
        let name = try XCTUnwrap(keptFiles().first)
        let text = try String(contentsOfFile: saved + "/" + name, encoding: .utf8)
        try (text + "{\"input\":\"rock\",\"over\":true,\"status\":\"accepted\"}\n").write(toFile: saved + "/" + name, atomically: true, encoding: .utf8)
        XCTAssertTrue(try run(["resume", "--list"]).stdout.contains("No game is kept"))
        XCTAssertEqual(keptFiles(), [], "a game over is forgotten")

        let words = data + "/w.txt"
        try "apple\nbanana\ncherry\n".write(toFile: words, atomically: true, encoding: .utf8)
        _ = try run(["play", "hangman", "--words", words, "--seed", "1", "--save"], input: "a\n")
        try "grape\nmelon\nlemon\n".write(toFile: words, atomically: true, encoding: .utf8)
        let changed = try run(["resume"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stderr.contains("was kept with other words in its list"), changed.stderr)
        _ = try run(["resume", "--forget", "1"])

        _ = try run(["play", "crazy-eights", "--seed", "7", "--seat", "2=Bob", "--save"], input: "draw\n")
        let twoPeople = try run(["resume", "--json"])
        XCTAssertEqual(twoPeople.status, 2)
        XCTAssertTrue(twoPeople.stderr.contains("take it up at the terminal, not with --json"), twoPeople.stderr)
        _ = try run(["resume", "--forget", "1"])

        _ = try run(["play", "rps", "--daily", "--name", "Cy", "--save"], input: "rock\n")
        _ = try run(["resume", "--name", "Dee"], input: String(repeating: "rock\n", count: 12))
        let cy = try run(["play", "rps", "--daily", "--name", "Cy"])
        XCTAssertTrue(cy.stderr.contains("you played today's"), "the game was Cy's: \(cy.stderr)")
        let dee = try run(["play", "rps", "--daily", "--name", "Dee"], input: "rock\n")
        XCTAssertEqual(dee.status, 0, "Dee has not played today: \(dee.stderr)")
    }

    /// A kept games folder that is a symbolic link is neither written through nor read.
    func testAKeptGamesFolderThatIsALinkIsNotFollowed() throws {
        let elsewhere = data + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: saved, withDestinationPath: elsewhere)
        let refused = try run(["play", "rps", "--seed", "1", "--save"], input: "rock\n")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("is a symbolic link, and no file is written through a link"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
        try "{}".write(toFile: elsewhere + "/planted.save", atomically: true, encoding: .utf8)
        let list = try run(["resume", "--list"])
        XCTAssertTrue(list.stdout.contains("No game is kept"), list.stdout)
        XCTAssertTrue(list.stderr.contains("a symbolic link, which is not followed"), list.stderr)
    }

    /// The protocol: a program's game kept with --save is taken up by `resume --json`, whose
    /// stream starts with the game as it stands.
    func testAProgramTakesUpItsGameThroughTheProtocol() throws {
        let left = try run(["play", "memory", "--seed", "6", "--json", "--save"], input: "1\n2\n")
        XCTAssertEqual(left.status, 0, left.stderr)
        XCTAssertTrue(left.stderr.contains("This game is kept"), left.stderr)
        let whole = try run(["play", "memory", "--seed", "6", "--json"], input: "1\n2\n3\n")
        let resumed = try run(["resume", "--json"], input: "3\n")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let objects = resumed.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let wholeObjects = whole.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        // The step after "3" is the same in both streams; the first step shown is where it stood.
        let after = { (list: [[String: Any]]) in list.last { ($0["input"] as? String) == "3" } }
        let a = try XCTUnwrap(after(objects)), b = try XCTUnwrap(after(wholeObjects))
        XCTAssertEqual(a["view"] as? String, b["view"] as? String)
        XCTAssertEqual(a["status"] as? String, "accepted")
        XCTAssertEqual(objects.first?["type"] as? String, "start", "the stream opens the game")
        XCTAssertEqual(objects.first?["game"] as? String, "memory")
        XCTAssertEqual(objects.dropFirst().first?["input"] as? String, "2", "then the step where the game was left")
    }

    /// The menu offers the game left last as `c`, and takes it up.
    func testTheMenuContinuesTheGameLeftLast() throws {
        _ = try run(["play", "rps", "--match", "best-of-5", "--seed", "3", "--save"], input: "rock\n")
        let menu = try run([], input: "c\npaper\n")
        XCTAssertEqual(menu.status, 0, menu.stderr)
        XCTAssertTrue(menu.stdout.contains("c. Continue"), menu.stdout)
        XCTAssertTrue(menu.stdout.contains("Rock · Paper · Scissors · 1 move"), menu.stdout)
        XCTAssertTrue(menu.stdout.contains("You: Paper"), menu.stdout)
        XCTAssertTrue(menu.stdout.contains("You 1 · Computer 0 · Ties 1"), menu.stdout)
    }

    /// A live game at a terminal is kept without being asked (and Ctrl-D there pauses it).
    func testALiveGameAtATerminalIsKept() throws {
        let session = try TerminalSession.start(["play", "rps", "--plain", "--data", data], input: "rock\n",
                                                environment: ["XDG_DATA_HOME": data + "/xdg"])
        let result = session.finish()
        XCTAssertTrue(result.output.contains("This game is kept"), result.output)
        XCTAssertEqual(keptFiles().count, 1)
        let kept = try String(contentsOfFile: saved + "/" + keptFiles()[0], encoding: .utf8)
        XCTAssertFalse(kept.contains("\"practice\":true"), "a live game is ranked")
    }
}
