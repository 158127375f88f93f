import GameCore
import GameHost
import LuaKit
import XCTest

/// Drives a rule file from XCTest: a session with options, a seed, scripted chance and a
/// manual clock; send inputs and assert on state, output and result. Assertion failures show
/// the transcript so far.
public final class RuleTester {
    public let session: GameSession
    public let clock: ManualClock
    private let driver: SessionDriver
    /// Every step so far, as a player would have seen it.
    public private(set) var transcript: [String] = []
    /// The report of the latest step.
    public private(set) var last: SessionDriver.Report

    /// Starts a session of the rule at `path` (a built-in game: `RuleTester.builtIn("rps")`).
    /// `force`, `forceShuffles` and `forceWords` script the first random outcomes, shuffles and
    /// words, including those `setup` draws. Word games
    /// play `words` (a list given inline, one entry per line as in a list file) or else
    /// `wordList` (a built-in list's name or a path), or else the rule's default list.
    /// `scores` keeps leaderboards across testers (nil: this session only).
    public init(_ path: String, options: [String: String] = [:], seed: UInt64 = 1, force: [Int] = [],
                forceShuffles: [[Int]] = [], forceWords: [String] = [],
                words: [String]? = nil, wordList: String? = nil, scores: ScoreStore? = nil, ascii: Bool = false) throws {
        let rule = try Rule(path: path, libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        if FileSystem.isInside(path, RuleTester.rulesDirectory) { rule.scoreKey = rule.id }
        clock = ManualClock(at: 1_000_000)
        var list: WordList?
        if let words {
            list = try WordList(bytes: Array(words.joined(separator: "\n").utf8), name: "test-words", filter: rule.wordFilter)
        } else if let name = wordList ?? rule.defaultWordList {
            list = try WordListCatalog(directories: [RuleTester.rulesDirectory + "/../wordlists"]).load(name, filter: rule.wordFilter, besideRule: path)
        }
        session = try GameSession(rule: rule, options: options, seed: seed, clock: clock, words: list, scores: scores, ascii: ascii)
        session.random.force(force)
        for order in forceShuffles { session.random.forceShuffle(order) }
        for word in forceWords { session.forceWord(word) }
        driver = SessionDriver(session: session)
        last = driver.start()
        record(last)
        if driver.finished { throw RuleError([last.reason ?? "the game did not start"]) }
    }

    /// The package's rules folder, found from this file's place in the checkout.
    public static var rulesDirectory: String {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/rules"
    }

    /// The path of a built-in game's rule file.
    public static func builtIn(_ name: String) -> String { rulesDirectory + "/\(name).lua" }

    /// Scripts the next random outcomes: each is the result of one `game.random`/`pick` draw
    /// (for `pick`, the 1-based index into the list).
    public func force(_ outcomes: Int...) { session.random.force(outcomes) }

    /// Scripts the next shuffle (`game.shuffle`, `game.cards.shuffle`): position k of the
    /// result holds the item at 1-based position `order[k]` of the list before.
    public func forceShuffle(_ order: [Int]) { session.random.forceShuffle(order) }

    /// Scripts the next word taken from the word list, whether drawn at random or in order.
    public func forceWord(_ word: String) { session.forceWord(word) }

    /// Sends one input line (a move or a /command) and returns what the step did.
    @discardableResult
    public func send(_ line: String) -> SessionDriver.Report {
        last = driver.handle(line)
        record(last)
        return last
    }

    /// Sends each line in turn.
    public func send(_ lines: [String]) { for line in lines { send(line) } }

    public var state: LuaValue { (try? session.stateValue()) ?? .nil }
    public var view: String { last.view }
    public var result: GameResult? { last.result }
    public var finished: Bool { driver.finished }

    /// The transcript, for failure messages.
    public var transcriptText: String { transcript.joined(separator: "\n") }

    /// Fails the test (showing the transcript) unless the last input was accepted.
    public func assertAccepted(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(last.status, .accepted, "\(message)\n\(transcriptText)", file: file, line: line)
    }

    /// Fails the test (showing the transcript) unless the last input was refused.
    public func assertRefused(containing text: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(last.status, .refused, "expected a refusal\n\(transcriptText)", file: file, line: line)
        XCTAssertTrue(text.isEmpty || (last.reason ?? "").contains(text), "refusal '\(last.reason ?? "")' lacks '\(text)'\n\(transcriptText)", file: file, line: line)
    }

    /// Fails the test (showing the transcript) unless the state field `key` equals `expected`.
    public func assertState(_ key: String, _ expected: LuaValue, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(state[key], expected, "state.\(key) \(message)\n\(transcriptText)", file: file, line: line)
    }

    private func record(_ r: SessionDriver.Report) {
        var lines: [String] = []
        if let input = r.input { lines.append("> " + input) }
        lines += r.messages
        if let reason = r.reason { lines.append("[\(r.status.rawValue)] " + reason) }
        if r.showsView { lines.append(r.view) }
        transcript.append(lines.joined(separator: "\n"))
    }
}
