import Dispatch
import Foundation
import GameCore
import GameAuthoring
import GameRules
import GameHostTesting
import Locking
import TestSupport
import XCTest

/// Tests/planted-bugs: ten small games (War, Higher or Lower and Go Fish on cards, Hearts'
/// tricks, Goofspiel's sealed bids, Liar's Dice, Anagram and Ghost on words, Tic-tac-toe and
/// Nim on boards), each correct, and beside each the bugs a new rule author makes, planted one
/// at a time: a move offered but refused, garbage accepted, a query that changes the state,
/// game data in a file-level variable, output that follows `pairs`, a card, a die or a secret
/// word shown or told, a result field of the wrong type, a score kept in `result`, a bot that
/// peeks, an off-by-one... `gamehost check` must find each, with its cause named, on every run:
/// the corpus is checked twice (each time in new Lua states, whose string hashing differs).
///
/// A `.bugs` file is a list of bugs:
///
///     === name
///     cause: text that check's report must contain
///     --- find
///     lines of the game, found once
///     --- with
///     what they become (any number of find/with pairs)
final class PlantedBugTests: XCTestCase {
    static let folder = RuleTester.rulesDirectory + "/../Tests/planted-bugs"
    /// Seeds 1 to 4 of the 10 `gamehost check` plays (for a fast suite): what check finds
    /// in them it finds in its default run too, which plays the same games and more.
    static let seeds = 4

    struct Bug: Sendable {
        var game: String
        var name: String
        var cause: String
        var edits: [(find: String, with: String)] = []
    }

    static func bugs(of game: String) throws -> [Bug] {
        let text = try String(contentsOfFile: "\(folder)/\(game).bugs", encoding: .utf8)
        var bugs: [Bug] = []
        var block: [String] = []
        var mode = ""
        func flush() {
            guard !bugs.isEmpty else { return }
            let joined = block.joined(separator: "\n").trimmingCharacters(in: .newlines)
            if mode == "find" { bugs[bugs.count - 1].edits.append((joined, "")) }
            if mode == "with" { bugs[bugs.count - 1].edits[bugs[bugs.count - 1].edits.count - 1].with = joined }
            block = []
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("=== ") {
                flush()
                bugs.append(Bug(game: game, name: String(line.dropFirst(4)), cause: ""))
                mode = ""
            } else if line.hasPrefix("cause: ") && mode.isEmpty {
                bugs[bugs.count - 1].cause = String(line.dropFirst(7))
            } else if line == "--- find" || line == "--- with" {
                flush()
                mode = String(line.dropFirst(4))
            } else {
                block.append(line)
            }
        }
        flush()
        return bugs
    }

    static var games: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }

    static func words(_ rule: RuleInfo) throws -> WordList? {
        try rule.defaultWordList.map { try WordListCatalog(directories: [RuleTester.rulesDirectory + "/../wordlists"]).load($0) }
    }

    /// check's report on `source`, written as GAME.lua in `folder`.
    static func check(_ source: String, game: String, in folder: String) -> Conformance.Findings {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + game + ".lua"
        try? source.write(toFile: path, atomically: true, encoding: .utf8)
        return Conformance.check(path: path, settings: Conformance.Settings(seeds: seeds), words: words)
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testEveryPlantedBugIsCaughtWithItsCauseOnEveryRun") { Self.corpus.start() }
    }

    /// One case: a correct game (no bug) or a bug planted in it, and what check found in it on
    /// each of the two runs.
    struct Case: Sendable {
        var game: String
        var bug: Bug?
        /// Edits whose text is not found exactly once in the game.
        var misplaced: [String]
        var found: [[String]] = []
    }

    /// The corpus, each case checked twice, two at a time; each check in a folder of its own.
    /// Started early: it takes seconds.
    static let corpus = EarlyStart { () -> [Case] in
        var cases: [(Case, String)] = []
        for game in games {
            let base = try String(contentsOfFile: "\(folder)/\(game).lua", encoding: .utf8)
            cases.append((Case(game: game, bug: nil, misplaced: []), base))
            for bug in try bugs(of: game) {
                var source = base
                var misplaced: [String] = []
                for edit in bug.edits {
                    if source.components(separatedBy: edit.find).count != 2 { misplaced.append(edit.find) }
                    source = source.replacingOccurrences(of: edit.find, with: edit.with)
                }
                cases.append((Case(game: game, bug: bug, misplaced: misplaced), source))
            }
        }
        let runs = 2, directory = NSTemporaryDirectory() + "gamehost-planted-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let found = Locked([[String]](repeating: [], count: cases.count * runs))
        let all = cases
        DispatchQueue.concurrentPerform(iterations: all.count * runs) { i in
            let (c, source) = all[i % all.count]
            let report = check(source, game: c.bug?.game ?? "base", in: directory + "/\(i)")
            found.withLock { $0[i] = report.problems }
        }
        return cases.enumerated().map { i, c in
            var result = c.0
            result.found = (0..<runs).map { run in found.withLock { $0[i + run * all.count] } }
            return result
        }
    }

    func testEveryPlantedBugIsCaughtWithItsCauseOnEveryRun() throws {
        XCTAssertEqual(Self.games.count, 10, "the corpus's games")
        let cases = try Self.corpus.value()
        for c in cases {
            XCTAssertEqual(c.misplaced, [], "\(c.game)/\(c.bug?.name ?? "base"): edits whose text is not found once")
            if let bug = c.bug { XCTAssertFalse(bug.cause.isEmpty, "\(c.game)/\(bug.name) names its cause") }
        }
        let bugs = cases.filter { $0.bug != nil }.count
        XCTAssertGreaterThanOrEqual(bugs, 40)
        var caught = 0
        var missed: [String] = []
        for c in cases {
            let first = c.found[0], second = c.found[1]
            guard let bug = c.bug else {
                XCTAssertEqual(first, [], "a correct game passes")
                continue
            }
            let name = "\(bug.game)/\(bug.name)"
            // The same finding on both runs: the cause is named every time, not by luck.
            XCTAssertEqual(first.contains { $0.contains(bug.cause) }, second.contains { $0.contains(bug.cause) }, "\(name) is caught on one run only")
            if first.contains(where: { $0.contains(bug.cause) }) && second.contains(where: { $0.contains(bug.cause) }) {
                caught += 1
            } else {
                missed.append("\(name): wanted '\(bug.cause)', got \(first)")
            }
        }
        let rate = Double(caught) / Double(bugs)
        print("planted bugs: \(caught) of \(bugs) caught with their cause on both runs (\(Int((rate * 100).rounded()))%)")
        XCTAssertGreaterThan(rate, 0.95, missed.joined(separator: "\n"))
    }
}
