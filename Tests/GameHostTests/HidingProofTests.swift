import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// check proves that a seat learns nothing it may not see: it changes what the seat cannot see
/// and requires its observation, view and moves to stay the same, and it looks for copies of
/// hidden faces where the seat can see them. Crazy Eights as shipped passes; copies of it that
/// leak one card of another hand through a view, a state field or a move pattern fail, naming
/// the seat and the place.
final class HidingProofTests: XCTestCase {
    let files = RuleFiles()

    /// A copy of the shipped Crazy Eights, wrapped by `wrap` (Lua that changes `rule`). `leak`
    /// finds, for a seat, a card of another seat's hand: its label.
    func crazyEights(_ wrap: String) throws -> String {
        let original = try String(contentsOfFile: RuleTester.builtIn("crazy-eights"), encoding: .utf8)
        try original.write(toFile: files.directory + "/lib/crazy-eights-shipped.lua", atomically: true, encoding: .utf8)
        return files.write("leaky", """
            local rule = require("crazy-eights-shipped")
            local function leak(state, seat)
              local seen = {}
              local function walk(t)
                if seen[t] then return nil end
                seen[t] = true
                if t.owner and t.owner ~= seat and t.label then return t.label end
                for _, v in ipairs(t) do
                  if type(v) == "table" then local found = walk(v) if found then return found end end
                end
                local keys = {}
                for k, v in pairs(t) do if type(v) == "table" and type(k) == "string" then keys[#keys + 1] = k end end
                table.sort(keys)
                for _, k in ipairs(keys) do local found = walk(t[k]) if found then return found end end
                return nil
              end
              return walk(state)
            end
            \(wrap)
            return rule
            """)
    }

    func problems(_ path: String) -> [String] {
        var settings = Conformance.Settings(seeds: 2, maxMoves: 2000)
        settings.timeLimit = 2
        return Conformance.check(path: path, libraryDirectories: [RuleTester.rulesDirectory + "/lib", files.directory + "/lib"],
                                 settings: settings).problems
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testTheShippedCrazyEightsHidesEveryHand") { ConformanceTests.everyRuleFile.start() }
    }

    /// The check of every rule file that ConformanceTests starts early holds the proof for the
    /// shipped Crazy Eights: it is read here, not played again.
    func testTheShippedCrazyEightsHidesEveryHand() throws {
        let checks = try ConformanceTests.everyRuleFile.value()
        let found = try XCTUnwrap(checks.first { $0.0.hasSuffix("/crazy-eights.lua") }, "crazy-eights.lua is checked").1
        XCTAssertGreaterThan(found.playthroughs, 0)
        XCTAssertEqual(found.problems, [])
    }

    func testALeakThroughTheViewIsNamed() throws {
        let path = try crazyEights("""
            local view = rule.view
            rule.view = function(state, game, seat)
              local elements = view(state, game, seat)
              elements[#elements + 1] = leak(state, seat) or ""
              return elements
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view") && $0.contains("hidden from seat 1") }, "\(found)")
    }

    /// A face-down card's id (which the terminal never shows) naming a hidden card is found in
    /// the view's elements, where it is.
    func testALeakThroughAnElementThatTheTextDoesNotShowIsNamed() throws {
        let path = try crazyEights("""
            local view = rule.view
            rule.view = function(state, game, seat)
              local elements = view(state, game, seat)
              elements[#elements + 1] = { type = "cards", cards = { { up = false, id = leak(state, seat) } } }
              return elements
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view holds '") && $0.contains("at elements[") && $0.contains("].cards[1].id, the face of a card hidden from seat 1") }, "\(found)")
    }

    func testALeakThroughAStateFieldIsNamed() throws {
        let path = try crazyEights("""
            local setup = rule.setup
            rule.setup = function(game) local state = setup(game) state.peek = leak(state, 1) return state end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's observation holds") && $0.contains("at observation.peek") }, "\(found)")
    }

    func testALeakThroughAMovePatternIsNamed() throws {
        let path = try crazyEights("""
            local moves = rule.moves
            rule.moves = function(state, game, seat)
              local list = moves(state, game, seat)
              if #list > 0 then list.text = "a card" list.pattern = leak(state, seat) end
              return list
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("moves change") }, "\(found)")
    }

    /// A secret field that shows through the view: the secret changes, and so does the view.
    func testASecretShownInTheViewIsNamed() throws {
        let path = files.write("secret", RuleFiles.rule([
            "secret": "{ 'word' }",
            "setup": "function() return { n = 0, log = {}, word = 'banana' } end",
            "view": "function(state) return 'n = ' .. state.n .. ' ' .. state.word:sub(1, 2) end",
        ]))
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view changes with what seat 1 may not see") }, "\(found)")
    }

    /// What a seat is told is held against what it may not see: a card another seat holds,
    /// said to everyone, is a leak named with the message and how it was said.
    func testACardSaidToEverySeatIsNamed() throws {
        let path = try crazyEights("""
            local play = rule.play
            rule.play = function(state, input, game, seat)
              play(state, input, game, seat)
              local card = leak(state, seat)
              if card then game.say("Seat " .. seat .. " peeks at " .. card) end
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("was told 'Seat ") && $0.contains("(said to every seat), which names '") && $0.contains("the face of a card hidden from seat") }, "\(found)")
    }

    /// A card told to the wrong seat alone is named as said to that seat.
    func testACardToldToTheWrongSeatIsNamed() throws {
        let path = try crazyEights("""
            local play = rule.play
            rule.play = function(state, input, game, seat)
              play(state, input, game, seat)
              local card = leak(state, seat)
              if card then game.say_to(seat, "Psst: " .. card) end
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("was told 'Psst: ") && $0.contains("said to seat") && $0.contains("alone), which names") }, "\(found)")
    }

