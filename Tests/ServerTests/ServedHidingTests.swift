import Foundation
import GameAuthoring
import GameCore
import GameRules
import GameRuntime
@testable import GameServer
import Locking
import XCTest

/// Every built-in game played at a served table (`ServedTable`, as the server runs it, with a
/// recording connection in each seat and a watcher), at its fewest and most seats (up to 4).
/// At every step, what each seat may not see is changed (check's perturbation: the cards hidden
/// from it trade faces, its secret fields change) and what that seat and every watcher are
/// shown must not change; and a seat's pending input and refused input are swapped for others,
/// and no other seat's stream nor the watcher's may change.
final class ServedHidingTests: XCTestCase {
    /// A connection that keeps what it is sent.
    final class Recorder: TableConnection, @unchecked Sendable {
        // Sound as Sendable: `lines` is reached only under `lock`.
        let id: Int
        private let lock = Locked<[String]>([])
        private static let counter = Locked(1_000_000)
        init() { id = Self.counter.withLock { $0 += 1; return $0 } }
        func send(_ text: String) -> Bool { lock.withLock { $0.append(text) }; return true }
        var lines: [String] { lock.withLock { $0 } }
    }

    /// A served table of `game` with `seats` people, its first game from `seed`, its `inputs`
    /// replayed (silently, as a restart does), and a recorder in each seat and one watching.
    struct World {
        let table: ServedTable
        let seats: [Recorder]
        let watcher: Recorder
        /// What each recorder has been sent so far: a delta is what came after.
        func counts() -> [Int] { (seats + [watcher]).map(\.lines.count) }
        func delta(since counts: [Int]) -> [[String]] {
            zip(seats + [watcher], counts).map { Array($0.lines.dropFirst($1)) }
        }
    }

    static let root = ServeTests.root
    let catalog = RuleCatalog(directories: [], builtIn: ServedHidingTests.root.appendingPathComponent("rules").path)

    func makeWorld(_ game: String, seats: Int, seed: UInt64, inputs: [(seat: Int, line: String)]) throws -> World {
        let rule = try catalog.load(game)
        let words = try rule.info.defaultWordList.map { try WordListCatalog(beside: catalog).load($0, filter: rule.info.wordFilter, allowsPaths: false, besideRule: rule.path) }
        let records = (1...seats).map { TableStore.SeatRecord(filler: "person", name: "P\($0)", token: "t\($0)") }
        // A clock that stands still: the two worlds of a swap read the same times.
        let table = ServedTable(code: "HIDE", game: game, options: [:], seats: records, store: nil, clock: ManualClock())
        let saved = TableStore.Saved(code: "HIDE", game: game, options: [:], seats: records, seeds: [1: seed],
                                     inputs: inputs.map { ($0.seat, $0.line, [], nil) }, startClock: [])
        try table.open(rule: rule, words: words, scores: nil, saved: saved, timeLimit: 10)
        let recorders = (1...seats).map { _ in Recorder() }
        for (k, r) in recorders.enumerated() { table.attach(r, seat: k + 1, joined: .object([:])) }
        let watcher = Recorder()
        table.attach(watcher, seat: nil, joined: .object([:]))
        return World(table: table, seats: recorders, watcher: watcher)
    }

    /// What a watcher is shown of the table now: what every seat's view shows alike.
    static func watcherView(_ engine: GameEngine, seats: Int) throws -> SeatView {
        let views = try (1...seats).map { seat -> SeatView in
            var v = SeatView()
            let drawn = try engine.drawing(for: seat)
            v.view = drawn.text
            v.elements = drawn.elements
            v.observation = try engine.observation(for: seat)
            return v
        }
        return SeatView.common(views)
    }

    func testNoSeatsSecretReachesAnotherSeatOrAWatcherInAnyBuiltInGame() throws {
        let games = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("rules").path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertEqual(games.count, 9, "every built-in game")
        var proofs = 0, forks = 0
        for game in games {
            let range = try catalog.load(game).info.seats
            for seats in Set([range.min, min(range.max, 4)]).sorted() {
                let counted = try play(game, seats: seats)
                proofs += counted.proofs
                forks += counted.forks
            }
        }
        // Not a vacuous pass: the proofs ran, and inputs were swapped.
        XCTAssertGreaterThan(proofs, 300)
        XCTAssertGreaterThan(forks, 40)
    }

