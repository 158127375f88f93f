import Foundation
import GameCore
import GamePresenters
import GameRules
import GameRuntime
import GameHostTesting
import XCTest

final class ScriptedInput: LineSource {
    var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}

final class Buffer: TextSink {
    var text = ""
    var bells = 0
    /// Where in `text` the screen was cleared.
    var clearedAt: [Int] = []
    func write(_ text: String, style: TextStyle) { self.text += text }
    func bell() { bells += 1 }
    func clearScreen() { clearedAt.append(text.count) }
}

final class TextLoopTests: XCTestCase {
    func session(seed: UInt64 = 5) throws -> GameEngine {
        let rule = try LoadedRule(path: RuleTester.builtIn("rps"))
        return try makeEngine(rule, options: ["match": "single"], seed: seed)
    }

    /// Handing the keyboard to the next person at it clears the screen and what the terminal
    /// keeps above it, after the last player's view: scrolling back shows no hand.
    func testTheHandOverClearsTheScreenAfterTheLastView() throws {
        let out = Buffer()
        let text = TextPresenter(out)
        text.people = [1: "Ann", 2: "Bob"]
        out.text = "Your hand, Ann: A♥ 9♥\n"
        text.hand(to: 2)
        XCTAssertEqual(out.clearedAt.count, 1)
        let after = String(out.text.dropFirst(out.clearedAt[0]))
        XCTAssertFalse(after.contains("A♥"), after)
        XCTAssertTrue(after.contains("Bob"), after)
    }

    func testTheTextLoopShowsSeedViewsMessagesAndTheResult() throws {
        let s = try session()
        s.random.force([3])
        let out = Buffer()
        let code = SessionLoop.run(Table(engine: s), input: ScriptedInput(["rok", "rock", "n"]), presenter: TextPresenter(out))
        XCTAssertEqual(code, 0)
        XCTAssertTrue(out.text.contains("Seed 5 (replay: gamehost play rps --seed 5 --match single)"), out.text)
        XCTAssertTrue(out.text.contains("✗ 'rok' is not a sign"), out.text)
        XCTAssertTrue(out.text.contains("You: Rock · Computer: Scissors — Rock blunts Scissors: you win this one."), out.text)
        XCTAssertTrue(out.text.contains("You win the match 1:0 after 1 throw (0 ties).\nPlay again? (y/n)"), out.text)
    }

    /// A session of several games ends with a line that sums them all up (the last game's
    /// result says only the last); a session of one game has no such line, and programs get none.
    func testASessionOfSeveralGamesIsSummedUpAtItsEnd() throws {
        let s = try session()
        // The computer throws scissors, paper, then scissors: Ann's rock wins, loses, wins.
        s.random.force([3, 2, 3])
        let out = Buffer()
        _ = SessionLoop.run(Table(engine: s), input: ScriptedInput(["rock", "y", "rock", "y", "rock", "n"]), presenter: TextPresenter(out))
        XCTAssertTrue(out.text.hasSuffix("This session: 3 games · you won 2 · computer won 1\n"), out.text)
        let one = try session()
        one.random.force([3])
        let single = Buffer()
        _ = SessionLoop.run(Table(engine: one), input: ScriptedInput(["rock", "n"]), presenter: TextPresenter(single))
        XCTAssertFalse(single.text.contains("This session"), single.text)
        let machine = try session()
        machine.random.force([3, 2])
        let json = Buffer()
        _ = SessionLoop.run(Table(engine: machine), input: ScriptedInput(["rock", "y", "rock", "n"]), presenter: JSONLinesPresenter(json))
        XCTAssertFalse(json.text.contains("This session"), json.text)
    }

    func testATallyCountsEachGameOnceAndNamesItsWinners() {
        func step(_ game: Int, _ result: GameResult?) -> Step {
            var step = Step(number: 1, game: game, seat: 1, input: "x", status: .accepted)
            step.result = result
            return step
        }
        var tally = SessionTally()
        tally.note(step(1, GameResult(winningSeats: [2], summary: "Bob wins")), names: ["Ann", "Bob"])
        tally.note(step(1, GameResult(winningSeats: [2], summary: "Bob wins")), names: ["Ann", "Bob"])
        XCTAssertNil(tally.line, "one game: its result says it")
        tally.note(step(2, nil), names: ["Ann", "Bob"])
        tally.note(step(2, GameResult(winningSeats: [1, 2], summary: "shared")), names: ["Ann", "Bob"])
        tally.note(step(3, GameResult(winner: "draw", summary: "a draw")), names: ["Ann", "Bob"])
        XCTAssertEqual(tally.games, 3)
        XCTAssertEqual(tally.line, "This session: 3 games · Bob won 2 · Ann won 1 · 1 with no winner")
    }

