import Foundation
import GameCore
import GameHost
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
    func write(_ text: String, style: TextStyle) { self.text += text }
    func bell() { bells += 1 }
}

final class TextLoopTests: XCTestCase {
    func session(seed: UInt64 = 5) throws -> GameEngine {
        let rule = try LoadedRule(path: RuleTester.builtIn("rps"))
        return try makeEngine(rule, options: ["match": "single"], seed: seed)
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

    func testJSONLinesHaveOneObjectPerStep() throws {
        let s = try session()
        s.random.force([1])
        let out = Buffer()
        _ = SessionLoop.run(Table(engine: s), input: ScriptedInput(["rock", "bad"]), presenter: JSONLinesPresenter(out))
        let objects = try out.text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["start", "step", "step", "step", "end"])
        XCTAssertEqual(objects[0]["seed"] as? String, "5")
        XCTAssertEqual(objects[0]["protocol"] as? Int, 1)
        XCTAssertEqual(objects[2]["status"] as? String, "accepted")
        XCTAssertEqual(objects[2]["moves"] as? [String], ["rock", "paper", "scissors"])
        XCTAssertNil(objects[2]["state"], "the whole state only with --reveal")
        let state = objects[2]["observation"] as! [String: Any]
        XCTAssertEqual(state["ties"] as? Int, 1)
        XCTAssertEqual(objects[3]["status"] as? String, "refused")
        XCTAssertEqual(objects[4]["reason"] as? String, "eof")
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
