import Foundation
import GameRules
import GameRuntime
@testable import GameServer
import XCTest

/// `/undo` at a served table: a practice table (or a rule that allows it) takes a move back
/// once the other people there agree; the request and the answers are stored among the
/// table's inputs, so a restart, and every server that shows the table, comes to the same game.
final class ServeUndoTests: XCTestCase {
    var served: (server: GameServer, port: Int, folder: String)!
    var clients: [WebSocketClient] = []

    override func setUpWithError() throws {
        served = try ServeTests.serve()
    }

    override func tearDown() {
        ServeTests.stop(served, clients: clients)
    }

    func client() throws -> WebSocketClient {
        let c = try WebSocketClient(port: served.port)
        clients.append(c)
        return c
    }

    static func isStep(_ m: [String: Any]) -> Bool { m["type"] as? String == "step" }
    static func undo(_ state: String) -> ([String: Any]) -> Bool { { $0["type"] as? String == "undo" && $0["state"] as? String == state } }

    /// Ann and Bob at a two-person Crazy Eights table (practice unless `practice` is false), each
    /// at the step where the game waits for its first move; and which of them moves first.
    func twoAtCrazyEights(practice: Bool = true) throws -> (ann: WebSocketClient, bob: WebSocketClient, code: String, first: Int, annToken: String) {
        let ann = try client()
        ann.send(["type": "create", "game": "crazy-eights", "seats": ["person", "person"], "name": "Ann", "practice": practice])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertEqual(bob.next("joined")?["seat"] as? Int, 2)
        // The last step of the game so far, as Bob joined: its to_move says who is first.
        let waiting = try XCTUnwrap(bob.next { Self.isStep($0) && !($0["to_move"] as? [Int] ?? []).isEmpty })
        let first = try XCTUnwrap((waiting["to_move"] as? [Int])?.first)
        XCTAssertNotNil(ann.next { Self.isStep($0) && ($0["to_move"] as? [Int]) == [first] })
        return (ann, bob, code, first, token)
    }

    /// The fields of a seat's step that say what the seat sees of the game. `clockFree`: with the
    /// clock's readings (a number of seconds since 1970) left out, for a step played at another
    /// time than the one it is compared with.
    static func seen(_ step: [String: Any]?, clockFree: Bool = false) -> [String] {
        guard let step else { return [] }
        func scrub(_ value: Any) -> Any {
            if let object = value as? [String: Any] { return object.mapValues(scrub) }
            if let list = value as? [Any] { return list.map(scrub) }
            if clockFree, let number = value as? Double, number > 1e9 { return "a clock reading" }
            return value
        }
        return ["view", "observation", "moves", "your_turn", "to_move"].map { key in
            guard let value = step[key], let data = try? JSONSerialization.data(withJSONObject: ["v": scrub(value)], options: [.sortedKeys]) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
    }

    func testAMoveTakenBackWithConsentLeavesNothingBehind() throws {
        let (ann, bob, _, first, _) = try twoAtCrazyEights()
        let (mover, other) = first == 1 ? (ann, bob) : (bob, ann)
        // What each seat saw before the draw.
        let beforeMover = mover.all.compactMap(Self.object).last(where: Self.isStep)
        let beforeOther = other.all.compactMap(Self.object).last(where: Self.isStep)
        mover.send(["type": "input", "line": "draw"])
        let drawn = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "draw" })
        XCTAssertNotNil(other.next { Self.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "accepted" })
        XCTAssertNotEqual(Self.seen(drawn), Self.seen(beforeMover), "the draw changed the mover's hand")

