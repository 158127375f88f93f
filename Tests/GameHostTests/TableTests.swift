import Foundation
import GameCore
import GameRules
import GameRuntime
import GameHostTesting
import XCTest

/// The table's side of a step, for every client alike: whom the host's answers reach, who is
/// asked to play again, the seats the table plays (bots with chance of their own, random seats
/// seeded per game), budgets, rewards, refusal codes, the clock and the start of a game.
final class TableTests: XCTestCase {
    let files = RuleFiles()

    /// Two seats taking turns: `up` or `down`, the game over at n = 3.
    static let twoSeats: [String: String] = [
        "players": "2",
        "turn": "function(state) return state.turn end",
        "setup": "function(game) return { n = 0, turn = 1 } end",
        "moves": "function(state, game, seat) return { 'up', 'down' } end",
        "play": """
            function(state, input, game, seat)
                if input == 'nope' then game.refuse("it is not seat 2's turn, says the rule") end
                state.n = state.n + (input == 'up' and 1 or -1)
                state.turn = 3 - seat
              end
            """,
        "bot": "function(state, game, seat) return game.random(3) == 1 and 'down' or 'up' end",
    ]

    func engine(_ overrides: [String: String] = [:], seed: UInt64 = 1, seats: Int? = nil, clock: Clock? = nil) throws -> GameEngine {
        let rule = try LoadedRule(path: files.write("rule-\(UUID().uuidString)", RuleFiles.rule(overrides)))
        var settings = EngineSettings()
        settings.seed = seed
        settings.seats = seats
        if let clock { settings.clock = clock }
        return try GameEngine(rule: rule, settings: settings)
    }

    func rps(seed: UInt64) throws -> GameEngine {
        var settings = EngineSettings()
        settings.seed = seed
        settings.seats = 2
        settings.options = ["match": "single"]
        return try GameEngine(rule: try LoadedRule(path: RuleTester.builtIn("rps"), libraryDirectories: [RuleTester.rulesDirectory + "/lib"]),
                              settings: settings)
    }

    /// A table whose seats all read their views: as the protocol's presenters have it.
    func table(_ engine: GameEngine, _ fillers: [Table.Filler]) -> Table {
        let table = Table(engine: engine, fillers: fillers)
        table.viewers = Array(1...engine.seatCount)
        table.machineView = .observation
        return table
    }

    // MARK: Whom the host answers

    /// A person's name is written in the replay line so that `--seat` reads a person again: a
    /// name that is a kind of seat (bot, random, search) or starts as one (program:COMMAND,
    /// person:NAME) is written person:NAME, never as a bot or a command to run.
    func testTheReplayLineNeverSeatsAPersonsNameAsAnotherKindOfPlayer() throws {
        for (name, written) in [("Bob", "--seat 2=Bob"), ("program:touch x", "--seat '2=person:program:touch x'"),
                                ("PROGRAM:id", "--seat 2=person:PROGRAM:id"), ("Bot", "--seat 2=person:Bot"),
                                ("random", "--seat 2=person:random"), ("search", "--seat 2=person:search"),
                                ("person:Ann", "--seat 2=person:person:Ann"), ("", "--seat '2=seat 2'")] {
            let line = table(try rps(seed: 3), [.person("Ann"), .person(name)]).replayCommand(seed: 3)
            XCTAssertTrue(line.hasSuffix(" --seats 2 " + written), "\(name): \(line)")
        }
        XCTAssertEqual(Table.seatWord(person: "Botany"), "Botany")
    }

    /// `/moves`, `/help`, `/rules` and `/words` answer the seat that asked, not every seat.
    func testTheHostsAnswersAreForTheAskingSeatOnly() throws {
        let t = table(try engine(Self.twoSeats), [.person("a"), .person("b")])
        _ = t.start()
        _ = t.handle("up", seat: 1)
        for command in ["/moves", "/help", "/rules"] {
            let r = t.handle(command, seat: 2)
            XCTAssertEqual(r.status, .command, command)
            XCTAssertEqual(r.messages, [], "\(command): nothing for every seat")
            XCTAssertEqual(r.messages(for: 1), [], "\(command): nothing for seat 1")
            XCTAssertFalse(r.messages(for: 2).isEmpty, "\(command): the answer is seat 2's")
        }
        XCTAssertEqual(t.handle("/moves", seat: 2).messages(for: 2), ["Moves: up, down"])
    }