    /// A card named in the rule's own text is an example ("a card such as 10♠"), and a card
    /// the seat holds may be told to it: the shipped Crazy Eights does both, and passes (above).
    /// A card every seat saw face up is public once turned down: a War whose view names the
    /// last two cards, taken face down into a pile, passes; the same view naming cards that
    /// were never turned up fails.
    func testACardEverySeatSawMayBeNamedAfterItIsTurnedDown() throws {
        let war = try String(contentsOfFile: PlantedBugTests.folder + "/war.lua", encoding: .utf8)
        let named = war
            .replacingOccurrences(of: "#state.table > 0 and game.cards.show(state.table) or \"empty\")",
                                  with: "#state.table > 0 and game.cards.show(state.table) or \"empty\") .. \" Last: \" .. (state.last or \"none\")")
            .replacingOccurrences(of: "    while #state.table > 0 do", with: "    state.last = state.table[1].label .. \" \" .. state.table[2].label\n    while #state.table > 0 do")
        XCTAssertNotEqual(named, war)
        XCTAssertEqual(problems(files.write("war-named", named)), [])
        // Cards put into the pile without being turned up (and so never seen): the same words
        // in the view name cards hidden from the seat.
        let unseen = named
            .replacingOccurrences(of: "local card = game.cards.turn_up(game.cards.move(state.piles[seat], state.table))",
                                  with: "local card = game.cards.move(state.piles[seat], state.table)")
            .replacingOccurrences(of: "game.cards.turn_down(game.cards.take(state.table, 1))", with: "game.cards.take(state.table, 1)")
        XCTAssertNotEqual(unseen, named)
        XCTAssertTrue(problems(files.write("war-unseen", unseen)).contains { $0.contains("the face of a card hidden from seat") })
    }

    /// check plays the fewest seats a rule takes, the most and one between, each seed in turn,
    /// so a leak that needs three seats is found; `--seats N` plays N alone.
    func testSeatCountsAreTheFewestTheMostAndOneBetween() {
        XCTAssertEqual(Conformance.seatCounts(SeatRange(min: 2, max: 5, declared: true), given: nil), [2, 3, 5])
        XCTAssertEqual(Conformance.seatCounts(SeatRange(min: 2, max: 4, declared: true), given: nil), [2, 3, 4])
        XCTAssertEqual(Conformance.seatCounts(SeatRange(min: 2, max: 3, declared: true), given: nil), [2, 3])
        XCTAssertEqual(Conformance.seatCounts(.single, given: nil), [1])
        XCTAssertEqual(Conformance.seatCounts(SeatRange(min: 2, max: 5, declared: true), given: 4), [4])
    }

    func testALeakThatNeedsThreeSeatsIsFoundAndTheSeatsAreNamed() throws {
        let path = try crazyEights("""
            local view = rule.view
            rule.view = function(state, game, seat)
              local elements = view(state, game, seat)
              local far = state.hands[(seat + 1) % state.seats + 1]
              if far and far[1] then elements[#elements + 1] = far[1].label end
              return elements
            end
            """)
        var settings = Conformance.Settings(seeds: 3, maxMoves: 2000)
        settings.timeLimit = 2
        let libraries = [RuleTester.rulesDirectory + "/lib", files.directory + "/lib"]
        let report = Conformance.check(path: path, libraryDirectories: libraries, settings: settings)
        XCTAssertEqual(report.seatCounts, [2, 3, 4])
        XCTAssertTrue(report.problems.contains { $0.contains("(3 seats), move 0: seat 1's view shows '") }, "\(report.problems)")
        XCTAssertFalse(report.problems.contains { $0.contains("(2 seats)") }, "\(report.problems)")
        settings.seats = 2
        XCTAssertEqual(Conformance.check(path: path, libraryDirectories: libraries, settings: settings).problems, [])
    }

