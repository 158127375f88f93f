import Foundation
import XCTest

/// `/undo` takes back a seat's last move (and the table's moves after it) by playing the
/// session again without it: the game, its state and every stream go on as if the move had
/// never been made. Offered in practice and where the rule allows it; at one keyboard the
/// others agree first.
final class UndoTests: XCTestCase {
    var data = ""

    override func setUpWithError() throws {
        data = NSTemporaryDirectory() + "gamehost-undo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: data)
    }

    func run(_ arguments: [String], input: String) throws -> GamehostProcess.Result {
        try GamehostProcess.run(arguments + ["--data", data], input: input)
    }

    static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A value as JSON text with its keys sorted, to compare.
    static func text(_ value: Any?) -> String {
        guard let value else { return "none" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The steps after the one that answered `marker`, as JSON text with keys sorted.
    static func after(_ objects: [[String: Any]], input marker: String) -> [String] {
        guard let k = objects.lastIndex(where: { $0["input"] as? String == marker }) else { return [] }
        return objects[(k + 1)...].map(text)
    }

    /// Crazy Eights against the bot, in the protocol with the state revealed: a card played,
    /// the bot's answer, then `/undo`. The step that answers it shows the game, the state and
    /// the moves as they were before the card; what follows is step for step the stream of the
    /// session in which the card was never played.
    func testATakenBackMoveLeavesNothingBehind() throws {
        let game = ["play", "crazy-eights", "--seed", "11", "--json", "--reveal"]
        let first = Self.objects(try run(game, input: "").stdout)
        let start = try XCTUnwrap(first.last { $0["type"] as? String == "step" })
        let moves = try XCTUnwrap(start["moves"] as? [String])
        let card = try XCTUnwrap(moves.first { $0 != "draw" } ?? moves.first)
        let other = try XCTUnwrap(moves.last { $0 != card })
        let undone = Self.objects(try run(game, input: "\(card)\n/undo\n\(other)\n/moves\n").stdout)
        let never = Self.objects(try run(game, input: "\(other)\n/moves\n").stdout)
        let answer = try XCTUnwrap(undone.first { $0["input"] as? String == "/undo" })
        XCTAssertEqual(answer["status"] as? String, "command")
        XCTAssertEqual(answer["applied"] as? Bool, true)
        XCTAssertTrue((answer["messages"] as? [String] ?? []).contains { $0.contains("took back a move") }, "\(answer)")
        for field in ["view", "moves", "observation", "state", "to_move", "step"] {
            XCTAssertEqual(Self.text(answer[field]), Self.text(start[field]), "the game before the card: \(field)")
        }
        XCTAssertFalse(Self.after(never, input: other).isEmpty)
        XCTAssertEqual(Self.after(undone, input: other), Self.after(never, input: other), "the stream after the move taken back")
        let otherStep = try XCTUnwrap(undone.last { $0["input"] as? String == other })
        let neverStep = try XCTUnwrap(never.last { $0["input"] as? String == other })
        XCTAssertEqual(Self.text(otherStep["state"]), Self.text(neverStep["state"]))
        XCTAssertEqual(otherStep["step"] as? Int, neverStep["step"] as? Int)
    }

    /// A seeded session's later games keep their seeds after a move is taken back: the session
    /// replays whole, as its replay lines say.
    func testASeededSessionKeepsItsSeedsAfterAnUndo() throws {
        func seeds(_ input: String) throws -> [String] {
            let out = try run(["play", "rps", "--match", "single", "--seed", "1"], input: input).stdout
            return out.components(separatedBy: "\n").filter { $0.contains("(replay: gamehost play") }
        }
        let straight = try seeds("r\ny\nr\ny\nr\n")
        let undone = try seeds("r\ny\nr\ny\nr\n/undo\nr\n")
        XCTAssertGreaterThanOrEqual(straight.count, 2, "\(straight)")
        XCTAssertEqual(Array(undone.prefix(straight.count)), straight)
        for _ in 0..<5 {
            let again = try run(["play", "rps", "--match", "single", "--seed", "1"], input: "r\ny\nr\ny\nr\n/undo\n")
            XCTAssertTrue(again.stdout.contains("took back a move"), again.stdout)
            XCTAssertFalse(again.stdout.contains("could not be taken back"), again.stdout)
        }
    }

    /// Refused, saying why: no move yet, a game over, a recorded game, the game of the day.
    func testUndoIsRefusedWhereThereIsNothingToTakeBack() throws {
        let early = Self.objects(try run(["play", "rps", "--seed", "2", "--json"], input: "/undo\n").stdout)
        let refused = try XCTUnwrap(early.first { $0["input"] as? String == "/undo" })
        XCTAssertEqual(refused["status"] as? String, "refused")
        XCTAssertEqual(refused["reason"] as? String, "you have made no move in this game to take back")
        let over = try run(["play", "rps", "--seed", "2", "--match", "single"], input: String(repeating: "rock\n", count: 9) + "/undo\n")
        XCTAssertTrue(over.stdout.contains("the game is over: y starts the next"), over.stdout)
        let recorded = try run(["play", "rps", "--seed", "2", "--record", data + "/t.transcript"], input: "rock\n/undo\n")
        XCTAssertTrue(recorded.stdout.contains("a game recorded with --record is played without taking moves back"), recorded.stdout)
        let daily = try run(["play", "rps", "--daily"], input: "rock\n/undo\n")
        XCTAssertTrue(daily.stdout.contains("the game of the day is played without taking moves back"), daily.stdout)
        let help = try run(["play", "rps", "--seed", "2"], input: "/help\n")
        XCTAssertTrue(help.stdout.contains("/undo"), "the command is listed: \(help.stdout)")
    }

    /// People at one keyboard: the others agree first; a no keeps the move. (Bob, left of
    /// the dealer, plays first.)
    func testThePeopleAtTheKeyboardAgreeFirst() throws {
        let game = ["play", "crazy-eights", "--seed", "11", "--seat", "2=Bob", "--name", "Ann"]
        let refused = try run(game, input: "draw\n/undo\nn\n")
        XCTAssertTrue(refused.stdout.contains("Ann did not agree to take the move back"), refused.stdout)
        XCTAssertFalse(refused.stdout.contains("took back a move"), refused.stdout)
        let agreed = try run(game, input: "draw\n/undo\ny\n")
        XCTAssertTrue(agreed.stdout.contains("Bob took back a move: the game is as it was before it."), agreed.stdout)
        // Bob's hand is as it was dealt again: seven cards.
        let after = agreed.stdout.components(separatedBy: "Bob took back a move").last ?? ""
        XCTAssertTrue(after.contains("Your hand, Bob (7 cards)") || after.contains("Bob: 7 cards"), after)
    }

    /// A ranked game (live at a terminal) takes no move back, unless its rule allows it; then
    /// the game goes on as practice.
    func testARankedGameTakesAMoveBackOnlyWhereTheRuleAllowsIt() throws {
        let ranked = try TerminalSession.start(["play", "rps", "--plain", "--data", data], input: "rock\n/undo\n",
                                               environment: ["XDG_DATA_HOME": data + "/xdg"]).finish()
        XCTAssertTrue(ranked.output.contains("a ranked game is played without taking moves back"), ranked.output)
        let rule = data + "/undoable.lua"
        let memory = try String(contentsOfFile: GamehostProcess.packageRoot.path + "/rules/memory.lua", encoding: .utf8)
        let allowing = memory.replacingOccurrences(of: "\n  id = \"memory\",", with: "\n  id = \"undoable\",\n  undo = true,")
        XCTAssertNotEqual(allowing, memory)
        try allowing.write(toFile: rule, atomically: true, encoding: .utf8)
        let allowed = try TerminalSession.start(["play", rule, "--plain", "--data", data], input: "1\n/undo\n",
                                                environment: ["XDG_DATA_HOME": data + "/xdg"]).finish()
        XCTAssertTrue(allowed.output.contains("took back a move: the game is as it was before it."), allowed.output)
        try memory.replacingOccurrences(of: "\n  id = \"memory\",", with: "\n  id = \"bad\",\n  undo = \"yes\",")
            .write(toFile: data + "/bad.lua", atomically: true, encoding: .utf8)
        let broken = try run(["play", data + "/bad.lua"], input: "")
        XCTAssertTrue(broken.stderr.contains("field 'undo' must be true or false, not a string"), broken.stderr)
    }

    /// A kept game takes the move back in its file too: taken up later, the move is not there.
    func testAKeptGameKeepsTheMoveTakenBack() throws {
        _ = try run(["play", "rps", "--seed", "5", "--match", "best-of-5", "--save"], input: "rock\npaper\n/undo\n")
        let list = try run(["resume", "--list"], input: "")
        XCTAssertTrue(list.stdout.contains("· 1 move ·"), list.stdout)
        let resumed = try run(["resume"], input: "")
        let whole = try run(["play", "rps", "--seed", "5", "--match", "best-of-5"], input: "rock\n")
        func lastView(_ text: String) -> String {
            guard let range = text.range(of: "Best of 5", options: .backwards) else { return "" }
            return String(text[range.lowerBound...]).components(separatedBy: "\n\n")[0]
        }
        XCTAssertFalse(lastView(whole.stdout).isEmpty)
        XCTAssertEqual(lastView(resumed.stdout), lastView(whole.stdout))
    }
}