    /// Past the end of a shared list, `/words` says there are no more words.
    func testWordsPastTheEndSaysThereAreNoMore() throws {
        let t = try RuleTester(RuleTester.builtIn("guess-five"))
        let size = try XCTUnwrap(t.engine.words?.entries.count)
        XCTAssertEqual(t.send("/words 99999 5").messages(for: 1), ["No more words: the list has \(size), and /words 99999 starts after its end."])
        XCTAssertEqual(t.last.words?.words, [])
        XCTAssertEqual(t.send("/words 3 2").messages(for: 1), ["Words 3 to 4 of \(size)."])
        XCTAssertEqual(t.send("/words 3 0").messages(for: 1), ["No words: a count of 0 asks for none."])
    }

    // MARK: Who is asked to play again

    /// Once a game is over, the lowest-numbered seat a person or program fills is to move, and
    /// offered y and n; the other seats are offered nothing.
    func testTheSeatAskedToPlayAgainIsToldSo() throws {
        for (fillers, asked) in [([Table.Filler.person("a"), .person("b")], 1), ([.bot, .program("p")], 2), ([.bot, .bot], 1)] {
            let t = table(try engine(Self.twoSeats), fillers)
            var last = t.start()
            while last.result == nil {
                if let automatic = t.nextAutomaticStep() { last = automatic; continue }
                last = t.handle("up")
                XCTAssertNotEqual(last.status, .error, "\(fillers)")
            }
            XCTAssertEqual(last.toMove, [asked], "\(fillers)")
            XCTAssertEqual(t.playAgainSeat, asked)
            for seat in t.viewers { XCTAssertEqual(last.view(of: seat).moves, seat == asked ? ["y", "n"] : [], "\(fillers): seat \(seat)") }
            // A refused line after the game keeps asking the same seat; the answer ends it.
            XCTAssertEqual(t.handle("up").toMove, [asked])
            let quit = t.handle("n")
            XCTAssertEqual(quit.seat, asked, "a line without a seat is the asked seat's")
            XCTAssertEqual(quit.status, .quit)
            XCTAssertEqual(quit.toMove, [], "nobody is asked once the session ends")
        }
    }

    // MARK: The seats the table plays

    /// Two bots at Rock · Paper · Scissors finish a game: each draws from chance of its own,
    /// which moves on with each of its moves; the same seed plays the same throws.
    func testTwoBotsDrawChanceOfTheirOwnAndFinish() throws {
        func throwsOfAGame(seed: UInt64) throws -> [String] {
            let t = table(try rps(seed: seed), [.bot, .bot])
            _ = t.start()
            var messages: [String] = []
            for _ in 0..<200 {
                guard let step = t.nextAutomaticStep() else { break }
                XCTAssertEqual(step.status, .accepted, step.reason ?? "")
                messages += step.messages
            }
            XCTAssertNotNil(try t.engine.result(), "two bots end the game: \(messages.suffix(4))")
            return messages
        }
        var games: Set<[String]> = []
        for seed: UInt64 in 1...5 {
            let game = try throwsOfAGame(seed: seed)
            XCTAssertEqual(game, try throwsOfAGame(seed: seed), "seed \(seed) replays the bots")
            games.insert(game)
        }
        XCTAssertGreaterThan(games.count, 1, "other seeds, other throws")
    }

    /// A random seat plays each game from that game's seed: game 2 of a session plays as game 2
    /// alone does, whatever game 1 was.
    /// `game.name(seat)` is what the seat is called: a person's name, "Bot" or "Random", "Seat N"
    /// for a person without one; a name two seats share is told apart by the seat; a person
    /// who joins later is named from then on.
    func testGameNameCallsEachSeatAsThePeopleAtTheTableAre() throws {
        let said = ["play": """
            function(state, input, game, seat)
                local names = {}
                for s = 1, 4 do names[s] = game.name(s) end
                game.say(table.concat(names, " | "))
                state.turn = 3 - seat
              end
            """, "players": "4"]
        let t = table(try engine(Self.twoSeats.merging(said) { $1 }, seats: 4), [.person("Ann"), .person(""), .bot, .bot])
        _ = t.start()
        XCTAssertEqual(t.handle("up", seat: 1).messages, ["Ann | Seat 2 | Bot (seat 3) | Bot (seat 4)"])
        t.rename(seat: 2, to: "ann")
        XCTAssertEqual(t.handle("up", seat: 2).messages, ["Ann (seat 1) | ann (seat 2) | Bot (seat 3) | Bot (seat 4)"])
        t.rename(seat: 2, to: "Bob")
        XCTAssertEqual(t.handle("up", seat: 1).messages, ["Ann | Bob | Bot (seat 3) | Bot (seat 4)"])
        let random = table(try engine(Self.twoSeats.merging(said) { $1 }, seats: 4), [.program("cat"), .random, .person("Eve"), .bot])
        _ = random.start()
        XCTAssertEqual(random.handle("up", seat: 1).messages, ["Seat 1 | Random | Eve | Bot"])
    }