    /// A game that never ends is named as such, with its seats still offered moves.
    func testAGameThatNeverEndsIsNamed() throws {
        let path = files.write("endless", RuleFiles.rule([
            "setup": "function() return { n = 0 } end",
            "moves": "function() return { 'go' } end",
            "play": "function(state, input, game) if input ~= 'go' then game.refuse('type go') end state.n = state.n + 1 end",
            "result": "function() return nil end",
        ]))
        let found = Conformance.check(path: path, settings: Conformance.Settings(seeds: 1, maxMoves: 40)).problems
        XCTAssertTrue(found.contains { $0.contains("no result after 40 moves, and seats are still offered moves: a game that never ends?") }, "\(found)")
        // A slower game that never ends is named before check's time runs out: once it has
        // taken half of it, a thousand moves on.
        let slow = files.write("slow-endless", RuleFiles.rule([
            "setup": "function() return { n = 0 } end",
            "moves": "function() return { 'go' } end",
            "play": "function(state, input, game) if input ~= 'go' then game.refuse('type go') end local x = 0 for i = 1, 5000 do x = x + i end state.n = state.n + 1 end",
            "result": "function() return nil end",
        ]))
        var settings = Conformance.Settings(seeds: 1, maxMoves: 1_000_000)
        settings.totalTime = 1
        let named = Conformance.check(path: slow, settings: settings).problems
        XCTAssertTrue(named.first?.contains("moves, in half of check's 1 s of processor time, and seats are still offered moves: a game that never ends?") ?? false, "\(named)")
    }

    /// A private field's entries: a seat's observation holds its own and every other seat's as
    /// hidden; a field that is not a table of entries is hidden whole.
    func testAPrivateFieldShowsEachSeatItsOwnEntryOnly() throws {
        var config = RuleTester.Config()
        config.seats = 3
        let t = try RuleTester(PlantedBugTests.folder + "/liars-dice.lua", config)
        for seat in 1...3 {
            guard case .object(let observed) = t.observation(for: seat), case .array(let dice)? = observed["dice"] else {
                return XCTFail("seat \(seat)'s observation: \(t.observation(for: seat))")
            }
            XCTAssertEqual(dice.count, 3)
            for (k, entry) in dice.enumerated() {
                if k + 1 == seat {
                    XCTAssertEqual(entry.array?.count, 3, "seat \(seat)'s own dice")
                } else {
                    XCTAssertEqual(entry, .object(["hidden": .bool(true)]), "seat \(k + 1)'s dice, to seat \(seat)")
                }
            }
        }
        let whole = files.write("total", RuleFiles.rule([
            "private": "{ 'total' }",
            "setup": "function() return { n = 0, total = 12 } end",
        ]))
        XCTAssertEqual(try RuleTester(whole).observation(for: 1)["total"], .object(["hidden": .bool(true)]))
    }

    func testAPrivateFieldIsAListOfNamesApartFromTheSecretOnes() throws {
        for (field, message) in [
            ("private = 'dice',", "field 'private' must be a list of state field names, as { \"dice\" }"),
            ("private = { 'dice' }, secret = { 'dice' },", "'dice' is in both 'secret' and 'private'"),
            // A path into the state would hide nothing: only the state's own fields are named.
            ("private = { 'hands.cards' },", "field 'private' names fields of the state itself, as { \"dice\" }; 'hands.cards' is not one"),
            ("secret = { 'word', 'inner.word' },", "field 'secret' names fields of the state itself, as { \"word\", \"hint\" }; 'inner.word' is not one"),
        ] {
            let path = files.write("bad", RuleFiles.rule([:], prelude: "") .replacingOccurrences(of: "return {\n", with: "return {\n  " + field + "\n"))
            XCTAssertThrowsError(try RuleTester(path)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// A rule's string literals are its examples ("such as 10♠"): quoted and long strings
    /// count, comments do not.
    func testTheStringLiteralsOfARuleLeaveOutItsComments() {
        let source = """
            -- the holder of the 2♣ leads
            --[==[ a long comment: 3♦ ]==]
            local a = "type 10♠ or \\"J♥\\""  -- K♠
            local b = 'Q♣'
            local c = [[
            A♥ ]]
            """
        let literals = String(decoding: GameAuthoring.HidingProof.stringLiterals(of: Array(source.utf8)), as: UTF8.self)
        for face in ["10♠", "J♥", "Q♣", "A♥"] { XCTAssertTrue(literals.contains(face), "\(face) in \(literals)") }
        for face in ["2♣", "3♦", "K♠"] { XCTAssertFalse(literals.contains(face), "\(face) in \(literals)") }
    }
}
