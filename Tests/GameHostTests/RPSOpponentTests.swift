import GameHost
import GameHostTesting
import LuaKit
import XCTest

final class RPSOpponentTests: XCTestCase {
    func computerThrows(_ opponent: String, after inputs: [String], seed: UInt64 = 3) throws -> [String] {
        let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-99", "opponent": opponent], seed: seed)
        t.send(inputs)
        return t.state["throws"].array?.compactMap { $0["computer"].string } ?? []
    }

    func testFrequencyBeatsTheMostFrequentSignWithTiesGoingToRock() throws {
        // Before any throw all counts tie: predict rock, play paper. Then rock 1 -> paper;
        // rock 1, scissors 1 tie -> rock -> paper; scissors 2 -> rock.
        XCTAssertEqual(try computerThrows("frequency", after: ["rock", "scissors", "scissors", "paper"]),
                       ["paper", "paper", "paper", "rock"])
    }

    func testPatternPredictsWhatFollowedTheLastSign() throws {
        // Throw 4: the last sign is rock, which was followed by paper once: predict paper,
        // play scissors. Throw 3: the last sign, paper, was never followed: fall back to
        // frequency (rock 1, paper 1: rock), play paper.
        XCTAssertEqual(try computerThrows("pattern", after: ["rock", "paper", "rock", "scissors"]),
                       ["paper", "paper", "paper", "scissors"])
    }

    func testRandomIsUniformThroughTheHostSource() throws {
        // The first throw of 300 sessions with different seeds.
        let firsts = try (1...300).map { try computerThrows("random", after: ["r"], seed: UInt64($0)).first }
        for sign in ["rock", "paper", "scissors"] {
            XCTAssertEqual(Double(firsts.filter { $0 == sign }.count), 100, accuracy: 30, sign)
        }
    }

    func testTheSameSeedAndInputsGiveTheSameTranscript() throws {
        let inputs = ["rock", "paper", "x", "scissors", "/moves", "rock", "p", "s", "y", "r", "r"]
        func transcript(seed: UInt64) throws -> String {
            let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-5"], seed: seed)
            t.send(inputs)
            return t.transcriptText
        }
        XCTAssertEqual(try transcript(seed: 77), try transcript(seed: 77))
        XCTAssertNotEqual(try transcript(seed: 77), try transcript(seed: 78))
    }
}