        // The mover asks; the other person is asked, and agrees.
        mover.send(["type": "input", "line": "/undo"])
        let asked = try XCTUnwrap(other.next(Self.undo("asked")))
        XCTAssertEqual(asked["seat"] as? Int, first)
        XCTAssertEqual(asked["needs"] as? [Int], [3 - first])
        XCTAssertTrue((asked["message"] as? String ?? "").contains("/agree"), "\(asked)")
        XCTAssertNotNil(mover.next(Self.undo("asked")))
        other.send(["type": "input", "line": "/agree"])
        for c in [mover, other] { XCTAssertNotNil(c.next(Self.undo("taken"))) }
        let moverBack = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "/undo" }, mover.all.suffix(4).joined(separator: "\n"))
        // (Another seat's input is not shown: the other sees the step by its seat and status.)
        let otherBack = try XCTUnwrap(other.next { Self.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "command" })
        XCTAssertEqual(moverBack["status"] as? String, "command")
        XCTAssertTrue((moverBack["messages"] as? [String] ?? []).contains { $0.contains("took back a move") }, "\(moverBack)")
        // Each seat sees the game as it was before the draw: the hand, the stock, the turn.
        XCTAssertEqual(Self.seen(moverBack), Self.seen(beforeMover))
        XCTAssertEqual(Self.seen(otherBack), Self.seen(beforeOther))
        // The chance drawn went back too: drawing again draws the same card.
        mover.send(["type": "input", "line": "draw"])
        let again = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "draw" })
        XCTAssertEqual(Self.seen(again), Self.seen(drawn))
    }

    func testATableRestartedAfterAnUndoIsTheGameWithoutTheMove() throws {
        let (ann, bob, code, first, annToken) = try twoAtCrazyEights()
        let (mover, other) = first == 1 ? (ann, bob) : (bob, ann)
        mover.send(["type": "input", "line": "draw"])
        XCTAssertNotNil(other.next { Self.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "accepted" })
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(other.next(Self.undo("asked")))
        other.send(["type": "input", "line": "/agree"])
        let back = try XCTUnwrap(ann.next { Self.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "command" })
        XCTAssertNotNil(bob.next { Self.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "command" })
        // A second server on the same data plays the stored inputs, the request and the
        // answer among them: Ann's seat shows the game as it stood after the undo.
        served.server.stop()
        let again = try ServeTests.makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        let returning = try client()
        returning.send(["type": "join", "table": code, "token": annToken])
        XCTAssertEqual(returning.next("joined")?["seat"] as? Int, 1)
        let roster = try XCTUnwrap(returning.next("table"))
        XCTAssertEqual(roster["practice"] as? Bool, true)
        XCTAssertEqual(roster["undo"] as? Bool, true)
        // (The game's earlier steps come without views: only its last has them.)
        XCTAssertNotNil(returning.next { Self.isStep($0) && Self.seen($0) == Self.seen(back) }, "the rebuilt table is where the undo left it")
    }

    func testARefusalOrAMoveEndsTheRequestAndTheMoveStands() throws {
        let (ann, bob, _, first, _) = try twoAtCrazyEights()
        let (mover, other) = first == 1 ? (ann, bob) : (bob, ann)
        mover.send(["type": "input", "line": "draw"])
        let drawn = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "draw" })
        // Refused: nothing is taken back.
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(other.next(Self.undo("asked")))
        other.send(["type": "input", "line": "/refuse"])
        let refused = try XCTUnwrap(mover.next(Self.undo("refused")))
        XCTAssertEqual(refused["by"] as? Int, 3 - first)
        XCTAssertTrue((refused["message"] as? String ?? "").contains("did not agree"), "\(refused)")
        // An answer with no request waiting is refused to its sender alone.
        other.send(["type": "input", "line": "/agree"])
        let nothing = try XCTUnwrap(other.next { Self.isStep($0) && $0["input"] as? String == "/agree" })
        XCTAssertEqual(nothing["status"] as? String, "refused")
        XCTAssertEqual(nothing["reason"] as? String, "nobody has asked to take back a move")
        // Asked again, and the asker takes it back itself.
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(other.next(Self.undo("asked")))
        // A second request while one waits is refused.
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertEqual(mover.next { Self.isStep($0) && $0["input"] as? String == "/undo" }?["status"] as? String, "refused")
        mover.send(["type": "input", "line": "/refuse"])
        XCTAssertTrue((other.next(Self.undo("refused"))?["message"] as? String ?? "").contains("no longer asks"))
        // Asked once more; the mover's next move lapses it (a draw is followed by a play or a pass).
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(other.next(Self.undo("asked")))
        let next = try XCTUnwrap((drawn["moves"] as? [String])?.first)
        mover.send(["type": "input", "line": next])
        XCTAssertNotNil(other.next(Self.undo("lapsed")))
        // Bob never saw a step taken back.
        XCTAssertFalse(other.all.contains { $0.contains("\"input\":\"/undo\"") && $0.contains("\"status\":\"command\"") })
    }

    func testARankedTableAndTheGameOfTheDayTakeNoMoveBack() throws {
        let (ann, bob, _, first, _) = try twoAtCrazyEights(practice: false)
        let (mover, other) = first == 1 ? (ann, bob) : (bob, ann)
        mover.send(["type": "input", "line": "draw"])
        XCTAssertNotNil(mover.next { Self.isStep($0) && $0["input"] as? String == "draw" })
        mover.send(["type": "input", "line": "/undo"])
        let refused = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "/undo" })
        XCTAssertEqual(refused["status"] as? String, "refused")
        XCTAssertEqual(refused["code"] as? String, "refused")
        XCTAssertTrue((refused["reason"] as? String ?? "").contains("practice tables"), "\(refused)")
        // Read as every command is: cleaned, by its first word.
        mover.send(["type": "input", "line": "  /UNDO please "])
        let again = try XCTUnwrap(mover.next { Self.isStep($0) && $0["input"] as? String == "/undo" })
        XCTAssertEqual(again["reason"] as? String, refused["reason"] as? String)
        // Nobody else is asked, or hears of it.
        other.send(["type": "input", "line": "/help"])
        let help = try XCTUnwrap(other.next { Self.isStep($0) && $0["input"] as? String == "/help" })
        // /help lists how the others answer a request to take a move back.
        let lines = "\(help)"
        XCTAssertTrue(lines.contains("/agree") && lines.contains("/refuse") && lines.contains("the others agree"), lines)
        XCTAssertFalse(other.all.contains { $0.contains("\"type\":\"undo\"") || $0.contains("\"status\":\"refused\"") })
        // The day's game is ranked: it is not made for practice.
        let daily = try client()
        daily.send(["type": "create", "game": "rps", "daily": true, "practice": true, "name": "Cy"])
        XCTAssertEqual(daily.next("error")?["code"] as? String, "bad-options")
        daily.send(["type": "create", "game": "rps", "practice": "yes", "name": "Cy"])
        XCTAssertEqual(daily.next("error")?["code"] as? String, "bad-options")
    }

    func testWithNobodyElseToAskAMoveIsTakenBackAtOnce() throws {
        // Rock · Paper · Scissors against the computer, best of 99: nobody else to ask.
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "name": "Ann", "practice": true])
        let first = try XCTUnwrap(ann.next(ServeTests.yourTurn))
        ann.send(["type": "input", "line": "rock"])
        // The computer throws in the same step: the round is scored, the next waits for Ann.
        let round = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "rock" })
        XCTAssertNotEqual(Self.seen(round), Self.seen(first))
        ann.send(["type": "input", "line": "/undo"])
        XCTAssertEqual(ann.next(Self.undo("taken"))?["needs"] as? [Int], [])
        let back = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" })
        XCTAssertEqual(Self.seen(back), Self.seen(first))
        // The computer answers the same throw the same way: the chance it drew went back too.
        ann.send(["type": "input", "line": "rock"])
        XCTAssertEqual(Self.seen(ann.next { Self.isStep($0) && $0["input"] as? String == "rock" }), Self.seen(round))
        // Taken back again, the game is at its start: no move of Ann's is left to take back.
        ann.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(ann.next(Self.undo("taken")))
        ann.send(["type": "input", "line": "/undo"])
        let none = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" && $0["status"] as? String == "refused" },
                                 ann.all.suffix(5).joined(separator: "\n"))
        XCTAssertEqual(none["reason"] as? String, "you have made no move in this game to take back")
    }

    func testTakingBackReplaysAtMostATablesBoundOfInputsAMinuteAndTheServerTwice() throws {
        // A table of at most 20 inputs: its takings-back replay at most 20 inputs a minute.
        served.server.stop()
        var limits = ServerLimits()
        limits.storedInputsPerTable = 20
        let server = try ServeTests.makeServer(folder: served.folder, limits: limits)
        served = (server, try server.start(address: "127.0.0.1", port: 0), served.folder)
        // Each throw and each request is stored: the takings-back replay 1, 3, 5 and 7 inputs,
        // and the fifth, of 9, passes the table's 20.
        XCTAssertEqual(try takingBack(5), ["command", "command", "command", "command",
                                           "moves have been taken back at this table too often just now: try again in a minute"])
        // The server's tables together replay at most two tables' bounds: a second table takes
        // back as much (16 more), and a third's 16 pass the 40 (by more than the seconds a slow
        // run gives back).
        XCTAssertEqual(try takingBack(4), ["command", "command", "command", "command"])
        XCTAssertEqual(try takingBack(1, after: 15), ["the server is taking many moves back just now: try again in a minute"])
    }

    /// A new practice table of Rock · Paper · Scissors against the computer, where `after`
    /// throws are made, then a throw and `/undo` follow each other `rounds` times: how each
    /// /undo was answered (a step's status, or a refusal's reason).
    func takingBack(_ rounds: Int, after: Int = 0) throws -> [String] {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "name": "Ann", "practice": true])
        XCTAssertNotNil(ann.next(ServeTests.yourTurn))
        for k in 0..<after {
            ann.send(["type": "input", "line": "paper"])
            XCTAssertNotNil(ann.next { Self.isStep($0) && $0["input"] as? String == "paper" }, "throw \(k)")
        }
        var answers: [String] = []
        for _ in 1...rounds {
            ann.send(["type": "input", "line": "rock"])
            XCTAssertNotNil(ann.next { Self.isStep($0) && $0["input"] as? String == "rock" })
            ann.send(["type": "input", "line": "/undo"])
            let answer = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" })
            answers.append(answer["reason"] as? String ?? answer["status"] as? String ?? "")
        }
        return answers
    }

    func testAServerThatKeepsNoTablesTakesNoMoveBack() throws {
        served.server.stop()
        let catalog = RuleCatalog(directories: [], builtIn: ServeTests.root.appendingPathComponent("rules").path)
        let server = try GameServer(catalog: catalog, dataHome: served.folder + "/data", data: nil, web: nil)
        served = (server, try server.start(address: "127.0.0.1", port: 0), served.folder)
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "name": "Ann", "practice": true])
        XCTAssertEqual(ann.next("table")?["undo"] as? Bool, false)
        XCTAssertNotNil(ann.next(ServeTests.yourTurn))
        ann.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(ann.next { Self.isStep($0) && $0["input"] as? String == "rock" })
        ann.send(["type": "input", "line": "/undo"])
        let refused = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" })
        XCTAssertEqual(refused["reason"] as? String, "this server keeps no tables, so no move can be taken back here")
    }

    /// Every built-in game at a practice table, its other seats the table's own players: a move
    /// taken back leaves the seat's view and observation as they were, and the same move played
    /// again makes the same step (the chance it drew went back too).
    func testEveryBuiltInGameTakesAMoveBackAndLeavesNothingBehind() throws {
        let games = try FileManager.default.contentsOfDirectory(atPath: ServeTests.root.path + "/rules")
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertGreaterThanOrEqual(games.count, 9)
        for game in games {
            let ann = try client()
            ann.send(["type": "create", "game": game, "name": "Ann", "practice": true])
            let before = try XCTUnwrap(ann.next(ServeTests.yourTurn), game)
            // The first move offered (a card, a letter, a bet), or a word where the game takes one.
            let move = (before["moves"] as? [String])?.first ?? "crane"
            ann.send(["type": "input", "line": move])
            let played = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == move }, game)
            XCTAssertEqual(played["status"] as? String, "accepted", "\(game): \(played)")
            // The table's own players have moved too: the seat's turn again (or the game's end).
            let waits: ([String: Any]) -> Bool = { ServeTests.yourTurn($0) || $0["over"] as? Bool == true }
            let after = try XCTUnwrap(waits(played) ? played : ann.next(waits), game)
            ann.send(["type": "input", "line": "/undo"])
            let back = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" }, game)
            if after["over"] as? Bool == true {
                XCTAssertEqual(back["reason"] as? String, "the game is over: y starts the next", game)
            } else {
                XCTAssertEqual(back["status"] as? String, "command", "\(game): \(back)")
                XCTAssertEqual(Self.seen(back), Self.seen(before), game)
                ann.send(["type": "input", "line": move])
                let again = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == move }, game)
                XCTAssertEqual(Self.seen(again, clockFree: true), Self.seen(played, clockFree: true), game)
                XCTAssertEqual(Self.seen(waits(again) ? again : ann.next(waits), clockFree: true), Self.seen(after, clockFree: true), game)
            }
            ann.close()
        }
    }

    func testARuleThatAllowsUndoTakesABackAtARankedTableWhichThenIsPractice() throws {
        let memory = try String(contentsOfFile: ServeTests.root.path + "/rules/memory.lua", encoding: .utf8)
        let allowing = memory.replacingOccurrences(of: "\n  id = \"memory\",", with: "\n  id = \"undoable\",\n  undo = true,")
        XCTAssertNotEqual(allowing, memory)
        try FileManager.default.createDirectory(atPath: served.folder + "/data/gamehost/rules", withIntermediateDirectories: true)
        try allowing.write(toFile: served.folder + "/data/gamehost/rules/undoable.lua", atomically: true, encoding: .utf8)
        // (A server lists the games installed as it starts.)
        served.server.stop()
        let server = try ServeTests.makeServer(folder: served.folder)
        served = (server, try server.start(address: "127.0.0.1", port: 0), served.folder)
        let ann = try client()
        ann.send(["type": "create", "game": "undoable", "name": "Ann"])
        let roster = try XCTUnwrap(ann.next("table"))
        XCTAssertEqual(roster["practice"] as? Bool, false)
        XCTAssertEqual(roster["undo"] as? Bool, true, "\(roster)")
        let first = try XCTUnwrap(ann.next(ServeTests.yourTurn))
        ann.send(["type": "input", "line": "1"])
        XCTAssertNotNil(ann.next { Self.isStep($0) && $0["input"] as? String == "1" })
        ann.send(["type": "input", "line": "/undo"])
        let back = try XCTUnwrap(ann.next { Self.isStep($0) && $0["input"] as? String == "/undo" }, ann.all.suffix(3).joined(separator: "\n"))
        XCTAssertEqual(back["status"] as? String, "command")
        XCTAssertEqual(Self.seen(back), Self.seen(first))
        // A game a move was taken back in is practice from then on, as at a terminal.
        XCTAssertEqual(ann.next("table")?["practice"] as? Bool, true)
    }

    static func object(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }
}

