import Foundation
import XCTest

/// The machine protocol (docs/protocol.md): every object the host writes, for every built-in
/// game and every kind of step, is valid against docs/protocol.schema.json; secrets stay out.
final class ProtocolTests: XCTestCase {
    let schema = try! JSONSchema(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("docs/protocol.schema.json"))

    func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// Inputs that reach every kind of step: moves, refusals, commands, the end of a game, y,
    /// /new and /quit.
    static let sessions: [(args: [String], input: String)] = [
        (["rps", "--match", "single"], "rock\nbanana\n/moves\n/help\nrock\n/moves\ny\npaper\n/new\n/quit\n"),
        (["rpsls"], "spock\nlizard\nrock\npaper\nscissors\nspock\nn\n"),
        (["applepie", "--order", "list"], "e\na\n/hint\n1\n\(String(repeating: "x", count: 5000))\nb\nc\nd\nf\ng\nh\ni\nj\nk\nl\n/new\n/quit\n"),
        (["hangman", "--words", "fruits"], "e\na\nzz\nt\ns\nr\nn\no\nl\ny\n"),
        (["memory", "--pairs", "2"], "1\n2\n3\n4\n1\n3\n2\n4\n1\n2\ny\n/quit\n"),
        (["memory-triples", "--pairs", "2"], "1\n2\n3\n4\n5\n6\n"),
        (["blackjack"], "10\nhit\nstand\n5\ndouble\nleave\n"),
        (["guess-five"], "crane\nxyzzy\nslate\n"),
    ]

    /// The same seed, options and input give the same bytes: no clock reading, address or
    /// hash order shows, and each run keeps its scores in a folder of its own.
    func testTheSameSeedGivesByteIdenticalOutput() throws {
        for (args, input) in Self.sessions {
            var runs: [String] = []
            for _ in 0..<2 {
                let data = NSTemporaryDirectory() + "same-seed-" + UUID().uuidString
                defer { try? FileManager.default.removeItem(atPath: data) }
                let r = try GamehostProcess.run(["play"] + args + ["--json", "--seed", "11", "--data", data], input: input)
                XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
                runs.append(r.stdout)
            }
            XCTAssertEqual(runs[0], runs[1], "\(args)")
        }
    }

    func testEveryObjectOfEveryGameIsValidAgainstTheSchema() throws {
        for (args, input) in Self.sessions {
            let r = try GamehostProcess.run(["play"] + args + ["--json", "--seed", "3"], input: input)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let lines = try objects(r.stdout)
            var statuses: Set<String> = []
            for object in lines {
                let problems = schema.problems(object)
                XCTAssertEqual(problems, [], "\(args): \(object)")
                if let status = object["status"] as? String { statuses.insert(status) }
            }
            XCTAssertEqual(lines.first?["type"] as? String, "start")
            XCTAssertEqual(lines.last?["type"] as? String, "end")
            XCTAssertTrue(statuses.isSuperset(of: ["started", "accepted"]), "\(args): \(statuses)")
        }
        let list = try GamehostProcess.run(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let listing = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8))
        XCTAssertEqual(schema.problems(listing, definition: "list"), [])
        XCTAssertEqual(((listing as! [String: Any])["games"] as! [[String: Any]]).map { $0["game"] as! String },
                       ["applepie", "blackjack", "guess-five", "hangman", "memory", "memory-triples", "rps", "rpsls"])
    }

    func testTheSchemaRefusesWhatTheProtocolDoesNotSay() throws {
        XCTAssertNotEqual(schema.problems(["type": "step"]), [])
        XCTAssertNotEqual(schema.problems(["type": "end", "reason": "bored"]), [])
        XCTAssertNotEqual(schema.problems(["type": "start", "protocol": 2, "game": "x", "title": "x", "seed": "1", "game_number": 1,
                                           "options": [:], "reveal": false] as [String: Any]), [])
    }

    func testANewGameStartsWithItsOwnSeedAndReplaysAlone() throws {
        let r = try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", "8"], input: "rock\ny\npaper\n")
        let starts = try objects(r.stdout).filter { $0["type"] as? String == "start" }
        XCTAssertEqual(starts.map { $0["game_number"] as? Int }, [1, 2])
        let second = starts[1]["seed"] as! String
        XCTAssertNotEqual(second, "8")
        // The second game's seed plays that game alone, throw for throw.
        let steps = try objects(r.stdout).filter { $0["type"] as? String == "step" }
        let alone = try objects(try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", second], input: "paper\n").stdout)
            .filter { $0["type"] as? String == "step" }
        XCTAssertEqual(steps.last?["messages"] as? [String], alone.last?["messages"] as? [String])
    }

    func testTheEndOfAGameOffersYesAndNoAndSaysItIsOver() throws {
        let r = try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", "2"], input: "rock\nrock\nrock\nrock\nrock\nrock\n")
        guard let last = try objects(r.stdout).first(where: { $0["over"] as? Bool == true }) else { return XCTFail(r.stdout) }
        XCTAssertEqual(last["over"] as? Bool, true)
        XCTAssertEqual(last["moves"] as? [String], ["y", "n"])
    }

    func testSecretsStayOutOfTheObservation() throws {
        for (game, extra) in [("applepie", ["--order", "list"]), ("hangman", ["--words", "fruits", "--order", "list"])] {
            let r = try GamehostProcess.run(["play", game, "--json", "--seed", "1"] + extra, input: "")
            let step = try objects(r.stdout)[1]
            let observation = step["observation"] as! [String: Any]
            XCTAssertNil(observation["word"], game)
            XCTAssertNil(observation["puzzle"], game)
            XCTAssertNil(observation["hint"], game)
            XCTAssertNotNil(observation["masked"], game)
            let revealed = try GamehostProcess.run(["play", game, "--json", "--reveal", "--seed", "1"] + extra, input: "")
            let state = try objects(revealed.stdout)[1]["state"] as! [String: Any]
            let word = state["word"] as! String
            XCTAssertFalse(r.stdout.contains("\"\(word)\""), "\(game): the word '\(word)' is not in --json")
        }
    }
}
