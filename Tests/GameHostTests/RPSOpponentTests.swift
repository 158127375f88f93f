import Dispatch
import GameRuntime
import GameHostTesting
import LuaKit
import XCTest

final class RPSOpponentTests: XCTestCase {
    func computerThrows(_ opponent: String, after inputs: [String], seed: UInt64 = 3) throws -> [String] {
        let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-99", "opponent": opponent], seed: seed)
        t.send(inputs)
        return t.state["throws"].array?.compactMap { $0["computer"].string } ?? []
    }

    /// Plays `matchesPerSeed` matches (a new one with `y`) in a session of each seed, the
    /// player throwing `sequence` over and over from the start of every match; returns the
    /// matches the player and the computer won.
    func fixedSequence(_ sequence: [String], against opponent: String, seeds: ClosedRange<UInt64> = 1...15,
                       matchesPerSeed: Int = 20) throws -> (wins: Int, losses: Int) {
        var wins = 0, losses = 0
        for seed in seeds {
            let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-3", "opponent": opponent], seed: seed)
            for match in 0..<matchesPerSeed {
                if match > 0 { t.send("y") }
                var throwsSent = 0
                while t.result == nil && throwsSent < 500 {
                    t.send(sequence[throwsSent % sequence.count])
                    throwsSent += 1
                }
                if t.result?.winner == "player" { wins += 1 } else if t.result?.winner == "computer" { losses += 1 }
            }
        }
        return (wins, losses)
    }

    func testFixedSequencesWinNoMoreOftenThanChance() throws {
        // `s p r` used to beat `frequency` 2:0 in every match: it opened with paper and broke
        // ties towards rock. The last sequence is the one that beat the old `pattern` every time.
        let sequences: [[String]] = [
            ["r"], ["s", "p", "r"], ["r", "p", "s"],
            ["s", "p", "r", "s", "r", "p", "s", "s", "s", "p", "s", "r"],
        ]
        // The eight pairs two at a time. (`fixedSequence` uses nothing of the test but testers
        // of its own.)
        nonisolated(unsafe) let test = self
        let pairs = ["frequency", "pattern"].flatMap { opponent in sequences.map { (opponent, $0) } }
        DispatchQueue.concurrentPerform(iterations: pairs.count) { i in
            let (opponent, sequence) = pairs[i]
            do {
                let (wins, losses) = try test.fixedSequence(sequence, against: opponent)
                let decided = Double(wins + losses)
                XCTAssertEqual(wins + losses, 300, "every match is decided")
                // Chance is half of the decided matches; allow 4 standard deviations above it.
                let bound = 0.5 + 4 * (0.25 / decided).squareRoot()
                XCTAssertLessThan(Double(wins) / decided, bound,
                                  "\(sequence.joined(separator: " ")) against \(opponent): \(wins):\(losses)")
            } catch {
                XCTFail("\(opponent): \(error)")
            }
        }
    }

    func testPredictingOpponentsOpenAtRandom() throws {
        // The first throw of 300 sessions with different seeds: nothing to predict from yet.
        for opponent in ["frequency", "pattern"] {
            let firsts = try (1...300).map { try computerThrows(opponent, after: ["r"], seed: UInt64($0)).first }
            for sign in ["rock", "paper", "scissors"] {
                XCTAssertEqual(Double(firsts.filter { $0 == sign }.count), 100, accuracy: 30, "\(opponent): \(sign)")
            }
        }
    }

    func testFrequencyLearnsAPlayerWhoKeepsToOneSign() throws {
        // Every prediction after the first throw is rock, so paper would have won each time;
        // the computer follows its prediction more and more (28 of every 31 at the end).
        var paperInTheLastTen = 0
        for seed in UInt64(1)...20 {
            let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-99", "opponent": "frequency"], seed: seed)
            t.send(Array(repeating: "rock", count: 30))
            t.assertState("predictions", ["made": 29, "right": 29, "wrong": 0])
            let computer = t.state["throws"].array?.compactMap { $0["computer"].string } ?? []
            XCTAssertEqual(computer.count, 30)
            paperInTheLastTen += computer.suffix(10).filter { $0 == "paper" }.count
        }
        XCTAssertGreaterThan(paperInTheLastTen, 150, "of 200 throws")
    }