    /// Plays one game to its end (or 40 inputs), proving at each step; returns how many proofs
    /// and forks it made.
    func play(_ game: String, seats: Int, seed: UInt64 = 7) throws -> (proofs: Int, forks: Int) {
        let label = "\(game) at \(seats) seat\(seats == 1 ? "" : "s")"
        var inputs: [(seat: Int, line: String)] = []
        let world = try makeWorld(game, seats: seats, seed: seed, inputs: [])
        let chooser = RandomSource(seed: seed)
        var proofs = 0, forks = 0
        for step in 0..<40 {
            guard !world.table.finished, let (toMove, offered) = try world.table.withEngine({ engine -> ([Int], [Int: [String]]) in
                let toMove = try engine.toMove()
                return (toMove, Dictionary(uniqueKeysWithValues: try toMove.map { ($0, try engine.moves(for: $0).listed) }))
            }), let seat = toMove.first else { break }

            // The hidden cards: each seat's own proof (observation, view, moves, its bot) and the
            // watcher's view, with what that seat may not see changed.
            for hidden in 1...seats {
                try world.table.withEngine { engine in
                    if let leak = try engine.hidingLeak(for: hidden, seed: UInt64(step)) { XCTFail("\(label), step \(step): \(leak)") }
                    let before = try Self.watcherView(engine, seats: seats)
                    let altered = try engine.perturbHidden(for: hidden, seed: UInt64(step) &+ 11)
                    defer { try? engine.restoreAlteredState() }
                    let after = try Self.watcherView(engine, seats: seats)
                    if altered.changed > 0 {
                        XCTAssertEqual(before.view, after.view, "\(label), step \(step): the watcher's view shows what seat \(hidden) may not see")
                        XCTAssertEqual(before.elements, after.elements, "\(label), step \(step): the watcher's elements show what seat \(hidden) may not see")
                        XCTAssertEqual(before.observation, after.observation, "\(label), step \(step): the watcher's observation shows what seat \(hidden) may not see")
                    }
                }
                proofs += 1
            }

            let moves = offered[seat] ?? []
            let line = moves.isEmpty ? Self.freeText[Int(chooser.next() % UInt64(Self.freeText.count))] : moves[Int(chooser.next() % UInt64(moves.count))]
            // A refused input: two different ones reach only the seat that typed them. And a
            // pending input (another seat still to move): two different ones leave the others'
            // streams and the watcher's the same until every seat has moved.
            var swaps: [(String, String)] = []
            if step % 5 == 0 { swaps.append(("zz-\(step)", moves.first.map { $0 + " zz" } ?? "qq")) }
            if toMove.count > 1, let other = moves.first(where: { $0 != line }) { swaps.append((line, other)) }
            for (a, b) in swaps {
                let one = try makeWorld(game, seats: seats, seed: seed, inputs: inputs)
                let two = try makeWorld(game, seats: seats, seed: seed, inputs: inputs)
                let (countsOne, countsTwo) = (one.counts(), two.counts())
                let stepOne = one.table.handle(a, seat: seat), stepTwo = two.table.handle(b, seat: seat)
                // A swap of refused inputs is one only when both were refused.
                if a.hasPrefix("zz-") && (stepOne?.applied != false || stepTwo?.applied != false) { continue }
                let (seen1, seen2) = (one.delta(since: countsOne), two.delta(since: countsTwo))
                for k in seen1.indices where k != seat - 1 {
                    let who = k == seats ? "the watcher" : "seat \(k + 1)"
                    XCTAssertEqual(seen1[k], seen2[k], "\(label), step \(step): \(who) is told of seat \(seat)'s input ('\(a)' or '\(b)')")
                }
                forks += 1
            }
            world.table.handle(line, seat: seat)
            inputs.append((seat, line))
            // The watcher is shown exactly that common view (the one the perturbation held).
            if !world.table.finished, let last = world.watcher.lines.last(where: { $0.contains(#""type":"step""#) }),
               let object = try? JSONValue(parsing: last), case .object(let fields) = object,
               let common = try world.table.withEngine({ try Self.watcherView($0, seats: seats) }) {
                XCTAssertEqual(fields["view"], .string(common.view), "\(label), step \(step): the watcher's view is what every seat sees")
                XCTAssertEqual(fields["observation"], try JSONValue(parsing: (common.observation ?? .null).encoded),
                               "\(label), step \(step): the watcher's observation is what every seat sees")
            }
        }
        return (proofs, forks)
    }

    /// Free text for games that take it (a guess, a letter): some taken, some refused.
    static let freeText = ["crane", "e", "slate", "a", "pious", "t", "zz", "r", "mound", "s", "o"]
}
