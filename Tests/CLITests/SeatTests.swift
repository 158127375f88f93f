import Foundation
import GameHostTesting
import XCTest

/// Seats through the binary (docs/protocol.md): what each seat's stream carries of the others'
/// steps, who is asked to play again, the seats the table plays, programs that leave or are
/// interrupted, and replaying a later game alone.
final class SeatTests: XCTestCase {
    let schema = try! JSONSchema(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("docs/protocol.schema.json"))
    let folder = NSTemporaryDirectory() + "gamehost-seats-" + UUID().uuidString

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// Each line as an object, each valid against the schema.
    func objects(_ text: String, file: StaticString = #filePath, line number: UInt = #line) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { text in
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            XCTAssertNotNil(object, "not a JSON object: \(text.prefix(300))", file: file, line: number)
            if let object { XCTAssertEqual(schema.problems(object), [], "\(text.prefix(300))", file: file, line: number) }
            return object
        }
    }

    func steps(_ objects: [[String: Any]]) -> [[String: Any]] { objects.filter { $0["type"] as? String == "step" } }

    static func end(_ objects: [[String: Any]]) -> String {
        guard let end = objects.last, end["type"] as? String == "end" else { return "no end" }
        return "end \(end["reason"] ?? "-") \(end["exit_code"] ?? "-")"
    }

    /// A live host for a run that could wait for ever if the table never moved on: killed after
    /// `limit` seconds, so a regression fails instead of hanging.
    func run(_ arguments: [String], input: String, limit: Double = 30) throws -> (objects: [[String: Any]], status: Int32, stderr: String) {
        let host = try LiveGamehost(arguments, limit: limit)
        host.send(input)
        host.closeInput()
        let lines = host.readAll().joined(separator: "\n")
        let (status, _, stderr) = host.wait()
        return (objects(lines), status, stderr)
    }

    // MARK: What a seat reads of another

    /// Seat 2's `/moves` and `/help` are answered in seat 2's stream, not in seat 1's.
    func testTheHostsAnswersReachTheAskingSeatOnly() throws {
        let log = folder + "/seat2.jsonl"
        let program = "printf '/moves\\n/help\\n'; exec cat > '\(log)'"
        let r = try run(["play", "rps", "--json", "--seats", "2", "--seat", "2=program:\(program)", "--match", "single", "--seed", "3",
                         "--data", "none"], input: "rock\n")
        XCTAssertEqual(Self.end(r.objects), "end seat-left 3", "the program left after its two commands")
        let mine = steps(r.objects).filter { $0["seat"] as? Int == 2 && $0["status"] as? String == "command" }
        let theirs = steps(objects(try String(contentsOfFile: log, encoding: .utf8))).filter { $0["seat"] as? Int == 2 && $0["status"] as? String == "command" }
        XCTAssertEqual(mine.count, 2)
        XCTAssertEqual(theirs.count, 2)
        for step in mine { XCTAssertEqual(step["messages"] as? [String], [], "seat 1 does not read seat 2's answers: \(step)") }
        XCTAssertEqual((theirs.first?["messages"] as? [String])?.first, "Moves: rock, paper, scissors (keys: r rock, p paper, s scissors)")
        XCTAssertEqual((theirs.last?["messages"] as? [String])?.first, "Type a move, or a command:")
    }

    /// A rule error at one seat's move tells the other seats where the rule failed, not what it
    /// said: its words may name what only that seat may see (here its die).
    func testARuleErrorAtOneSeatsMoveTellsTheOthersWhereNotWhat() throws {
        let rule = folder + "/errleak.lua"
        try """
            return {
              id = "errleak", title = "Error leak", players = 2, private = { "dice" },
              turn = function(state) return state.turn end,
              setup = function(game) return { turn = 1, n = 0, dice = { "SECRET" .. game.random(100, 999), "SECRET" .. game.random(100, 999) } } end,
              view = function(state, game, seat) return "turn " .. state.turn .. " mine " .. tostring(state.dice[seat]) end,
              moves = function(state, game, seat) return { "go", "boom" } end,
              play = function(state, input, game, seat)
                if input == "boom" then error("cannot roll with " .. state.dice[seat]) end
                state.n = state.n + 1
                state.turn = 3 - state.turn
              end,
              result = function(state) if state.n >= 4 then return { winner = 1, summary = "done" } end end,
              bot = function(state, game, seat) return "boom" end,
            }
            """.write(toFile: rule, atomically: true, encoding: .utf8)
        let host = try LiveGamehost(["play", rule, "--json", "--as", "2", "--seat", "1=bot", "--data", "none", "--seed", "1"], limit: 30)
        host.send("go\n")
        host.closeInput()
        let lines = host.readAll().joined(separator: "\n")
        _ = host.wait()
        XCTAssertFalse(lines.contains("cannot roll"), lines)
        let failed = try XCTUnwrap(steps(objects(lines)).first { $0["status"] as? String == "error" }, lines)
        XCTAssertEqual(failed["seat"] as? Int, 1)
        XCTAssertEqual(failed["reason"] as? String, rule + ":8: the rule failed at seat 1's move (what it said is for that seat)")
    }

    /// Rewards: each stream carries its own seat's, those given in setup on the start step, and
    /// the result's on the step that ended the game.
    func testEachSeatReadsItsOwnRewards() throws {
        let rule = folder + "/rewards.lua"
        try """
            return {
              id = "rewards", title = "Rewards", players = 2,
              turn = function(state) return state.turn end,
              setup = function(game) game.reward(1, 0.25) return { n = 0, turn = 1 } end,
              view = function(state) return "n = " .. state.n end,
              moves = function() return { "up" } end,
              play = function(state, input, game, seat)
                state.n = state.n + 1
                game.reward(seat, 1)
                game.reward(3 - seat, -1)
                state.turn = 3 - seat
              end,
              result = function(state) if state.n >= 2 then return { summary = "done", rewards = { 10, 20 } } end end,
            }
            """.write(toFile: rule, atomically: true, encoding: .utf8)
        let log = folder + "/seat2.jsonl"
        let r = try run(["play", rule, "--json", "--seats", "2", "--seat", "2=program:printf 'up\\n'; exec cat > '\(log)'", "--seed", "1",
                         "--data", "none"], input: "up\nn\n")
        XCTAssertEqual(Self.end(r.objects), "end quit 0", r.stderr)
        func rewards(_ steps: [[String: Any]]) -> [[String: Double]?] { steps.map { $0["rewards"] as? [String: Double] } }
        XCTAssertEqual(rewards(Array(steps(r.objects).prefix(3))), [["1": 0.25], ["1": 1], ["1": 9]])
        let theirs = steps(objects(try String(contentsOfFile: log, encoding: .utf8)))
        XCTAssertEqual(rewards(Array(theirs.prefix(3))), [nil, ["2": -1], ["2": 21]])
        XCTAssertEqual(rewards(Array(theirs.dropFirst(3))), [nil], "the answer n earns nothing")
    }

    // MARK: Play again

    /// The seat asked to play again is told so: a program at seat 1 that writes only when its
    /// step says `your_turn` answers the question, and the other seat is offered nothing.
    func testTheSeatAskedToPlayAgainIsTold() throws {
        let log = folder + "/seat1.jsonl"
        // It waits 10 s at most for a line: a host that never asks it ends by the end of its input.
        let program = """
            tee '\(log)' | bash -c 'while read -t 10 line; do case "$line" in \
            *"\\"question\\":\\"play-again\\""*"\\"your_turn\\":true"*) echo n;; \
            *"\\"type\\":\\"step\\""*"\\"your_turn\\":true"*) echo paper;; esac; done'
            """
        let r = try run(["play", "rps", "--json", "--seats", "2", "--as", "2", "--seat", "1=program:\(program)", "--match", "single",
                         "--seed", "3", "--data", "none"], input: "rock\n")
        XCTAssertEqual(Self.end(r.objects), "end quit 0", r.stderr)
        let over = try XCTUnwrap(steps(r.objects).first { $0["over"] as? Bool == true })
        XCTAssertEqual(over["question"] as? String, "play-again")
        XCTAssertEqual(over["to_move"] as? [Int], [1])
        XCTAssertEqual(over["your_turn"] as? Bool, false, "seat 2 is not the one asked")
        XCTAssertEqual(over["moves"] as? [String], [])
        let theirs = try XCTUnwrap(steps(objects(try String(contentsOfFile: log, encoding: .utf8))).first { $0["over"] as? Bool == true })
        XCTAssertEqual(theirs["your_turn"] as? Bool, true)
        XCTAssertEqual(theirs["moves"] as? [String], ["y", "n"])
        XCTAssertEqual(steps(r.objects).last?["seat"] as? Int, 1, "seat 1 answered")
        XCTAssertEqual(steps(r.objects).last?["status"] as? String, "quit")
    }

    // MARK: The seats the table plays

    /// Two bots at Rock · Paper · Scissors finish their game (each draws chance of its own),
    /// and a seed replays their throws.
    func testTwoBotsFinishAGameAndASeedReplaysIt() throws {
        let arguments = ["play", "rps", "--json", "--seats", "2", "--seat", "1=bot", "--seat", "2=bot", "--match", "single", "--data", "none"]
        let first = try run(arguments + ["--seed", "5"], input: "n\n")
        XCTAssertEqual(Self.end(first.objects), "end quit 0", first.stderr)
        XCTAssertTrue(steps(first.objects).contains { $0["over"] as? Bool == true && $0["status"] as? String == "accepted" })
        let again = try run(arguments + ["--seed", "5"], input: "n\n")
        XCTAssertEqual(again.objects.map { ($0 as NSDictionary) }, first.objects.map { ($0 as NSDictionary) }, "the same seed, the same throws")
        let unseeded = try run(arguments, input: "n\n")
        XCTAssertEqual(Self.end(unseeded.objects), "end quit 0", unseeded.stderr)
    }

    /// The search player takes a seat as the rule's bot does: the stream names it, it plays the
    /// game to its end, a seed replays its moves, and the replay line seats it again with the
    /// same thinking. A budget that is not one is refused, naming what is taken.
    func testTheSearchPlayerTakesASeat() throws {
        let arguments = ["play", "crazy-eights", "--json", "--seats", "2", "--seat", "1=random", "--seat", "2=search", "--think", "20",
                         "--seed", "3", "--data", "none"]
        let first = try run(arguments, input: "n\n")
        XCTAssertEqual(Self.end(first.objects), "end quit 0", first.stderr)
        let start = try XCTUnwrap(first.objects.first { $0["type"] as? String == "start" })
        XCTAssertEqual((start["seats"] as? [[String: Any]])?.map { $0["filler"] as? String }, ["random", "search"])
        let searched = steps(first.objects).filter { $0["seat"] as? Int == 2 && $0["status"] as? String == "accepted" }
        XCTAssertGreaterThan(searched.count, 3, "the search played seat 2")
        XCTAssertTrue(steps(first.objects).contains { $0["over"] as? Bool == true })
        let over = try XCTUnwrap(steps(first.objects).first { $0["over"] as? Bool == true })
        let replay = try XCTUnwrap((over["result"] as? [String: Any])?["replay"] as? String)
        XCTAssertTrue(replay.contains("--seat 2=search"), replay)
        XCTAssertTrue(replay.contains("--think 20"), replay)
        let again = try run(arguments, input: "n\n")
        XCTAssertEqual(again.objects.map { ($0 as NSDictionary) }, first.objects.map { ($0 as NSDictionary) }, "the same seed, the same moves")

        let bad = try GamehostProcess.run(["play", "crazy-eights", "--seat", "2=search", "--think", "fast"], input: "")
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "gamehost: --think needs a number of scratch games from 1 to 1000000 (1000), or processor time up to 60 s (200ms, 1.5s), not 'fast'\n")
    }

    /// A person's name is never read as another kind of seat when a replay line is played again:
    /// a served table's person may call themselves "program:COMMAND" or "bot", and the line
    /// writes them as person:NAME, which --seat reads as a person whatever the name.
    func testAReplayLineNeverTurnsAPersonsNameIntoAProgramOrABot() throws {
        let marker = "/tmp/ghs\(UInt16.random(in: 0...UInt16.max))"
        let name = "program:touch \(marker)"
        defer { unlink(marker) }
        let seated = ["play", "rps", "--seats", "2", "--seat", "2=person:\(name)", "--match", "single", "--seed", "3", "--data", "none", "--plain"]
        let first = try GamehostProcess.run(seated, input: "rock\nscissors\nn\n")
        XCTAssertEqual(first.status, 0, first.stderr)
        let line = try XCTUnwrap(first.stdout.split(separator: "\n").first { $0.contains("(replay: ") })
        XCTAssertTrue(line.contains("--seat '2=person:program:touch \(marker)'"), String(line))
        XCTAssertTrue(first.stdout.contains("· \(name) 0 ·"), "the person is named as given: \(first.stdout)")
        // The line played again seats the same person, and runs nothing.
        let replay = try XCTUnwrap(line.range(of: "gamehost play ").map { line[$0.upperBound...] })
        let words = Self.shellWords(String(replay.prefix { $0 != ")" }))
        let again = try GamehostProcess.run(["play"] + words + ["--data", "none", "--plain"], input: "rock\nscissors\nn\n")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, first.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "no seat ran the name as a command")

        for word in ["bot", "Random", "search", "person:x"] {
            let r = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "2=person:\(word)", "--match", "single", "--data", "none", "--plain"],
                                            input: "rock\nscissors\nn\n")
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("· \(word) 0 ·"), "person:\(word) is a person named \(word): \(r.stdout)")
        }
        let unnamed = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "2=person:"], input: "")
        XCTAssertEqual(unnamed.status, 2)
        XCTAssertTrue(unnamed.stderr.hasPrefix("gamehost: --seat: '' is not a name"), unnamed.stderr)
    }

    /// The words a shell reads in `line`, for the plain and single-quoted words a replay line
    /// of names without quotes is made of.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for c in line {
            if quoted {
                if c == "'" { quoted = false } else { word.append(c) }
            } else if c == "'" {
                quoted = true
                inWord = true
            } else if c == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// A recording keeps its seating (who filled each seat, and the seat it shows): replay
    /// seats the game as it was, without being told; a header whose seating is changed replays
    /// otherwise from the start, and one that is malformed is refused naming its line.
    func testARecordingKeepsItsSeating() throws {
        let folder = NSTemporaryDirectory() + "gamehost-seating-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let three = folder + "/three.transcript", second = folder + "/second.transcript"
        let played = try GamehostProcess.run(["play", "crazy-eights", "--seats", "3", "--seat", "2=bot", "--seat", "3=random", "--seed", "4",
                                              "--data", "none", "--record", three], input: "draw\npass\ndraw\n")
        XCTAssertEqual(played.status, 0, played.stderr)
        let header = try XCTUnwrap(try String(contentsOfFile: three, encoding: .utf8).split(separator: "\n").first)
        XCTAssertTrue(header.contains("\"seats\":[\"person\",\"bot\",\"random\"]"), String(header))
        let replayed = try GamehostProcess.run(["replay", three])
        XCTAssertEqual(replayed.status, 0, replayed.stdout + replayed.stderr)
        XCTAssertTrue(replayed.stdout.contains("steps replayed, all as recorded"), replayed.stdout)
        // A program's view of seat 2, recorded with --json --as 2.
        let json = try GamehostProcess.run(["play", "crazy-eights", "--json", "--as", "2", "--seat", "1=bot", "--seed", "5", "--data", "none",
                                            "--record", second], input: "draw\n")
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(try String(contentsOfFile: second, encoding: .utf8).hasPrefix("{\"clock\""))
        XCTAssertTrue(try String(contentsOfFile: second, encoding: .utf8).contains("\"seat\":2,\"seats\":[\"bot\",\"person\"]"))
        XCTAssertEqual(try GamehostProcess.run(["replay", second]).status, 0)
        // Two seats where three were: the deal differs at once.
        let text = try String(contentsOfFile: three, encoding: .utf8)
        try text.replacingOccurrences(of: "\"seats\":[\"person\",\"bot\",\"random\"]", with: "\"seats\":[\"person\",\"bot\"]")
            .write(toFile: three, atomically: true, encoding: .utf8)
        let changed = try GamehostProcess.run(["replay", three])
        XCTAssertEqual(changed.status, 1)
        // (The seats' names, recorded beside the seats, no longer match them either.)
        XCTAssertTrue(changed.stdout.contains("step 0 (the start)") || changed.stderr.contains("step 0 (the start)")
                      || changed.stderr.contains("'names' must give each of the transcript's seats a name"), changed.stdout + changed.stderr)
        try text.replacingOccurrences(of: "\"seats\":[\"person\",\"bot\",\"random\"]", with: "\"seats\":[\"person\",\"wizard\"]")
            .write(toFile: three, atomically: true, encoding: .utf8)
        let bad = try GamehostProcess.run(["replay", three])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("three.transcript:1: 'seats' must list 1 to 8 seats, each person, program, bot or random"), bad.stderr)
    }

    /// `--as K` shows seat K whoever fills it: its view, moves and observation, when the table
    /// plays it too.
    func testAsKShowsSeatKWhoeverFillsIt() throws {
        for filler in ["bot", "random"] {
            let r = try run(["play", "rps", "--json", "--seats", "2", "--as", "2", "--seat", "2=\(filler)", "--match", "single", "--seed", "4",
                             "--data", "none"], input: "n\n")
            XCTAssertEqual(Self.end(r.objects), "end quit 0", "\(filler): \(r.stderr)")
            XCTAssertEqual(r.objects.first?["you"] as? Int, 2)
            let all = steps(r.objects)
            XCTAssertGreaterThan(all.count, 2)
            for step in all {
                XCTAssertFalse((step["view"] as? String ?? "").isEmpty, "\(filler): \(step)")
                XCTAssertFalse(step["observation"] is NSNull, "\(filler): \(step)")
                if (step["to_move"] as? [Int])?.contains(2) == true, step["over"] as? Bool == false {
                    XCTAssertEqual(step["moves"] as? [String], ["rock", "paper", "scissors"], "\(filler): \(step)")
                }
            }
            // Seat 2's own throws are its steps: its observation shows what it threw.
            XCTAssertTrue(all.contains { $0["seat"] as? Int == 2 && $0["status"] as? String == "accepted" }, filler)
        }
    }

    /// A random seat plays game 2 of a session as it plays game 2 alone (its replay line): its
    /// seed comes from that game's own, not from the session's.
    func testARandomSeatsLaterGameReplaysAlone() throws {
        let arguments = ["play", "rps", "--json", "--seats", "2", "--seat", "2=random", "--match", "single", "--data", "none"]
        let rocks = String(repeating: "rock\n", count: 8)
        let session = try run(arguments + ["--seed", "7"], input: rocks + "y\n" + rocks + "n\n")
        let game2 = steps(session.objects).filter { $0["game_number"] as? Int == 2 && $0["status"] as? String == "accepted" }
        let over = try XCTUnwrap(game2.last { $0["over"] as? Bool == true }, "game 2 ends within 8 throws")
        let replay = try XCTUnwrap((over["result"] as? [String: Any])?["replay"] as? String)
        let alone = try run(replay.split(separator: " ").dropFirst().map(String.init) + ["--json", "--data", "none"], input: rocks + "n\n")
        let replayed = steps(alone.objects).filter { $0["status"] as? String == "accepted" }
        XCTAssertEqual(replayed.map { $0["messages"] as? [String] ?? [] }, game2.map { $0["messages"] as? [String] ?? [] })
        XCTAssertEqual(replayed.map { $0["game_number"] as? Int }, game2.map { _ in 2 })
    }

    // MARK: Programs that leave, Ctrl-C

    /// Ctrl-C: a program in a seat gets the end object too, before its input closes.
    func testCtrlCGivesProgramSeatsTheEndObject() throws {
        let log = folder + "/seat2.jsonl"
        let host = try LiveGamehost(["play", "rps", "--json", "--seats", "2", "--seat", "2=program:exec cat > '\(log)'", "--data", "none"], limit: 30)
        for _ in 0..<2 { XCTAssertNotNil(host.readLine()) }
        // The program has its start and step 0 too before the host is interrupted.
        for _ in 0..<100 where ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").filter({ $0 == "\n" }).count < 2 { usleep(20_000) }
        host.process.interrupt()
        _ = host.readAll()
        XCTAssertEqual(host.wait().status, 130)
        // The program writes what it read as it reads; it ends when its input closes.
        var lines: [[String: Any]] = []
        for _ in 0..<100 {
            lines = objects((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
            if lines.last?["type"] as? String == "end" { break }
            usleep(50_000)
        }
        XCTAssertEqual(lines.first?["type"] as? String, "start")
        XCTAssertEqual(Self.end(lines), "end interrupted 130")
    }

    /// A program in a seat gets its seat's pipes and standard error, and nothing else the
    /// host holds open: not the transcript it writes, nor what the host's own parent left open.
    func testAProgramSeatGetsNoOtherFileOfTheHosts() throws {
        let log = folder + "/fds.txt"
        let r = try run(["play", "rps", "--json", "--seats", "2", "--seat", "2=program:ls -l /proc/self/fd > '\(log)'", "--data", "none",
                         "--record", folder + "/game.transcript"], input: "rock\n")
        XCTAssertEqual(Self.end(r.objects), "end seat-left 3", r.stderr)
        let fds = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertFalse(fds.contains("game.transcript"), fds)
        XCTAssertFalse(fds.contains("socket:"), fds)
        XCTAssertTrue(fds.contains("pipe:"), fds)
    }

    /// Ctrl-C ends a host that waits for a program which has stopped reading (its pipe full).
    func testCtrlCEndsAHostWaitingForAProgramThatStoppedReading() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--seats", "2", "--seat", "2=program:exec sleep 20 2>/dev/null", "--data", "none"], limit: 15)
        host.send(String(repeating: "banana\n", count: 400))
        // Standard output is read all along: the host waits for the program only.
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            lines.all = host.readAll()
            done.signal()
        }
        // The host fills the program's pipe (about 60 steps) and waits to write more.
        XCTAssertTrue(Self.fillsAChildsInput(host.process.processIdentifier), "the host never filled the program's input")
        host.process.interrupt()
        done.wait()
        let (status, exited, _) = host.wait()
        XCTAssertTrue(exited, "the host ended by itself, not killed")
        XCTAssertEqual(status, 130)
        XCTAssertEqual(Self.end(objects(lines.all.joined(separator: "\n"))), "end interrupted 130")
    }

    /// A program that goes on running once the session has ended (its input closed) is stopped
    /// after 5 seconds: the host ends, with the session's own end object alone.
    func testAHostEndsThoughAProgramOutlivesItsInput() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--match", "single", "--seats", "2",
                                     "--seat", "2=program:printf 'rock\\nrock\\nrock\\nrock\\n'; exec sleep 60", "--data", "none"], limit: 30)
        let started = Date()
        host.send("rock\nrock\nrock\nrock\nn\n")
        host.closeInput()
        let lines = host.readAll().joined(separator: "\n")
        let (status, exited, _) = host.wait()
        XCTAssertTrue(exited, "the host ended by itself, not killed")
        XCTAssertEqual(status, 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(lines.components(separatedBy: #""type":"end""#).count, 2, "one end object: \(lines.suffix(300))")
    }

    /// A program that leaves its seat ends a game played as text with a line that says so
    /// (exit code 3), as --json's end object does.
    func testAProgramThatLeavesIsNamedInATextGame() throws {
        let r = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "2=program:true", "--data", "none"], input: "rock\nrock\n")
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("gamehost: the program in seat 2 (true) ended, or closed its output, when its move was wanted: its seat is left"), r.stderr)
    }

    /// A program that gives no move within --reply-time is stopped and its seat left, though
    /// its shell keeps the pipe open: here the program closes its output while a copy of it
    /// lives on in the shell's other descriptor, so no end of input ever comes.
    func testAProgramThatGivesNoMoveWithinItsReplyTimeIsStopped() throws {
        let started = Date()
        let r = try run(["play", "rps", "--json", "--seats", "2", "--reply-time", "1", "--data", "none",
                         "--seat", "2=program:exec 3>&1 1>&-; sleep 30; echo rock >&3"], input: "rock\nrock\n", limit: 25)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the session ended at the reply time, not when the program did")
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("the program in seat 2 (exec 3>&1 1>&-; sleep 30; echo rock >&3) did not read its input or give its move within 1 s (--reply-time SECONDS): it was stopped"), r.stderr)
        XCTAssertEqual(Self.end(r.objects), "end seat-left 3")
        // And the option is checked as the arena checks it.
        let bad = try GamehostProcess.run(["play", "rps", "--reply-time", "0", "--data", "none"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--reply-time needs a number of seconds from 0.1 to 3600, not '0'"), bad.stderr)
    }

    /// --reply-time bounds a whole line, and a program stopped has left: one that trickles
    /// bytes and never a newline is out of time all the same, and one stopped for not reading
    /// its input has none of the lines it wrote before played as its moves.
    func testAProgramPastItsReplyTimeIsStoppedWhateverItWrote() throws {
        for (program, input) in [("while :; do printf r; sleep 0.2; done", "rock\n"),
                                 ("yes rock | head -n 20000; exec sleep 60", String(repeating: "rock\n", count: 3000))] {
            let started = Date()
            let r = try run(["play", "rps", "--json", "--seats", "2", "--reply-time", "1", "--data", "none",
                             "--seat", "2=program:" + program], input: input, limit: 40)
            XCTAssertLessThan(Date().timeIntervalSince(started), 20, program)
            XCTAssertEqual(r.status, 3, "\(program): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("did not read its input or give its move within 1 s"), "\(program): \(r.stderr)")
        }
    }

    /// A program whose shell ended while something it started holds the pipe open has left
    /// its seat then, not at its reply time; what it started is stopped.
    func testAProgramWhoseShellEndedLeavesAtOnce() throws {
        let started = Date()
        let r = try run(["play", "rps", "--json", "--seats", "2", "--data", "none",
                         "--seat", "2=program:sleep 9743 & exit 0"], input: "rock\n", limit: 40)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "left when its shell ended, not after the 60 s reply time")
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("the program in seat 2 (sleep 9743 & exit 0) ended, or closed its output, when its move was wanted"), r.stderr)
        XCTAssertFalse(Self.running("sleep 9743"), "what the program started is stopped")
    }

    /// Ctrl-C leaves no program behind: one that does not end with its input is stopped.
    func testAnInterruptLeavesNoProgramRunning() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--seats", "2", "--seat", "2=program:trap '' TERM; sleep 9757", "--data", "none"], limit: 20)
        host.send("rock\n")
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            lines.all = host.readAll()
            done.signal()
        }
        var waited = 0
        while !Self.running("sleep 9757") && waited < 100 { usleep(50_000); waited += 1 }
        XCTAssertTrue(Self.running("sleep 9757"), "the program started")
        host.process.interrupt()
        done.wait()
        let (status, exited, stderr) = host.wait()
        XCTAssertTrue(exited, stderr)
        XCTAssertEqual(status, 130, stderr)
        XCTAssertFalse(Self.running("sleep 9757"), "the program outlived the host")
    }

    /// Whether a process whose command line starts with `text` is running (`sleep 9757`, not
    /// the host or the shell whose command lines hold it).
    static func running(_ text: String) -> Bool {
        let list = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return list.contains { pid in
            guard Int(pid) != nil, let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let line = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            // (Not a zombie: one that has ended but is not yet reaped runs nothing.)
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return line.hasPrefix(text) && !stat.contains(") Z ")
        }
    }

    /// SIGTERM ends a session as Ctrl-C does, and the end object gives the code the host
    /// leaves with (143).
    func testSIGTERMWritesTheEndWithTheCodeTheHostLeavesWith() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--data", "none"], limit: 15)
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            lines.all = host.readAll()
            done.signal()
        }
        usleep(500_000)
        host.process.terminate()
        done.wait()
        let (status, exited, _) = host.wait()
        XCTAssertTrue(exited)
        XCTAssertEqual(status, 143)
        XCTAssertEqual(Self.end(objects(lines.all.joined(separator: "\n"))), "end interrupted 143")
    }

    /// Whether the standard input of a child of process `pid` (a program in a seat) comes to
    /// hold 60,000 bytes or more, all but full (a pipe holds 65,536), within 10 s: the host then
    /// waits for the program to read.
    static func fillsAChildsInput(_ pid: Int32) -> Bool {
        for _ in 0..<1000 {
            let children = (FileHandle(forReadingAtPath: "/proc/\(pid)/task/\(pid)/children")?.readDataToEndOfFile())
                .map { String(decoding: $0, as: UTF8.self).split(separator: " ") } ?? []
            for child in children {
                let fd = open("/proc/\(child)/fd/0", O_RDONLY | O_NONBLOCK)
                guard fd >= 0 else { continue }
                var queued: Int32 = 0
                let asked = ioctl(fd, UInt(FIONREAD), &queued)
                close(fd)
                if asked == 0, queued >= 60_000 { return true }
            }
            usleep(10_000)
        }
        return false
    }

    // MARK: Replay, input, help

    /// A later game replayed alone reads the clock as it did in its session: every game of a
    /// seeded run starts at the same reading (Apple Pie's timed mode keeps when it started).
    func testALaterTimedGameReplaysAloneStepForStep() throws {
        let arguments = ["play", "applepie", "--mode", "timed", "--order", "list", "--json", "--data", "none"]
        var settings = EngineSettings()
        settings.seed = 5
        let results = GamehostProcess.runAll([
            (arguments + ["--seed", "5"], "e\na\nt\n/new\ne\na\nt\ni\n/quit\n"),
            (arguments + ["--seed", String(settings.seed(ofGame: 2)), "--game", "2"], "e\na\nt\ni\n/quit\n"),
        ])
        let inSession = steps(objects(results[0].stdout)).filter { $0["game_number"] as? Int == 2 }
        let alone = steps(objects(results[1].stdout))
        XCTAssertEqual(inSession.count, 6)
        XCTAssertEqual(alone.count, 6)
        for (a, b) in zip(inSession, alone) {
            var a = a, b = b
            if a["step"] as? Int == 0 {
                // How game 2 came (/new, seat 1) is the session's; what it is, is the game's.
                for field in ["input", "seat"] { a[field] = nil; b[field] = nil }
            }
            XCTAssertEqual(a as NSDictionary, b as NSDictionary)
        }
        XCTAssertEqual((alone.first?["observation"] as? [String: Any])?["started"] as? Double, EngineSettings.manualEpoch)
    }

    /// An input line's limit is on the bytes read: 2,000 bytes that are not UTF-8 are a line
    /// the rule reads (and refuses), 4,097 bytes are too long.
    func testTheLineLimitIsOnTheBytesRead() throws {
        var input = Data(repeating: 0xFF, count: 2000)
        input.append(contentsOf: Array("\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 4097) + Array("\n".utf8))
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "rps", "--json", "--seed", "1", "--data", "none"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let codes = steps(objects(out)).dropFirst().map { $0["code"] as? String }
        XCTAssertEqual(codes, ["refused", "line-too-long"])
    }

    /// `play --help` names every seat option, `--game` and `--data none`, and says when a
    /// seed is shown.
    func testPlayHelpDocumentsTheSeats() throws {
        for arguments in [["help", "play"], ["play", "--help"]] {
            let r = try GamehostProcess.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            let text = r.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            for flag in ["--seats N", "--seat K=WHO", "bot", "random", "program:CMD", "--as K", "--game K", "--data none"] {
                XCTAssertTrue(text.contains(flag), "\(arguments): \(flag) in:\n\(r.stdout)")
            }
            XCTAssertFalse(text.contains("shown at the start"), "--json never shows a seed before the game is over")
            XCTAssertTrue(text.contains("with --json a game's seed is in its result, once\n the game is over"), r.stdout)
        }
    }
}