    /// The protocol, version 2 (docs/protocol.md): a start and a step per step of the table,
    /// from seat 1's point of view, then the end with its exit code. The seed is withheld
    /// until the game is over.
    func testJSONLinesHaveOneObjectPerStep() throws {
        let s = try session()
        s.random.force([1, 3])
        let out = Buffer()
        let code = SessionLoop.run(Table(engine: s), input: ScriptedInput(["rock", "bad", "r"]), presenter: JSONLinesPresenter(out))
        XCTAssertEqual(code, 0)
        let objects = try out.text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["start", "step", "step", "step", "step", "end"])
        let start = objects[0]
        XCTAssertEqual(start["protocol"] as? Int, 2)
        XCTAssertEqual(JSONLinesPresenter.protocolVersion, 2)
        XCTAssertTrue(start["seed"] is NSNull, "the seed only once the game is over")
        XCTAssertEqual(start["you"] as? Int, 1)
        XCTAssertEqual(start["game_number"] as? Int, 1)
        XCTAssertEqual(start["reveal"] as? Bool, false)
        XCTAssertTrue(start["words"] is NSNull)
        XCTAssertEqual((start["seats"] as? [[String: Any]])?.map { $0["filler"] as? String }, ["person"])

        let started = objects[1]
        XCTAssertEqual(started["status"] as? String, "started")
        XCTAssertEqual(started["step"] as? Int, 0)
        XCTAssertTrue(started["seat"] is NSNull)
        XCTAssertEqual(started["applied"] as? Bool, true)
        XCTAssertEqual(started["your_turn"] as? Bool, true)
        XCTAssertEqual(started["to_move"] as? [Int], [1])

        let tie = objects[2]
        XCTAssertEqual(tie["status"] as? String, "accepted")
        XCTAssertEqual(tie["seat"] as? Int, 1)
        XCTAssertEqual(tie["input"] as? String, "rock")
        XCTAssertEqual(tie["move"] as? String, "rock")
        XCTAssertEqual(tie["moves"] as? [String], ["rock", "paper", "scissors"])
        XCTAssertEqual(tie["keys"] as? [String: String], ["r": "rock", "p": "paper", "s": "scissors"])
        XCTAssertNil(tie["state"], "the whole state only with --reveal")
        XCTAssertTrue(tie["code"] is NSNull)
        XCTAssertTrue(tie["question"] is NSNull)
        XCTAssertEqual((tie["observation"] as! [String: Any])["ties"] as? Int, 1)

        let refused = objects[3]
        XCTAssertEqual(refused["status"] as? String, "refused")
        XCTAssertEqual(refused["code"] as? String, "refused")
        XCTAssertEqual(refused["applied"] as? Bool, false)
        XCTAssertEqual(refused["step"] as? Int, 2)

        // A key plays its move; this throw ends the match, and the seed shows in the result.
        let over = objects[4]
        XCTAssertEqual(over["input"] as? String, "r")
        XCTAssertEqual(over["move"] as? String, "rock")
        XCTAssertEqual(over["over"] as? Bool, true)
        XCTAssertEqual(over["question"] as? String, "play-again")
        XCTAssertEqual(over["your_turn"] as? Bool, true, "the seat asked to play again is told")
        XCTAssertEqual(over["to_move"] as? [Int], [1])
        XCTAssertEqual(over["moves"] as? [String], ["y", "n"])
        let result = over["result"] as! [String: Any]
        XCTAssertEqual(result["seed"] as? String, "5")
        XCTAssertEqual(result["replay"] as? String, "gamehost play rps --seed 5 --match single")
        XCTAssertEqual(result["winners"] as? [Int], [])

        XCTAssertEqual(objects[5]["reason"] as? String, "eof")
        XCTAssertEqual(objects[5]["exit_code"] as? Int, 0)
        XCTAssertEqual(out.text.components(separatedBy: "\"seed\":\"5\"").count, 2, "the seed appears once, in the result")
    }

    func testARuleThatCannotStartEndsWithExitCodeOne() throws {
        let files = RuleFiles()
        let rule = try LoadedRule(path: files.write("bad", RuleFiles.rule(["setup": "function() error('no setup') end"])))
        let out = Buffer()
        let code = SessionLoop.run(Table(engine: try makeEngine(rule)), input: ScriptedInput([]), presenter: TextPresenter(out))
        XCTAssertEqual(code, 1)
        XCTAssertTrue(out.text.contains("error: "), out.text)
        XCTAssertTrue(out.text.contains("error: \(files.directory)/bad.lua:5: no setup"), "the file and line of the error: \(out.text)")
    }
}