    func testARandomSeatPlaysEachGameFromItsOwnSeed() throws {
        func game2(alone: Bool) throws -> [String] {
            let engine = try self.engine(Self.twoSeats, seed: 40, seats: 2)
            let t = table(engine, [.person("a"), .random])
            var step = alone ? t.start(game: 2, seed: engine.settings.seed(ofGame: 2)) : t.start()
            if !alone {
                for _ in 0..<30 where step.result == nil { step = t.nextAutomaticStep() ?? t.handle("up", seat: 1) }
                step = t.handle("y")
            }
            XCTAssertEqual(step.game, 2)
            var inputs: [String] = []
            for _ in 0..<12 where step.result == nil {
                if let automatic = t.nextAutomaticStep() {
                    step = automatic
                    inputs.append(try XCTUnwrap(automatic.input))
                } else {
                    step = t.handle("down", seat: 1)
                }
            }
            return inputs
        }
        let inSession = try game2(alone: false)
        XCTAssertGreaterThan(inSession.count, 4)
        XCTAssertEqual(inSession, try game2(alone: true))
    }

    /// A bot's rule error ends the session, and its reason is every seat's to read.
    func testARuleErrorThatEndsTheSessionIsPublic() throws {
        var rule = Self.twoSeats
        rule["bot"] = "function() error('bot broke') end"
        let t = table(try engine(rule), [.person("a"), .bot])
        _ = t.start()
        _ = t.handle("up", seat: 1)
        let failed = try XCTUnwrap(t.nextAutomaticStep())
        XCTAssertEqual(failed.seat, 2)
        XCTAssertTrue(failed.endsSession)
        XCTAssertTrue(failed.reasonIsPublic)
        XCTAssertTrue(failed.reason?.hasSuffix("bot broke") == true, failed.reason ?? "")
        XCTAssertEqual(t.endReason, .error)
        XCTAssertFalse(t.handle("up", seat: 1).reasonIsPublic, "a refusal is its seat's own")
    }

    // MARK: Budgets

    /// An input that used up its budget shows the same view, moves and observation as before
    /// it: each part after the input has a budget of its own.
    func testAFailedInputRepeatsTheViewAndMoves() throws {
        let t = table(try engine(["play": "function(state, input) if input == 'spin' then while true do end end state.n = state.n + 1 end",
                                  "moves": "function() return { 'up', 'spin' } end"]), [.person("a")])
        t.engine.timeLimit = 0.2
        _ = t.start()
        let before = t.handle("up")
        let spent = t.handle("spin")
        XCTAssertEqual(spent.code, .budget)
        XCTAssertEqual(spent.status, .error)
        XCTAssertEqual(spent.view(of: 1).view, before.view(of: 1).view)
        XCTAssertEqual(spent.view(of: 1).view, "n = 1")
        XCTAssertEqual(spent.view(of: 1).moves, ["up", "spin"])
        XCTAssertEqual(spent.view(of: 1).observation, before.view(of: 1).observation)
        XCTAssertEqual(spent.toMove, [1])
    }

    /// The third step in a row that uses up a budget ends the session; when its move was
    /// applied (the view after it failed) its status stays accepted, with the code and reason
    /// saying what failed.
    func testTheBudgetUsedUpAfterAnAppliedMoveKeepsItsStatus() throws {
        let t = table(try engine(["view": "function(state) if state.n >= 1 then while true do end end return 'n = ' .. state.n end",
                                  "result": "function() end"]), [.person("a")])
        t.engine.timeLimit = 0.2
        _ = t.start()
        let steps = (0..<3).map { _ in t.handle("up") }
        XCTAssertEqual(steps.map(\.status), [.accepted, .accepted, .accepted])
        XCTAssertEqual(steps.map(\.applied), [true, true, true])
        XCTAssertEqual(steps.map(\.code), [.budget, .budget, .budgetRepeated])
        XCTAssertTrue(steps[2].endsSession)
        XCTAssertTrue(steps[2].reason?.contains("inputs in a row: the session ends") == true, steps[2].reason ?? "")
        XCTAssertEqual(try t.engine.stateValue()["n"], 3)
        XCTAssertEqual(t.endReason, .error)
    }

