import Foundation
import GameHostTesting
import GamePresenters
import XCTest

/// The machine protocol, version 2 (docs/protocol.md): every object the host writes, for every
/// built-in game and every kind of step, is valid against docs/protocol.schema.json; a game's
/// seed stays out of the stream until the game is over; secrets stay out of the observation;
/// and every sentence of docs/protocol.md that a run can check is checked: the worked examples
/// byte for byte, the field tables against the schema, the statuses, codes and end reasons
/// against the schema and the code, and the exit codes against the binary.
final class ProtocolTests: XCTestCase {
    static let root = GamehostProcess.packageRoot
    let schema = try! JSONSchema(contentsOf: ProtocolTests.root.appendingPathComponent("docs/protocol.schema.json"))
    static var document: String { try! String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8) }

    let folder = NSTemporaryDirectory() + "gamehost-protocol-" + UUID().uuidString

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// An end object as one line of text, to compare: "end quit 0".
    static func end(_ object: [String: Any]?) -> String {
        guard let object else { return "nothing" }
        return "\(object["type"] ?? "-") \(object["reason"] ?? "-") \(object["exit_code"] ?? "-")"
    }

    /// Whether Crazy Eights is among the built-in games (it arrives with its own change).
    static var hasCrazyEights: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("rules/crazy-eights.lua").path) }

    /// Inputs that reach every kind of step of every built-in game: moves, keys, refusals,
    /// commands, an over-long line, the end of a game, y, /new and /quit. Each game ends at
    /// least once.
    static var sessions: [(args: [String], input: String)] {
        let alphabet = Array("etaoinshrdlucmfwypvbgkqjxz").map(String.init)
        var sessions: [(args: [String], input: String)] = [
            (["rps", "--match", "single"], "rock\nbanana\n/moves\n/help\n/nosuch\nr\nrock\nrock\nrock\n/moves\ny\npaper\n/new\n/quit\n"),
            (["rps", "--seats", "2"], "rock\npaper\nscissors\nrock\npaper\nscissors\nrock\npaper\nn\n"),
            (["rpsls"], "spock\nlizard\nrock\npaper\nscissors\nk\nl\nrock\nn\n"),
            (["applepie", "--order", "list"], "e\na\n/hint\n1\n\(String(repeating: "x", count: 5000))\n" + (alphabet + alphabet + alphabet + alphabet + alphabet + alphabet + alphabet).joined(separator: "\n") + "\n/new\n/quit\n"),
            (["hangman", "--words", "fruits"], "e\na\nzz\nt\ns\nr\nn\no\nl\ny\ni\nu\nc\nd\nb\ng\nh\nk\nm\np\nw\n/words\nn\n"),
            (["memory", "--pairs", "2"], "1\n2\n3\n4\n1\n3\n2\n4\n1\n2\n1\n4\n2\n3\n3\n4\ny\n/quit\n"),
            (["memory-triples", "--pairs", "2"], "1\n2\n3\n4\n5\n6\n1\n2\n3\n1\n2\n4\n1\n2\n5\n1\n2\n6\n3\n4\n5\n3\n4\n6\n"),
            (["blackjack"], "10\nhit\nstand\n5\ndouble\nstand\n25\nstand\nleave\n"),
            (["guess-five"], "crane\nxyzzy\n/words 1 3\nslate\nmoist\nbuddy\nfight\npluck\nn\n"),
        ]
        if hasCrazyEights {
            sessions.append((["crazy-eights", "--seats", "3"], String(repeating: "draw\npass\n", count: 60) + "/words\nn\n"))
        }
        return sessions
    }

    // MARK: - Every object

    /// The same seed, options and input give the same bytes: no clock reading, address or
    /// hash order shows, and each run keeps its scores in a folder of its own.
    func testTheSameSeedGivesByteIdenticalOutput() throws {
        // Each session twice, each run with a score store of its own (two at a time).
        let base = NSTemporaryDirectory() + "same-seed-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        var runs: [(arguments: [String], input: String)] = []
        for (k, (args, input)) in Self.sessions.enumerated() {
            for copy in 0..<2 { runs.append((["play"] + args + ["--json", "--seed", "11", "--data", "\(base)/\(k)-\(copy)"], input)) }
        }
        let results = GamehostProcess.runAll(runs)
        XCTAssertEqual(results.count, 2 * Self.sessions.count)
        for (k, (args, _)) in Self.sessions.enumerated() {
            let (first, second) = (results[2 * k], results[2 * k + 1])
            XCTAssertEqual(first.status, 0, "\(args): \(first.stderr)")
            XCTAssertFalse(first.stdout.isEmpty, "\(args)")
            XCTAssertEqual(first.stdout, second.stdout, "\(args)")
        }
    }

    func testEveryObjectOfEveryGameIsValidAgainstTheSchema() throws {
        var statuses: Set<String> = [], codes: Set<String> = []
        let runs = GamehostProcess.runAll(Self.sessions.map { (["play"] + $0.0 + ["--json", "--seed", "3", "--data", "none"], $0.1) })
        for ((args, _), r) in zip(Self.sessions, runs) {
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let lines = try objects(r.stdout)
            var game = 0, step = -1, you = 0, overs = 0
            for object in lines {
                XCTAssertEqual(schema.problems(object), [], "\(args): \(object)")
                switch object["type"] as? String {
                case "start":
                    game = object["game_number"] as! Int
                    you = object["you"] as! Int
                    XCTAssertTrue(object["seed"] is NSNull, "\(args): no seed before the game is over")
                    XCTAssertEqual((object["seats"] as! [[String: Any]]).map { $0["seat"] as! Int }, Array(1...(object["seats"] as! [Any]).count))
                    step = -1
                case "step":
                    statuses.insert(object["status"] as! String)
                    if let code = object["code"] as? String { codes.insert(code) }
                    XCTAssertEqual(object["game_number"] as? Int, game, "\(args): a step of the game its start began")
                    XCTAssertEqual(object["step"] as? Int, step + 1, "\(args): steps run without gaps: \(object)")
                    step = object["step"] as! Int
                    XCTAssertEqual(object["your_turn"] as? Bool, (object["to_move"] as! [Int]).contains(you))
                    if object["over"] as? Bool == true && object["status"] as? String == "accepted" { overs += 1 }
                    // Another seat's input, move and reason are its own.
                    if let seat = object["seat"] as? Int, seat != you {
                        for field in ["input", "move", "reason"] { XCTAssertTrue(object[field] is NSNull, "\(args): \(field) of seat \(seat): \(object)") }
                        XCTAssertNil(object["words"])
                    }
                default: break
                }
            }
            XCTAssertEqual(lines.first?["type"] as? String, "start")
            XCTAssertEqual(lines.last?["type"] as? String, "end")
            XCTAssertGreaterThan(overs, 0, "\(args): a game ends")
        }
        XCTAssertEqual(statuses, ["started", "accepted", "refused", "command", "quit"])
        XCTAssertEqual(codes, ["refused", "line-too-long", "game-over", "unknown-command"])
    }

    /// `gamehost list --json` is the schema's `list`, every game found, in name order.
    func testTheListIsValidAndNamesEveryGame() throws {
        let list = try GamehostProcess.run(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout.filter { $0 == "\n" }.count, 1, "one line")
        let listing = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8))
        XCTAssertEqual(schema.problems(listing, definition: "list"), [])
        let entries = (listing as! [String: Any])["games"] as! [[String: Any]]
        let games = entries.map { $0["game"] as! String }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("rules").path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertEqual(games, files)
        // How many seats each game takes, whether it has a bot, whether it shares its list.
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["game"] as! String, $0) })
        func describe(_ game: String) -> String {
            guard let entry = byName[game], let seats = entry["seats"] as? [String: Int] else { return "-" }
            return "\(seats["min"] ?? 0)-\(seats["max"] ?? 0) bot:\(entry["bot"] as? Bool ?? false) shares:\(entry["shares_words"] as? Bool ?? false)"
        }
        XCTAssertEqual(describe("rps"), "1-2 bot:true shares:false")
        XCTAssertEqual(describe("guess-five"), "1-1 bot:true shares:true")
        XCTAssertEqual(describe("hangman"), "1-1 bot:true shares:false")
        XCTAssertEqual(describe("memory"), "1-1 bot:true shares:false")
        XCTAssertEqual(describe("memory-triples"), "1-1 bot:false shares:false")
        if Self.hasCrazyEights { XCTAssertEqual(describe("crazy-eights"), "2-4 bot:true shares:false") }
    }

    func testTheSchemaRefusesWhatTheProtocolDoesNotSay() throws {
        XCTAssertEqual(schema.unknownKeywords(), [], "the validator checks every keyword the schema uses")
        XCTAssertNotEqual(schema.problems(["type": "step"]), [])
        XCTAssertNotEqual(schema.problems(["type": "end", "reason": "bored", "exit_code": 0] as [String: Any]), [])
        XCTAssertNotEqual(schema.problems(["type": "end", "reason": "quit", "exit_code": 1] as [String: Any]), [], "quit exits 0")
        XCTAssertEqual(schema.problems(["type": "end", "reason": "interrupted", "exit_code": 130] as [String: Any]), [])
        let start: [String: Any] = ["type": "start", "protocol": 2, "game": "x", "title": "x", "game_number": 1, "options": [:] as [String: Any],
                                    "reveal": false, "hints": false, "seats": [["seat": 1, "filler": "person", "name": "ann"]], "you": 1, "words": NSNull(), "seed": NSNull()]
        XCTAssertEqual(schema.problems(start), [])
        var version1 = start
        version1["protocol"] = 1
        XCTAssertNotEqual(schema.problems(version1), [])
        var seeded = start
        seeded["seed"] = "5"
        XCTAssertNotEqual(schema.problems(seeded), [], "a seed in the start only with --reveal")
        var extra = start
        extra["extra"] = true
        XCTAssertNotEqual(schema.problems(extra), [])
    }

    // MARK: - Fair play

    /// The seed of every game appears in no line of the session before that game's over step:
    /// not in its start, not in its steps (run with a known seed and searched for).
    func testTheSeedNeverShowsBeforeTheGameIsOver() throws {
        let seed: UInt64 = 918_273_645
        var settings = EngineSettings()
        settings.seed = seed
        for (args, input) in Self.sessions {
            let r = try GamehostProcess.run(["play"] + args + ["--json", "--seed", String(seed), "--data", "none"], input: input)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let lines = r.stdout.split(separator: "\n").map(String.init)
            var game = 0, before: [String] = [], ended = 0
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                if object["type"] as? String == "start" { game = object["game_number"] as! Int }
                let gameSeed = String(settings.seed(ofGame: max(game, 1)))
                if let result = object["result"] as? [String: Any], object["status"] as? String == "accepted" || object["status"] as? String == "started" {
                    ended += 1
                    XCTAssertEqual(result["seed"] as? String, gameSeed, "\(args): game \(game)")
                    XCTAssertEqual(result["replay"] as? String, "gamehost play \(args[0]) --seed \(gameSeed)" + (game == 1 ? "" : " --game \(game)")
                                   + (args.dropFirst().isEmpty ? "" : " " + args.dropFirst().joined(separator: " ")), "\(args)")
                    for earlier in before { XCTAssertFalse(earlier.contains(gameSeed), "\(args): game \(game)'s seed \(gameSeed) before it was over: \(earlier)") }
                    before = []
                } else if object["over"] as? Bool != true {
                    before.append(line)
                }
            }
            // The games that did not end: their seeds never showed at all.
            for earlier in before { XCTAssertFalse(earlier.contains(String(settings.seed(ofGame: game))), "\(args): \(earlier)") }
            XCTAssertGreaterThan(ended, 0, "\(args)")
        }
    }

    /// Without --seed each game draws a seed of its own, not one derived from the first; and a
    /// game's replay line plays that game alone, throw for throw.
    func testUnseededGamesDrawIndependentSeedsAndReplayAlone() throws {
        // (Unseeded: a tie takes a throw and leaves the y refused, so enough for three games
        // whatever the chance, about one in three rounds a tie: rock, then y, forty times.)
        let input = String(repeating: "rock\ny\n", count: 40)
        let r = try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--data", "none"], input: input)
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = try objects(r.stdout)
        let ends = all.filter { $0["type"] as? String == "step" && $0["status"] as? String == "accepted" && $0["over"] as? Bool == true }
        let seeds = ends.map { ($0["result"] as! [String: Any])["seed"] as! String }
        XCTAssertGreaterThanOrEqual(seeds.count, 3, r.stdout)
        XCTAssertEqual(Set(seeds).count, seeds.count)
        // Drawn from every seed --seed takes, not the nine-digit ones alone.
        XCTAssertTrue(seeds.contains { UInt64($0)! > 999_999_999 }, "\(seeds)")
        for (k, seed) in seeds.enumerated().dropFirst() {
            XCTAssertNotEqual(seed, String(EngineSettings.mix(UInt64(seeds[0])!, k + 1) % 1_000_000_000), "game \(k + 1)'s seed is not derived from game 1's")
        }
        // Game 2 again from its replay line: the same throws, the same messages.
        let second = ends[1]
        let replay = (second["result"] as! [String: Any])["replay"] as! String
        XCTAssertTrue(replay.hasPrefix("gamehost play rps --seed \(seeds[1]) --game 2"), replay)
        let game2 = all.filter { $0["type"] as? String == "step" && $0["game_number"] as? Int == 2 && $0["status"] as? String == "accepted" }
        let inputs = game2.map { $0["input"] as! String }
        let alone = try objects(try GamehostProcess.run(Array(replay.split(separator: " ").dropFirst().map(String.init)) + ["--json", "--data", "none"],
                                                        input: inputs.joined(separator: "\n") + "\n").stdout)
            .filter { $0["type"] as? String == "step" && $0["status"] as? String == "accepted" }
        XCTAssertEqual(alone.map { $0["messages"] as! [String] }, game2.map { $0["messages"] as! [String] })
        XCTAssertEqual(alone.map { $0["game_number"] as! Int }, game2.map { _ in 2 })
    }

    /// With --seed, game K plays the seed derived from the session's and K, and its replay
    /// line names both.
    func testASeededSessionsLaterGamesReplayAlone() throws {
        let r = try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", "8", "--data", "none"], input: "rock\ny\npaper\n")
        let all = try objects(r.stdout)
        XCTAssertEqual(all.filter { $0["type"] as? String == "start" }.map { $0["game_number"] as? Int }, [1, 2])
        guard let over = all.last(where: { $0["over"] as? Bool == true }), let result = over["result"] as? [String: Any] else { return XCTFail(r.stdout) }
        var settings = EngineSettings()
        settings.seed = 8
        XCTAssertEqual(result["seed"] as? String, String(settings.seed(ofGame: 2)))
        XCTAssertEqual(result["replay"] as? String, "gamehost play rps --seed \(settings.seed(ofGame: 2)) --game 2 --match single")
        let alone = try objects(try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", String(settings.seed(ofGame: 2)),
                                                         "--game", "2", "--data", "none"], input: "paper\n").stdout)
        XCTAssertEqual(alone.last(where: { $0["over"] as? Bool == true })?["messages"] as? [String], over["messages"] as? [String])
    }

    /// The seat asked to play again is told: it is the one to move, and its moves are y and n.
    func testTheEndOfAGameAsksToPlayAgain() throws {
        let r = try GamehostProcess.run(["play", "rps", "--match", "single", "--json", "--seed", "2", "--data", "none"], input: "rock\nrock\nrock\nrock\nrock\nrock\nn\n")
        let all = try objects(r.stdout)
        guard let over = all.first(where: { $0["over"] as? Bool == true }) else { return XCTFail(r.stdout) }
        XCTAssertEqual(over["moves"] as? [String], ["y", "n"])
        XCTAssertEqual(over["question"] as? String, "play-again")
        XCTAssertEqual(over["your_turn"] as? Bool, true)
        XCTAssertEqual(over["to_move"] as? [Int], [1])
        XCTAssertEqual(over["keys"] as? [String: String], [:])
        let quit = all[all.count - 2]
        XCTAssertEqual(quit["status"] as? String, "quit")
        XCTAssertEqual(quit["ends_session"] as? Bool, true)
        XCTAssertTrue(quit["question"] is NSNull, "the session ends: nothing more is asked")
    }

    /// Hangman's "Another word?" is the rule's own question: ordinary moves, not play-again.
    func testARulesOwnQuestionIsNotPlayAgain() throws {
        let r = try GamehostProcess.run(["play", "hangman", "--words", "fruits", "--json", "--seed", "3", "--data", "none"],
                                        input: "e\na\nt\ns\nr\nn\no\nl\ni\nu\nc\nd\n")
        let asked = try objects(r.stdout).filter { $0["moves"] as? [String] == ["y", "n"] }
        XCTAssertFalse(asked.isEmpty, r.stdout)
        for step in asked {
            XCTAssertEqual(step["over"] as? Bool, false)
            XCTAssertTrue(step["question"] is NSNull)
            XCTAssertEqual(step["your_turn"] as? Bool, true)
        }
    }

    func testSecretsStayOutOfTheObservation() throws {
        for (game, extra) in [("applepie", ["--order", "list"]), ("hangman", ["--words", "fruits", "--order", "list"])] {
            let r = try GamehostProcess.run(["play", game, "--json", "--seed", "1", "--data", "none"] + extra, input: "")
            let step = try objects(r.stdout)[1]
            let observation = step["observation"] as! [String: Any]
            XCTAssertNil(observation["word"], game)
            XCTAssertNil(observation["puzzle"], game)
            XCTAssertNil(observation["hint"], game)
            XCTAssertNotNil(observation["masked"], game)
            let revealed = try GamehostProcess.run(["play", game, "--json", "--reveal", "--seed", "1", "--data", "none"] + extra, input: "")
            let state = try objects(revealed.stdout)[1]["state"] as! [String: Any]
            let word = state["word"] as! String
            XCTAssertFalse(r.stdout.contains("\"\(word)\""), "\(game): the word '\(word)' is not in --json")
            // The host's puzzle table lists its slots: a character, or false for a blank.
            let slots = (state["puzzle"] as! [String: Any])["slots"] as! [Any]
            XCTAssertEqual(slots.count, word.count)
            XCTAssertTrue(slots.allSatisfy { ($0 as? NSNumber).map { JSONSchema.typeName($0) == "boolean" && !$0.boolValue } ?? ($0 is String) })
        }
    }

    /// Crazy Eights at three seats: another seat's cards and the stock are `{"hidden": true}`
    /// and nothing else; the cards a seat holds show.
    func testAnotherSeatsCardsAreHidden() throws {
        try XCTSkipUnless(Self.hasCrazyEights, "rules/crazy-eights.lua is not there yet")
        let r = try GamehostProcess.run(["play", "crazy-eights", "--seats", "3", "--json", "--seed", "4", "--data", "none"], input: "")
        let step = try objects(r.stdout)[1]
        let observation = step["observation"] as! [String: Any]
        let hands = observation["hands"] as! [[[String: Any]]]
        XCTAssertEqual(hands.count, 3)
        XCTAssertTrue(hands[0].allSatisfy { $0["hidden"] == nil && $0["label"] != nil }, "\(hands[0])")
        for hand in hands.dropFirst() + [observation["stock"] as! [[String: Any]]] {
            XCTAssertTrue(hand.allSatisfy { $0.count == 1 && $0["hidden"] as? Bool == true }, "\(hand)")
        }
    }

    /// --reveal gives the stream on standard output the seed and the whole state; a program in
    /// a seat gets neither, and never another seat's input.
    func testRevealIsForStandardOutputOnlyAndSeatsSeeOnlyTheirOwn() throws {
        let log = folder + "/seat2.jsonl"
        let program = "tee '\(log)' | while read line; do echo paper; done"
        let r = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "2=program:\(program)", "--match", "single", "--json", "--reveal",
                                         "--seed", "5", "--data", "none", "--name", "ann"], input: "rock\nrock\nrock\nrock\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let mine = try objects(r.stdout)
        XCTAssertEqual(mine[0]["seed"] as? String, "5")
        XCTAssertEqual(mine[0]["you"] as? Int, 1)
        XCTAssertEqual((mine[0]["seats"] as! [[String: Any]]).map { $0["filler"] as! String }, ["person", "program"])
        XCTAssertEqual((mine[0]["seats"] as! [[String: Any]]).map { $0["name"] as! String }, ["ann", program])
        XCTAssertTrue(mine.dropFirst().allSatisfy { $0["type"] as? String != "step" || $0["state"] != nil })
        let theirs = try objects(String(contentsOfFile: log, encoding: .utf8))
        XCTAssertEqual(theirs[0]["type"] as? String, "start")
        XCTAssertTrue(theirs[0]["seed"] is NSNull)
        XCTAssertEqual(theirs[0]["reveal"] as? Bool, false)
        XCTAssertEqual(theirs[0]["you"] as? Int, 2)
        XCTAssertEqual(theirs.last?["type"] as? String, "end", "a program seat gets the end object too")
        XCTAssertTrue(theirs.allSatisfy { $0["state"] == nil })
        for (stream, you) in [(mine, 1), (theirs, 2)] {
            let steps = stream.filter { $0["type"] as? String == "step" }
            XCTAssertTrue(steps.contains { $0["seat"] as? Int == 3 - you }, "the other seat's steps are in the stream")
            for step in steps where step["seat"] as? Int == 3 - you {
                XCTAssertTrue(step["input"] is NSNull && step["move"] is NSNull && step["reason"] is NSNull, "\(step)")
            }
            for step in steps where step["seat"] as? Int == you && step["status"] as? String == "accepted" {
                XCTAssertEqual(step["input"] as? String, you == 1 ? "rock" : "paper")
            }
        }
        // Both streams carry the same steps, numbered alike.
        XCTAssertEqual(mine.compactMap { $0["step"] as? Int }, theirs.compactMap { $0["step"] as? Int })
    }

    /// `/words FROM COUNT` where the rule shares its list: a page of at most 1,000 words, in
    /// list order; an unknown command elsewhere.
    func testWordsAnswersWithPagesOfASharedList() throws {
        let r = try GamehostProcess.run(["play", "guess-five", "--json", "--seed", "3", "--data", "none"], input: "/words\n/words 3 4\n/words 5000 10\n")
        let all = try objects(r.stdout)
        let size = ((all[0]["words"] as! [String: Any])["size"] as! Int)
        XCTAssertEqual((all[0]["words"] as! [String: Any])["shared"] as? Bool, true)
        let pages = all.compactMap { $0["words"] as? [String: Any] }.dropFirst()
        XCTAssertEqual(pages.map { $0["from"] as! Int }, [1, 3, 5000])
        XCTAssertEqual(pages.map { ($0["list"] as! [String]).count }, [min(1000, size), 4, 0])
        XCTAssertEqual(pages.map { $0["total"] as! Int }, [size, size, size])
        XCTAssertEqual(Array((pages.first!["list"] as! [String])[2..<6]), pages.dropFirst().first!["list"] as! [String])
        let hangman = try objects(try GamehostProcess.run(["play", "hangman", "--json", "--seed", "3", "--data", "none"], input: "/words\n").stdout)
        XCTAssertEqual((hangman[0]["words"] as! [String: Any])["shared"] as? Bool, false)
        XCTAssertEqual(hangman[2]["code"] as? String, "unknown-command")
        XCTAssertNil(hangman[2]["words"])
    }

    // MARK: - Errors, by rules written to fail

    /// A small rule file in the test's folder, with `fields` replacing the defaults.
    func rule(_ name: String, _ fields: [String: String]) throws -> String {
        var all: [String: String] = [
            "id": "'\(name)'", "title": "'T'",
            "setup": "function(game) return { n = 0 } end",
            "view": "function(state) return 'n = ' .. state.n end",
            "moves": "function(state) return { 'up', 'spin' } end",
            "play": "function(state, input, game) if input == 'spin' then while true do end end state.n = state.n + 1 end",
            "result": "function(state) if state.n >= 3 then return { winner = 'player', summary = 'done' } end end",
        ]
        for (k, v) in fields { all[k] = v }
        let path = folder + "/" + name + ".lua"
        try ("return {\n" + all.sorted { $0.key < $1.key }.map { "  \($0.key) = \($0.value)," }.joined(separator: "\n") + "\n}\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A budget used up: status error, code budget, nothing applied, and the same view and
    /// moves as before (they have budgets of their own); three in a row end the session
    /// (budget-repeated, exit 1).
    func testABudgetUsedUpThreeTimesEndsTheSession() throws {
        let path = try rule("spin", [:])
        let r = try GamehostProcess.run(["play", path, "--json", "--seed", "1", "--data", "none"], input: "up\nspin\nup\nspin\nspin\nspin\nup\n")
        XCTAssertEqual(r.status, 1, r.stderr)
        let steps = try objects(r.stdout).filter { $0["type"] as? String == "step" }
        for step in steps { XCTAssertEqual(schema.problems(step), []) }
        XCTAssertEqual(steps.map { $0["code"] as? String }, [nil, nil, "budget", nil, "budget", "budget", "budget-repeated"])
        XCTAssertEqual(steps.map { $0["status"] as! String }, ["started", "accepted", "error", "accepted", "error", "error", "error"])
        let spent = steps[2]
        XCTAssertEqual(spent["applied"] as? Bool, false)
        for field in ["view", "moves", "observation", "to_move", "your_turn"] {
            XCTAssertEqual(spent[field] as? NSObject, steps[1][field] as? NSObject, "a failed input repeats the \(field)")
        }
        XCTAssertEqual(spent["view"] as? String, "n = 1")
        XCTAssertEqual(spent["moves"] as? [String], ["up", "spin"])
        XCTAssertEqual(steps.last?["ends_session"] as? Bool, true)
        XCTAssertEqual(Self.end(try objects(r.stdout).last), "end error 1")
    }

    /// An applied move whose view then fails keeps its status: applied, with reason and code.
    /// Rewards are by seat.
    func testAnAppliedStepWhoseViewFailsKeepsItsStatus() throws {
        let path = try rule("viewfail", [
            "view": "function(state) if state.n == 1 then error('view broke') end return 'n = ' .. state.n end",
            "play": "function(state, input, game) state.n = state.n + 1 game.reward(1, 0.5) end",
        ])
        let r = try GamehostProcess.run(["play", path, "--json", "--seed", "1", "--data", "none"], input: "up\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let step = try objects(r.stdout)[2]
        XCTAssertEqual(schema.problems(step), [])
        XCTAssertEqual(step["status"] as? String, "accepted")
        XCTAssertEqual(step["applied"] as? Bool, true)
        XCTAssertEqual(step["code"] as? String, "rule-error")
        let reason = step["reason"] as? String ?? ""
        XCTAssertTrue(reason.hasPrefix(path + ":") && reason.hasSuffix(": view broke"), reason)
        XCTAssertEqual(step["rewards"] as? [String: Double], ["1": 0.5])
    }

    /// A rule's bot that fails ends the session (error, exit 1) for everyone: the step is the
    /// bot's seat's; where it failed is in every stream, what it said on standard error.
    func testABotThatFailsEndsTheSession() throws {
        let path = try rule("boterr", [
            "players": "2", "turn": "function(state) return state.turn end",
            "setup": "function(game) return { n = 0, turn = 1 } end",
            "moves": "function(state, game, seat) if seat == state.turn then return { 'up' } end return {} end",
            "play": "function(state, input, game, seat) state.n = state.n + 1 state.turn = 3 - seat end",
            "bot": "function(state, game, seat) error('bot broke') end",
        ])
        let r = try GamehostProcess.run(["play", path, "--json", "--seed", "1", "--data", "none"], input: "up\n")
        XCTAssertEqual(r.status, 1, r.stderr)
        let all = try objects(r.stdout)
        let failed = all[all.count - 2]
        XCTAssertEqual(failed["seat"] as? Int, 2)
        XCTAssertEqual(failed["status"] as? String, "error")
        XCTAssertEqual(failed["code"] as? String, "rule-error")
        XCTAssertEqual(failed["ends_session"] as? Bool, true)
        // Seat 1 reads where the bot's rule failed; what it said (which could name the bot's
        // hand) is on standard error, for whoever runs the table.
        XCTAssertEqual(failed["reason"] as? String, path + ":2: the rule failed at seat 2's move (what it said is for that seat)", "\(failed)")
        XCTAssertTrue(r.stderr.contains(path + ":2: bot broke"), r.stderr)
        XCTAssertEqual(all.last?["reason"] as? String, "error")
    }

    // MARK: - The document

    /// The fenced blocks after a marker line (`<!-- name -->`): their info strings and texts.
    static func blocks(after marker: String, count: Int) -> [(info: String, text: String)] {
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: marker) else { return [] }
        var out: [(String, String)] = []
        var i = start + 1
        while i < lines.count && out.count < count {
            if lines[i].hasPrefix("```") {
                let info = String(lines[i].dropFirst(3))
                var body: [String] = []
                i += 1
                while i < lines.count && lines[i] != "```" { body.append(lines[i]); i += 1 }
                out.append((info, body.map { $0 + "\n" }.joined()))
            }
            i += 1
        }
        return out
    }

    /// The rows of the table after a marker line: each row's cells, trimmed.
    static func table(after marker: String) -> [[String]] {
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: marker) else { return [] }
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The name in a cell's first code span: "`seed`" is seed.
    static func name(_ cell: String) -> String? {
        guard let open = cell.firstIndex(of: "`") else { return nil }
        let rest = cell[cell.index(after: open)...]
        return rest.firstIndex(of: "`").map { String(rest[..<$0]) }
    }

    static func markers(_ prefix: String) -> [String] {
        document.components(separatedBy: "\n").filter { $0.hasPrefix("<!-- \(prefix)") && $0.hasSuffix(" -->") }
    }

    /// Each worked example runs as written: its input lines give its output lines, byte for byte.
    func testTheWorkedExamplesRunAsWritten() throws {
        let examples = Self.markers("example:")
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        for marker in examples {
            let blocks = Self.blocks(after: marker, count: 3)
            XCTAssertEqual(blocks.map(\.info), ["sh", "text", "json"], marker)
            guard blocks.count == 3 else { continue }
            let words = blocks[0].text.trimmingCharacters(in: .newlines).split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "gamehost", marker)
            XCTAssertTrue(words.contains("--data") && words.contains("none"), "\(marker): the examples keep no scores")
            let r = try GamehostProcess.run(Array(words.dropFirst()), input: blocks[1].text)
            XCTAssertEqual(r.status, 0, "\(marker): \(r.stderr)")
            XCTAssertEqual(r.stdout, blocks[2].text, marker)
            for line in r.stdout.split(separator: "\n") {
                XCTAssertEqual(schema.problems(try JSONSerialization.jsonObject(with: Data(line.utf8))), [], "\(marker): \(line)")
            }
        }
    }

    /// Every field the document's tables name is the schema's, and every field of the schema is
    /// in a table; a field the schema does not require says it may be absent.
    func testTheDocumentsFieldsAreTheSchemas() throws {
        let tables = Self.markers("fields:").map { String($0.dropFirst("<!-- fields: ".count).dropLast(" -->".count)) }
        let withFields = schema.definitions.filter { $0.value["properties"] != nil }.map(\.key)
        XCTAssertEqual(Set(tables), Set(withFields), "a table for every object of the schema, and no other")
        XCTAssertEqual(tables.count, Set(tables).count)
        for name in tables {
            let rows = Self.table(after: "<!-- fields: \(name) -->")
            let definition = schema.definitions[name]!
            let properties = Set((definition["properties"] as! [String: Any]).keys)
            let required = Set(definition["required"] as? [String] ?? [])
            XCTAssertEqual(Set(rows.compactMap { Self.name($0[0]) }), properties, name)
            XCTAssertEqual(rows.count, properties.count, "\(name): one row a field")
            for row in rows {
                guard let field = Self.name(row[0]) else { continue }
                XCTAssertEqual(row.joined(separator: " ").contains("absent"), !required.contains(field), "\(name).\(field): absent exactly when not required")
            }
        }
    }

    /// An enum's values as a table gives them (first column), and as the schema gives them.
    func enumeration(_ marker: String) -> [String] { Self.table(after: "<!-- enum: \(marker) -->").compactMap { Self.name($0[0]) } }

    func schemaEnum(_ definition: String, _ field: String) -> [String] {
        let properties = schema.definitions[definition]!["properties"] as! [String: Any]
        return ((properties[field] as! [String: Any])["enum"] as! [Any]).compactMap { $0 as? String }
    }

    /// The cases of an enum in a Swift source file, by raw value.
    func sourceCases(_ file: String, _ header: String, end: String) throws -> [String] {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let body = text.components(separatedBy: header)[1].components(separatedBy: end)[0]
        return body.components(separatedBy: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("case ") else { return nil }
            let rest = t.dropFirst(5)
            if let q = rest.firstIndex(of: "\"") { return String(rest[rest.index(after: q)...].prefix { $0 != "\"" }) }
            return String(rest.prefix { $0.isLetter })
        }
    }

    func testTheStatusesCodesReasonsAndFillersAreTheSchemasAndTheCodes() throws {
        let statuses = enumeration("status"), codes = enumeration("code"), reasons = enumeration("reason"), fillers = enumeration("filler")
        XCTAssertEqual(statuses, schemaEnum("step", "status"))
        XCTAssertEqual(codes, schemaEnum("step", "code"))
        XCTAssertEqual(reasons, schemaEnum("end", "reason"))
        XCTAssertEqual(fillers, schemaEnum("seat", "filler"))
        XCTAssertEqual(Set(statuses), Set(try sourceCases("Sources/GameRuntime/Step.swift", "public enum Status: String, Sendable {", end: "\n    }")))
        XCTAssertEqual(Set(codes), Set(try sourceCases("Sources/GameRuntime/Step.swift", "public enum StepCode: String, Sendable {", end: "\n}")))
        XCTAssertEqual(Set(reasons), Set(try sourceCases("Sources/GameRuntime/Table.swift", "public enum EndReason: String, Sendable {", end: "\n    }")))
        for status in statuses { XCTAssertNotNil(Step.Status(rawValue: status), status) }
        for code in codes { XCTAssertNotNil(StepCode(rawValue: code), code) }
        // The codes table says which status each code comes with; the schema says the same.
        let rows = Self.table(after: "<!-- enum: code -->")
        let refusedCodes = rows.filter { $0[1] == "`refused`" }.compactMap { Self.name($0[0]) }
        let allOf = schema.definitions["step"]!["allOf"] as! [[String: Any]]
        func codesWith(_ status: String) -> [String] {
            let rule = allOf.first { (($0["if"] as? [String: Any])?["properties"] as? [String: Any])?["status"].map { JSONSchema.equal($0, ["const": status]) } ?? false }!
            return (((rule["then"] as! [String: Any])["properties"] as! [String: Any])["code"] as! [String: Any])["enum"] as! [String]
        }
        XCTAssertEqual(refusedCodes, codesWith("refused"))
        XCTAssertEqual(rows.filter { $0[1].hasPrefix("`error`") }.compactMap { Self.name($0[0]) }, codesWith("error"))
        // The numbers the document gives are the code's.
        let document = Self.document
        XCTAssertTrue(document.contains("# The GameHost protocol (version \(JSONLinesPresenter.protocolVersion))"))
        XCTAssertTrue(document.contains("this protocol's version: \(JSONLinesPresenter.protocolVersion)"))
        XCTAssertEqual(InputLine.limit, 4096)
        XCTAssertTrue(document.contains("longer than 4,096 bytes"))
        XCTAssertEqual(Table.wordPageLimit, 1000)
        XCTAssertTrue(document.contains("at most 1,000 at a time"))
        XCTAssertEqual(Table.spentStepLimit, 3)
        XCTAssertTrue(document.contains("on 3 inputs in a row"))
    }

    /// The exit codes the document gives are the binary's: each end reason's exit code, in the
    /// end object and as the process's status, and a usage error's.
    func testTheExitCodesAreTheDocuments() throws {
        let rows = Self.table(after: "<!-- enum: reason -->")
        let documented = Dictionary(uniqueKeysWithValues: rows.map { (Self.name($0[0])!, Int32($0[1])!) })
        XCTAssertEqual(Set(documented.keys), ["quit", "eof", "error", "seat-left", "interrupted"])
        for reason in documented.keys { XCTAssertEqual(Int64(documented[reason]!), JSONLinesPresenter.exitCode(Table.EndReason(rawValue: reason)!)) }
        let program = Dictionary(uniqueKeysWithValues: Self.table(after: "<!-- exit-codes -->").map { (Int32($0[0])!, $0[1]) })
        XCTAssertEqual(Set(program.keys), [0, 1, 2, 3, 130])

        func check(_ reason: String, _ r: (status: Int32, exited: Bool, stdout: String), file: StaticString = #filePath, line: UInt = #line) throws {
            let last = try XCTUnwrap(try objects(r.stdout).last, file: file, line: line)
            XCTAssertEqual(Self.end(last), "end \(reason) \(documented[reason]!)", file: file, line: line)
            XCTAssertTrue(r.exited, file: file, line: line)
            XCTAssertEqual(r.status, documented[reason], file: file, line: line)
            XCTAssertTrue(program[r.status]!.contains("`\(reason)`") || reason == "interrupted", "\(reason): \(program[r.status]!)", file: file, line: line)
        }
        let quit = try GamehostProcess.run(["play", "rps", "--json", "--data", "none"], input: "/quit\n")
        try check("quit", (quit.status, true, quit.stdout))
        let eof = try GamehostProcess.run(["play", "rps", "--json", "--data", "none"], input: "rock\n")
        try check("eof", (eof.status, true, eof.stdout))
        // A program in a seat that ends when its line is wanted has left its seat.
        let left = try GamehostProcess.run(["play", "rps", "--json", "--data", "none", "--seats", "2", "--seat", "2=program:exit 0"], input: "rock\n")
        try check("seat-left", (left.status, true, left.stdout))
        // A game that cannot start: its start object, the failed step, then the end.
        let broken = try rule("broken", ["setup": "function(game) error('no setup') end"])
        let error = try GamehostProcess.run(["play", broken, "--json", "--data", "none"], input: "up\n")
        try check("error", (error.status, true, error.stdout))
        let lines = try objects(error.stdout)
        XCTAssertEqual(lines.map { $0["type"] as! String }, ["start", "step", "end"])
        XCTAssertEqual(lines[0]["game"] as? String, "broken")
        XCTAssertEqual(lines[0]["game_number"] as? Int, 1)
        XCTAssertEqual(lines[1]["code"] as? String, "setup-failed")
        XCTAssertEqual(lines[1]["status"] as? String, "error")
        XCTAssertEqual(lines[1]["ends_session"] as? Bool, true)
        XCTAssertEqual(lines[1]["game_number"] as? Int, 1)
        XCTAssertTrue((lines[1]["reason"] as? String ?? "").hasSuffix(": no setup"), "\(lines[1])")
        for line in lines { XCTAssertEqual(schema.problems(line), [], "\(line)") }
        // Ctrl-C.
        let host = try LiveGamehost(["play", "rps", "--json", "--data", "none"])
        _ = host.readLine()
        _ = host.readLine()
        host.process.interrupt()
        let rest = host.readAll().joined(separator: "\n")
        let interrupted = host.wait()
        try check("interrupted", (interrupted.status, interrupted.exited, rest))
        XCTAssertTrue(program[130]!.contains("interrupted"))
        // Usage errors: 2, and nothing on standard output.
        XCTAssertTrue(program[2]!.contains("usage"))
        for arguments in [["play", "rps", "--json", "--seats", "9"], ["play", "nosuch", "--json"], ["play", "rps", "--json", "--seat", "2=bob", "--seats", "2"],
                          ["play", "rps", "--json", "--as", "3"], ["play", "rps", "--json", "--match", "best-of-4"],
                          ["play", "rps", "--as", "2", "--seats", "2"]] {
            let r = try GamehostProcess.run(arguments + ["--data", "none"])
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "\(arguments): one line: \(r.stderr)")
        }
        // A rule file that cannot be loaded is a rule error: 1.
        let unloadable = folder + "/unloadable.lua"
        try "return {".write(toFile: unloadable, atomically: true, encoding: .utf8)
        XCTAssertEqual(try GamehostProcess.run(["play", unloadable, "--json", "--data", "none"]).status, 1)
        XCTAssertTrue(program[1]!.contains("could not be loaded"))
    }

    /// "What changed from version 1" names exactly the fields version 2 added to each object.
    func testTheChangesFromVersionOneAreExact() throws {
        let version1: [String: Set<String>] = [
            "start": ["type", "protocol", "game", "title", "seed", "game_number", "options", "reveal"],
            "step": ["type", "step", "input", "status", "messages", "bells", "reason", "view", "moves", "text", "observation", "state", "over", "result"],
            "result": ["winner", "score", "summary"],
            "end": ["type", "reason"],
        ]
        let lines = Self.document.components(separatedBy: "\n")
        for (object, before) in version1 {
            guard let line = lines.first(where: { $0.hasPrefix("- New in `\(object)`: ") }) else { XCTFail(object); continue }
            let named = Set(line.dropFirst("- New in `\(object)`: ".count).components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
            let now = Set((schema.definitions[object]!["properties"] as! [String: Any]).keys)
            XCTAssertEqual(named, now.subtracting(before), object)
            XCTAssertTrue(before.isSubset(of: now), "\(object): no field of version 1 is gone")
        }
        XCTAssertEqual(Set(schemaEnum("end", "reason")).subtracting(["quit", "eof", "error"]), ["interrupted", "seat-left"])
        XCTAssertTrue(Self.document.contains("- New end reasons: `interrupted`"))
        XCTAssertTrue(Self.document.contains("and `seat-left`"))
    }
}
