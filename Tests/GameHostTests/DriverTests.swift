import GameCore
import GameRules
import GameRuntime
import GameHostTesting
import XCTest

/// The one driver holds every seat to the same rules, whichever mode drives it: a program that
/// idles is stopped, a game of one is played to its end, the seat asked is the seat to move.
final class DriverTests: XCTestCase {
    let files = RuleFiles()

    func engine(_ path: String, seats: Int? = nil) throws -> GameEngine {
        var settings = EngineSettings()
        settings.seed = 3
        settings.practice = true
        settings.seats = seats
        settings.clock = StepClock(at: EngineSettings.manualEpoch)
        return try GameEngine(rule: try LoadedRule(path: path), settings: settings)
    }

    func testAProgramThatGivesNothingButRefusedInputsIsStopped() throws {
        let engine = try engine(RuleTester.builtIn("rps"))
        defer { engine.close() }
        let driver = Driver(table: Table(engine: engine, fillers: [.program("junk")]))
        var asked = 0
        let reason = driver.run(input: { _, driver in
            asked += 1
            return asked < driver.idleLimit + 50 ? ("banana", 6) : nil
        })
        XCTAssertEqual(reason, .error)
        XCTAssertEqual(asked, driver.idleLimit, "stopped at the limit, not at the end of the input")
        XCTAssertTrue(driver.failure?.contains("inputs in a row that were not moves") == true, driver.failure ?? "")
    }

    func testAPersonMayRefuseAsOftenAsTheyLike() throws {
        let engine = try engine(RuleTester.builtIn("rps"))
        defer { engine.close() }
        let driver = Driver(table: Table(engine: engine))
        var asked = 0
        let reason = driver.run(input: { _, _ in
            asked += 1
            return asked < 100 ? ("banana", 6) : nil
        })
        XCTAssertEqual(reason, .eof)
        XCTAssertEqual(asked, 100)
        XCTAssertNil(driver.failure)
    }

    func testAGameOfOneIsPlayedToItsEnd() throws {
        for command in ["/new", "/quit", "/exit"] {
            let engine = try engine(RuleTester.builtIn("rps"))
            defer { engine.close() }
            let table = Table(engine: engine, fillers: [.program("p")])
            table.playsOneGame = true
            let driver = Driver(table: table)
            var lines = ["rock", command, "rock"]
            driver.run(input: { _, _ in lines.isEmpty ? nil : (lines.removeFirst(), 4) })
            XCTAssertEqual(table.endReason, .error, command)
            XCTAssertEqual(driver.failure, "the program in seat 1 (p) sent \(command): each game is played to its end")
            XCTAssertEqual(lines, ["rock"], "nothing is asked after \(command)")
        }
    }

    func testTheSeatAskedIsTheSeatToMoveAndARefusalAsksItAgain() throws {
        // Two seats that take turns: seat 1, then seat 2, and so on.
        let path = files.write("turns", RuleFiles.rule([
            "players": "2",
            "setup": "function() return { n = 0 } end",
            "turn": "function(state) return state.n % 2 + 1 end",
            "moves": "function() return { 'go' } end",
            "play": "function(state, input, game) if input ~= 'go' then game.refuse('go') end state.n = state.n + 1 end",
            "result": "function(state) if state.n >= 4 then return { winner = 'none' } end end",
        ]))
        let engine = try engine(path, seats: 2)
        defer { engine.close() }
        let table = Table(engine: engine, fillers: [.person("a"), .person("b")])
        table.playsOneGame = true
        let driver = Driver(table: table)
        var asked: [Int] = []
        var lines = ["go", "no", "go", "go", "go"]
        driver.run(input: { seat, _ in
            asked.append(seat)
            return lines.isEmpty ? nil : (lines.removeFirst(), 2)
        })
        XCTAssertEqual(asked, [1, 2, 2, 1, 2])
        XCTAssertEqual(table.endReason, .quit, "the game of one ended with its result")
        XCTAssertEqual(driver.moves, 4)
    }

    func testTheMoveLimitEndsTheSession() throws {
        let engine = try engine(RuleTester.builtIn("rps"))
        defer { engine.close() }
        let table = Table(engine: engine, fillers: [.random])
        table.playsOneGame = true
        let driver = Driver(table: table)
        driver.moveLimit = 1
        driver.run(input: { _, _ in nil })
        XCTAssertEqual(driver.failure, "no result after 1 moves")
        XCTAssertEqual(driver.moves, 1)
    }
}
