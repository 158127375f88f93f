import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import GameRuntime
import XCTest

/// The search player (`search`): it never reads what its seat may not see, it leaves the game
/// exactly as it found it, a seed replays its moves, and it plays well.
final class SearchPlayerTests: XCTestCase {
    static let planted = RuleTester.rulesDirectory + "/../Tests/planted-bugs"
    static let searchGames = RuleTester.rulesDirectory + "/../Tests/search-games"

    /// Every built-in game, the planted-bug corpus's games (correct as shipped: cards in hands,
    /// a secret deck, sealed bids, dice in a private field, tricks) and the search's own test
    /// games, each at its fewest and most seats (up to four).
    static var games: [(path: String, seats: Int)] {
        var paths = ["applepie", "blackjack", "crazy-eights", "guess-five", "hangman", "memory", "memory-triples", "rps", "rpsls"]
            .map(RuleTester.builtIn)
        paths += ["go-fish", "goofspiel", "hearts", "higher-lower", "liars-dice", "nim", "war", "ghost", "anagram"].map { planted + "/\($0).lua" }
        paths += ["tictactoe", "connect-four"].map { searchGames + "/\($0).lua" }
        return paths.flatMap { path -> [(String, Int)] in
            let info = try! LoadedRule(path: path, libraryDirectories: [RuleTester.rulesDirectory + "/lib"]).info
            let most = min(info.seats.max, 4)
            return (most == info.seats.min ? [info.seats.min] : [info.seats.min, most]).map { (path, $0) }
        }
    }

    func tester(_ path: String, seats: Int, seed: UInt64) throws -> RuleTester {
        var config = RuleTester.Config()
        config.seed = seed
        config.seats = seats
        return try RuleTester(path, config)
    }

    /// The fairness proof: in states along random games of every game, the search's move for
    /// the seat to move is the same after everything hidden from that seat trades faces (check's
    /// perturbation: other hands, the stock's order, a secret deck, other seats' dice), for the
    /// same seed of its own. And each search leaves the game as it was: the same state, to the
    /// byte, and the same chance to come.
    func testItsMoveDoesNotChangeWithWhatItsSeatCannotSee() throws {
        var searchedWithHiddenCards = 0
        for (path, seats) in Self.games {
            let name = "\(FileSystem.stem(of: path)) (\(seats) seats)"
            let t = try tester(path, seats: seats, seed: 11)
            let engine = t.engine
            let random = RandomPlayer(seed: 5)
            var decisions = 0
            for step in 0..<60 {
                guard try engine.result() == nil, let seat = try engine.toMove().first else { break }
                let moves = try engine.moves(for: seat)
                // Free text is searched where the rule gives search.moves (Guess Five).
                let weighed = moves.listed.count > 1 || (moves.listed.isEmpty && engine.info.search.weighsText)
                if weighed && decisions < 6 && step % 2 == 0 {
                    decisions += 1
                    let bytes = try engine.stateBytes()
                    let chance = engine.random.snapshot
                    let player = SearchPlayer(seed: 99, budget: SearchPlayer.Budget(iterations: 12))
                    let chosen = try player.move(in: engine, seat: seat)
                    XCTAssertEqual(try engine.stateBytes(), bytes, "\(name), step \(step): the search left the state changed")
                    let next = engine.random.next()
                    engine.random.restore(chance)
                    XCTAssertEqual(engine.random.next(), next, "\(name), step \(step): the search moved the game's chance on")
                    engine.random.restore(chance)
                    if moves.listed.isEmpty {
                        XCTAssertEqual(engine.words?.entries.contains { $0.word == chosen }, true, "\(name), step \(step): '\(chosen)' is not a word of the list")
                    } else {
                        XCTAssertTrue(moves.listed.contains(chosen), "\(name), step \(step): '\(chosen)' is not offered")
                    }
                    // Where the search declines (a secret word, an `observe`), the rule's bot
                    // plays, drawing on its own chance at each call: check proves it fair.
                    // A rule that deals its secret word itself (search.deal) is held to more: the
                    // word changes too.
                    for k in 1...2 where player.lastThinking?.declined == nil {
                        let altered = try engine.perturbHidden(for: seat, seed: UInt64(k), changingSecrets: engine.info.search.deals)
                        let again = try SearchPlayer(seed: 99, budget: SearchPlayer.Budget(iterations: 12)).move(in: engine, seat: seat)
                        try engine.restoreAlteredState()
                        XCTAssertEqual(again, chosen, "\(name), step \(step), seat \(seat): the search chose '\(again)' where it chose '\(chosen)' when what the seat cannot see changed")
                        if altered.changed > 0 && player.lastThinking?.declined == nil && (player.lastThinking?.games ?? 0) > 0 {
                            searchedWithHiddenCards += 1
                        }
                    }
                }
                let (input, _) = try random.move(in: engine, seat: seat)
                _ = engine.play(input, seat: seat)
            }
        }
        // The proof is not empty: many searches ran where something was hidden and changed.
        XCTAssertGreaterThan(searchedWithHiddenCards, 40)
    }