    func testPatternLearnsACycleThatFrequencyCannotSee() throws {
        // From the fifth throw on, the sign that followed the last one is always right.
        var computerWinsInTheLastTen = 0
        for seed in UInt64(1)...20 {
            let t = try RuleTester(RuleTester.builtIn("rps"), options: ["match": "best-of-99", "opponent": "pattern"], seed: seed)
            for _ in 1...10 { t.send(["r", "p", "s"]) }
            XCTAssertGreaterThanOrEqual(t.value(at: "predictions.right").integer ?? 0, 26)
            XCTAssertLessThanOrEqual(t.value(at: "predictions.wrong").integer ?? 99, 2)
            let outcomes = t.state["throws"].array?.compactMap { $0["outcome"].string } ?? []
            computerWinsInTheLastTen += outcomes.suffix(10).filter { $0 == "loss" }.count
        }
        XCTAssertGreaterThan(computerWinsInTheLastTen, 120, "of 200 throws")
    }

    func testTheRandomOpponentKeepsNoPredictions() throws {
        let t = try RuleTester(RuleTester.builtIn("rps"), options: ["opponent": "random"])
        t.send("rock")
        t.assertState("predictions", .nil)
    }

    func testRandomIsUniformThroughTheHostSource() throws {
        // The first throw of 300 sessions with different seeds.
        let firsts = try (1...300).map { try computerThrows("random", after: ["r"], seed: UInt64($0)).first }
        for sign in ["rock", "paper", "scissors"] {
            XCTAssertEqual(Double(firsts.filter { $0 == sign }.count), 100, accuracy: 30, sign)
        }
    }

    func testThrowsShowCapitalisedSignsAndTheScoreOnce() throws {
        let t = try RuleTester(RuleTester.builtIn("rpsls"))
        // A big button for each sign: its name and picture, its key, its move.
        XCTAssertEqual(t.elements?.last, ViewElement(.buttons([
            .init("Rock ✊", move: "rock", key: "r"), .init("Paper ✋", move: "paper", key: "p"),
            .init("Scissors ✌️", move: "scissors", key: "s"), .init("Lizard 🦎", move: "lizard", key: "l"),
            .init("Spock 🖖", move: "spock", key: "k"),
        ])))
        XCTAssertTrue(t.view.hasSuffix("Your throw:\n[Rock ✊ (r)] [Paper ✋ (p)]\n[Scissors ✌️ (s)] [Lizard 🦎 (l)]\n[Spock 🖖 (k)]"), t.view)
        t.force(5)  // the computer's pick: the 5th sign, spock
        t.send("LIZARD")
        XCTAssertEqual(t.last.messages, ["You: Lizard · Computer: Spock — Lizard poisons Spock: you win this one.",
                                         "You need 1 more win, the computer 2 more wins."])
        XCTAssertTrue(t.view.contains("You 1 · Computer 0 · Ties 0"), "the view's line is the score: \(t.view)")
        t.force(5)
        t.send("sPoCk")
        t.assertState("ties", 1)
        t.send("vulcan")
        t.assertRefused(containing: "'vulcan' is not a sign: type Rock, Paper, Scissors, Lizard or Spock (r, p, s, l, k)")
    }

    func testASCIIMatchesShowOnlyASCII() throws {
        let t = try RuleTester(RuleTester.builtIn("rps"), ascii: true)
        t.force(3)  // scissors
        t.send("r")
        XCTAssertEqual(t.last.messages.first, "You: Rock - Computer: Scissors -- Rock blunts Scissors: you win this one.")
        XCTAssertTrue(t.view.contains("You 1 - Computer 0 - Ties 0"), t.view)
        t.send(["p", "s", "r", "p", "s", "r"])
        XCTAssertTrue(t.transcriptText.unicodeScalars.allSatisfy(\.isASCII), t.transcriptText)
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