/// The events of taking a move back, as stored among a table's inputs.
final class TableUndoTests: XCTestCase {
    func testTheInputsPlayedAreThoseNotTakenBack() {
        let ask = TableUndo.line(.ask(seat: 1, from: 3, needs: [2]))
        let stored: [(seat: Int, line: String)] = [(1, "a"), (2, "b"), (1, "c"), (0, #"[2,"Bob"]"#), (0, ask), (2, "d"), (0, TableUndo.line(.agree(seat: 2))), (1, "e")]
        // Input 6 (Bob's "d") came while the request waited, and was taken back with it; the
        // naming stays.
        let plan = TableUndo.plan(stored, seats: 2)
        XCTAssertEqual(plan.played.map { stored[$0].line }, ["a", "b", #"[2,"Bob"]"#, "e"])
        XCTAssertTrue(plan.undo.tookBack)
        XCTAssertNil(plan.undo.pending)
    }

    func testARefusedOrLapsedRequestTakesNothingBack() {
        let stored: [(seat: Int, line: String)] = [(1, "a"), (0, TableUndo.line(.ask(seat: 1, from: 1, needs: [2]))),
                                                   (0, TableUndo.line(.refuse(seat: 2))), (0, TableUndo.line(.agree(seat: 2))),
                                                   (0, TableUndo.line(.ask(seat: 1, from: 1, needs: [2]))), (2, "b"), (0, TableUndo.line(.lapse))]
        let plan = TableUndo.plan(stored, seats: 2)
        XCTAssertEqual(plan.played.map { stored[$0].line }, ["a", "b"])
        XCTAssertFalse(plan.undo.tookBack)
    }

    func testEventsThatDoNotFitTheTableChangeNothing() {
        var undo = TableUndo()
        // Input 1 is seat 1's move, input 2 seat 2's.
        let seatOf: (Int) -> Int? = { [1: 1, 2: 2][$0] }
        // A seat the table has not, a move not yet stored, another seat's move, the asker asked,
        // the same seat twice.
        XCTAssertEqual(undo.apply(.ask(seat: 3, from: 1, needs: []), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.ask(seat: 1, from: 5, needs: []), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.ask(seat: 1, from: 2, needs: []), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.ask(seat: 1, from: 1, needs: [1]), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.ask(seat: 1, from: 1, needs: [2, 2]), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.agree(seat: 2), n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertEqual(undo.apply(.lapse, n: 3, seats: 2, seatOf: seatOf), .ignored)
        XCTAssertFalse(undo.tookBack)
        // Two of three agree: it waits for the third; an answer twice counts once.
        guard case .asked = undo.apply(.ask(seat: 1, from: 1, needs: [2, 3]), n: 3, seats: 3, seatOf: seatOf) else { return XCTFail("not asked") }
        guard case .agreed = undo.apply(.agree(seat: 2), n: 4, seats: 3, seatOf: seatOf) else { return XCTFail("not agreed") }
        XCTAssertEqual(undo.apply(.agree(seat: 2), n: 5, seats: 3, seatOf: seatOf), .ignored)
        guard case .taken(let request) = undo.apply(.agree(seat: 3), n: 6, seats: 3, seatOf: seatOf) else { return XCTFail("not taken") }
        XCTAssertEqual(request.from, 1)
    }

    func testStoredTextThatIsNotAnEventIsNotOne() {
        for line in [#"[2,"Bob"]"#, #"{"undo":"ask","seat":1,"from":1}"#, #"{"undo":"ask","seat":0,"from":1,"needs":[]}"#,
                     #"{"undo":"ask","seat":1,"from":-4,"needs":[]}"#, #"{"undo":"agree","seat":"2"}"#, #"{"undo":"maybe"}"#,
                     #"{"undo":"ask","seat":1,"from":1,"needs":[2,"x"]}"#, "{" + String(repeating: " ", count: 600) + #""undo":"lapse"}"#,
                     #"{"undo":"#, ""] {
            XCTAssertNil(TableUndo.event(line), line)
        }
        for event in [TableUndo.Event.ask(seat: 2, from: 7, needs: [1, 3]), .agree(seat: 1), .refuse(seat: 3), .lapse] {
            XCTAssertEqual(TableUndo.event(TableUndo.line(event)), event)
        }
    }
}