    /// Thinking reads no clock: a recording (and a served table's store) keeps every reading a
    /// game makes, and a search's scratch games turn cards up and down by the thousand.
    func testASearchReadsNoClock() throws {
        let clock = RecordingClock(ManualClock(at: 5))
        let engine = try makeEngine(try LoadedRule(path: RuleTester.builtIn("crazy-eights")), clock: clock)
        try engine.newGame()
        _ = clock.take()
        let seat = try XCTUnwrap(try engine.toMove().first)
        _ = try SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 30)).move(in: engine, seat: seat)
        XCTAssertEqual(clock.take(), [])
    }

    /// The dealer deals again what the seat cannot see, and nothing else: the seat's
    /// observation is the same, the other hand is not.
    func testTheDealerDealsOnlyWhatTheSeatCannotSee() throws {
        let t = try tester(RuleTester.builtIn("crazy-eights"), seats: 2, seed: 3)
        let engine = t.engine
        let mine = try engine.observation(for: 1)
        let theirs = try engine.observation(for: 2)
        let chance = RandomSource(seed: 1)
        var dealtOtherHands = 0
        try engine.exploring(chance: chance) {
            for seed in 1...5 as ClosedRange<UInt64> {
                try engine.resetExploration()
                XCTAssertEqual(try engine.dealHidden(for: 1, seed: seed), [], "crazy-eights hides only cards")
                XCTAssertEqual(try engine.observation(for: 1), mine, "seat 1 sees the same game after the deal")
                if try engine.observation(for: 2) != theirs { dealtOtherHands += 1 }
            }
        }
        XCTAssertEqual(dealtOtherHands, 5, "each deal gives seat 2 another hand")
        XCTAssertEqual(try engine.observation(for: 2), theirs, "the game is put back after the search")
    }

    /// A secret field that holds a word cannot be dealt by the host: without the rule's
    /// `search.deal` the search says so and plays as a rule without a bot is played (a letter
    /// offered, at random), never by the word it may not read; with a bot, the bot's move (Crazy
    /// Eights's, below a secret note of its own).
    func testASecretWordIsNotSearchedUnlessTheRuleDealsIt() throws {
        let files = RuleFiles()
        let shippedHangman = try String(contentsOfFile: RuleTester.builtIn("hangman"), encoding: .utf8)
        let undealt = files.write("undealt", shippedHangman.replacingOccurrences(of: "  search = { deal = words.deal },\n", with: "")
            .replacingOccurrences(of: "\n  bot = function", with: "\n  unused_bot = function"))
        XCTAssertNotEqual(undealt, shippedHangman)
        var config = RuleTester.Config()
        config.seed = 2
        let t = try RuleTester(undealt, config)
        let player = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 20))
        let move = try player.move(in: t.engine, seat: 1)
        XCTAssertTrue(try t.engine.moves(for: 1).listed.contains(move), move)
        XCTAssertEqual(player.lastThinking?.declined, "it cannot deal what the secret fields 'word', 'puzzle' hold")
        XCTAssertEqual(player.lastThinking?.games, 0)

        // The shipped Hangman deals its word: searched, every scratch game played.
        let dealt = try tester(RuleTester.builtIn("hangman"), seats: 1, seed: 2)
        let searcher = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 20))
        _ = try searcher.move(in: dealt.engine, seat: 1)
        XCTAssertNil(searcher.lastThinking?.declined)
        XCTAssertEqual(searcher.lastThinking?.games, 20)

        let shipped = try String(contentsOfFile: RuleTester.builtIn("crazy-eights"), encoding: .utf8)
        let noted = files.write("noted", shipped.replacingOccurrences(of: "\nreturn {", with: "\nlocal rule = {") + """

            local setup = rule.setup
            rule.setup = function(game) local state = setup(game) state.note = "a secret" return state end
            rule.secret = { "note" }
            return rule
            """)
        var twoSeats = RuleTester.Config()
        twoSeats.seats = 2
        let c = try RuleTester(noted, twoSeats)
        guard let seat = try c.engine.toMove().first else { return XCTFail("a seat is to move") }
        let noteSearcher = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 20))
        XCTAssertEqual(try noteSearcher.move(in: c.engine, seat: seat), try c.engine.botMove(for: seat, peeking: true))
        XCTAssertEqual(noteSearcher.lastThinking?.declined, "it cannot deal what the secret field 'note' holds")
    }

    /// What the host cannot tell hidden is not searched: a rule that says what a seat knows with
    /// `observe` (Rock · Paper · Scissors keeps a throw not yet shown in an open field), and a
    /// card face up in a `secret` field. The search plays the rule's bot there, never what it
    /// would read; and a seat offered nothing is the rule's error, as for any player.
    func testWhatTheHostCannotTellHiddenIsNotSearched() throws {
        var config = RuleTester.Config()
        config.seats = 2
        config.options = ["match": "single"]
        let rps = try RuleTester(RuleTester.builtIn("rps"), config)
        _ = rps.engine.play("rock", seat: 1)
        let player = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 50))
        XCTAssertEqual(try player.move(in: rps.engine, seat: 2), try rps.engine.botMove(for: 2, peeking: true))
        XCTAssertEqual(player.lastThinking?.declined, "the rule says what a seat knows with observe, which search cannot deal")

        let files = RuleFiles()
        let faceUp = files.write("up", RuleFiles.rule([
            "players": "2",
            "secret": #"{ "deck" }"#,
            "turn": "function() return 1 end",
            "setup": #"function() return { deck = { { label = "7", faceUp = true } }, n = 0 } end"#,
            "moves": #"function() return { "up", "down" } end"#,
            "play": "function(state, input) state.n = state.n + (input == 'up' and 1 or -1) end",
            "result": "function(state) if state.n >= 3 then return { winner = 1, summary = 'up' } end end",
        ]))
        let engine = try makeEngine(try LoadedRule(path: faceUp))
        try engine.newGame()
        let searcher = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 20))
        _ = try searcher.move(in: engine, seat: 1)
        XCTAssertEqual(searcher.lastThinking?.declined, "it cannot deal what the secret field 'deck' holds")

        let nothing = files.write("nothing", RuleFiles.rule(["moves": "function() return {} end"]))
        let stuck = try makeEngine(try LoadedRule(path: nothing))
        try stuck.newGame()
        XCTAssertThrowsError(try SearchPlayer(seed: 1).move(in: stuck, seat: 1)) { error in
            XCTAssertTrue("\(error)".contains("moves() offers nothing, but result() says the game goes on"), "\(error)")
        }
    }

    /// A state too big to deal within a call's budget is no fault of the rule's: the search
    /// says why and the seat plays as without it (a move offered), the game as it was.
    func testAStateTooBigToDealIsPlayedWithoutTheSearch() throws {
        let files = RuleFiles()
        let path = files.write("heap", RuleFiles.rule([
            "players": "2",
            "turn": "function() return 1 end",
            "setup": """
                function()
                    local heap = {}
                    for i = 1, 60000 do heap[i] = { label = "c" .. i, faceUp = false, owner = 2 } end
                    return { heap = heap, n = 0 }
                  end
                """,
            "moves": #"function() return { "up", "down" } end"#,
            "play": "function(state, input) state.n = state.n + (input == 'up' and 1 or -1) end",
            "result": "function(state) if state.n >= 3 then return { winner = 1, summary = 'up' } end end",
        ]))
        let engine = try makeEngine(try LoadedRule(path: path))
        try engine.newGame()
        let bytes = try engine.stateBytes()
        let player = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 5))
        let move = try player.move(in: engine, seat: 1)
        XCTAssertTrue(["up", "down"].contains(move), move)
        XCTAssertEqual(player.lastThinking?.declined?.hasPrefix("its scratch games could not be played: "), true, "\(String(describing: player.lastThinking))")
        XCTAssertEqual(try engine.stateBytes(), bytes)
    }

    /// The same seed gives the same moves (its budget is in scratch games); another seed may
    /// choose otherwise but the game is the same.
    func testASeedReplaysItsMoves() throws {
        func game(_ seed: UInt64) throws -> [String] {
            let t = try tester(RuleTester.builtIn("crazy-eights"), seats: 3, seed: seed)
            let table = Table(engine: t.engine, fillers: [.search, .random, .search])
            table.thinking = SearchPlayer.Budget(iterations: 15)
            table.playsOneGame = true
            var moves: [String] = []
            _ = table.start(game: 1, seed: seed)
            while let step = table.nextAutomaticStep() {
                XCTAssertEqual(step.status, .accepted, step.reason ?? "")
                moves.append("\(step.seat ?? 0):\(step.move ?? "")")
            }
            XCTAssertNotNil(try t.engine.result(), "the table played the game to its end")
            return moves
        }
        let first = try game(4)
        XCTAssertEqual(try game(4), first)
        XCTAssertGreaterThan(first.count, 10)
    }

    /// A scratch game's end is scored for every seat: a win is 1, shared among the winners, a
    /// ranking places the seats in between, nobody winning is a half each, a game of one seat is
    /// worth its score, and rewards add.
    func testHowAScratchGameIsScored() {
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winningSeats: [2], summary: ""), rewards: [:], seats: 2), [0, 1])
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winningSeats: [1, 3], summary: ""), rewards: [:], seats: 3), [0.5, 0, 0.5])
        XCTAssertEqual(SearchPlayer.values(of: GameResult(ranking: [[3], [1, 2], [4]], summary: ""), rewards: [:], seats: 4), [0.5, 0.5, 1, 0])
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winner: "draw", summary: ""), rewards: [:], seats: 2), [0.5, 0.5])
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winner: "dealer", score: 130, summary: ""), rewards: [:], seats: 1), [0])
        // A game of one seat: the score is weighed after the win, turned where less is better.
        XCTAssertEqual(SearchPlayer.outcome(of: GameResult(winner: "player", score: 4, summary: ""), rewards: [:], seats: 1),
                       .init(values: [1], score: 4))
        var tries = GameResult(winner: "player", score: 4, summary: "")
        tries.lowerIsBetter = true
        XCTAssertEqual(SearchPlayer.outcome(of: tries, rewards: [:], seats: 1), .init(values: [1], score: -4))
        XCTAssertEqual(SearchPlayer.outcome(of: GameResult(summary: "lost"), rewards: [:], seats: 1), .init(values: [0], score: nil))
        XCTAssertEqual(SearchPlayer.outcome(of: tries, rewards: [:], seats: 2).score, nil)
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winner: "player", summary: ""), rewards: [:], seats: 1), [1])
        XCTAssertEqual(SearchPlayer.values(of: nil, rewards: [1: 2], seats: 2), [2.5, 0.5])
        XCTAssertEqual(SearchPlayer.values(of: GameResult(winningSeats: [1], seatScores: [1: 20, 2: 0], summary: ""), rewards: [:], seats: 2),
                       [1.25, 0])
    }

    func testTheThinkingBudgetIsRead() {
        XCTAssertEqual(SearchPlayer.Budget(parsing: "250"), SearchPlayer.Budget(iterations: 250))
        XCTAssertEqual(SearchPlayer.Budget(parsing: "200ms")?.processorSeconds, 0.2)
        XCTAssertEqual(SearchPlayer.Budget(parsing: "1.5s")?.processorSeconds, 1.5)
        XCTAssertEqual(SearchPlayer.Budget(parsing: "200ms")?.text, "200ms")
        for bad in ["0", "-3", "2000000", "61s", "fast", "", "nanms", "infs", "1e400s", "0.0001ms", "0.0009s"] {
            XCTAssertNil(SearchPlayer.Budget(parsing: bad), bad)
        }
    }

    /// A budget in processor time stops the search in time, however many scratch games it was
    /// allowed.
    func testABudgetInTimeIsKept() throws {
        let t = try tester(RuleTester.builtIn("crazy-eights"), seats: 2, seed: 1)
        guard let seat = try t.engine.toMove().first else { return XCTFail("a seat is to move") }
        let player = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(parsing: "50ms")!)
        let (seconds, _) = try ProcessorTime.measure { try player.move(in: t.engine, seat: seat) }
        XCTAssertLessThan(seconds, 1.0)
        XCTAssertGreaterThan(player.lastThinking?.games ?? 0, 0)
    }

    /// A ceiling in steps of the rule (a served table's) cuts a search at the same scratch game
    /// on every run, whatever the machine's load: a table rebuilt from its inputs plays the
    /// same moves.
    func testACeilingInStepsCutsTheSameSearchTheSameWay() throws {
        var budget = SearchPlayer.Budget(iterations: 100_000)
        budget.stepCeiling = 6_000_000
        var runs: [(String, Int)] = []
        // Twice on one game, and once on a game made afresh (a rebuilt table's: its Lua state
        // has another history, which must not move the cut).
        for fresh in [false, false, true] {
            let t = fresh || runs.isEmpty ? try tester(RuleTester.builtIn("crazy-eights"), seats: 2, seed: 4) : lastTester!
            lastTester = t
            guard let seat = try t.engine.toMove().first else { return XCTFail("a seat is to move") }
            let player = SearchPlayer(seed: 8, budget: budget)
            let move = try player.move(in: t.engine, seat: seat)
            runs.append((move, player.lastThinking?.games ?? 0))
        }
        for run in runs.dropFirst() {
            XCTAssertEqual(run.0, runs[0].0)
            XCTAssertEqual(run.1, runs[0].1, "the same scratch games before the ceiling: \(runs)")
        }
        XCTAssertGreaterThan(runs[0].1, 10)
        XCTAssertLessThan(runs[0].1, 100_000, "the ceiling cut the search")
    }
    private var lastTester: RuleTester?

    /// The coach (`play --coach`) looks at each person's move before it is played, and tells
    /// each person at the game's end, alone, where the search would have played otherwise: a
    /// missed win is named. The game is played as the people played it.
    func testTheCoachNamesAMissedWin() throws {
        var config = RuleTester.Config()
        config.seed = 1
        let t = try RuleTester(Self.searchGames + "/tictactoe.lua", config)
        let table = Table(engine: t.engine, fillers: [.person("Ann"), .person("Bo")])
        table.coaching = true
        table.thinking = SearchPlayer.Budget(iterations: 400)
        _ = table.start()
        var last: Step?
        for (seat, move) in [(1, "1"), (2, "4"), (1, "2"), (2, "5"), (1, "9"), (2, "6")] {
            let step = table.handle(move, seat: seat)
            XCTAssertEqual(step.status, .accepted, step.reason ?? "")
            XCTAssertTrue(step.result == nil || move == "6", "the coach changes no move")
            last = step
        }
        let end = try XCTUnwrap(last)
        XCTAssertEqual(end.result?.winningSeats, [2])
        let ann = end.privateMessages[1] ?? []
        XCTAssertEqual(ann.first, "Coach (the search player rates each move from 0, the worst end it foresaw, to 100, the best):")
        XCTAssertTrue(ann.contains { $0.hasPrefix("  your move 3: 9, where the search would play 3 (") }, "\(ann)")
        XCTAssertFalse(end.messages.contains { $0.hasPrefix("Coach") }, "each person is told alone")
        XCTAssertNotNil(end.privateMessages[2]?.first { $0.hasPrefix("Coach") })
        // Without --coach, nothing is said.
        let plain = try RuleTester(Self.searchGames + "/tictactoe.lua", config)
        let quiet = Table(engine: plain.engine, fillers: [.person("Ann"), .person("Bo")])
        _ = quiet.start()
        var steps: [Step] = []
        for (seat, move) in [(1, "1"), (2, "4"), (1, "2"), (2, "5"), (1, "9"), (2, "6")] { steps.append(quiet.handle(move, seat: seat)) }
        XCTAssertFalse(steps.contains { $0.privateMessages.values.contains { $0.contains { $0.hasPrefix("Coach") } } })
    }

    /// `/coach` (where the rule allows hints) turns the coach on for the seat that asks, and
    /// only for it; again turns it off.
    func testCoachTurnsTheCoachOnForOneSeat() throws {
        var config = RuleTester.Config()
        config.seed = 1
        let t = try RuleTester(Self.searchGames + "/tictactoe.lua", config)
        XCTAssertTrue(t.engine.info.search.allowsHints)
        let table = Table(engine: t.engine, fillers: [.person("Ann"), .person("Bo")])
        table.thinking = SearchPlayer.Budget(iterations: 400)
        _ = table.start()
        // Bo turns it on, and off again.
        let bo = table.handle("/coach", seat: 2)
        XCTAssertEqual(bo.privateMessages[2]?.first?.hasPrefix("Coach on"), true)
        // The step says so in a field too, for a program (the browser's button) to read.
        XCTAssertEqual(bo.coaching, true)
        let off = table.handle("/coach", seat: 2)
        XCTAssertEqual(off.privateMessages[2], ["Coach off."])
        XCTAssertEqual(off.coaching, false)
        let on = table.handle("/coach", seat: 1)
        XCTAssertEqual(on.status, .command)
        XCTAssertTrue(on.privateMessages[1]?.first?.hasPrefix("Coach on") == true, "\(on.privateMessages)")
        var last: Step?
        for (seat, move) in [(1, "1"), (2, "4"), (1, "2"), (2, "5"), (1, "9"), (2, "6")] { last = table.handle(move, seat: seat) }
        let end = try XCTUnwrap(last)
        XCTAssertTrue(end.privateMessages[1]?.contains { $0.hasPrefix("  your move 3: 9, where the search would play 3 (") } == true, "\(end.privateMessages)")
        XCTAssertNil(end.privateMessages[2]?.first { $0.hasPrefix("Coach") }, "Bo did not ask for the coach")
    }

    /// In a game of one seat that is always won (Memory), moves are rated by the score alone,
    /// on the whole of 0 to 100: with cards 1 and 2 seen and 3 face up, choosing a seen card
    /// costs a point for sure, a new one may match.
    func testAOneSeatGameIsRatedOnItsScore() throws {
        let t = try RuleTester(RuleTester.builtIn("memory"), options: ["deck": "A,B,C,A,B,C", "theme": "fruit"])
        for card in ["1", "2", "3"] { t.send(card) }
        let player = SearchPlayer(seed: 1, budget: SearchPlayer.Budget(iterations: 300))
        let move = try player.move(in: t.engine, seat: 1)
        let options = try XCTUnwrap(player.lastThinking?.options)
        XCTAssertTrue(["4", "5", "6"].contains(move), move)
        let best = try XCTUnwrap(options.first { $0.move == move })
        XCTAssertGreaterThan(best.value, 0.6, "\(options)")
        XCTAssertTrue(options.allSatisfy { (0...1).contains($0.value) }, "\(options)")
        for seen in options where ["1", "2"].contains(seen.move) { XCTAssertLessThan(seen.value, best.value) }
    }

    // MARK: Strength (the figures in docs/search.md are measured with more games)

    func arena(_ path: String, _ fillers: [Arena.Filler], games: Int, think: Int, words: WordList? = nil) throws -> Arena.Report {
        var plan = Simulation.Plan(rulePath: path)
        plan.words = words
        plan.games = games
        plan.seed = 1
        plan.jobs = 2
        plan.keyedSeeds = true
        plan.thinking = SearchPlayer.Budget(iterations: think)
        return try Arena.run(Arena.Plan(games: plan, fillers: fillers))
    }

    func testItBeatsRandomMovesAtTicTacToeAndConnectFour() throws {
        let ticTacToe = try arena(Self.searchGames + "/tictactoe.lua", [.search, .random], games: 30, think: 1000)
        let search = try XCTUnwrap(ticTacToe.standings.first)
        XCTAssertEqual(search.losses, 0)
        XCTAssertGreaterThanOrEqual(search.wins, 27)
        let connectFour = try arena(Self.searchGames + "/connect-four.lua", [.search, .random], games: 10, think: 200)
        XCTAssertEqual(connectFour.standings.first?.wins, 10)
    }

    /// Guess Five deals its word from the words the marks allow and weighs a few of them as
    /// guesses (search.deal, search.moves): it finds the word as a good player does.
    func testItSolvesGuessFive() throws {
        let list = try WordList(path: RuleTester.rulesDirectory + "/../wordlists/five-letter.txt")
        let report = try arena(RuleTester.builtIn("guess-five"), [.search], games: 8, think: 40, words: list)
        let search = try XCTUnwrap(report.standings.first)
        XCTAssertEqual(report.failures, [])
        XCTAssertGreaterThanOrEqual(search.wins, 7)
        let tries = search.scores.reduce(0, +) / Double(max(search.scores.count, 1))
        XCTAssertLessThanOrEqual(tries, 4.6, "\(search.scores)")
    }

    /// `/hint` where the rule allows it (search.hints): the search's move for the seat asked,
    /// the game unchanged; not your move, no hint; a rule without hints does not know /hint.
    func testAHintIsTheSearchsMove() throws {
        var config = RuleTester.Config()
        config.seed = 1
        let t = try RuleTester(RuleTester.builtIn("crazy-eights"), config)
        let table = Table(engine: t.engine, fillers: [.person("Ann"), .person("Bo")])
        table.thinking = SearchPlayer.Budget(iterations: 30)
        _ = table.start()
        let seat = try XCTUnwrap(try t.engine.toMove().first)
        let bytes = try t.engine.stateBytes()
        let hint = table.handle("/hint", seat: seat)
        let said = try XCTUnwrap(hint.privateMessages[seat]?.first)
        XCTAssertTrue(said.hasPrefix("Hint: "), said)
        // The move as the view shows it (a card's face, a button's text), the input after it:
        // "Hint: 7♥ (7h) (the search player's move, ...)".
        let named = try XCTUnwrap(said.dropFirst(6).components(separatedBy: " (the search").first)
        let move = String(try XCTUnwrap(named.split(separator: "(").last?.dropLast()))
        let name = String(named.dropLast(move.count + 3))
        XCTAssertTrue(try t.engine.moves(for: seat).listed.contains(move), said)
        XCTAssertTrue((try t.engine.drawing(for: seat).elements ?? []).contains { $0.shownName(of: move) == name }, "\(said): \(name) is not what the view shows")
        XCTAssertNotEqual(name, move, said)
        XCTAssertEqual(try t.engine.stateBytes(), bytes)
        XCTAssertEqual(table.handle("/hint", seat: 3 - seat).privateMessages[3 - seat], ["No hint: it is not your move."])
        XCTAssertTrue(table.handle("/help", seat: seat).privateMessages[seat]?.contains { $0.contains("/hint") } == true)
        // A game has so many hints: each is a search.
        table.thinking = SearchPlayer.Budget(iterations: 2)
        for _ in 1..<Table.hintLimit { XCTAssertTrue(table.handle("/hint", seat: seat).privateMessages[seat]?.first?.hasPrefix("Hint: ") == true) }
        XCTAssertEqual(table.handle("/hint", seat: seat).privateMessages[seat], ["No hint: this game has had its \(Table.hintLimit) hints."])

        let rps = try RuleTester(RuleTester.builtIn("rps"))
        let plain = Table(engine: rps.engine, fillers: [.person("Ann")])
        _ = plain.start()
        XCTAssertEqual(plain.handle("/hint", seat: 1).code, .unknownCommand)
    }

    /// A hint thinks before the step, as a search seat does, each call with an allowance of its
    /// own: on Guess Five's first try its scratch games weigh the whole list, which used up the
    /// step's one allowance, and the hint was "No hint: ... exceeded its step budget (in bot)".
    func testAHintOnGuessFivesFirstTryIsGiven() throws {
        let t = try RuleTester(RuleTester.builtIn("guess-five"), seed: 1)
        let table = Table(engine: t.engine, fillers: [.person("Ann")])
        table.thinking = SearchPlayer.Budget(iterations: 150)
        _ = table.start()
        let said = table.handle("/hint", seat: 1).privateMessages[1]?.first ?? ""
        XCTAssertTrue(said.hasPrefix("Hint: ") && said.contains("scratch games"), said)
    }

    func testItNeverLosesATicTacToeToTheRulesBot() throws {
        let report = try arena(Self.searchGames + "/tictactoe.lua", [.search, .bot], games: 20, think: 1000)
        XCTAssertEqual(report.standings.first?.losses, 0)
        XCTAssertEqual(report.failures, [])
    }
}