    /// A result or turn that uses up its budget once a move is made is asked again at each
    /// input, not answered from what was kept: each input is seen to use up the budget, and
    /// the third in a row ends the session rather than every input failing for ever.
    func testAResultOrTurnThatUsesUpItsBudgetEndsTheSessionAfterThreeInputs() throws {
        for hook in ["result", "turn"] {
            let t = table(try engine([hook: "function(state) if state.n >= 1 then while true do end end \(hook == "turn" ? "return 1" : "") end"]),
                          [.person("a")])
            t.engine.timeLimit = 0.2
            _ = t.start()
            let steps = (0..<3).map { _ in t.handle("up") }
            XCTAssertEqual(steps.map(\.code), [.budget, .budget, .budgetRepeated], hook)
            XCTAssertTrue(steps[2].endsSession, hook)
            XCTAssertEqual(t.endReason, .error, hook)
        }
    }

    // MARK: Starts, rewards, refusals, the clock

    /// A game whose setup fails still reports its start: a program learns which game failed.
    func testAGameThatCannotStartHasItsStart() throws {
        let t = table(try engine(["setup": "function(game) error('no setup') end"], seed: 9), [.person("a")])
        let r = t.start()
        XCTAssertEqual(r.code, .setupFailed)
        XCTAssertEqual(r.status, .error)
        XCTAssertTrue(r.endsSession)
        XCTAssertEqual(r.start?.number, 1)
        XCTAssertEqual(r.start?.seed, 9)
    }

    /// Rewards given in setup go with the start; the result's rewards join those of the step
    /// that ended the game, and no later step's.
    func testRewardsOfSetupAndOfTheResultAreKept() throws {
        let t = table(try engine([
            "setup": "function(game) game.reward(1, 0.25) return { n = 0 } end",
            "play": "function(state, input, game) state.n = state.n + 1 game.reward(1, 1) end",
            "result": "function(state) if state.n >= 2 then return { winner = 'player', rewards = { 10 } } end end",
        ]), [.person("a")])
        XCTAssertEqual(t.start().rewards, [1: 0.25])
        XCTAssertEqual(t.handle("up").rewards, [1: 1])
        XCTAssertEqual(t.handle("up").rewards, [1: 11])
        XCTAssertEqual(t.handle("/moves").rewards, [:])
        XCTAssertEqual(t.handle("x").rewards, [:])
    }

    /// A seat that is not to move is refused with its own code, whatever the rule's refusals
    /// say: a rule's refusal worded the same is still the rule's.
    func testNotYourTurnIsTheEnginesCodeNotItsWording() throws {
        let t = table(try engine(Self.twoSeats), [.person("a"), .person("b")])
        _ = t.start()
        let wrongSeat = t.handle("up", seat: 2)
        XCTAssertEqual(wrongSeat.code, .notYourTurn)
        XCTAssertEqual(t.engine.play("up", seat: 2), .refused("it is not seat 2's turn (seat 1 is to move)", .notYourTurn))
        let ruleSays = t.handle("nope", seat: 1)
        XCTAssertEqual(ruleSays.reason, "it is not seat 2's turn, says the rule")
        XCTAssertEqual(ruleSays.code, .refused)
    }

    /// An input line's limit is on the bytes read: 2,000 bytes that are not UTF-8 (6,000 as
    /// U+FFFD) are read, 4,097 bytes are not.
    func testTheLineLimitIsOnTheBytesRead() throws {
        let t = table(try engine(), [.person("a")])
        _ = t.start()
        let decoded = String(repeating: "\u{FFFD}", count: 2000)
        XCTAssertEqual(t.handle(decoded, bytes: 2000).code, .refused, "the rule reads it, and refuses it")
        XCTAssertEqual(t.handle(String(repeating: "x", count: 4000) + "\u{FFFD}", bytes: 4001).code, .refused)
        XCTAssertEqual(t.handle(String(repeating: "x", count: 4097), bytes: 4097).code, .lineTooLong)
    }

    /// Every game of a session on a step clock starts at the same reading, so a later game
    /// replayed alone reads the same times.
    func testEveryGameStartsAtTheSameClockReading() throws {
        let clock = StepClock(at: EngineSettings.manualEpoch)
        let engine = try self.engine(["setup": "function(game) return { n = 0, started = game.now() } end"], clock: clock)
        let t = table(engine, [.person("a")])
        _ = t.start()
        XCTAssertEqual(try engine.stateValue()["started"], .number(EngineSettings.manualEpoch))
        _ = t.handle("up")
        _ = t.handle("up")
        XCTAssertEqual(t.handle("/new").status, .started)
        XCTAssertEqual(try engine.stateValue()["started"], .number(EngineSettings.manualEpoch))
        XCTAssertEqual(clock.now(), EngineSettings.manualEpoch)
    }
}
